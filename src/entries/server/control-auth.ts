/**
 * The control token (`startServer({ controlToken })`): every control request must carry it, as
 * `Authorization: Bearer <token>` or `X-Understudy-Token: <token>`. A browser cannot add a header to a
 * link, so the inspector page alone also takes it as `?token=` (`GET /__understudy/inspector?token=…`);
 * the page's script then sends it from its own address as `Authorization: Bearer` on each of its calls
 * (a reload keeps the address). No other route takes the query token.
 *
 * No cookie: a browser sends a host's cookies to every port of that host, so a cookie that opened the
 * control surface would reach any other local server the browser visits (a dev server, a page's own
 * backend), which could replay it with any headers it likes; and `SameSite` does not tell ports apart
 * either (`127.0.0.1:5173` and `127.0.0.1:4010` are the same site). The page's address and its script's
 * headers belong to its origin alone (decisions/control-token.md).
 * @module
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { withoutTrailingSlashes } from '../../engine/core/http.js'

/** Compares two secrets in constant time (their digests, so the length does not leak either). */
function same(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest()
  return timingSafeEqual(digest(given), digest(expected))
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

/** Whether a control request may proceed (else 401). */
export type ControlAccess = { allowed: boolean }

/** The token check of one server. */
export function createControlAuth(token: string | undefined) {
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
      const given = query.get('token')
      const inspector =
        (request.method === 'GET' || request.method === 'HEAD') &&
        withoutTrailingSlashes(path) === '/inspector'
      return { allowed: inspector && given !== null && same(given, token) }
    },
  }
}
export type ControlAuth = ReturnType<typeof createControlAuth>
