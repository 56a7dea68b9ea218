/**
 * The control token (`startServer({ controlToken })`): every control request must carry it, as
 * `Authorization: Bearer <token>` or `X-Understudy-Token: <token>`. A browser cannot add a header to a
 * link, so the inspector page alone also takes it as `?token=` (`GET /__understudy/inspector?token=…`);
 * its answer then sets an `HttpOnly; SameSite=Strict; Path=/__understudy` cookie holding a secret of this
 * server run (not the token), which authenticates the page's own calls and reloads. No other route takes
 * the query token. The cookie's name carries the port: two servers on one host keep their own.
 * @module
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { withoutTrailingSlashes } from '../core/http.js'

/** Compares two secrets in constant time (their digests, so the length does not leak either). */
function same(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest()
  return timingSafeEqual(digest(given), digest(expected))
}

/** The value of a cookie in a `Cookie` header. */
function cookieValue(header: string | undefined, name: string): string | undefined {
  if (header === undefined) return undefined
  for (const part of header.split(';')) {
    const at = part.indexOf('=')
    if (at !== -1 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim()
  }
  return undefined
}

/** Checks and returns the `controlToken` option: a non-empty string, or none. */
export function checkControlToken(token: unknown): string | undefined {
  if (token === undefined) return undefined
  if (typeof token !== 'string' || token === '') {
    throw new TypeError(
      '[understudy] Failed to start the server: controlToken must be a non-empty string (an empty token would protect nothing); leave it out for an open control surface.',
    )
  }
  return token
}

/** Whether a control request may proceed (else 401), and the cookie to set when the inspector link let it in. */
export type ControlAccess = { allowed: false } | { allowed: true; setCookie?: string }

/** The token check of one server (`port` names the cookie). */
export function createControlAuth(token: string | undefined, port: number) {
  const name = `understudy_control_${port}`
  const session = randomBytes(32).toString('hex')
  return {
    /** Whether a control request (`path` below the prefix, without query) may proceed. */
    check(request: IncomingMessage, path: string, query: URLSearchParams): ControlAccess {
      if (token === undefined) return { allowed: true }
      const { authorization } = request.headers
      const header =
        authorization?.startsWith('Bearer ') === true
          ? authorization.slice(7)
          : request.headers['x-understudy-token']
      if (typeof header === 'string' && same(header, token)) return { allowed: true }
      const cookie = cookieValue(request.headers.cookie, name)
      if (cookie !== undefined && same(cookie, session)) return { allowed: true }
      const given = query.get('token')
      const inspector =
        (request.method === 'GET' || request.method === 'HEAD') &&
        withoutTrailingSlashes(path) === '/inspector'
      if (inspector && given !== null && same(given, token))
        return {
          allowed: true,
          setCookie: `${name}=${session}; HttpOnly; SameSite=Strict; Path=/__understudy`,
        }
      return { allowed: false }
    },
  }
}
export type ControlAuth = ReturnType<typeof createControlAuth>
