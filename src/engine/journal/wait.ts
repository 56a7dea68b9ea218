/**
 * `journal.waitFor(filter, options)`: a journal entry matching a filter, now or once a request makes one,
 * for requests that happen later (a browser, a background job). Built on the journal's `subscribe` (to
 * wake up) and its filter (`filter.ts`, the one definition of what a filter means): the journal is read
 * once, newest first down to `after`, when the wait begins; while it waits, each new entry is tested once,
 * as it is recorded (as Playwright's `waitForRequest` tests each request), so a pending wait costs a
 * request one test, not a read of the whole journal.
 *
 * An entry already in the journal resolves at once (the newest matching one): a request that finished
 * before the wait began is not missed. To wait for a request made after some point, pass `after`, the
 * `seq` of the newest entry at that point (`journal.last()?.seq ?? 0`).
 * @module
 */

import { InputRangeError } from '../core/input-error.js'
import { closestEntries, describeFilter, type ListableJournal } from './closest.js'
import type { ParsedEntry } from './entry.js'
import type { EntryFilter } from './filter.js'

/** Options of `journal.waitFor`. */
export interface WaitForOptions {
  /** How long to wait before rejecting, in ms. Default 5,000. */
  timeoutMs?: number
  /** Only entries numbered above this `seq` count (e.g. `journal.last()?.seq ?? 0`, taken before acting). Default 0. */
  after?: number
  /** Stops waiting: the promise rejects with the signal's reason. */
  signal?: AbortSignal
}

/** The default `timeoutMs` of `waitFor`. */
const DEFAULT_WAIT_TIMEOUT_MS = 5_000

/** What `waitFor` reads of a journal. */
export interface WaitableJournal extends ListableJournal {
  subscribe(listener: (event: { seq: number }) => void): () => void
  /** The newest entry matching the filter numbered above `after` (only those are tested). */
  newestAfter(filter: EntryFilter, after: number): ParsedEntry | undefined
  /** The entry numbered `seq`, if the journal keeps it and it matches the filter (only it is tested). */
  numbered(seq: number, filter: EntryFilter): ParsedEntry | undefined
}

function checkOptions(options: WaitForOptions): { timeoutMs: number; after: number } {
  const { timeoutMs = DEFAULT_WAIT_TIMEOUT_MS, after = 0 } = options
  if (typeof timeoutMs !== 'number' || !(timeoutMs >= 0) || timeoutMs > 2 ** 31 - 1) {
    throw new InputRangeError(
      `[understudy] Failed to wait for a journal entry: timeoutMs ${String(timeoutMs)} is not a number of ms from 0 to 2147483647.`,
    )
  }
  if (!Number.isInteger(after) || after < 0) {
    throw new InputRangeError(
      `[understudy] Failed to wait for a journal entry: after ${String(after)} is not a whole number >= 0 (an entry's seq).`,
    )
  }
  return { timeoutMs, after }
}

/**
 * Resolves with the newest entry matching `filter` (numbered above `options.after`), at once if the journal
 * has one, otherwise when a request makes one; rejects after `timeoutMs` with the closest entries listed.
 */
export function waitForEntry(
  journal: WaitableJournal,
  filter: EntryFilter = {},
  options: WaitForOptions = {},
): Promise<ParsedEntry> {
  let checked: { timeoutMs: number; after: number }
  try {
    checked = checkOptions(options)
  } catch (error) {
    return Promise.reject(error)
  }
  const { timeoutMs, after } = checked
  const { signal } = options
  if (signal?.aborted) return Promise.reject(signal.reason)
  const existing = journal.newestAfter(filter, after)
  if (existing) return Promise.resolve(existing)

  return new Promise<ParsedEntry>((resolve, reject) => {
    const stop = () => {
      unsubscribe()
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
    }
    const onAbort = () => {
      stop()
      reject(signal?.reason)
    }
    const unsubscribe = journal.subscribe((event) => {
      if (event.seq <= after) return
      const found = journal.numbered(event.seq, filter)
      if (!found) return
      stop()
      resolve(found)
    })
    const timer = setTimeout(() => {
      stop()
      const candidates = journal.entries().filter((entry) => entry.seq > after)
      const scope = after > 0 ? ` after #${after}` : ''
      reject(
        new Error(
          `[understudy] Failed to find a journal entry matching ${describeFilter(filter)}${scope} within ${timeoutMs} ms.\n` +
            closestEntries(journal, filter, { candidates }),
        ),
      )
    }, timeoutMs)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}
