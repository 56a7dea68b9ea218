/**
 * The matchers of `understudy-mock/vitest` and `understudy-mock/jest`, as plain functions of a matcher context
 * that vitest's and Jest's `expect.extend` both give: what a simulator received (its journal) and what it holds
 * (router presets, messaging users). A failure lists the closest journal entries or records and a diff, not just
 * "expected true".
 * @module
 */
import {
  closestEntries,
  describeEntry,
  describeFilter,
  subsetOf,
} from '../../engine/journal/closest.js'
import { matchesPartially } from '../../engine/journal/filter.js'
import type { MessagingUserView } from '../../services/messaging/service.js'
import type { RouterService } from '../../services/router/service.js'
import type { JournalFilter } from '../../simulator/operations/journal.js'
import type { JournalEntry } from '../../simulator/operations/journal-entries.js'
import {
  closestInferences,
  describeExpectation,
  type InferenceExpectation,
  inferencesOf,
  matchingInferences,
} from './inferred.js'

/** What the journal matchers need of a simulator. */
export interface JournalHolder {
  readonly journal: {
    entries(filter?: JournalFilter): JournalEntry[]
    count(filter?: JournalFilter): number
  }
}
/** What `toHavePreset` needs of a simulator. */
export interface RouterHolder {
  readonly router: Pick<RouterService, 'workspaces' | 'presets'>
}
/** What `toHaveUser` needs of a simulator. */
export interface MessagingHolder {
  readonly messaging: {
    organizations(): ReadonlyArray<{ readonly subdomain: string }>
    users(subdomain: string): MessagingUserView[]
  }
}

type PresetWire = ReturnType<RouterService['presets']>[number]
type VersionWire = PresetWire['versions'][number]

/** A deep partial of a value: what `toHavePreset` and `toHaveUser` compare (objects partially, arrays whole). */
export type DeepPartial<T> =
  T extends ReadonlyArray<infer Item>
    ? ReadonlyArray<DeepPartial<Item>>
    : T extends object
      ? { [K in keyof T]?: DeepPartial<T[K]> }
      : T

/** What `toHavePreset` expects of a preset: its fields as the API shows them, and its versions. */
export interface PresetExpectation
  extends DeepPartial<Omit<PresetWire, 'versions' | 'designated_version_id'>> {
  /** How many versions it has, or each version (deep partial, oldest first, all of them). */
  versions?: number | ReadonlyArray<DeepPartial<VersionWire>>
  /** The designated version: its `version` number, or the version (deep partial). */
  designated?: number | DeepPartial<VersionWire>
}

/** What `toHaveUser` expects of an account (as `simulator.messaging.users()` shows it). */
export type UserExpectation = DeepPartial<Omit<MessagingUserView, 'email'>>

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

type Result = { pass: boolean; message: () => string }

const MAX_LISTED = 5

function assertHolder(
  state: MatcherState,
  matcher: string,
  received: unknown,
  member: 'journal' | 'router' | 'messaging',
): void {
  if (
    typeof received !== 'object' ||
    received === null ||
    typeof (received as Record<string, unknown>)[member] !== 'object'
  ) {
    throw new TypeError(
      `[understudy] ${matcher} expects a simulator (from createSimulator), received ${state.utils.printReceived(received)}.`,
    )
  }
}

const hint = (state: MatcherState, matcher: string, expected: string) =>
  state.utils.matcherHint(matcher, 'simulator', expected, { isNot: state.isNot })

/** A difference between two values, as vitest shows it. */
const diffOf = (state: MatcherState) => (expected: unknown, received: unknown) =>
  state.utils.diff(expected, received) ?? `received ${state.utils.printReceived(received)}`

function listEntries(entries: JournalEntry[]): string {
  const shown = entries.slice(-MAX_LISTED).map((entry) => `  ${describeEntry(entry)}`)
  const more = entries.length - shown.length
  return [...(more > 0 ? [`  … ${more} earlier`] : []), ...shown].join('\n')
}

/** `expect(simulator).toHaveReceived(filter)`: at least one journal entry matches. */
function toHaveReceived(this: MatcherState, received: unknown, filter: JournalFilter = {}): Result {
  assertHolder(this, 'toHaveReceived', received, 'journal')
  const { journal } = received as JournalHolder
  const matching = journal.entries(filter)
  const pass = matching.length > 0
  return {
    pass,
    message: () =>
      pass
        ? `${hint(this, '.toHaveReceived', 'filter')}\n\nExpected no request matching ${describeFilter(filter)}, but ${matching.length} matched:\n${listEntries(matching)}`
        : `${hint(this, '.toHaveReceived', 'filter')}\n\nExpected a request matching ${describeFilter(filter)}; none of the journal's entries matches.\n${closestEntries(journal, filter, { diff: diffOf(this) })}`,
  }
}

/** `expect(simulator).toHaveReceivedTimes(n, filter)`: exactly `n` journal entries match. */
function toHaveReceivedTimes(
  this: MatcherState,
  received: unknown,
  times: number,
  filter: JournalFilter = {},
): Result {
  assertHolder(this, 'toHaveReceivedTimes', received, 'journal')
  if (!Number.isInteger(times) || times < 0) {
    throw new TypeError(
      `[understudy] toHaveReceivedTimes expects a whole number of requests >= 0, received ${this.utils.printReceived(times)}.`,
    )
  }
  const { journal } = received as JournalHolder
  const matching = journal.entries(filter)
  const pass = matching.length === times
  const requests = (count: number) => `${count} ${count === 1 ? 'request' : 'requests'}`
  return {
    pass,
    message: () => {
      const head = `${hint(this, '.toHaveReceivedTimes', 'times, filter')}\n\n`
      if (pass) {
        return `${head}Expected other than ${requests(times)} matching ${describeFilter(filter)}, and received exactly that:\n${listEntries(matching)}`
      }
      const listing =
        matching.length > 0
          ? `Matching:\n${listEntries(matching)}`
          : closestEntries(journal, filter, { diff: diffOf(this) })
      return `${head}Expected ${requests(times)} matching ${describeFilter(filter)}, received ${matching.length}.\n${listing}`
    },
  }
}

