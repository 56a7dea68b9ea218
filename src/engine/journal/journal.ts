/**
 * The request journal: every request a simulator answered, newest last, bounded in memory by an entry
 * count and a byte budget (the oldest entries go first). Entries keep the raw request and response and are
 * parsed and redacted only when read, so recording costs next to nothing on the request's path. A body is
 * kept up to a prefix (`JOURNAL_BODY_PREFIX_BYTES`, or less when the answer did not depend on it), a
 * response likewise; an entry that keeps less than all of its body says so (`truncated: true`,
 * `bodySize`), and reading never parses more than was kept.
 *
 * `src/engine/journal/` is an engine part, on every request's path. It imports only `src/engine/core/`: services and
 * operation ids are plain strings here, each service's body parser is handed in, and so is the check of a
 * filter's `service` and `operation` (the typed view over the registered services is
 * `src/simulator/operations/journal.ts`). Its parts, each readable alone:
 * - what is recorded and read: `entry.ts`; the entry as stored and read back raw: `stored-entry.ts`; what
 *   an inference applied, kept as a copy (JSON text when large): `inference.ts`;
 * - storage: `storage.ts` (prefixes, bytes, reuse) over `slabs.ts` (bytes off the JS heap) and
 *   `repeats.ts` (a client's repeated URL and headers); the bounds: `budget.ts`;
 * - reading: `read.ts` (parsing, previews) with `body-text.ts` (decoding) and `redact.ts` (secrets);
 * - filters: `filter.ts` (a new filter field goes there); waiting: `wait.ts`; why nothing matched:
 *   `closest.ts`; HAR 1.2: `har.ts`; how much of a body an answer needed: `body-policy.ts`.
 * @module
 */
import {
  BoundedQueue,
  checkCount,
  DEFAULT_JOURNAL_LIMIT,
  DEFAULT_JOURNAL_MAX_BYTES,
} from './budget.js'
import type {
  JournalBodyParser,
  JournalEvent,
  JournalFieldsParser,
  NewJournalEntry,
  ParsedEntry,
  RawJournalEntry,
} from './entry.js'
import { type EntryFilter, matchesMetadata, matchesPartially } from './filter.js'
import { buildHar, type Har, type HarOptions, type HarSources, harTextPieces } from './har.js'
import { createReader, type RecentOptions } from './read.js'
import { redact } from './redact.js'
import { createStorage } from './storage.js'
import { rawOf, type StoredEntry } from './stored-entry.js'
import { type WaitForOptions, waitForEntry } from './wait.js'

/**
 * The most bytes of a request body (and UTF-8 bytes of a response body) an entry keeps: 256 KiB. Real
 * bodies are far smaller (a preset's messages and config, a user form: a few KiB; a long system prompt
 * tens of KiB), so they are kept whole; a bulk upload or an attack is kept as its first 256 KiB.
 */
export const JOURNAL_BODY_PREFIX_BYTES = 256 * 1024

/** Options of `createJournal`. */
export interface JournalOptions {
  /** How each service (by name) parses a recorded request body. */
  parsers: Readonly<Record<string, JournalBodyParser>>
  /** How a service that reads forms (by name) reads a recorded form body's fields (for the HAR's redaction). */
  fields?: Readonly<Record<string, JournalFieldsParser>> | undefined
  /** Refuses a filter naming an unknown service or operation (a typo would otherwise match nothing). */
  checkFilter?: ((filter: EntryFilter) => void) | undefined
  /** The most entries kept. Default 10,000. */
  limit?: number | undefined
  /** The byte budget. Default 64 MiB. */
  maxBytes?: number | undefined
  /** The most bytes of each body kept. Default 256 KiB. */
  bodyPrefixBytes?: number | undefined
}

