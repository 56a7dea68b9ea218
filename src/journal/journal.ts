/**
 * The request journal: every request a simulator answered, newest last, bounded in memory by an entry
 * count and a byte budget (the oldest entries go first).
 * Entries keep the raw request and response and are parsed and redacted only when read, so recording
 * costs next to nothing on the hot path. A body is kept up to a prefix (`JOURNAL_BODY_PREFIX_BYTES`, or
 * less when the answer did not depend on it), a response likewise; an entry that keeps less than all of
 * its body says so (`truncated: true`, `bodySize`), and reading never parses more than was kept.
 * The kept bytes of bodies and responses live outside the JavaScript heap, in shared slabs (`StoredEntry`):
 * an entry lives for thousands of requests, long enough to reach V8's old generation, and the bodies it
 * held there made the heap grow to about twice the records it holds (decisions/hot-path.md).
 * @module
 */
import { InputRangeError } from '../core/input-error.js'
import {
  checkOperationMatch,
  type OperationId,
  type OperationIdOf,
  type OperationMatch,
  type ServiceOf,
} from '../operations/ids.js'
import type {
  JournalEntry,
  JournalEntryBase,
  ServiceJournalEntry,
} from '../operations/journal-entries.js'
import type { ServiceName } from '../simulator-core.js'
import { buildHar, type Har, type HarOptions } from './har.js'
import { REDACTED, redactText, SECRET_NAME } from './redact.js'
import { type WaitForOptions, waitForEntry } from './wait.js'

/** An exception inside the simulator that a request met (it was answered with the service's 500). */
export interface JournalError {
  message: string
  /** The first line of the stack below the message (`at fn (file:line:column)`), or `''`. */
  stack: string
}

/** An exception as the journal keeps it: its message and the first line of its stack. */
export function describeError(error: unknown): JournalError {
  if (!(error instanceof Error)) return { message: String(error), stack: '' }
  const frame = error.stack?.split('\n').find((line) => line.trimStart().startsWith('at '))
  return { message: error.message, stack: frame?.trim() ?? '' }
}

export type { JournalEntry } from '../operations/journal-entries.js'

/** What is recorded per request (raw), as the journal hands it to its readers (HAR, body parsers). */
export interface RawJournalEntry {
  seq: number
  time: number
  service: string
  tenant: string | null
  operation: string | null
  actor: string | null
  method: string
  url: string
  /** The path below the service's base URL. */
  path: string
  query: URLSearchParams
  headers: Readonly<Record<string, string>>
  /** The request body as kept: all of it, or its first bytes when `bodySize` is set. */
  body: Uint8Array | undefined
  /** The original body's size in bytes, set only when `body` keeps less than all of it. */
  bodySize?: number | undefined
  status: number
  /** The response body as kept: all of it, or its first characters when `responseSize` is set. */
  responseBody: string
  /** The original response body's size in UTF-8 bytes, set only when `responseBody` keeps less. */
  responseSize?: number | undefined
  responseHeaders: Readonly<Record<string, string>>
  fault: JournalFault | null
  durationMs: number
  /** The exception the simulator met answering the request, if any. */
  error?: JournalError | undefined
  /** What the entry counts against the byte budget. */
  bytes: number
}

/** What the simulator hands to `record`: a raw entry before it is numbered and measured. */
export type NewJournalEntry = Omit<RawJournalEntry, 'seq' | 'bytes' | 'responseSize'>

/** The injected fault that answered a request, if any. */
export interface JournalFault {
  id: number
  kind: 'status' | 'network-error' | 'hang' | 'delay'
  status?: number
  delayMs?: number
}

/** An entry's fields that are neither its request's nor its response's content. */
type EntryMetadata =
  | 'seq'
  | 'time'
  | 'service'
  | 'tenant'
  | 'operation'
  | 'actor'
  | 'method'
  | 'status'
  | 'durationMs'
  | 'fault'

/** What `subscribe` listeners get after each record: the entry without bodies, nothing to parse. */
export type JournalEvent = Pick<RawJournalEntry, EntryMetadata | 'path'> & {
  /** The exception the request met inside the simulator, if any. */
  error?: JournalError
}

