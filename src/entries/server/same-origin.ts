/**
 * The control surface answers only its own pages (the inspector) and non-browser clients (tests, curl),
 * never another web page: a page on another origin (another localhost port included) could otherwise
 * reset the simulator or arm faults with a "simple" request that needs no CORS preflight (a `text/plain`
 * fetch, a form). Two rules, both checked before anything else under `/__understudy`:
 *
 * - **Origin.** A request whose `Origin` is not the server's own (`http://` + its `Host`), `Origin: null`
 *   included, or whose `Sec-Fetch-Site` is `cross-site` or `same-site` (another port of the same host),
 *   is refused 403. One exception: a top-level navigation (`Sec-Fetch-Mode: navigate`,
 *   `Sec-Fetch-Dest: document`) with `GET`/`HEAD` and no `Origin`, so that a link to the inspector opens;
 *   the page that linked cannot read what it shows, and GET changes nothing.
 * - **Content type.** A control write (any method but GET/HEAD) that carries a body, or any
 *   `Content-Type`, must say `application/json`; anything else (`text/plain`, a form) is refused 415.
 *   A write with neither body nor `Content-Type` (`curl -X POST …/reset`, the inspector's reset button)
 *   needs none: a browser adds `Origin` to it, which the first rule checks.
 *
 * Browsers always send `Origin` on non-GET requests and `Sec-Fetch-Site` on all of them; tools that send
 * neither are not web pages. The simulated services do not apply these rules.
 * @module
 */
import type { IncomingMessage } from 'node:http'

const SAFE = new Set(['GET', 'HEAD'])

/** Whether the request carries a body (a `Content-Length` above 0, or a chunked one). */
export function hasBody(request: IncomingMessage): boolean {
  const { headers } = request
  return headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0
}

/** The 403 message when the request comes from a page of another origin, otherwise `undefined`. */
export function foreignOrigin(request: IncomingMessage): string | undefined {
  const own = `http://${(request.headers.host ?? '').toLowerCase()}`
  const origin = request.headers.origin
  if (origin !== undefined && origin.toLowerCase() !== own)
    return `The control surface answers only pages of its own origin (${own}), not ${origin}.`
  const site = request.headers['sec-fetch-site']
  if (site !== 'cross-site' && site !== 'same-site') return undefined
  const navigation =
    origin === undefined &&
    SAFE.has(request.method ?? '') &&
    request.headers['sec-fetch-mode'] === 'navigate' &&
    request.headers['sec-fetch-dest'] === 'document'
  return navigation
    ? undefined
    : `The control surface answers only pages of its own origin (${own}), not a ${site} request.`
}

/** The 415 message when a control write does not say `application/json`, otherwise `undefined`. */
export function notJson(request: IncomingMessage): string | undefined {
  if (SAFE.has(request.method ?? '')) return undefined
  const type = request.headers['content-type']
  if (type === undefined && !hasBody(request)) return undefined
  const media = type?.split(';', 1)[0]?.trim().toLowerCase()
  if (media === 'application/json') return undefined
  return `Control requests with a body must be sent as Content-Type: application/json${type === undefined ? '' : ` (got "${type}")`}.`
}
