/**
 * The field rules faults and stubs share: the request headers they match, and the body and headers of an
 * answer of the user's choosing, each bounded (control inputs are untrusted: the standalone server runs
 * beside a browser), and how such an answer is put together.
 * @module
 */

import type { PlainResponse } from '../core/http.js'
import { rule } from '../core/input-error.js'
import * as z from '../core/zod.js'

/** The most headers a fault or stub matches, or an answer of the user's sets. */
const MAX_HEADER_FIELDS = 32
/** The longest header value accepted (characters); names are at most 256. */
const MAX_HEADER_VALUE = 8_192
/** The largest body of the user's choosing, in UTF-8 bytes (as a string or as JSON). */
const MAX_CUSTOM_BODY_BYTES = 1024 * 1024

/** An HTTP field name (RFC 9110 `token`). */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]{1,256}$/
/** A field value every way in writes as given: visible Latin-1 and inner spaces or tabs. */
const FIELD_VALUE = /^(?:[\x21-\x7e\x80-\xff](?:[\t\x20-\x7e\x80-\xff]*[\x21-\x7e\x80-\xff])?)?$/

/** Request headers that carry credentials: listed faults and stubs would show them. */
const SECRET_REQUEST_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie'])
/** Response headers the way in writes itself (framing and the connection). */
const FRAMING_HEADERS = new Set([
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'trailer',
])

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.getPrototypeOf(value) === Object.prototype

/** Why a map of header names to values is refused, or `undefined`. */
function headersProblem(value: unknown, refused: ReadonlySet<string>, why: string) {
  if (!isPlainObject(value)) return 'must be an object of header names to text values'
  const entries = Object.entries(value)
  if (entries.length > MAX_HEADER_FIELDS) return `must have at most ${MAX_HEADER_FIELDS} headers`
  const seen = new Set<string>()
  for (const [name, text] of entries) {
    const lower = name.toLowerCase()
    if (!TOKEN.test(name)) return `${JSON.stringify(name.slice(0, 60))} is not a header name`
    if (seen.has(lower)) return `${name} is given twice (names are case-insensitive)`
    seen.add(lower)
    if (refused.has(lower)) return `${name} cannot be given: ${why}`
    if (typeof text !== 'string') return `${name} must be text`
    if (text.length > MAX_HEADER_VALUE)
      return `${name} must be at most ${MAX_HEADER_VALUE} characters`
    if (!FIELD_VALUE.test(text))
      return `${name} must be visible Latin-1 text without control characters or surrounding spaces`
  }
  return undefined
}

/** A header map's rule: the problem as the issue's message (its value is not repeated: it may be long). */
const headerMap = (refused: ReadonlySet<string>, why: string) =>
  z.pipe(
    z.unknown().check(
      z.superRefine((value, context) => {
        const problem = headersProblem(value, refused, why)
        if (problem) context.addIssue({ code: 'custom', message: problem })
      }),
    ),
    z.transform((value: unknown) =>
      Object.fromEntries(
        Object.entries(value as Record<string, string>).map(([name, text]) => [
          name.toLowerCase(),
          text,
        ]),
      ),
    ),
  )

/**
 * Request headers a fault or stub matches: each must be sent with exactly this value (names
 * case-insensitive). Credentials cannot be matched (they would be listed): match `tenant` instead.
 */
export const requestHeadersField = () =>
  z.optional(
    headerMap(
      SECRET_REQUEST_HEADERS,
      'it carries credentials, which discovery and the inspector would list; match the tenant instead',
    ),
  )

/** Response headers of the user's choosing (framing headers are the way in's). */
export const responseHeadersField = () =>
  z.optional(headerMap(FRAMING_HEADERS, 'the server sets it from the body it sends'))

const encoder = new TextEncoder()

/** UTF-8 size of a string (control inputs only: never on a request's path). */
export const utf8Bytes = (text: string): number => encoder.encode(text).length

/**
 * A body of the user's choosing: a string sent as it is, or any other JSON value, sent as JSON. At most
 * 1 MiB either way.
 */
export const customBodyField = () =>
  z.optional(
    rule<unknown>((value) => {
      if (value === undefined) return false
      if (typeof value === 'string') return utf8Bytes(value) <= MAX_CUSTOM_BODY_BYTES
      try {
        const text = JSON.stringify(value)
        return typeof text === 'string' && utf8Bytes(text) <= MAX_CUSTOM_BODY_BYTES
      } catch {
        return false
      }
    }, `must be a string or a JSON value of at most ${MAX_CUSTOM_BODY_BYTES} bytes`),
  )

/** Whether a request carries every header of `wanted` with exactly that value (names lower-case). */
export function hasHeaders(
  headers: Readonly<Record<string, string>>,
  wanted: Readonly<Record<string, string>>,
): boolean {
  for (const name in wanted) if (headers[name] !== wanted[name]) return false
  return true
}

/**
 * An answer with the user's body and headers over a base answer (the service's own for the status, or
 * an empty one): a string body as given; another value as JSON with `content-type: application/json`,
 * ending with a newline when the base does (as the messaging service's bodies do); then the user's
 * headers over the base's.
 */
export function withCustomParts(
  base: PlainResponse,
  parts: { body?: unknown; headers?: Readonly<Record<string, string>> | undefined },
): PlainResponse {
  const headers = { ...base.headers }
  let body = base.body
  if (parts.body !== undefined) {
    if (typeof parts.body === 'string') body = parts.body
    else {
      body = JSON.stringify(parts.body) + (base.body.endsWith('\n') ? '\n' : '')
      headers['content-type'] = 'application/json'
    }
  }
  if (parts.headers) Object.assign(headers, parts.headers)
  return { status: base.status, headers, body }
}
