/**
 * How the matchers are typed on a runner's `expect(simulator)`, once for both runners: `understudy-mock/vitest`
 * merges the asymmetric forms' signatures into chai's `Assertion` (one declaration for vitest 3, 4 and 5),
 * `understudy-mock/jest` these into the `Matchers` of Jest's `expect` package, where each matcher exists only
 * where the received value holds what it reads (on anything else it is `never`).
 * @module
 */
import type { JournalFilter } from '../../simulator/operations/journal.js'
import type { InferenceExpectation } from './inferred.js'
import type {
  JournalHolder,
  MessagingHolder,
  PresetExpectation,
  RouterHolder,
  UserExpectation,
} from './matchers.js'

export type { InferenceExpectation } from './inferred.js'
export type {
  DeepPartial,
  JournalHolder,
  MatcherState,
  MessagingHolder,
  PresetExpectation,
  RouterHolder,
  UserExpectation,
} from './matchers.js'

/** The matchers on `expect(received)`, returning `R` (what the runner's matchers return). */
export interface SimulatorMatchers<R, T> {
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
  /**
   * Passes when an inference of the journal (chat completions, messages, responses) applied what is
   * expected: the preset's slug and `version`, its `form`, the `model` and `provider` that answered, the
   * `endpoint`, `stream`, the `script` (name, id, or `true`/`false`), and `request` fields of the effective
   * request after the merge (deep partial). A failure lists the closest inferences with what differs.
   * @example expect(simulator).toHaveInferred({ preset: 'x', version: 3, request: { temperature: 0.2 } })
   */
  toHaveInferred: T extends JournalHolder ? (expected?: InferenceExpectation) => R : never
  /**
   * Passes when the router workspace (id or name) has a preset with this slug, matching `expected`
   * (its API fields deep partial; `versions` a count or every version; `designated` a version number or the version).
   * @example expect(simulator).toHavePreset('Default', 'my-preset', { versions: 2, designated: 2 })
   */
  toHavePreset: T extends RouterHolder
    ? (workspace: string, slug: string, expected?: PresetExpectation) => R
    : never
  /**
   * Passes when the messaging organization has an account with this e-mail (any case), matching
   * `expected` (deep partial, as `simulator.messaging.users()` shows accounts).
   * @example expect(simulator).toHaveUser('acme', 'romeo@acme.example', { role: 'member', isActive: true })
   */
  toHaveUser: T extends MessagingHolder
    ? (organization: string, email: string, expected?: UserExpectation) => R
    : never
}

/** The asymmetric forms (`expect.toHaveReceived(…)` inside `toEqual`), returning `R`. */
export interface SimulatorAsymmetricMatchers<R> {
  /** A simulator that received a request matching the filter. */
  toHaveReceived(filter?: JournalFilter): R
  /** A simulator that received exactly `times` requests matching the filter. */
  toHaveReceivedTimes(times: number, filter?: JournalFilter): R
  /** A simulator whose journal holds an inference that applied what is expected. */
  toHaveInferred(expected?: InferenceExpectation): R
  /** A simulator whose router workspace has this preset. */
  toHavePreset(workspace: string, slug: string, expected?: PresetExpectation): R
  /** A simulator whose messaging organization has this account. */
  toHaveUser(organization: string, email: string, expected?: UserExpectation): R
}