/** An entry as the journal builds it when read, before its type is narrowed by service and operation. */
interface ParsedEntry extends JournalEntryBase {
  service: string
  operation: string | null
  body: unknown
  truncated?: true
  bodySize?: number
  response: unknown
  responseTruncated?: true
  responseSize?: number
}

/** Options of `recent`. */
export interface RecentOptions {
  /**
   * The most bytes of a request body (and characters of a response body) returned parsed: a longer one
   * comes back as a text preview of this many, with `truncated`/`bodySize` (`responseTruncated`/
   * `responseSize`). Default: no preview (as `entries`).
   */
  bodyPreviewBytes?: number
}

/** How a service parses a recorded request body for the journal. */
export type JournalBodyParser = (entry: RawJournalEntry) => unknown

/** A copy of a parsed value with every secret-named key's value replaced by `[redacted]`. */
function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact)
  if (value === null || typeof value !== 'object') return value
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(value)) {
    const item = (value as Record<string, unknown>)[key]
    Object.defineProperty(out, key, {
      value: SECRET_NAME.test(key) ? REDACTED : redact(item),
      enumerable: true,
      writable: true,
      configurable: true,
    })
  }
  return out
}

/** The fields of a journal filter besides `service` and `operation`. */
interface JournalFilterFields {
  /** The router workspace id or the messaging organization's subdomain. */
  tenant?: string
  method?: string
  status?: number | ((status: number) => boolean)
  /** Epoch ms or ISO time: entries at or after it. */
  since?: number | string
  /** Epoch ms or ISO time: entries at or before it. */
  until?: number | string
  /** A deep partial match against the parsed request body. */
  body?: unknown
}

/**
 * Which entries to read, count or wait for. Every given field must match. `operation` is an operation id of
 * `service` when one is given (of either service otherwise); an unknown id is refused.
 */
export type JournalFilter = OperationMatch<JournalFilterFields>

/** A filter naming one operation (its service optional). */
type OperationFilter<O extends OperationId> = JournalFilterFields & {
  service?: ServiceOf<O>
  operation: O
}

/** A filter naming a service (and maybe one of its operations). */
type ServiceFilter<S extends ServiceName> = JournalFilterFields & {
  service: S
  operation?: OperationIdOf<S>
}

/**
 * Reading the journal by a filter. A filter naming an operation gives that operation's entries (body and
 * response typed); one naming a service gives that service's entries.
 */
interface JournalReads {
  /** The entries matching a filter, oldest first. */
  entries<O extends OperationId>(filter: OperationFilter<O>): JournalEntry<O>[]
  entries<S extends ServiceName>(filter: ServiceFilter<S>): ServiceJournalEntry<S>[]
  entries(filter?: JournalFilter): JournalEntry[]
  /** The newest entry matching a filter. */
  last<O extends OperationId>(filter: OperationFilter<O>): JournalEntry<O> | undefined
  last<S extends ServiceName>(filter: ServiceFilter<S>): ServiceJournalEntry<S> | undefined
  last(filter?: JournalFilter): JournalEntry | undefined
  /**
   * The newest entry matching `filter`: at once if the journal has one, else when a request makes one;
   * rejects after `timeoutMs` (default 5,000) listing the closest entries. See `journal-wait.ts`.
   */
  waitFor<O extends OperationId>(
    filter: OperationFilter<O>,
    options?: WaitForOptions,
  ): Promise<JournalEntry<O>>
  waitFor<S extends ServiceName>(
    filter: ServiceFilter<S>,
    options?: WaitForOptions,
  ): Promise<ServiceJournalEntry<S>>
  waitFor(filter?: JournalFilter, options?: WaitForOptions): Promise<JournalEntry>
}

/** The default cap on entries; the oldest are dropped first. */
export const DEFAULT_JOURNAL_LIMIT = 10_000

/**
 * The default byte budget of the journal: 64 MiB. With the body prefix below, at least 128 entries of
 * the largest kind fit, and about 10,000 of a typical size (a few KiB each).
 */