/** Creates a journal holding at most `limit` entries and about `maxBytes` bytes. */
export function createJournal(options: JournalOptions) {
  const limit = checkCount(options.limit ?? DEFAULT_JOURNAL_LIMIT, 'limit')
  const maxBytes = checkCount(options.maxBytes ?? DEFAULT_JOURNAL_MAX_BYTES, 'byte budget')
  const prefixBytes = checkCount(
    options.bodyPrefixBytes ?? JOURNAL_BODY_PREFIX_BYTES,
    'body prefix',
  )
  const reader = createReader(options.parsers, prefixBytes)
  const fieldsOf = options.fields ?? {}
  const storage = createStorage(prefixBytes)
  const queue = new BoundedQueue(limit, maxBytes, (entry) => {
    if (storage.drop(entry)) reader.forget(entry)
  })
  const checkFilter = (filter: EntryFilter): void => {
    if (filter.service !== undefined || filter.operation !== undefined)
      options.checkFilter?.(filter)
  }
  const listeners = new Set<(event: JournalEvent) => void>()
  let seq = 0

  /** The entry as read, if it matches the filter (its body parsed only when the metadata match). */
  const readIfMatching = (entry: StoredEntry, filter: EntryFilter): ParsedEntry | undefined => {
    if (!matchesMetadata(entry, filter)) return undefined
    const parsed = reader.read(entry)
    return filter.body === undefined || matchesPartially(parsed.body, filter.body)
      ? parsed
      : undefined
  }

  const select = (filter: EntryFilter = {}): ParsedEntry[] => {
    checkFilter(filter)
    const out: ParsedEntry[] = []
    for (const entry of queue.live()) {
      const parsed = readIfMatching(entry, filter)
      if (parsed) out.push(parsed)
    }
    return out
  }

  /** The newest entry matching a filter numbered above `after`, read newest first (filter checked). */
  const newestAfter = (filter: EntryFilter, after: number): ParsedEntry | undefined => {
    for (let back = 0; ; back++) {
      const entry = queue.fromNewest(back)
      if (entry === undefined || entry.seq <= after) return undefined
      const parsed = readIfMatching(entry, filter)
      if (parsed) return parsed
    }
  }

  /** The kept entry numbered `seq` (the newest, when called as it is recorded), if it matches. */
  const numbered = (seq: number, filter: EntryFilter): ParsedEntry | undefined => {
    for (let back = 0; ; back++) {
      const entry = queue.fromNewest(back)
      if (entry === undefined || entry.seq < seq) return undefined
      if (entry.seq === seq) return readIfMatching(entry, filter)
    }
  }

  /** The raw entries matching a filter, oldest first (for `toHAR`, which redacts what it writes). */
  const selectRaw = (filter: EntryFilter = {}): RawJournalEntry[] => {
    checkFilter(filter)
    const out: RawJournalEntry[] = []
    for (const kept of queue.live()) {
      if (!matchesMetadata(kept, filter)) continue
      const entry = rawOf(kept)
      if (filter.body === undefined || matchesPartially(reader.body(entry), filter.body))
        out.push(entry)
    }
    return out
  }

  /**
   * The entries matching a filter, oldest first, each read by `read` as it is asked for: those that match
   * its metadata now, each read only if still kept when its turn comes (one dropped meanwhile, its bytes
   * maybe reused, is left out). For exports written over many turns of the event loop.
   */
  function* whileKept<T>(
    filter: EntryFilter,
    read: (entry: StoredEntry) => T | undefined,
  ): Generator<T, void, undefined> {
    const chosen: Array<{ entry: StoredEntry; seq: number }> = []
    for (const entry of queue.live())
      if (matchesMetadata(entry, filter)) chosen.push({ entry, seq: entry.seq })
    for (const { entry, seq } of chosen) {
      const oldest = queue.oldest()
      // Dropped entries go oldest first; a reused one has a newer seq.
      if (entry.seq !== seq || oldest === undefined || oldest.seq > seq) continue
      const out = read(entry)
      if (out !== undefined) yield out
    }
  }
  const rawWhileKept = (filter: EntryFilter) =>
    whileKept(filter, (entry) => {
      const raw = rawOf(entry)
      return filter.body === undefined || matchesPartially(reader.body(raw), filter.body)
        ? raw
        : undefined
    })

  /**
   * `JSON.stringify({ entries, count })` of the entries matching a filter, in pieces, one per entry, each
   * read as it is asked for (`whileKept`: an entry dropped before its turn is left out, and `count`, last,
   * counts the entries written).
   */
  function* entriesTextPieces(filter: EntryFilter): Generator<string, void, undefined> {
    let count = 0
    for (const entry of whileKept(filter, (kept) => readIfMatching(kept, filter))) {
      yield `${count === 0 ? '{"entries":[' : ','}${JSON.stringify(entry)}`
      count += 1
    }
    yield `${count === 0 ? '{"entries":[' : ''}],"count":${count}}`
  }

  const harSources = (options: HarOptions): HarSources => ({
    parse: reader.parse,
    fields: (entry) => fieldsOf[entry.service]?.(entry),
    redact: options.redact === false ? undefined : redact,
  })

  const emit = (number: number, entry: NewJournalEntry) => {
    const event: JournalEvent = {
      seq: number,
      time: entry.time,
      service: entry.service,
      tenant: entry.tenant,
      operation: entry.operation,
      actor: entry.actor,
      method: entry.method,
      path: entry.path,
      status: entry.status,
      durationMs: entry.durationMs,
      fault: entry.fault,
    }
    if (entry.error) event.error = entry.error
    for (const listener of listeners) {
      try {
        listener(event)
      } catch (error) {
        console.error(
          `[understudy] a journal listener failed: ${error instanceof Error ? error.message : String(error)}`,
        )
      }
    }
  }

  const journal = {
    /**
     * Records a request, keeping at most `keepBodyBytes` of its body (default: the journal's prefix; less
     * when the answer did not depend on the body), and drops the oldest entries beyond the cap and budget.
     * The caller's entry is not kept: `store` copies what is kept (its bytes into a slab).
     */
    record(entry: NewJournalEntry, keepBodyBytes = prefixBytes): void {
      // Stored before it is numbered: a streamed response is produced as it is stored, and one that fails
      // leaves no number used and nothing kept (the caller records the failure instead).
      const kept = queue.keeps
        ? storage.store(entry, seq + 1, Math.min(keepBodyBytes, prefixBytes))
        : undefined
      seq += 1
      if (kept !== undefined) queue.push(kept)
      if (listeners.size > 0) emit(seq, entry)
    },
    /** The entries matching a filter, oldest first. */
    entries: select,
    /** How many entries match a filter. */
    count(filter: EntryFilter = {}): number {
      checkFilter(filter)
      if (filter.body === undefined)
        return queue.count((entry: StoredEntry) => matchesMetadata(entry, filter))
      return select(filter).length
    },
    /**
     * The newest `count` entries, newest first (only those are read). With `bodyPreviewBytes`, a body
     * or response longer than that comes back as a text preview, so reading stays cheap whatever was sent.
     */
    recent(count: number, options: RecentOptions = {}): ParsedEntry[] {
      const out: ParsedEntry[] = []
      for (let back = 0; out.length < count; back++) {
        const entry = queue.fromNewest(back)
        if (entry === undefined) break
        out.push(reader.read(entry, options.bodyPreviewBytes))
      }
      return out
    },
    /** The newest entry matching a filter (read newest first: the newest match is the last entry read). */
    last(filter: EntryFilter = {}): ParsedEntry | undefined {
      checkFilter(filter)
      return newestAfter(filter, Number.NEGATIVE_INFINITY)
    },
    /**
     * Calls `listener` synchronously after each request is recorded (also when the cap is 0), with the
     * entry's metadata and no bodies. Returns a function that unsubscribes.
     */
    subscribe(listener: (event: JournalEvent) => void): () => void {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    /**
     * The newest entry matching `filter`: at once if the journal has one, else when a request makes one;
     * rejects after `timeoutMs` (default 5,000) listing the closest entries. See `wait.ts`.
     */
    waitFor(filter: EntryFilter = {}, options?: WaitForOptions): Promise<ParsedEntry> {
      try {
        checkFilter(filter)
      } catch (error) {
        return Promise.reject(error)
      }
      return waitForEntry(
        { entries: select, subscribe: journal.subscribe, newestAfter, numbered },
        filter,
        options,
      )
    },
    /**
     * The entries matching a filter as a HAR 1.2 document (`har.ts`): redacted as the journal is, unless
     * `{ redact: false }`.
     */
    toHAR(filter: EntryFilter = {}, options: HarOptions = {}): Har {
      return buildHar(selectRaw(filter), harSources(options))
    },
    /**
     * The same document as JSON text (`JSON.stringify(toHAR(filter, options), null, 2)`), in pieces, one
     * per entry, each built when it is asked for: an export written piece by piece holds one entry at a
     * time. The filter is checked at once; an entry dropped from the journal before its turn is left out.
     */
    toHARText(filter: EntryFilter = {}, options: HarOptions = {}): Iterable<string> {
      checkFilter(filter)
      return harTextPieces(rawWhileKept(filter), harSources(options))
    },
    /**
     * `JSON.stringify({ entries: entries(filter), count })` in pieces, one per entry, each read when it is
     * asked for: a large journal written piece by piece holds one entry at a time. The filter is checked
     * at once; an entry dropped from the journal before its turn is left out (and not counted).
     */
    entriesText(filter: EntryFilter = {}): Iterable<string> {
      checkFilter(filter)
      return entriesTextPieces(filter)
    },
    /** Forgets every entry. */
    clear(): void {
      queue.clear()
      // The slabs go with the entries (to the garbage collector).
      storage.clear()
    },
    /** The cap on entries. */
    get limit(): number {
      return queue.limit
    },
    /** The byte budget. */
    get maxBytes(): number {
      return queue.maxBytes
    },
    /** What the entries kept count against the budget, in bytes (an estimate of the memory they hold). */
    get bytes(): number {
      return queue.bytes
    },
    /** Changes the cap, dropping the oldest entries beyond it. */
    setLimit(next: number): void {
      queue.setLimit(next)
    },
    /** Changes the byte budget, dropping the oldest entries beyond it. */
    setMaxBytes(next: number): void {
      queue.setMaxBytes(next)
    },
  }
  return journal
}

/** A journal whose service and operation are plain strings (`Journal` in `src/simulator/operations/journal.ts` types them). */
export type JournalStore = ReturnType<typeof createJournal>
