/**
 * A recorded request and its answer, as `verify` and each service's verify part read it: the exchange
 * (`RecordedExchange`, read from a HAR by `src/surfaces/verify/har-input.ts`), its headers, its parameters
 * and its credentials. Generic: nothing here knows a service.
 * @module
 */

/** A header, as a lower-cased name and its value, in recorded order. */
export type HeaderList = ReadonlyArray<readonly [name: string, value: string]>

/** One recorded request and its answer, as `verify` works with it. */
export interface RecordedExchange {
  /** 1-based position in `log.entries`. */
  index: number
  method: string
  url: string
  requestHeaders: HeaderList
  /** The request body as text, when one was recorded. */
  requestBody: string | undefined
  /** The request body's media type, from `postData.mimeType` or the `Content-Type` header. */
  requestMimeType: string | undefined
  status: number
  /** The answer's headers; `undefined` when the recording has none (not the same as an answer without any). */
  responseHeaders: HeaderList | undefined
  /** The answer's body, decoded; `undefined` when not recorded. */
  responseBody: string | undefined
  /** When the request was sent (epoch ms), when recorded. */
  startedAt: number | undefined
  /** An Understudy journal's account of who sent it (its credentials may be redacted). */
  actor: string | undefined
  /** A note that makes the exchange unusable (a truncated body, no answer), or `undefined`. */
  unusable: string | undefined
}

/** A header's value (the first of that name), by lower-case name. */
export function header(headers: HeaderList | undefined, name: string): string | undefined {
  return headers?.find(([key]) => key === name)?.[1]
}

function multipart(body: string, mimeType: string): Array<[string, string]> {
  const boundary = /boundary="?([^";]+)"?/i.exec(mimeType)?.[1]
  if (!boundary) return []
  const out: Array<[string, string]> = []
  for (const part of body.split(`--${boundary}`)) {
    const split = part.indexOf('\r\n\r\n')
    if (split < 0) continue
    const name = /name="([^"]*)"/i.exec(part.slice(0, split))?.[1]
    if (name === undefined) continue
    out.push([name, part.slice(split + 4).replace(/\r\n$/, '')])
  }
  return out
}

/**
 * The parameters of a recorded request, as a verify part reads them to learn what the recording did (which
 * e-mail a `POST /users` created, which slug a preset write named): the query string, then a form body
 * (URL-encoded or multipart). The last of repeated names wins.
 */
export function requestParams(exchange: RecordedExchange): Map<string, string> {
  const params = new Map<string, string>()
  try {
    for (const [name, value] of new URL(exchange.url).searchParams) params.set(name, value)
  } catch {
    // Not a URL: no query.
  }
  const body = exchange.requestBody
  if (body === undefined || body === '') return params
  const type = exchange.requestMimeType?.toLowerCase() ?? ''
  if (type.startsWith('multipart/form-data')) {
    for (const [name, value] of multipart(body, exchange.requestMimeType ?? '')) {
      params.set(name, value)
    }
  } else if (!type.includes('json')) {
    for (const [name, value] of new URLSearchParams(body)) params.set(name, value)
  }
  return params
}

/**
 * A recorded request's credentials: HTTP Basic (an e-mail and key), a Bearer key, none, or something else
 * (a malformed or other-scheme header, replayed as sent). A header redacted as `[redacted]` (Understudy's
 * journal does by default) is identified by the journal's `_understudy.actor` when the entry has one.
 */
export type Credential =
  | { scheme: 'basic'; id: string; email: string; key: string }
  | { scheme: 'bearer'; id: string; key: string }
  | { scheme: 'none'; id: 'none' }
  /** Not a usable credential (malformed, another scheme): replayed exactly as recorded. */
  | { scheme: 'other'; id: string; raw: string }
  /** Redacted in the recording; `actor` names whose it was when the recording says. */
  | { scheme: 'redacted'; id: string; actor: string | undefined }

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/
const REDACTED = /^\[?redacted\]?$/i

/** Decodes a Basic token as `email:key` (one colon), or `undefined`. */
function decodeBasic(token: string): { email: string; key: string } | undefined {
  if (!BASE64.test(token) || token.length % 4 !== 0) return undefined
  const text = Buffer.from(token, 'base64').toString('utf8')
  if (text.includes('\uFFFD')) return undefined
  const parts = text.split(':')
  if (parts.length !== 2) return undefined
  const [email = '', key = ''] = parts
  return { email, key }
}

/** The credentials a recorded request carried. */
export function credentialOf(exchange: RecordedExchange): Credential {
  const raw = header(exchange.requestHeaders, 'authorization')
  if (raw === undefined) return { scheme: 'none', id: 'none' }
  const value = raw.trim()
  if (REDACTED.test(value) || /\s\[?redacted\]?$/i.test(value)) {
    return {
      scheme: 'redacted',
      id: `redacted ${exchange.actor ?? '?'}`,
      actor: exchange.actor,
    }
  }
  const parts = value.split(/\s+/)
  if (parts.length === 2) {
    const [scheme = '', token = ''] = parts
    if (scheme.toLowerCase() === 'basic') {
      const decoded = decodeBasic(token)
      if (decoded)
        return { scheme: 'basic', id: `basic ${decoded.email}:${decoded.key}`, ...decoded }
    }
    if (scheme.toLowerCase() === 'bearer' && token !== '') {
      return { scheme: 'bearer', id: `bearer ${token}`, key: token }
    }
  }
  return { scheme: 'other', id: `other ${raw}`, raw }
}

/** A credential as a person recognises it in the report, without its secret. */
export function describeCredential(credential: Credential): string {
  switch (credential.scheme) {
    case 'basic':
      return credential.email
    case 'bearer':
      return credential.key.length > 16
        ? `${credential.key.slice(0, 9)}…${credential.key.slice(-4)}`
        : `${credential.key.slice(0, 4)}…`
    case 'redacted':
      return credential.actor ?? '[redacted]'
    case 'none':
      return 'no credentials'
    case 'other':
      return 'a malformed Authorization header'
  }
}

/** `Basic` credentials for an e-mail and key. */
export const basic = (email: string, key: string) =>
  `Basic ${Buffer.from(`${email}:${key}`, 'utf8').toString('base64')}`
