/**
 * What a page needs to read a simulated answer across origins. A page on `http://localhost:5173` that
 * fetches `https://openrouter.ai/…` makes a CORS request: Playwright answers its preflight itself when
 * routing is on, and the answer must then allow the page's origin (with credentials, since the page may send
 * `credentials: 'include'`) and expose every header (so `response.headers.get('retry-after')` works).
 * These headers are added only for a request with an `Origin` header and a response without its own
 * `Access-Control-Allow-Origin`; the journal keeps the service's own answer.
 * @module
 */

/** The response headers with the CORS headers a page on `origin` needs to read them. */
export function readableBy(
  origin: string | undefined,
  headers: Readonly<Record<string, string>>,
): Record<string, string> {
  const names = Object.keys(headers).map((name) => name.toLowerCase())
  if (origin === undefined || names.includes('access-control-allow-origin')) return { ...headers }
  const out: Record<string, string> = {
    ...headers,
    'access-control-allow-origin': origin,
    'access-control-allow-credentials': 'true',
  }
  if (names.length > 0) out['access-control-expose-headers'] = names.join(', ')
  const vary = names.includes('vary') ? undefined : 'Origin'
  if (vary) out.vary = vary
  return out
}
