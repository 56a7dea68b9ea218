/**
 * `understudy-mock/jest`: the matchers of `understudy-mock/vitest` for a Jest suite, through Jest's own
 * `expect.extend`: what a simulator received (its journal) and what it holds (presets, users). Typed on the
 * `expect` of `@jest/globals` (the `expect` package's `Matchers`). Loads no part of Jest.
 * @example
 * import { expect } from '@jest/globals'
 * import { matchers } from 'understudy-mock/jest'
 * expect.extend(matchers)
 * expect(simulator).toHaveReceived({ operation: 'create-user', status: 200 })
 * @module
 */
// The package whose `Matchers` the declaration below adds to (it comes with Jest); types only.
import type {} from 'expect'
import type {
  SimulatorAsymmetricMatchers,
  SimulatorMatchers,
} from '../../surfaces/assertions/typing.js'

/** The five matchers, for `expect.extend(matchers)`. */
export { matchers } from '../../surfaces/assertions/matchers.js'
export type * from '../../surfaces/assertions/typing.js'

declare module 'expect' {
  interface Matchers<R extends void | Promise<void>, T = unknown> extends SimulatorMatchers<R, T> {}
  interface AsymmetricMatchers extends SimulatorAsymmetricMatchers<void> {}
}
