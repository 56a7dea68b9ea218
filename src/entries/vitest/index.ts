/**
 * `understudy-mock/vitest`: one import registers matchers on vitest's `expect` for what a simulator
 * received (its journal) and holds (presets, users).
 *
 * Typed through chai's `Assertion` (and vitest's `AsymmetricMatchersContaining`), the two interfaces that keep the
 * same shape in vitest 3, 4 and 5: vitest's `Assertion` maps every method of `Chai.Assertion` onto itself (and
 * promisifies it under `.resolves`/`.rejects`). vitest's own `Matchers` and `Assertion` take `<T>` in 3 and 4 and
 * `<R, T>` in 5, and TypeScript requires every declaration of an interface to have identical type parameters, so a
 * declaration merged into either breaks the type check of the other majors (TS2428 with `skipLibCheck` off). The
 * cost: the matchers are offered on any `expect(value)`, not only on a simulator; given anything else they fail
 * with a message saying what they need (decisions/vitest-types.md).
 * @example
 * import 'understudy-mock/vitest'
 * expect(simulator).toHaveReceived({ operation: 'create-user', status: 200, body: { full_name: 'Romeo' } })
 * expect(simulator).toHaveUser('acme', 'romeo@acme.example', { role: 'member', isActive: true })
 * @module
 */
import { expect } from 'vitest'
import { matchers } from '../../surfaces/assertions/matchers.js'
import type { SimulatorAsymmetricMatchers } from '../../surfaces/assertions/typing.js'

export type * from '../../surfaces/assertions/typing.js'

expect.extend(matchers)

declare global {
  namespace Chai {
    interface Assertion extends SimulatorAsymmetricMatchers<void> {}
  }
}

declare module 'vitest' {
  interface AsymmetricMatchersContaining extends SimulatorAsymmetricMatchers<unknown> {}
}
