/**
 * HTTP Basic authentication of the REST API, with every failure of the real server in its order:
 *
 * | case | status | msg |
 * |---|---|---|
 * | no `Authorization` header, the client prefers HTML | 302 | to `/login/?next=<path>` |
 * | no `Authorization` header | 401 | `Not logged in: API authentication or user session required` |
 * | the value is not two whitespace-separated tokens | 401 | `Invalid authorization header for basic auth` |
 * | the scheme is not `basic` (any case) | 400 `BAD_REQUEST` | `This endpoint requires HTTP basic authentication.` |
 * | bad base64 or UTF-8, or not exactly one `:` | 401 | `Invalid authorization header for basic auth` |
 * | the stripped key is not 32 alphanumerics | 401 | `Malformed API key` |
 * | no user has the key, or its e-mail differs | 401 | `Invalid API key` |
 * | the key's organization is deactivated | 401 | `This organization has been deactivated` |
 * | the user is deactivated | 401 | `Account is deactivated` |
 * | the user belongs to another organization (or is a system bot) | 401 | `Account is not associated with this subdomain` |
 * | an incoming-webhook bot | 401 | `This API is not available to incoming webhook bots.` |
 *
 * Every 401 has code `UNAUTHORIZED` and `WWW-Authenticate: Basic realm="zulip"`.
 * @module
 */
import type { PlainRequest, PlainResponse } from '../../engine/core/http.js'
import { messagingMessages, unauthorized, zulipError } from './errors.js'
import { decodeUtf8Strict, pyBase64Decode, pySplit, pyStrip } from './python.js'
import { BOT_TYPES, type UserRecord } from './records.js'
import type { MessagingStore } from './store.js'

/** A media range of an `Accept` header (Django's `MediaType`). */
interface MediaRange {
  main: string
  sub: string
  params: string[]
  quality: number
  specificity: number
}

function parseMediaRange(token: string): MediaRange {
  const [full = '', ...rest] = token.split(';').map((part) => part.trim())
  const [main = '', sub = ''] = full.toLowerCase().split('/', 2)
  const params: string[] = []
  let quality = 1
  for (const part of rest) {
    const at = part.indexOf('=')
    if (at < 0) continue
    const name = part.slice(0, at).trim().toLowerCase()
    const value = part.slice(at + 1).trim()
    if (name === 'q') {
      const q = Number(value)
      quality =
        value !== '' && Number.isFinite(q) && q >= 0 && q <= 1 ? Math.round(q * 1000) / 1000 : 1
    } else params.push(`${name}=${value}`)
  }
  const specificity = main === '*' ? 0 : sub === '*' ? 1 : params.length === 0 ? 2 : 3
  return { main, sub, params, quality, specificity }
}

/** Django 5.2's `request.get_preferred_type(["application/json", "text/html"])`. */
function prefersHtml(accept: string | undefined): boolean {
  const ranges = (accept ?? '*/*')
    .split(',')
    .filter((token) => token.trim() !== '')
    .map(parseMediaRange)
    .filter((range) => range.quality !== 0)
    .map((range, index) => ({ range, index }))
    .sort(
      (a, b) =>
        b.range.quality - a.range.quality ||
        b.range.specificity - a.range.specificity ||
        a.index - b.index,
    )
    .map(({ range }) => range)
  const position = (main: string, sub: string) =>
    ranges.findIndex(
      (range) =>
        range.main !== '' &&
        range.sub !== '' &&
        (range.main === main || range.main === '*') &&
        (range.sub === sub || range.sub === '*'),
    )
  const json = position('application', 'json')
  const html = position('text', 'html')
  if (html < 0) return false
  return json < 0 || html < json
}

/** What an `Authorization` value says before any account is looked up: credentials, or why it fails. */
type Credentials =
  | { email: string; lowerEmail: string; key: string }
  | { refused: 'invalid-header' | 'not-basic' | 'malformed-key' }

/**
 * `Authorization` values parsed recently: clients send the same one on every request, and the parse
 * (splitting, base64, UTF-8) is pure, so it is remembered. Bounded in count and in value length.
 */
const parsedCredentials = new Map<string, Credentials>()
const CREDENTIALS_CACHE_SIZE = 256
const CACHED_VALUE_LENGTH = 512

function credentialsOf(value: string): Credentials {
  const cached = parsedCredentials.get(value)
  if (cached) return cached
  const credentials = parseCredentials(value)
  if (value.length <= CACHED_VALUE_LENGTH) {
    if (parsedCredentials.size >= CREDENTIALS_CACHE_SIZE) parsedCredentials.clear()
    parsedCredentials.set(value, credentials)
  }
  return credentials
}

/** The checks of the header's form, in the real server's order. */
function parseCredentials(value: string): Credentials {
  const tokens = pySplit(value)
  if (tokens.length !== 2) return { refused: 'invalid-header' }
  const [scheme, encoded] = tokens as [string, string]
  if (scheme.toLowerCase() !== 'basic') return { refused: 'not-basic' }
  const bytes = pyBase64Decode(encoded)
  const parts = (bytes === undefined ? undefined : decodeUtf8Strict(bytes))?.split(':') ?? []
  if (parts.length !== 2) return { refused: 'invalid-header' }
  const email = pyStrip(parts[0] as string)
  const key = pyStrip(parts[1] as string)
  if (!/^[A-Za-z0-9]{32}$/.test(key)) return { refused: 'malformed-key' }
  return { email, lowerEmail: email.toLowerCase(), key }
}

/**
 * The user a REST request acts as, or the response refusing it. `basePath` is the organization's path
 * prefix (empty in process), for the login redirect.
 */
export function authenticate(
  request: PlainRequest,
  organization: { subdomain: string; basePath: string },
  store: MessagingStore,
): UserRecord | PlainResponse {
  const value = request.headers.authorization
  if (value === undefined) {
    if (prefersHtml(request.headers.accept)) {
      const location = `${organization.basePath}/login/?next=${request.path}`
      return {
        status: 302,
        headers: { 'content-type': 'text/html; charset=utf-8', location },
        body: '',
      }
    }
    return unauthorized(messagingMessages.notLoggedIn)
  }
  const credentials = credentialsOf(value)
  if ('refused' in credentials) {
    if (credentials.refused === 'not-basic')
      return zulipError(400, 'BAD_REQUEST', messagingMessages.basicRequired)
    return unauthorized(
      credentials.refused === 'malformed-key'
        ? messagingMessages.malformedApiKey
        : messagingMessages.invalidBasicHeader,
    )
  }
  const user = store.userByKey(credentials.key)
  if (!user || credentials.lowerEmail !== user.email.toLowerCase())
    return unauthorized(messagingMessages.invalidApiKey)
  if (store.organization(user.organization)?.deactivated)
    return unauthorized(messagingMessages.realmDeactivated)
  if (!user.isActive) return unauthorized(messagingMessages.userDeactivated)
  if (user.organization !== organization.subdomain || user.isSystemBot)
    return unauthorized(messagingMessages.wrongSubdomain)
  if (user.botType === BOT_TYPES['incoming-webhook'])
    return unauthorized(messagingMessages.webhookBot)
  return user
}