/**
 * `expect(simulator).toHaveInferred(expected)`: at least one inference of the journal applied what is
 * expected (the preset, its version, the model, fields of the effective request, …).
 */
function toHaveInferred(
  this: MatcherState,
  received: unknown,
  expected: InferenceExpectation = {},
): Result {
  assertHolder(this, 'toHaveInferred', received, 'journal')
  const { journal } = received as JournalHolder
  const inferences = inferencesOf(journal.entries({ service: 'router' }))
  const matching = matchingInferences(inferences, expected)
  const pass = matching.length > 0
  const head = `${hint(this, '.toHaveInferred', 'expected')}\n\n`
  const wanted = describeExpectation(expected)
  return {
    pass,
    message: () =>
      pass
        ? `${head}Expected no inference matching ${wanted}, but ${matching.length} matched:\n${listEntries(matching)}`
        : `${head}Expected an inference matching ${wanted}; none of the journal's inferences matches.\n${closestInferences(inferences, expected, diffOf(this))}`,
  }
}

/** The expected parts of a preset, and the same parts of the actual one, for a diff. */
function presetProjection(preset: PresetWire, expected: PresetExpectation) {
  const { versions, designated, ...fields } = expected
  const actual: Record<string, unknown> = {}
  const wanted: Record<string, unknown> = {}
  for (const key of Object.keys(fields)) {
    wanted[key] = (fields as Record<string, unknown>)[key]
    actual[key] = (preset as unknown as Record<string, unknown>)[key]
  }
  if (versions !== undefined) {
    wanted.versions = versions
    actual.versions = typeof versions === 'number' ? preset.versions.length : preset.versions
  }
  if (designated !== undefined) {
    const version = preset.versions.find((v) => v.id === preset.designated_version_id)
    wanted.designated = designated
    actual.designated =
      typeof designated === 'number' ? (version?.version ?? null) : (version ?? null)
  }
  return { actual, wanted }
}

/** A failed lookup: what is not there, and what is. */
const absent = (message: string): Result => ({ pass: false, message: () => message })

/** A record compared deep partially with what is expected; a failure shows the diff of the parts asked about. */
function compared(
  state: MatcherState,
  head: string,
  what: string,
  actual: unknown,
  wanted: unknown,
): Result {
  const pass = matchesPartially(actual, wanted)
  const subject = what.charAt(0).toUpperCase() + what.slice(1)
  return {
    pass,
    message: () =>
      pass
        ? `${head}Expected ${what} not to match ${state.utils.printExpected(wanted)}, but it does.`
        : `${head}${subject} differs:\n${diffOf(state)(wanted, subsetOf(actual, wanted))}`,
  }
}

/** `expect(simulator).toHavePreset(workspace, slug, expected)`: the router holds that preset, so. */
function toHavePreset(
  this: MatcherState,
  received: unknown,
  workspace: string,
  slug: string,
  expected: PresetExpectation = {},
): Result {
  assertHolder(this, 'toHavePreset', received, 'router')
  const { router } = received as RouterHolder
  const head = `${hint(this, '.toHavePreset', 'workspace, slug, expected')}\n\n`
  const workspaces = router.workspaces()
  const found =
    workspaces.find((w) => w.id === workspace) ?? workspaces.find((w) => w.name === workspace)
  if (!found) {
    const known = workspaces.map((w) => `${w.id} (${w.name})`).join(', ') || '(none)'
    return absent(`${head}No router workspace "${workspace}". Workspaces: ${known}.`)
  }
  const presets = router.presets(found.id)
  const preset = presets.find((p) => p.slug === slug)
  const where = `in workspace ${found.id} (${found.name})`
  if (!preset) {
    const slugs = presets.map((p) => p.slug).join(', ') || '(none)'
    return absent(`${head}Expected a preset "${slug}" ${where}; it has: ${slugs}.`)
  }
  const { actual, wanted } = presetProjection(preset, expected)
  return compared(this, head, `the preset "${slug}" ${where}`, actual, wanted)
}

/** `expect(simulator).toHaveUser(organization, email, expected)`: the organization has that account, so. */
function toHaveUser(
  this: MatcherState,
  received: unknown,
  organization: string,
  email: string,
  expected: UserExpectation = {},
): Result {
  assertHolder(this, 'toHaveUser', received, 'messaging')
  const { messaging } = received as MessagingHolder
  const head = `${hint(this, '.toHaveUser', 'organization, email, expected')}\n\n`
  const organizations = messaging.organizations().map((o) => o.subdomain)
  if (!organizations.includes(organization)) {
    const known = organizations.join(', ') || '(none)'
    return absent(`${head}No messaging organization "${organization}". Organizations: ${known}.`)
  }
  const users = messaging.users(organization)
  const user = users.find((u) => u.email.toLowerCase() === email.toLowerCase())
  if (!user) {
    const emails = users.map((u) => u.email).join(', ') || '(none)'
    return absent(`${head}Expected an account ${email} in "${organization}"; it has: ${emails}.`)
  }
  return compared(this, head, `the account ${user.email} of "${organization}"`, user, expected)
}

/** The five matchers, for a runner's `expect.extend(matchers)`. */
export const matchers = {
  toHaveReceived,
  toHaveReceivedTimes,
  toHaveInferred,
  toHavePreset,
  toHaveUser,
}
