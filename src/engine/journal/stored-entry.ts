/**
 * An entry as the journal keeps it (`StoredEntry`), and the raw entry its readers take (`rawOf`). The kept
 * request body and the response's UTF-8 bytes live outside the JavaScript heap, one after the other in a
 * slab (`slabs.ts`) or a buffer of their own: an entry lives for thousands of requests, long enough to
 * reach V8's old generation, and the bodies it held there made the heap grow to about twice the records it
 * holds (decisions/hot-path.md).
 * @module
 */
import { exactDecoder } from './body-text.js'
import type { EntryMetadata, JournalError, RawJournalEntry } from './entry.js'
import type { StoredInference } from './inference.js'

/** A query without parameters, shared by the entries of requests without one (never changed). */
export const NO_QUERY = new URLSearchParams()
/** The headers of a blank or dropped entry (never read). */
export const NO_HEADERS: Readonly<Record<string, string>> = Object.freeze({})

/**
 * An entry as the journal keeps it. The kept request body and the response's UTF-8 bytes are written one
 * after the other into `bytes` from `at` and read back by `rawOf` (a response that would not read back
 * the same, with a lone surrogate, or one cut to a prefix, is kept as text). The path is kept as where it
 * lies in the URL (it is part of it, nearly always). Dropped entries are reused for new ones: in a steady
 * state recording allocates no entry on the JS heap.
 */
export interface StoredEntry
  extends Pick<RawJournalEntry, EntryMetadata | 'url' | 'query' | 'headers' | 'responseHeaders'> {
  /** The slab (or own buffer) holding the entry's bytes; `undefined` when it has none. */
  bytes: Uint8Array | undefined
  at: number
  /** The kept body's length in bytes; -1 when the request had none (or none was kept). */
  bodyLength: number
  /** The response's UTF-8 length in `bytes`; -1 when it is kept as `responseText` instead. */
  responseLength: number
  /** Where the path starts in `url` (it is `pathLength` characters long); -1 when kept as `pathText`. */
  pathAt: number
  pathLength: number
  responseText: string | undefined
  pathText: string | undefined
  // Present (maybe `undefined`) on every stored entry, optional on a raw one: one object shape for all.
  bodySize: number | undefined
  responseSize: number | undefined
  error: JournalError | undefined
  /** What an inference applied; `null` when it got no answer of the model; `undefined`: not an inference. */
  inference: StoredInference | null | undefined
  /** What the entry counts against the byte budget. */
  budget: number
}

/** A stored entry to fill in (every field present from the start: one object shape for all). */
export const blankEntry = (): StoredEntry => ({
  seq: 0,
  time: 0,
  service: '',
  tenant: null,
  operation: null,
  actor: null,
  method: '',
  url: '',
  query: NO_QUERY,
  headers: NO_HEADERS,
  bytes: undefined,
  at: 0,
  bodyLength: -1,
  responseLength: -1,
  pathAt: -1,
  pathLength: 0,
  responseText: undefined,
  pathText: undefined,
  bodySize: undefined,
  status: 0,
  responseSize: undefined,
  responseHeaders: NO_HEADERS,
  fault: null,
  durationMs: 0,
  error: undefined,
  inference: undefined,
  budget: 0,
})

/** Lets go of everything a dropped entry holds, so that nothing stays alive through it while it waits for reuse. */
export function emptyEntry(entry: StoredEntry): void {
  entry.query = NO_QUERY
  entry.headers = NO_HEADERS
  entry.bytes = undefined
  entry.responseText = undefined
  entry.url = ''
  entry.pathText = undefined
  entry.responseHeaders = NO_HEADERS
  entry.fault = null
  entry.error = undefined
  entry.inference = undefined
}

/** An entry as its readers take it: the body as a view of the kept bytes, the response decoded. */
export function rawOf(entry: StoredEntry): RawJournalEntry {
  const { bytes: buffer, at, bodyLength, responseLength } = entry
  let body: Uint8Array | undefined
  if (bodyLength >= 0)
    body = buffer === undefined ? new Uint8Array(0) : buffer.subarray(at, at + bodyLength)
  const from = at + Math.max(bodyLength, 0)
  const responseBody =
    responseLength < 0
      ? (entry.responseText as string)
      : responseLength === 0 || buffer === undefined
        ? ''
        : exactDecoder.decode(buffer.subarray(from, from + responseLength))
  const url = entry.url
  const path =
    entry.pathAt < 0
      ? (entry.pathText as string)
      : url.slice(entry.pathAt, entry.pathAt + entry.pathLength)
  const raw: RawJournalEntry = {
    seq: entry.seq,
    time: entry.time,
    service: entry.service,
    tenant: entry.tenant,
    operation: entry.operation,
    actor: entry.actor,
    method: entry.method,
    url,
    path,
    query: entry.query,
    headers: entry.headers,
    body,
    status: entry.status,
    responseBody,
    responseHeaders: entry.responseHeaders,
    fault: entry.fault,
    durationMs: entry.durationMs,
    bytes: entry.budget,
  }
  if (entry.bodySize !== undefined) raw.bodySize = entry.bodySize
  if (entry.responseSize !== undefined) raw.responseSize = entry.responseSize
  if (entry.error !== undefined) raw.error = entry.error
  return raw
}
