/**
 * The messaging service's response bodies, in the real server's layout. Every error it answers is built
 * here, with its message from `messagingMessages`.
 *
 * - JSON error: `{"result":"error","msg":…,<extra keys>,"code":…}` plus `\n`, `application/json`.
 * - JSON success: `{"result":"success","msg":"",…data,"ignored_parameters_unsupported":[…]}` plus `\n`.
 * - 405 from the REST dispatcher: `{"result":"error","msg":"Method Not Allowed","allowed_methods":[…]}`,
 *   no newline, labelled `text/html; charset=utf-8` (Django's `HttpResponseNotAllowed`), header `Allow`.
 * - Django's own pages (404, 400, plain 405): small HTML, `text/html; charset=utf-8`.
 * @module
 */
import type { PlainResponse } from '../../engine/core/http.js'
import { LEVELS } from './feature-levels.js'
import { pyFloat } from './python.js'

/** Every message the service answers with, one per condition. */
export const messagingMessages = {
  notAdministrator: 'Must be an organization administrator',
  cannotCreateUsers: 'User not authorized to create users',
  missingArgument: (name: string) => `Missing '${name}' argument`,
  nameTooLong: 'Name too long!',
  nameEmpty: 'Name must not be empty!',
  nameTooShort: 'Name too short!',
  nameInvalidCharacters: 'Invalid characters in name!',
  nameInvalidFormat: 'Invalid format!',
  namesMustBeUnique: 'Unique names required in this organization.',
  badNameOrUsername: 'Bad name or username',
  emailContainsPlus: 'Email addresses containing + are not allowed.',
  emailNotAllowed: (email: string) => `Email '${email}' not allowed in this organization`,
  disposableEmail: 'Disposable email addresses are not allowed in this organization',
  emailInUse: 'Email is already in use.',
  emailInUseBefore361: (email: string) => `Email '${email}' already in use`,
  passwordTooWeak: 'The password is too weak.',
  messageEmpty: 'Message must not be empty',
  tooLong: (name: string, limit: number) => `${name} is too long (limit: ${limit} characters)`,
  notValidJson: (name: string) => `${name} is not valid JSON`,
  notBoolean: (name: string) => `${name} is not a boolean`,
  notList: (name: string) => `${name} is not a list`,
  notInteger: (name: string) => `${name} is not an integer`,
  noSuchUser: 'No such user',
  userIsDeactivated: 'User is deactivated',
  insufficientPermission: 'Insufficient permission',
  notOwner: 'Must be an organization owner',
  cannotDeactivateOnlyOwner: 'Cannot deactivate the only organization owner',
  cannotDeactivateLast: (entity: string) => `Cannot deactivate the only ${entity}.`,
  cannotDeleteMessage: "You don't have permission to delete this message",
  notDict: (name: string) => `${name} is not a dict`,
  invalidMessages: 'Invalid message(s)',
  invalidSubdomain: 'Invalid subdomain',
  methodNotAllowed: 'Method Not Allowed',
  notLoggedIn: 'Not logged in: API authentication or user session required',
  invalidBasicHeader: 'Invalid authorization header for basic auth',
  basicRequired: 'This endpoint requires HTTP basic authentication.',
  malformedApiKey: 'Malformed API key',
  invalidApiKey: 'Invalid API key',
  userDeactivated: 'Account is deactivated',
  realmDeactivated: 'This organization has been deactivated',
  wrongSubdomain: 'Account is not associated with this subdomain',
  webhookBot: 'This API is not available to incoming webhook bots.',
  internalError: 'Internal server error',
} as const

/** Zulip's error codes used here. */
export type ErrorCode =
  | 'BAD_REQUEST'
  | 'REQUEST_VARIABLE_MISSING'
  | 'UNAUTHORIZED_PRINCIPAL'
  | 'UNAUTHORIZED'
  | 'RATE_LIMIT_HIT'
  | 'CANNOT_DEACTIVATE_LAST_USER'

const JSON_TYPE = { 'content-type': 'application/json' }
const HTML_TYPE = { 'content-type': 'text/html; charset=utf-8' }

/**
 * A copy of a headers object. Copied key by key: on Node 20, `{ ...headers }` followed by adding a key
 * is tens of times slower (the spread's result takes a slow path when it grows).
 */
export function copyHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  const copy: Record<string, string> = {}
  for (const name of Object.keys(headers)) copy[name] = headers[name] as string
  return copy
}

