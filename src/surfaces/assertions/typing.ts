/**
 * How the matchers are typed on a runner's `expect(simulator)`, once for both runners: `understudy-mock/vitest`
 * merges the asymmetric forms' signatures into chai's `Assertion` (one declaration for vitest 3, 4 and 5),
 * `understudy-mock/jest` these into the `Matchers` of Jest's `expect` package, where each matcher exists only
 * where the received value holds what it reads (on anything else it is `never`). The journal's matchers are
 * typed here, each service's in its folder (merged into `ServiceMatcherTypes`; `src/services/matcher-types.ts`).
 * @module
 */
import type {
  ServiceAsymmetricMatcherTypes,
  ServiceMatcherTypes,
} from '../../engine/core/matchers.js'
import type { JournalFilter } from '../../simulator/operations/journal.js'
import type { JournalEntry } from '../../simulator/operations/journal-entries.js'

export type { DeepPartial } from '../../engine/core/matchers.js'
export type * from '../../services/matcher-types.js'

/** What the journal matchers need of a simulator. */
export interface JournalHolder {
  readonly journal: {
    entries(filter?: JournalFilter): JournalEntry[]
    count(filter?: JournalFilter): number
  }
}
/**
 * What the matchers use of `this` in an `expect.extend` matcher: the part vitest's `MatcherState` and Jest's
 * `MatcherContext` share (so this module imports neither runner).
 */
export interface MatcherState {
  isNot?: boolean | undefined
  utils: {
    matcherHint(
      matcherName: string,
      received?: string,
      expected?: string,
      options?: { isNot?: boolean },
    ): string
    printReceived(value: unknown): string
    printExpected(value: unknown): string
    diff(expected: unknown, received: unknown): string | null | undefined
  }
}

/** The matchers on `expect(received)`, returning `R` (what the runner's matchers return). */
export interface SimulatorMatchers<R, T> extends ServiceMatcherTypes<R, T> {
  /**
   * Passes when at least one journal entry matches the filter (every field given; `body` deep partial,
   * as `journal.count`). A failure lists the closest entries with a diff.
   * @example expect(simulator).toHaveReceived({ operation: 'create-user', status: 200 })
   */
  toHaveReceived: T extends JournalHolder ? (filter?: JournalFilter) => R : never
  /**
   * Passes when exactly `times` journal entries match the filter.
   * @example expect(simulator).toHaveReceivedTimes(2, { service: 'router', method: 'POST' })
   */
  toHaveReceivedTimes: T extends JournalHolder
    ? (times: number, filter?: JournalFilter) => R
    : never
}

/** The asymmetric forms (`expect.toHaveReceived(…)` inside `toEqual`), returning `R`. */
export interface SimulatorAsymmetricMatchers<R> extends ServiceAsymmetricMatcherTypes<R> {
  /** A simulator that received a request matching the filter. */
  toHaveReceived(filter?: JournalFilter): R
  /** A simulator that received exactly `times` requests matching the filter. */
  toHaveReceivedTimes(times: number, filter?: JournalFilter): R
}
