/**
 * Reading a stored entry back: the request body parsed by its service's parser (or shown as text when it
 * was kept in part, is longer than a preview, or does not parse), the response parsed as JSON, secrets
 * redacted. Nothing is parsed at record time: recording costs next to nothing on the request's path.
 * @module
 */
import { parseResponse, shownText, utf8Length } from './body-text.js'
import type { JournalBodyParser, ParsedEntry, RawJournalEntry } from './entry.js'
import { readInference } from './inference.js'
import { redact } from './redact.js'
import { rawOf, type StoredEntry } from './stored-entry.js'

/** Options of `recent`. */
export interface RecentOptions {
  /**
   * The most bytes of a request body (and characters of a response body, or of an inference's effective
   * request as JSON) returned parsed: a longer one comes back as a text preview of this many, with
   * `truncated`/`bodySize` (`responseTruncated`/`responseSize`, `effectiveRequestTruncated`/
   * `effectiveRequestSize`). Default: no preview (as `entries`).
   */
  bodyPreviewBytes?: number
}

/** Creates the reader of entries whose bodies each service parses with its own parser. */
export function createReader(
  parsers: Readonly<Record<string, JournalBodyParser>>,
  prefixBytes: number,
) {
  /** The UTF-8 sizes of whole responses read as previews, measured once. */
  const wholeSizes = new WeakMap<StoredEntry, number>()

  /** The request body as read: parsed and redacted, or as text with its size when shown in part. */
  const bodyOf = (
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

  /** The response as read: parsed, or its first characters with its size. */
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

  return {
    /** A stored entry as read (bodies longer than `preview` as text previews). */
    read(kept: StoredEntry, preview?: number): ParsedEntry {
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
        ...bodyOf(entry, preview),
        status: entry.status,
        ...responseOf(entry, kept, preview),
        ...(kept.inference !== undefined && {
          inference:
            kept.inference === null ? null : readInference(kept.inference, prefixBytes, preview),
        }),
        fault: entry.fault,
        durationMs: entry.durationMs,
      }
      if (entry.error) out.error = { ...entry.error }
      return out
    },
    /** The request body of a raw entry as `read` gives it (what a filter's `body` is matched against). */
    body: (entry: RawJournalEntry): unknown => bodyOf(entry, undefined).body,
    /** A raw entry's body as its service parses it (`null` without a parser), not redacted: for HAR. */
    parse: (entry: RawJournalEntry): unknown => parsers[entry.service]?.(entry) ?? null,
    /** Forgets what was measured of an entry about to be reused. */
    forget(kept: StoredEntry): void {
      wholeSizes.delete(kept)
    },
  }
}
