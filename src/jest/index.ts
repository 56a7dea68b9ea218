/**
 * `understudy-mock/jest`: the matchers of `understudy-mock/vitest` for a Jest suite, through Jest's own
 * `expect.extend`: what a simulator received (its journal) and what it holds (presets, users). Typed on the
 * `expect` of `@jest/globals` (and on `@types/jest`'s global one). Loads no part of Jest.
 * @example
 * import { expect } from '@jest/globals'
 * import { matchers } from 'understudy-mock/jest'
 * expect.extend(matchers)
 * expect(simulator).toHaveReceived({ operation: 'create-user', status: 200 })
 * @module
 */

import type {} from 'expect'
import {
  type JournalHolder,
  type MessagingHolder,
  type PresetExpectation,
  type RouterHolder,
  toHavePreset,
  toHaveReceived,
  toHaveReceivedTimes,
  toHaveUser,
  type UserExpectation,
} from '../assertions/matchers.js'
import type { JournalFilter } from '../operations/journal.js'

export type {
  DeepPartial,
  JournalHolder,
  MatcherState,
  MessagingHolder,
  PresetExpectation,
  RouterHolder,
  UserExpectation,
} from '../assertions/matchers.js'

/** The four matchers, for `expect.extend(matchers)`. */
export const matchers = { toHaveReceived, toHaveReceivedTimes, toHavePreset, toHaveUser }

/** The matchers on `expect(simulator)`: defined only where the received value holds what they read. */
interface SimulatorMatchers<R, T> {
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
   * Passes when the router workspace (id or name) has a preset with this slug, matching `expected`.
   * @example expect(simulator).toHavePreset('Default', 'my-preset', { versions: 2, designated: 2 })
   */
  toHavePreset: T extends RouterHolder
    ? (workspace: string, slug: string, expected?: PresetExpectation) => R
    : never
  /**
   * Passes when the messaging organization has an account with this e-mail (any case), matching `expected`.
   * @example expect(simulator).toHaveUser('acme', 'romeo@acme.example', { role: 'member', isActive: true })
   */
  toHaveUser: T extends MessagingHolder
    ? (organization: string, email: string, expected?: UserExpectation) => R
    : never
}

/** The asymmetric forms (`expect.toHaveReceived(…)` inside `toEqual`). */
interface SimulatorAsymmetricMatchers {
  /** A simulator that received a request matching the filter. */
  toHaveReceived(filter?: JournalFilter): void
  /** A simulator that received exactly `times` requests matching the filter. */
  toHaveReceivedTimes(times: number, filter?: JournalFilter): void
  /** A simulator whose router workspace has this preset. */
  toHavePreset(workspace: string, slug: string, expected?: PresetExpectation): void
  /** A simulator whose messaging organization has this account. */
  toHaveUser(organization: string, email: string, expected?: UserExpectation): void
}

declare module 'expect' {
  interface Matchers<R extends void | Promise<void>, T = unknown> extends SimulatorMatchers<R, T> {}
  interface AsymmetricMatchers extends SimulatorAsymmetricMatchers {}
}