export const DEFAULT_JOURNAL_MAX_BYTES = 64 * 1024 * 1024

/**
 * The most bytes of a request body (and UTF-8 bytes of a response body) an entry keeps: 256 KiB. Real
 * bodies are far smaller (a preset's messages and config, a user form: a few KiB; a long system prompt
 * tens of KiB), so they are kept whole; a bulk upload or an attack is kept as its first 256 KiB.
 */
export const JOURNAL_BODY_PREFIX_BYTES = 256 * 1024

/**
 * What an entry counts on top of its bodies and URL: the entry object, its query and headers records,
 * the numbers and strings of its metadata (an estimate, on the high side for a typical request).
 */
const ENTRY_OVERHEAD_BYTES = 1024

/**
 * The size of a slab of kept bytes. The kept request body and response of one entry are written one after
 * the other into the current slab (a new one when it is full): no allocation per request, and a slab is
 * freed with the last entry that uses it.
 */
const SLAB_BYTES = 64 * 1024
/** Kept bytes of one entry beyond this get a buffer of their own rather than a place in a slab. */
const OWN_BUFFER_BYTES = 8 * 1024
/** How many dropped entries are kept for reuse (one per request is dropped in a steady state). */
const SPARE_ENTRIES = 64
/** How many freed slabs are kept for reuse. */
const SPARE_SLABS = 2

/** A query without parameters, shared by the entries of requests without one (never changed). */
const NO_QUERY = new URLSearchParams()
/** The headers of a blank or dropped entry (never read). */
const NO_HEADERS: Readonly<Record<string, string>> = Object.freeze({})

/**
 * Whether `given` holds the names of `kept` (`names`: its own keys), in that order, with the same values,
 * and has its prototype: then `kept` stands for it in an entry and reads back the same. No allocation.
 */
function sameHeaders(
  given: Readonly<Record<string, string>>,
  kept: Readonly<Record<string, string>>,
  names: readonly string[],
): boolean {
  if (given === kept) return true
  if (Object.getPrototypeOf(given) !== Object.getPrototypeOf(kept)) return false
  let i = 0
  for (const name in given) {
    if (name !== names[i] || given[name] !== kept[name]) return false
    i += 1
  }
  return i === names.length
}

/**
 * An entry as the journal keeps it. The kept request body and the response's UTF-8 bytes are written one
 * after the other into `bytes` from `at` and read back by `rawOf` (a response that would not read back
 * the same, with a lone surrogate, or one cut to a prefix, is kept as text). The path is kept as where it
 * lies in the URL (it is part of it, nearly always). Dropped entries are reused for new ones: in a steady
 * state recording allocates no entry on the JS heap.
 */
interface StoredEntry
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
  /** What the entry counts against the byte budget. */
  budget: number
}

const toMs = (value: number | string) => (typeof value === 'number' ? value : Date.parse(value))

/** Whether `actual` contains everything in `expected` (objects partially, arrays and scalars exactly). */
export function matchesPartially(actual: unknown, expected: unknown): boolean {
  if (expected === null || typeof expected !== 'object') return Object.is(actual, expected)
  if (Array.isArray(expected)) {
    return (
      Array.isArray(actual) &&
      actual.length === expected.length &&
      expected.every((item, index) => matchesPartially(actual[index], item))
    )
  }
  if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return false
  return Object.keys(expected).every(
    (key) =>
      Object.hasOwn(actual, key) &&
      matchesPartially(
        (actual as Record<string, unknown>)[key],
        (expected as Record<string, unknown>)[key],
      ),
  )
}

function parseResponse(text: string): unknown {
  if (text === '') return null
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

const encoder = new TextEncoder()
const lenientDecoder = new TextDecoder('utf-8', { fatal: false })
/** Decodes kept response bytes back to the text they were encoded from (a leading U+FEFF stays). */
const exactDecoder = new TextDecoder('utf-8', { ignoreBOM: true })

/** Whether a string has no lone surrogate, so that its UTF-8 bytes decode back to it (`false` where unknown). */
const isWellFormed = (text: string): boolean =>
  (text as string & { isWellFormed?: () => boolean }).isWellFormed?.() === true

/** The UTF-8 size of a string, without encoding it. */
function utf8Length(text: string): number {
  let bytes = 0
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 0x80) bytes += 1
    else if (code < 0x800) bytes += 2
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      bytes += 4
      i += 1
    } else bytes += 3
  }
  return bytes
}

