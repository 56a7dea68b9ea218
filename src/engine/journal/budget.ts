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

/** The entries kept, oldest first, bounded by a cap on their number and a byte budget (both checked already). */
export class BoundedQueue {
  // Entries from `head` on are live; dropped ones are cleared and the array compacted now and then.
  #items: Array<StoredEntry | undefined> = []
  #head = 0
  #bytes = 0
  #cap: number
  #budget: number
  readonly #dropped: (entry: StoredEntry) => void

  /** `dropped` is called with each entry dropped, oldest first. */
  constructor(limit: number, maxBytes: number, dropped: (entry: StoredEntry) => void) {
    this.#cap = limit
    this.#budget = maxBytes
    this.#dropped = dropped
  }

  #size(): number {
    return this.#items.length - this.#head
  }

  #dropOldest(): void {
    const oldest = this.#items[this.#head] as StoredEntry
    this.#bytes -= oldest.budget
    this.#items[this.#head] = undefined
    this.#dropped(oldest)
    this.#head += 1
    if (this.#head === this.#items.length) {
      this.#items = []
      this.#head = 0
    } else if (this.#head >= 1024 && this.#head * 2 >= this.#items.length) {
      this.#items = this.#items.slice(this.#head)
      this.#head = 0
    }
  }

  /** Drops the oldest entries beyond the cap, and beyond the budget (keeping the newest, unless it is 0). */
  #trim(): void {
    const keep = Math.min(this.#cap, this.#budget === 0 ? 0 : 1)
    while (this.#size() > this.#cap) this.#dropOldest()
    while (this.#bytes > this.#budget && this.#size() > keep) this.#dropOldest()
  }

  /** Whether an entry would be kept at all (a cap or budget of 0 keeps none). */
  get keeps(): boolean {
    return this.#cap > 0 && this.#budget > 0
  }

  /** Adds the newest entry, then drops the oldest beyond the cap and budget. */
  push(entry: StoredEntry): void {
    this.#items.push(entry)
    this.#bytes += entry.budget
    this.#trim()
  }

  /** The entries kept, oldest first (the queue's own array when it can be: do not change it). */
  live(): readonly StoredEntry[] {
    return (this.#head === 0 ? this.#items : this.#items.slice(this.#head)) as StoredEntry[]
  }

  /** How many entries kept pass a test. */
  count(test: (entry: StoredEntry) => boolean): number {
    let count = 0
    for (let i = this.#head; i < this.#items.length; i++)
      if (test(this.#items[i] as StoredEntry)) count += 1
    return count
  }

  /** The oldest entry kept, or `undefined`. */
  oldest(): StoredEntry | undefined {
    return this.#items[this.#head]
  }

  /** The entry `back` places before the newest (0: the newest), or `undefined`. */
  fromNewest(back: number): StoredEntry | undefined {
    const i = this.#items.length - 1 - back
    return i >= this.#head ? this.#items[i] : undefined
  }

  /** Forgets every entry. */
  clear(): void {
    this.#items = []
    this.#head = 0
    this.#bytes = 0
  }

  /** The cap on entries. */
  get limit(): number {
    return this.#cap
  }

  /** The byte budget. */
  get maxBytes(): number {
    return this.#budget
  }

  /** What the entries kept count against the budget, in bytes. */
  get bytes(): number {
    return this.#bytes
  }

  /** Changes the cap, dropping the oldest entries beyond it. */
  setLimit(next: number): void {
    this.#cap = checkCount(next, 'limit')
    this.#trim()
  }

  /** Changes the byte budget, dropping the oldest entries beyond it. */
  setMaxBytes(next: number): void {
    this.#budget = checkCount(next, 'byte budget')
    this.#trim()
  }
}
