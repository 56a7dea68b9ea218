/**
 * The credentials of a recorded request: HTTP Basic (a messaging account's e-mail and API key), a Bearer
 * key (the router), none, or something else (a malformed or other-scheme header, replayed as sent). A
 * header redacted as `[redacted]` (Understudy's journal does by default) is identified by the journal's
 * `_understudy.actor` when the entry has one.
 * @module
 */
import { header, type RecordedExchange } from './har-input.js'

/** A recorded request's credentials. */
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

/** Decodes a Basic token as Zulip would accept it (`email:key`, one colon), or `undefined`. */
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