/**
 * A JSON error in the real layout. `extra` keys come between `msg` and `code`, as the real server
 * orders them (`var_name` for a missing argument).
 */
export function zulipError(
  status: number,
  code: ErrorCode,
  msg: string,
  options: { extra?: Record<string, unknown>; headers?: Record<string, string> } = {},
): PlainResponse {
  // Built key by key, in the order `{ result, msg, ...extra, code }` gives (see `copyHeaders`).
  const body: Record<string, unknown> = { result: 'error', msg }
  const { extra } = options
  if (extra) for (const key of Object.keys(extra)) body[key] = extra[key]
  body.code = code
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (options.headers) Object.assign(headers, options.headers)
  return { status, headers, body: `${JSON.stringify(body)}\n` }
}

/** A 400 `BAD_REQUEST`, the real server's default error. */
export function badRequest(msg: string): PlainResponse {
  return zulipError(400, 'BAD_REQUEST', msg)
}

/** `CannotDeactivateLastUserError`: the only active account, or the only owner, cannot leave. */
export function cannotDeactivateLastUser(isLastOwner: boolean): PlainResponse {
  const entity = isLastOwner ? 'organization owner' : 'user'
  return zulipError(
    400,
    'CANNOT_DEACTIVATE_LAST_USER',
    messagingMessages.cannotDeactivateLast(entity),
    {
      extra: { is_last_owner: isLastOwner, entity },
    },
  )
}

/** A 400 `REQUEST_VARIABLE_MISSING` naming the parameter. */
export function missingArgument(name: string): PlainResponse {
  return zulipError(400, 'REQUEST_VARIABLE_MISSING', messagingMessages.missingArgument(name), {
    extra: { var_name: name },
  })
}

/** A 401 `UNAUTHORIZED` with `WWW-Authenticate: Basic realm="zulip"` (every Basic-auth failure). */
export function unauthorized(msg: string): PlainResponse {
  return zulipError(401, 'UNAUTHORIZED', msg, {
    headers: { 'www-authenticate': 'Basic realm="zulip"' },
  })
}

/** The real server's 500 for an unexpected failure: no `code`. */
export function internalError(): PlainResponse {
  return {
    status: 500,
    headers: { ...JSON_TYPE },
    body: `${JSON.stringify({ result: 'error', msg: messagingMessages.internalError })}\n`,
  }
}

/** A success body: `result`, `msg`, the data, then `ignored_parameters_unsupported` when not empty. */
export function zulipSuccess(
  data: Record<string, unknown>,
  ignored: readonly string[] = [],
): PlainResponse {
  const body =
    ignored.length > 0
      ? { result: 'success', msg: '', ...data, ignored_parameters_unsupported: ignored }
      : { result: 'success', msg: '', ...data }
  return { status: 200, headers: { ...JSON_TYPE }, body: `${JSON.stringify(body)}\n` }
}

/** The REST dispatcher's 405 (`json_method_not_allowed`). */
export function restMethodNotAllowed(allowed: readonly string[]): PlainResponse {
  return {
    status: 405,
    headers: { ...HTML_TYPE, allow: allowed.join(', ') },
    body: JSON.stringify({
      result: 'error',
      msg: messagingMessages.methodNotAllowed,
      allowed_methods: allowed,
    }),
  }
}

/** Django's plain 405 (`require_safe`): empty body. */
export function plainMethodNotAllowed(allowed: readonly string[]): PlainResponse {
  return { status: 405, headers: { ...HTML_TYPE, allow: allowed.join(', ') }, body: '' }
}

/** The real server's HTML 404 page (Zulip's `404.html`, shortened). */
export function htmlNotFound(): PlainResponse {
  return {
    status: 404,
    headers: { ...HTML_TYPE },
    body: `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<title>Page not found | Zulip</title>
</head>
<body>
<h1>Page not found (404)</h1>
<p>Sorry, but we couldn't find the page you were looking for.</p>
</body>
</html>
`,
  }
}

/** Django's default 400 page, for a request body Django cannot parse (bad multipart boundary, too many fields). */
export function htmlBadRequest(): PlainResponse {
  return {
    status: 400,
    headers: { ...HTML_TYPE },
    body: `
<!doctype html>
<html lang="en">
<head>
  <title>Bad Request (400)</title>
</head>
<body>
  <h1>Bad Request (400)</h1><p></p>
</body>
</html>
`,
  }
}

