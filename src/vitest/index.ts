/**
 * `understudy-mock/vitest`: one import registers matchers on vitest's `expect` for what a simulator
 * received (its journal) and holds (presets, users), typed through vitest's `Matchers` and `Assertion`.
 * @example
 * import 'understudy-mock/vitest'
 * expect(simulator).toHaveReceived({ operation: 'create-user', status: 200, body: { full_name: 'Romeo' } })
 * expect(simulator).toHaveUser('acme', 'romeo@acme.example', { role: 'member', isActive: true })
 * @module
 */
import { expect } from 'vitest'
import { matchers } from '../assertions/matchers.js'
import type { SimulatorAsymmetricMatchers, SimulatorMatchers } from '../assertions/typing.js'

export type * from '../assertions/typing.js'

expect.extend(matchers)

declare module 'vitest' {
  // `Matchers` is where vitest 3.2 and later take custom matchers (its `Assertion` and `expect` extend it): a
  // consumer's tsc did not see them merged into `Assertion` alone (vitest 4.1.11, TypeScript 5.9, the packed
  // package). `Assertion` too, for vitest 3.0 and 3.1, which have no `Matchers`.
  // biome-ignore lint/suspicious/noExplicitAny: the declaration merges with vitest's own, which says `any`.
  interface Matchers<T = any> extends SimulatorMatchers<void, T> {}
  // biome-ignore lint/suspicious/noExplicitAny: as above.
  interface Assertion<T = any> extends SimulatorMatchers<void, T> {}
  interface AsymmetricMatchersContaining extends SimulatorAsymmetricMatchers<unknown> {}
}
