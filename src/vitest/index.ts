/**
 * `understudy-mock/vitest`: one import registers matchers on vitest's `expect` for what a simulator
 * received (its journal) and holds (presets, users), typed through vitest's `Assertion`.
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
  // biome-ignore lint/suspicious/noExplicitAny: the declaration merges with vitest's own, which says `any`.
  interface Assertion<T = any> extends SimulatorMatchers<void, T> {}
  interface AsymmetricMatchersContaining extends SimulatorAsymmetricMatchers<unknown> {}
}
