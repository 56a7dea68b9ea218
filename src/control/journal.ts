/**
 * The request journal: every request a simulator answered, newest last, bounded in memory.
 * Entries keep the raw request and response and are parsed and redacted only when read, so recording
 * costs next to nothing on the hot path.
 * @module
 */

/** What is recorded per request (raw). */
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
  body: Uint8Array | undefined
  status: number
  responseBody: string
  responseHeaders: Readonly<Record<string, string>>
  fault: JournalFault | null
  durationMs: number
}

/** The injected fault that answered a request, if any. */
export interface JournalFault {
  id: number
  kind: 'status' | 'network-error' | 'hang' | 'delay'
  status?: number
  delayMs?: number
}

/** A journal entry as read: parsed, with credentials and passwords redacted. */
export interface JournalEntry {
  seq: number
  time: string
  service: string
  /** The router workspace id or the messaging organization's subdomain. */
  tenant: string | null
  /** The real API's operation id (e.g. `createPresetsChatCompletions`, `create-user`), or null when none matched. */
  operation: string | null
  /** Who made the request: a router key's label, a messaging account's email. Never a secret. */
  actor: string | null
  method: string
  path: string
  query: Record<string, string>
  /** The parsed request body (JSON, or form fields), with secrets redacted. */
  body: unknown
  status: number
  /** The parsed response body (JSON when it parses, otherwise the text). */
  response: unknown
  fault: JournalFault | null
  durationMs: number
}

/** How a service parses a recorded request body for the journal. */
export type JournalBodyParser = (entry: RawJournalEntry) => unknown

const SECRET_KEY =
  /^(password|new_password|api_?key|key|token|secret|authorization|client_secret)$/i

/** A copy of a parsed value with every secret-named key's value replaced by `[redacted]`. */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact)
  if (value === null || typeof value !== 'object') return value
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(value)) {
    const item = (value as Record<string, unknown>)[key]
    Object.defineProperty(out, key, {
      value: SECRET_KEY.test(key) ? REDACTED : redact(item),
      enumerable: true,
      writable: true,
      configurable: true,
    })
  }
  return out
}

/** Which entries to read, count or wait for. Every given field must match. */
export interface JournalFilter {
  service?: string
  tenant?: string
  operation?: string
  method?: string
  status?: number | ((status: number) => boolean)
  /** Epoch ms or ISO time: entries at or after it. */
  since?: number | string
  /** Epoch ms or ISO time: entries at or before it. */
  until?: number | string
  /** A deep partial match against the parsed request body. */
  body?: unknown
}

/** The default cap on entries; the oldest are dropped first. */
export const DEFAULT_JOURNAL_LIMIT = 10_000

/** The value that stands in for a secret. */
export const REDACTED = '[redacted]'

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

/** Creates a journal holding at most `limit` entries. */
export function createJournal(
  parsers: Readonly<Record<string, JournalBodyParser>>,
  limit = DEFAULT_JOURNAL_LIMIT,
) {
  let ring: RawJournalEntry[] = []
  let start = 0
  let seq = 0
  let cap = limit

  const raw = (): RawJournalEntry[] =>
    start === 0 ? ring : [...ring.slice(start), ...ring.slice(0, start)]

  const read = (entry: RawJournalEntry): JournalEntry => {
    const parse = parsers[entry.service]
    return {
      seq: entry.seq,
      time: new Date(entry.time).toISOString(),
      service: entry.service,
      tenant: entry.tenant,
      operation: entry.operation,
      actor: entry.actor,
      method: entry.method,
      path: entry.path,
      query: redact(Object.fromEntries(entry.query)) as Record<string, string>,
      body: parse ? redact(parse(entry)) : null,
      status: entry.status,
      response: parseResponse(entry.responseBody),
      fault: entry.fault,
      durationMs: entry.durationMs,
    }
  }

  const cheapMatch = (entry: RawJournalEntry, filter: JournalFilter) =>
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

  const select = (filter: JournalFilter = {}): JournalEntry[] => {
    const out: JournalEntry[] = []
    for (const entry of raw()) {
      if (!cheapMatch(entry, filter)) continue
      const parsed = read(entry)
      if (filter.body !== undefined && !matchesPartially(parsed.body, filter.body)) continue
      out.push(parsed)
    }
    return out
  }

  return {
    /** Records a request; drops the oldest entry beyond the cap. */
    record(entry: Omit<RawJournalEntry, 'seq'>): void {
      seq += 1
      // The entry is the caller's fresh object: numbered in place rather than copied.
      const full = entry as RawJournalEntry
      full.seq = seq
      if (cap <= 0) return
      if (ring.length < cap) ring.push(full)
      else {
        ring[start] = full
        start = (start + 1) % cap
      }
    },
    /** The entries matching a filter, oldest first. */
    entries: select,
    /** How many entries match a filter. */
    count(filter: JournalFilter = {}): number {
      if (filter.body === undefined)
        return raw().filter((entry) => cheapMatch(entry, filter)).length
      return select(filter).length
    },
    /** The newest `count` entries, newest first (only those are parsed). */
    recent(count: number): JournalEntry[] {
      return raw().slice(-count).reverse().map(read)
    },
    /** The newest entry matching a filter. */
    last(filter: JournalFilter = {}): JournalEntry | undefined {
      return select(filter).at(-1)
    },
    /** Forgets every entry. */
    clear(): void {
      ring = []
      start = 0
    },
    /** The cap on entries. */
    get limit(): number {
      return cap
    },
    /** Changes the cap, dropping the oldest entries beyond it. */
    setLimit(next: number): void {
      if (!Number.isInteger(next) || next < 0) {
        throw new RangeError(
          `[understudy] Failed to set the journal limit: ${next} is not a whole number >= 0.`,
        )
      }
      const kept = raw().slice(-next || ring.length)
      ring = next === 0 ? [] : kept
      start = 0
      cap = next
    },
  }
}

export type Journal = ReturnType<typeof createJournal>
