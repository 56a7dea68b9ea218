/**
 * The journal's bounds: the entries kept, oldest first, under a cap on their number and a byte budget;
 * the oldest go first (the newest stays, whatever its size, unless the budget is 0).
 * @module
 */
import { InputRangeError } from '../core/input-error.js'
import type { StoredEntry } from './stored-entry.js'

/** The default cap on entries; the oldest are dropped first. */
export const DEFAULT_JOURNAL_LIMIT = 10_000

/**
 * The default byte budget of the journal: 64 MiB. With the body prefix (`JOURNAL_BODY_PREFIX_BYTES`), at
 * least 128 entries of the largest kind fit, and about 10,000 of a typical size (a few KiB each).
 */
export const DEFAULT_JOURNAL_MAX_BYTES = 64 * 1024 * 1024

/** A count or size a journal option takes: a whole number >= 0, or a clear error naming the option. */
export function checkCount(value: number, what: string): number {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new InputRangeError(
      `[understudy] Failed to set the journal ${what}: ${value} is not a whole number >= 0.`,
    )
  }
  return value
}

/** What becomes of dropped entries: reused, and the bytes no entry uses any more set aside. */
interface Dropping {
  /** An entry dropped from the journal. */
  dropped(entry: StoredEntry): void
  /** Entries were dropped: `oldest` is the seq of the oldest one kept (infinity when none is). */
  trimmed(oldest: number): void
}

/** Creates an empty queue of entries bounded by `limit` entries and `maxBytes` bytes (both checked already). */
export function createBoundedQueue(limit: number, maxBytes: number, dropping: Dropping) {
  // Entries from `head` on are live; dropped ones are cleared and the array compacted now and then.
  let items: Array<StoredEntry | undefined> = []
  let head = 0
  let bytes = 0
  let cap = limit
  let budget = maxBytes

  const size = () => items.length - head

  function dropOldest(): void {
    const oldest = items[head] as StoredEntry
    bytes -= oldest.budget
    items[head] = undefined
    dropping.dropped(oldest)
    head += 1
    if (head === items.length) {
      items = []
      head = 0
    } else if (head >= 1024 && head * 2 >= items.length) {
      items = items.slice(head)
      head = 0
    }
  }

  /** Drops the oldest entries beyond the cap, and beyond the budget (keeping the newest, unless it is 0). */
  function trim(): void {
    const keep = Math.min(cap, budget === 0 ? 0 : 1)
    const before = head
    while (size() > cap) dropOldest()
    while (bytes > budget && size() > keep) dropOldest()
    if (head !== before || size() === 0)
      dropping.trimmed(size() > 0 ? (items[head] as StoredEntry).seq : Number.POSITIVE_INFINITY)
  }

  return {
    /** Whether an entry would be kept at all (a cap or budget of 0 keeps none). */
    get keeps(): boolean {
      return cap > 0 && budget > 0
    },
    /** Adds the newest entry, then drops the oldest beyond the cap and budget. */
    push(entry: StoredEntry): void {
      items.push(entry)
      bytes += entry.budget
      trim()
    },
    /** The entries kept, oldest first (the queue's own array when it can be: do not change it). */
    live(): readonly StoredEntry[] {
      return (head === 0 ? items : items.slice(head)) as StoredEntry[]
    },
    /** How many entries kept pass a test. */
    count(test: (entry: StoredEntry) => boolean): number {
      let count = 0
      for (let i = head; i < items.length; i++) if (test(items[i] as StoredEntry)) count += 1
      return count
    },
    /** The entry `back` places before the newest (0: the newest), or `undefined`. */
    fromNewest(back: number): StoredEntry | undefined {
      const i = items.length - 1 - back
      return i >= head ? items[i] : undefined
    },
    /** Forgets every entry. */
    clear(): void {
      items = []
      head = 0
      bytes = 0
    },
    /** The cap on entries. */
    get limit(): number {
      return cap
    },
    /** The byte budget. */
    get maxBytes(): number {
      return budget
    },
    /** What the entries kept count against the budget, in bytes. */
    get bytes(): number {
      return bytes
    },
    /** Changes the cap, dropping the oldest entries beyond it. */
    setLimit(next: number): void {
      cap = checkCount(next, 'limit')
      trim()
    },
    /** Changes the byte budget, dropping the oldest entries beyond it. */
    setMaxBytes(next: number): void {
      budget = checkCount(next, 'byte budget')
      trim()
    },
  }
}
