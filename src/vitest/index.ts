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
  MessagingHolder,
  PresetExpectation,
  RouterHolder,
  UserExpectation,
} from '../assertions/matchers.js'

expect.extend({ toHaveReceived, toHaveReceivedTimes, toHavePreset, toHaveUser })

declare module 'vitest' {
  // biome-ignore lint/suspicious/noExplicitAny: the declaration merges with vitest's own, which says `any`.
  interface Assertion<T = any> {
    /**
     * Passes when at least one journal entry matches the filter (every field given; `body` deep partial,
     * as `journal.count`). A failure lists the closest entries with a diff.
     * @example expect(simulator).toHaveReceived({ operation: 'create-user', status: 200 })
     */
    toHaveReceived: T extends JournalHolder ? (filter?: JournalFilter) => void : never
    /**
     * Passes when exactly `times` journal entries match the filter.
     * @example expect(simulator).toHaveReceivedTimes(2, { service: 'router', method: 'POST' })
     */
    toHaveReceivedTimes: T extends JournalHolder
      ? (times: number, filter?: JournalFilter) => void
      : never
    /**
     * Passes when the router workspace (id or name) has a preset with this slug, matching `expected`
     * (its API fields deep partial; `versions` a count or every version; `designated` a version number or the version).
     * @example expect(simulator).toHavePreset('Default', 'my-preset', { versions: 2, designated: 2 })
     */
    toHavePreset: T extends RouterHolder
      ? (workspace: string, slug: string, expected?: PresetExpectation) => void
      : never
    /**
     * Passes when the messaging organization has an account with this e-mail (any case), matching
     * `expected` (deep partial, as `simulator.messaging.users()` shows accounts).
     * @example expect(simulator).toHaveUser('acme', 'romeo@acme.example', { role: 'member', isActive: true })
     */
    toHaveUser: T extends MessagingHolder
      ? (organization: string, email: string, expected?: UserExpectation) => void
      : never
  }
  interface AsymmetricMatchersContaining {
    /** A simulator that received a request matching the filter. */
    toHaveReceived(filter?: JournalFilter): unknown
    /** A simulator that received exactly `times` requests matching the filter. */
    toHaveReceivedTimes(times: number, filter?: JournalFilter): unknown
    /** A simulator whose router workspace has this preset. */
    toHavePreset(workspace: string, slug: string, expected?: PresetExpectation): unknown
    /** A simulator whose messaging organization has this account. */
    toHaveUser(organization: string, email: string, expected?: UserExpectation): unknown
  }
}