/**
 * The first characters of a text as a string of its own. (`slice` of a long string gives a V8 "sliced
 * string" that keeps the whole original alive; a round trip through bytes does not.)
 */
function ownPrefix(text: string, characters: number): string {
  return lenientDecoder.decode(encoder.encode(text.slice(0, characters)))
}

/** The first `length` bytes of a body in a buffer of their own (`Buffer#slice` would share the original). */
function copyOf(body: Uint8Array, length: number): Uint8Array {
  const copy = new Uint8Array(length)
  copy.set(body.subarray(0, length))
  return copy
}

/**
 * Kept body bytes as the journal shows them when it does not parse them: decoded as UTF-8 (a character
 * cut in half at the end dropped), control bytes (binary data; tab, newline and return aside) shown as
 * U+FFFD, so that the JSON of the text is at most about twice its size whatever was sent (JSON escapes a
 * control character to six), and secret fields redacted.
 */
function shownText(bytes: Uint8Array): string {
  let clean: Uint8Array | undefined
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i] as number
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) {
      clean ??= copyOf(bytes, bytes.length)
      clean[i] = 0xff // never valid in UTF-8: decoded as U+FFFD
    }
  }
  return redactText(lenientDecoder.decode(clean ?? bytes).replace(/\uFFFD$/, ''))
}

/** A stored entry to fill in (every field present from the start: one object shape for all). */
const blankEntry = (): StoredEntry => ({
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
  budget: 0,
})

/** Options of `createJournal`. */
export interface JournalOptions {
  /** The most entries kept. Default 10,000. */
  limit?: number | undefined
  /** The byte budget. Default 64 MiB. */
  maxBytes?: number | undefined
  /** The most bytes of each body kept. Default 256 KiB. */
  bodyPrefixBytes?: number | undefined
}

function checkCount(value: number, what: string): number {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new InputRangeError(
      `[understudy] Failed to set the journal ${what}: ${value} is not a whole number >= 0.`,
    )
  }
  return value
}