let lastSecond = Number.NaN
let lastDate = ''
/** An HTTP date (`Sun, 22 Nov 2026 01:02:03 GMT`), formatted once per second of the clock. */
function httpDate(nowMs: number): string {
  const second = Math.floor(nowMs / 1000)
  if (second !== lastSecond) {
    lastSecond = second
    lastDate = new Date(nowMs).toUTCString()
  }
  return lastDate
}

const NEVER_CACHE = 'max-age=0, no-cache, no-store, must-revalidate, private'

/**
 * Django's `add_never_cache_headers` on a copy of the headers: `Expires` and `Cache-Control` after the
 * others, unless already set.
 */
export function neverCacheHeaders(
  headers: Readonly<Record<string, string>>,
  nowMs: number,
): Record<string, string> {
  const result = copyHeaders(headers)
  if (!('expires' in result)) result.expires = httpDate(nowMs)
  if (!('cache-control' in result)) result['cache-control'] = NEVER_CACHE
  return result
}

/**
 * Django's `add_never_cache_headers`, which the REST dispatcher applies to the responses it returns
 * (not to errors raised through it, which middleware turns into responses afterwards).
 */
export function withNeverCache(response: PlainResponse, nowMs: number): PlainResponse {
  return { ...response, headers: neverCacheHeaders(response.headers, nowMs) }
}

/** The rate-limit message: newer servers point at the documentation. */
function rateLimitMessage(featureLevel: number): string {
  return featureLevel >= LEVELS.rateLimitMessageLink
    ? 'API usage exceeded rate limit; see https://zulip.com/api/http-headers#rate-limiting-response-headers'
    : 'API usage exceeded rate limit'
}

/**
 * The answer to an injected status, in the real layout: 429 `RATE_LIMIT_HIT` with `retry-after` and the
 * `Retry-After` header, 401 `UNAUTHORIZED` with `WWW-Authenticate`, 500 without a code, others `BAD_REQUEST`.
 */
export function messagingFault(
  status: number,
  options: { message?: string | undefined; retryAfter?: number | undefined; featureLevel: number },
): PlainResponse {
  if (status === 500 && options.message === undefined) return internalError()
  if (status === 413) return entityTooLarge()
  if (status === 429) {
    const retryAfter = options.retryAfter ?? 1
    return zulipError(
      429,
      'RATE_LIMIT_HIT',
      options.message ?? rateLimitMessage(options.featureLevel),
      {
        extra: { 'retry-after': retryAfter },
        headers: { 'retry-after': String(retryAfter) },
      },
    )
  }
  if (status === 401) return unauthorized(options.message ?? messagingMessages.notLoggedIn)
  const headers: Record<string, string> =
    status === 503 ? { 'retry-after': String(options.retryAfter ?? 1) } : {}
  return zulipError(status, 'BAD_REQUEST', options.message ?? `Error ${status}`, { headers })
}

/**
 * The real server's `RateLimitedError`: 429 `RATE_LIMIT_HIT` with `retry-after` (a float, as Python
 * writes it: `60.0`) in the body and the `Retry-After` header; the message follows the feature level.
 */
export function rateLimitHit(retryAfter: number, featureLevel: number): PlainResponse {
  const response = messagingFault(429, { retryAfter, featureLevel })
  const float = pyFloat(retryAfter)
  return {
    ...response,
    headers: { ...response.headers, 'retry-after': float },
    body: response.body.replace(
      `"retry-after":${JSON.stringify(retryAfter)},`,
      `"retry-after":${float},`,
    ),
  }
}

/** The answer of the nginx in front of a Zulip server to a body over its limit: an HTML page. */
export function entityTooLarge(): PlainResponse {
  return {
    status: 413,
    headers: { ...HTML_TYPE },
    body: '<html>\r\n<head><title>413 Request Entity Too Large</title></head>\r\n<body>\r\n<center><h1>413 Request Entity Too Large</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n',
  }
}

/** The answer of the nginx in front of a Zulip server to a request it cannot parse: an HTML page. */
export function nginxBadRequest(): PlainResponse {
  return {
    status: 400,
    headers: { ...HTML_TYPE },
    body: '<html>\r\n<head><title>400 Bad Request</title></head>\r\n<body>\r\n<center><h1>400 Bad Request</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n',
  }
}
