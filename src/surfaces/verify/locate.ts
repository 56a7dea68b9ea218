/**
 * Which simulated service each recorded exchange addressed, and at which base URL. Each service's part says
 * which exchanges are its own and the base URL each shows (`VerifyPart.claim`, e.g. a `…/api/v1` with
 * `/presets` paths, an organization's URL with Basic credentials); the first part in registration order
 * that claims an exchange has it. An exchange is then located under the first base, part by part, that its
 * URL is at or below. Everything else is another host.
 * @module
 */
import type { RecordedExchange } from '../../engine/core/recorded-exchange.js'
import type { Located } from '../../engine/core/verify-part.js'
import type { Parts } from './parts.js'

function parse(url: string): URL | undefined {
  try {
    return new URL(url)
  } catch {
    return undefined
  }
}

/** Locates every exchange: its service, base and path, or `undefined` when it is another host's. */
export function locateAll(
  exchanges: readonly RecordedExchange[],
  parts: Parts,
): Array<Located | undefined> {
  const bases = parts.map(() => new Set<string>())
  for (const exchange of exchanges) {
    const url = parse(exchange.url)
    if (!url) continue
    for (const [i, { part }] of parts.entries()) {
      const base = part.claim(url, exchange)
      if (base === undefined) continue
      if (base !== null) bases[i]?.add(base)
      break
    }
  }
  return exchanges.map((exchange) => {
    const url = parse(exchange.url)
    if (!url) return undefined
    const query = url.search
    const full = `${url.origin}${url.pathname}`
    for (const [i, { name }] of parts.entries()) {
      for (const base of bases[i] ?? []) {
        if (full === base || full.startsWith(`${base}/`)) {
          return { service: name, base, path: full.slice(base.length) || '/', query }
        }
      }
    }
    return undefined
  })
}