/** Creates a journal holding at most `limit` entries and about `maxBytes` bytes. */
export function createJournal(
  parsers: Readonly<Record<string, JournalBodyParser>>,
  options: JournalOptions = {},
) {
  // A queue: entries from `head` on are live; dropped ones are cleared and the array compacted now and then.
  let items: Array<StoredEntry | undefined> = []
  let head = 0
  let bytes = 0
  let seq = 0
  let cap = checkCount(options.limit ?? DEFAULT_JOURNAL_LIMIT, 'limit')
  let maxBytes = checkCount(options.maxBytes ?? DEFAULT_JOURNAL_MAX_BYTES, 'byte budget')
  const prefixBytes = checkCount(
    options.bodyPrefixBytes ?? JOURNAL_BODY_PREFIX_BYTES,
    'body prefix',
  )
  const listeners = new Set<(event: JournalEvent) => void>()
  /** The UTF-8 sizes of whole responses read as previews, measured once. */
  const wholeSizes = new WeakMap<StoredEntry, number>()
  /** The slab kept bytes are written to now, and how much of it is used. */
  let slab: Uint8Array | undefined
  let slabUsed = 0
  /**
   * The slabs written to, oldest first, with the seq of the last entry written into each: once every entry
   * of a slab is dropped, the slab is reused (entries go in order, so slabs free up in order).
   */
  let slabs: Uint8Array[] = []
  let slabLast: number[] = []
  const spareSlabs: Uint8Array[] = []
  /** Dropped entries, cleared, for the next ones to reuse. */
  const spare: StoredEntry[] = []
  /**
   * The URL, request and response headers of the last entry kept, and its headers' size. A client repeats
   * them request after request: an entry whose own are equal keeps these instead, so that the request's
   * copies die young rather than live (and be promoted to V8's old generation) as long as the entry.
   */
  let lastUrl = ''
  let lastHeaders: Readonly<Record<string, string>> = NO_HEADERS
  let lastHeaderNames: readonly string[] = []
  let lastHeaderBytes = 0
  let lastResponseHeaders: Readonly<Record<string, string>> = NO_HEADERS
  let lastResponseNames: readonly string[] = []

  const size = () => items.length - head
  const stored = (): StoredEntry[] => (head === 0 ? items : items.slice(head)) as StoredEntry[]

  function dropOldest(): void {
    const oldest = items[head] as StoredEntry
    bytes -= oldest.budget
    items[head] = undefined
    if (spare.length < SPARE_ENTRIES) {
      wholeSizes.delete(oldest)
      // Nothing it held stays alive through it.
      oldest.query = NO_QUERY
      oldest.headers = NO_HEADERS
      oldest.bytes = undefined
      oldest.responseText = undefined
      oldest.url = ''
      oldest.pathText = undefined
      oldest.responseHeaders = NO_HEADERS
      oldest.fault = null
      oldest.error = undefined
      spare.push(oldest)
    }
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
    const keep = Math.min(cap, maxBytes === 0 ? 0 : 1)
    const before = head
    while (size() > cap) dropOldest()
    while (bytes > maxBytes && size() > keep) dropOldest()
    if (head !== before || size() === 0) releaseSlabs()
  }

  /** Sets aside for reuse the slabs (but the current one) that no entry kept uses any more. */
  function releaseSlabs(): void {
    const oldest = size() > 0 ? (items[head] as StoredEntry).seq : Number.POSITIVE_INFINITY
    while (slabs.length > 1 && (slabLast[0] as number) < oldest) {
      const free = slabs.shift() as Uint8Array
      slabLast.shift()
      if (spareSlabs.length < SPARE_SLABS) spareSlabs.push(free)
    }
  }

  /**
   * The entry as kept: at most `keep` bytes of the body and the response's prefix, their bytes written into
   * the current slab (or a buffer of their own), and what the entry counts against the budget.
   */
  function store(entry: NewJournalEntry, number: number, keep: number): StoredEntry {
    const body = entry.body
    let bodyLength = -1
    let bodySize = entry.bodySize
    if (body !== undefined) {
      if (body.byteLength > keep) {
        bodySize = body.byteLength
        if (keep > 0) bodyLength = keep
      } else bodyLength = body.byteLength
    }
    let text = entry.responseBody
    let responseSize: number | undefined
    // Characters, then bytes: a string of N characters is at least N bytes, at most 3N.
    if (text.length * 3 > prefixBytes) {
      const whole = utf8Length(text)
      if (whole > prefixBytes) {
        responseSize = whole
        text = ownPrefix(text, prefixBytes)
      }
    }
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
      if (slab === undefined || slabUsed + room > SLAB_BYTES) {
        slab = spareSlabs.pop() ?? new Uint8Array(SLAB_BYTES)
        slabUsed = 0
        slabs.push(slab)
        slabLast.push(number)
      }
      buffer = slab
      at = slabUsed
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
    if (buffer === slab) {
      slabUsed = at + keptBody + Math.max(responseLength, 0)
      slabLast[slabLast.length - 1] = number
    }
    const url = entry.url === lastUrl ? lastUrl : entry.url
    lastUrl = url
    const path = entry.path
    // The path below the base URL is in the URL after the origin (unless the caller made it otherwise).
    const pathAt = path === '' ? 0 : url.indexOf(path)
    if (!sameHeaders(entry.headers, lastHeaders, lastHeaderNames)) {
      lastHeaders = entry.headers
      lastHeaderNames = Object.keys(lastHeaders)
      lastHeaderBytes = 0
      for (const name in lastHeaders) {
        lastHeaderBytes += name.length + (lastHeaders[name] as string).length
      }
    }
    if (!sameHeaders(entry.responseHeaders, lastResponseHeaders, lastResponseNames)) {
      lastResponseHeaders = entry.responseHeaders
      lastResponseNames = Object.keys(lastResponseHeaders)
    }
    const kept = spare.pop() ?? blankEntry()
    kept.seq = number
    kept.time = entry.time
    kept.service = entry.service
    kept.tenant = entry.tenant
    kept.operation = entry.operation
    kept.actor = entry.actor
    kept.method = entry.method
    kept.url = url
    // A query without parameters holds nothing worth keeping (nor the URL a `searchParams` holds on to).
    kept.query = entry.query.size === 0 ? NO_QUERY : entry.query
    kept.headers = lastHeaders
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
    kept.responseHeaders = lastResponseHeaders
    kept.fault = entry.fault
    kept.durationMs = entry.durationMs
    kept.error = entry.error
    kept.budget = ENTRY_OVERHEAD_BYTES + 2 * url.length + lastHeaderBytes + keptBody + text.length
    return kept
  }

  /** An entry as its readers take it: the body as a view of the kept bytes, the response decoded. */
  function rawOf(entry: StoredEntry): RawJournalEntry {
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

  const previewed = (
    entry: RawJournalEntry,
    preview: number | undefined,
  ): Pick<ParsedEntry, 'body' | 'truncated' | 'bodySize'> => {
    const kept = entry.body
    const whole = entry.bodySize === undefined
    if (whole && (preview === undefined || (kept?.byteLength ?? 0) <= preview)) {
      const parse = parsers[entry.service]
      const parsed = parse ? parse(entry) : null
      // A body the service cannot parse comes back as its text: shown like a body kept in part.
      return {
        body: typeof parsed === 'string' && kept ? shownText(kept) : redact(parsed),
      }
    }
    const bodySize = entry.bodySize ?? kept?.byteLength ?? 0
    const shown =
      kept === undefined ? undefined : preview === undefined ? kept : kept.subarray(0, preview)
    return {
      body: shown === undefined || shown.byteLength === 0 ? null : shownText(shown),
      truncated: true,
      bodySize,
    }
  }

  const responseOf = (
    entry: RawJournalEntry,
    kept: StoredEntry,
    preview: number | undefined,
  ): Pick<ParsedEntry, 'response' | 'responseTruncated' | 'responseSize'> => {
    const text = entry.responseBody
    if (entry.responseSize === undefined && (preview === undefined || text.length <= preview))
      return { response: parseResponse(text) }
    let responseSize = entry.responseSize ?? wholeSizes.get(kept)
    if (responseSize === undefined) {
      responseSize = utf8Length(text)
      wholeSizes.set(kept, responseSize)
    }
    return {
      response: preview === undefined ? text : text.slice(0, preview),
      responseTruncated: true,
      responseSize,
    }
  }

  const read = (kept: StoredEntry, preview?: number): JournalEntry => {
    const entry = rawOf(kept)
    const out: ParsedEntry = {
      seq: entry.seq,
      time: new Date(entry.time).toISOString(),
      service: entry.service,
      tenant: entry.tenant,
      operation: entry.operation,
      actor: entry.actor,
      method: entry.method,
      path: entry.path,
      query: redact(Object.fromEntries(entry.query)) as Record<string, string>,
      ...previewed(entry, preview),
      status: entry.status,
      ...responseOf(entry, kept, preview),
      fault: entry.fault,
      durationMs: entry.durationMs,
    }
    if (entry.error) out.error = { ...entry.error }
    // The service and operation are the simulator's own, so the body and response are theirs.
    return out as JournalEntry
  }

  const cheapMatch = (entry: StoredEntry, filter: JournalFilter) =>
    (filter.service === undefined || entry.service === filter.service) &&
    (filter.tenant === undefined || entry.tenant === filter.tenant) &&
    (filter.operation === undefined || entry.operation === filter.operation) &&
    (filter.method === undefined || entry.method === filter.method.toUpperCase()) &&
    (filter.status === undefined ||
      (typeof filter.status === 'function'
        ? filter.status(entry.status)
        : entry.status === filter.status)) &&
    (filter.since === undefined || entry.time >= toMs(filter.since)) &&
    (filter.until === undefined || entry.time <= toMs(filter.until))

  /** Refuses an unknown service or operation id (a typo would otherwise match nothing, silently). */
  const checkFilter = (filter: JournalFilter): void => {
    if (filter.service !== undefined || filter.operation !== undefined)
      checkOperationMatch(filter, 'read the journal')
  }

  const select = (filter: JournalFilter = {}): JournalEntry[] => {
    checkFilter(filter)
    const out: JournalEntry[] = []
    for (const entry of stored()) {
      if (!cheapMatch(entry, filter)) continue
      const parsed = read(entry)
      if (filter.body !== undefined && !matchesPartially(parsed.body, filter.body)) continue
      out.push(parsed)
    }
    return out
  }

  /** The raw entries matching a filter, oldest first (for `toHAR`, which redacts what it writes). */
  const selectRaw = (filter: JournalFilter = {}): RawJournalEntry[] => {
    checkFilter(filter)
    const out: RawJournalEntry[] = []
    for (const kept of stored()) {
      if (!cheapMatch(kept, filter)) continue
      const entry = rawOf(kept)
      if (
        filter.body === undefined ||
        matchesPartially(previewed(entry, undefined).body, filter.body)
      )
        out.push(entry)
    }
    return out
  }

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
      seq += 1
      if (cap > 0 && maxBytes > 0) {
        const kept = store(entry, seq, Math.min(keepBodyBytes, prefixBytes))
        items.push(kept)
        bytes += kept.budget
        trim()
      }
      if (listeners.size > 0) emit(seq, entry)
    },
    /** The entries matching a filter, oldest first. */
    entries: select as JournalReads['entries'],
    /** How many entries match a filter. */
    count(filter: JournalFilter = {}): number {
      checkFilter(filter)
      if (filter.body === undefined) {
        let count = 0
        for (let i = head; i < items.length; i++)
          if (cheapMatch(items[i] as StoredEntry, filter)) count += 1
        return count
      }
      return select(filter).length
    },
    /**
     * The newest `count` entries, newest first (only those are read). With `bodyPreviewBytes`, a body
     * or response longer than that comes back as a text preview, so reading stays cheap whatever was sent.
     */
    recent(count: number, options: RecentOptions = {}): JournalEntry[] {
      const out: JournalEntry[] = []
      for (let i = items.length - 1; i >= head && out.length < count; i--) {
        out.push(read(items[i] as StoredEntry, options.bodyPreviewBytes))
      }
      return out
    },
    /** The newest entry matching a filter. */
    last: ((filter: JournalFilter = {}) => select(filter).at(-1)) as JournalReads['last'],
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
     * rejects after `timeoutMs` (default 5,000) listing the closest entries. See `journal-wait.ts`.
     */
    waitFor: ((filter: JournalFilter = {}, options?: WaitForOptions) => {
      try {
        checkFilter(filter)
      } catch (error) {
        return Promise.reject(error)
      }
      return waitForEntry(journal, filter, options)
    }) as JournalReads['waitFor'],
    /**
     * The entries matching a filter as a HAR 1.2 document (`har.ts`): redacted as the journal is, unless
     * `{ redact: false }`.
     */
    toHAR(filter: JournalFilter = {}, options: HarOptions = {}): Har {
      return buildHar(selectRaw(filter), {
        parse: (entry) => parsers[entry.service]?.(entry) ?? null,
        redact: options.redact === false ? undefined : redact,
      })
    },
    /** Forgets every entry. */
    clear(): void {
      items = []
      head = 0
      bytes = 0
      // The slabs go with the entries (to the garbage collector).
      slab = undefined
      slabs = []
      slabLast = []
    },
    /** The cap on entries. */
    get limit(): number {
      return cap
    },
    /** The byte budget. */
    get maxBytes(): number {
      return maxBytes
    },
    /** What the entries kept count against the budget, in bytes (an estimate of the memory they hold). */
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
      maxBytes = checkCount(next, 'byte budget')
      trim()
    },
  }
  return journal
}

export type Journal = ReturnType<typeof createJournal>
