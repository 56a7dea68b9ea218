/**
 * Turns a recorded request into a stored entry: at most a prefix of its body and response kept, their
 * bytes written into a slab (`slabs.ts`) or a buffer of their own, a repeated URL and headers shared with
 * the last entry (`repeats.ts`), dropped entries reused, and what the entry counts against the byte budget.
 * @module
 */
import { encoder, isWellFormed, keptPieces, keptText, utf8Length } from './body-text.js'
import type { NewJournalEntry } from './entry.js'
import { storeInference } from './inference.js'
import { Repeats } from './repeats.js'
import { OWN_BUFFER_BYTES, Slabs } from './slabs.js'
import { blankEntry, emptyEntry, NO_QUERY, type StoredEntry } from './stored-entry.js'

/**
 * What an entry counts on top of its bodies and URL: the entry object, its query and headers records,
 * the numbers and strings of its metadata (an estimate, on the high side for a typical request).
 */
const ENTRY_OVERHEAD_BYTES = 1024
/**
 * What a kept query parameter costs besides its characters (its decoded name and value are strings of
 * their own in the `URLSearchParams`, as many characters as the URL holds at most, which the URL's count
 * covers: it counts 2 bytes a character). Measured like a header's (`HEADER_OVERHEAD_BYTES`).
 */
const QUERY_PARAMETER_OVERHEAD_BYTES = 96
/** How many dropped entries are kept for reuse (one per request is dropped in a steady state). */
const SPARE_ENTRIES = 64

/** Creates the storage of entries keeping at most `prefixBytes` of each body and response. */
export function createStorage(prefixBytes: number) {
  const slabs = new Slabs()
  const repeats = new Repeats()
  /** Dropped entries, emptied, for the next ones to reuse. */
  const spare: StoredEntry[] = []
  return {
    /**
     * The entry as kept: at most `keep` bytes of the body and the response's prefix, their bytes written
     * into the current slab (or a buffer of their own), and what the entry counts against the budget.
     */
    store(entry: NewJournalEntry, seq: number, keep: number): StoredEntry {
      const body = entry.body
      let bodyLength = -1
      let bodySize = entry.bodySize
      if (body !== undefined) {
        if (body.byteLength > keep) {
          bodySize = body.byteLength
          if (keep > 0) bodyLength = keep
        } else bodyLength = body.byteLength
      }
      const response = entry.responseBody
      const { text, size: responseSize } =
        typeof response === 'string'
          ? keptText(response, prefixBytes)
          : keptPieces(response, prefixBytes)
      // As bytes only what reads back as the same text: whole and well-formed (no lone surrogate).
      const responseAsBytes = responseSize === undefined && isWellFormed(text)
      const keptBody = Math.max(bodyLength, 0)
      // Room for the response's bytes at worst (3 per UTF-16 unit); what it takes is known once written.
      const room = keptBody + (responseAsBytes ? 3 * text.length : 0)
      let buffer: Uint8Array | undefined
      let at = 0
      if (room > OWN_BUFFER_BYTES) {
        buffer = new Uint8Array(keptBody + (responseAsBytes ? utf8Length(text) : 0))
      } else if (room > 0) {
        buffer = slabs.reserve(room, seq)
        at = slabs.used
      }
      if (bodyLength > 0) {
        const kept = body as Uint8Array
        ;(buffer as Uint8Array).set(
          bodyLength === kept.byteLength ? kept : kept.subarray(0, bodyLength),
          at,
        )
      }
      const responseLength = !responseAsBytes
        ? -1
        : text.length === 0
          ? 0
          : encoder.encodeInto(text, (buffer as Uint8Array).subarray(at + keptBody)).written
      slabs.written(buffer, at + keptBody + Math.max(responseLength, 0), seq)
      const url = repeats.url(entry.url)
      const path = entry.path
      // The path below the base URL is in the URL after the origin (unless the caller made it otherwise).
      const pathAt = path === '' ? 0 : url.indexOf(path)
      const headers = repeats.headers(entry.headers)
      const kept = spare.pop() ?? blankEntry()
      kept.seq = seq
      kept.time = entry.time
      kept.service = entry.service
      kept.tenant = entry.tenant
      kept.operation = entry.operation
      kept.actor = entry.actor
      kept.method = entry.method
      kept.url = url
      // A query without parameters holds nothing worth keeping (nor the URL a `searchParams` holds on to).
      kept.query = entry.query.size === 0 ? NO_QUERY : entry.query
      kept.headers = headers
      kept.bytes = buffer
      kept.at = at
      kept.bodyLength = bodyLength
      kept.responseLength = responseLength
      kept.pathAt = pathAt
      kept.pathLength = path.length
      kept.responseText = responseAsBytes ? undefined : text
      kept.pathText = pathAt < 0 ? path : undefined
      kept.bodySize = bodySize
      kept.status = entry.status
      kept.responseSize = responseSize
      kept.responseHeaders = repeats.responseHeaders(entry.responseHeaders)
      kept.fault = entry.fault
      kept.durationMs = entry.durationMs
      kept.error = entry.error
      const inference = entry.inference
      kept.inference =
        inference === undefined || inference === null
          ? inference
          : storeInference(inference, prefixBytes)
      kept.budget =
        (kept.inference ? kept.inference.bytes : 0) +
        ENTRY_OVERHEAD_BYTES +
        2 * url.length +
        kept.query.size * QUERY_PARAMETER_OVERHEAD_BYTES +
        repeats.headerBytes +
        keptBody +
        text.length
      return kept
    },
    /**
     * Lets go of the oldest entry kept, dropped: the slabs that no later entry uses are set aside, and the
     * entry is taken back for reuse (emptied); `false` when enough are set aside already.
     */
    drop(entry: StoredEntry): boolean {
      slabs.release(entry.seq + 1)
      if (spare.length >= SPARE_ENTRIES) return false
      emptyEntry(entry)
      spare.push(entry)
      return true
    },
    /** Forgets the slabs (the entries are dropped with them). */
    clear(): void {
      slabs.clear()
    },
  }
}
