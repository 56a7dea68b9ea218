/**
 * The matchers of `understudy-mock/vitest` and `understudy-mock/jest`, as plain functions of a matcher context
 * that vitest's and Jest's `expect.extend` both give: what a simulator received (its journal, here) and what
 * it holds (each service's matchers, from its folder, through its registration). A failure lists the closest
 * journal entries or records and a diff, not just "expected true".
 * @module
 */
import type { MatcherResult, MatcherTools, ServiceMatcher } from '../../engine/core/matchers.js'
import {
  closestEntries,
  describeEntry,
  describeFilter,
  subsetOf,
} from '../../engine/journal/closest.js'
import type { ParsedEntry } from '../../engine/journal/entry.js'
import { matchesPartially } from '../../engine/journal/filter.js'
import { matchersOf, serviceDefinitions } from '../../services/registry.js'
import type { JournalFilter } from '../../simulator/operations/journal.js'
import type { JournalHolder, MatcherState, SimulatorAsymmetricMatchers } from './typing.js'

type Result = MatcherResult

const MAX_LISTED = 5

function assertHolder(
  state: MatcherState,
  matcher: string,
  received: unknown,
  member: string,
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

function listEntries(entries: readonly ParsedEntry[]): string {
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

/** A matcher of a runner, from one of a service's: what it reads of the simulator, in the runner's words. */
function runnerMatcher(service: string, name: string, matcher: ServiceMatcher) {
  const member = matcher.reads === 'journal' ? 'journal' : service
  return function (this: MatcherState, received: unknown, ...args: unknown[]): Result {
    assertHolder(this, name, received, member)
    const head = `${hint(this, `.${name}`, matcher.expected)}\n\n`
    const tools: MatcherTools = {
      head,
      diff: diffOf(this),
      listEntries: (entries) => listEntries(entries as ParsedEntry[]),
      absent,
      compared: (what, actual, wanted) => compared(this, head, what, actual, wanted),
    }
    return matcher.match((received as Record<string, unknown>)[member], tools, ...args)
  }
}

/** The runner's form of each matcher: `this` the runner's context, then what `expect` was given, then the arguments. */
type RunnerMatchers = {
  [K in keyof SimulatorAsymmetricMatchers<Result>]: (
    this: MatcherState,
    received: unknown,
    ...args: Parameters<SimulatorAsymmetricMatchers<Result>[K]>
  ) => Result
}

/** Every matcher, the journal's and each service's (its registration's `matchers`), for a runner's `expect.extend(matchers)`. */
export const matchers = {
  toHaveReceived,
  toHaveReceivedTimes,
  ...Object.fromEntries(
    serviceDefinitions.flatMap((definition) =>
      Object.entries(matchersOf(definition)).map(([name, matcher]) => [
        name,
        runnerMatcher(definition.name, name, matcher),
      ]),
    ),
  ),
} as RunnerMatchers
