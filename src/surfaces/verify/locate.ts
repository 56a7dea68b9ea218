/**
 * Which simulated service each recorded exchange addressed, and at which base URL: the router at a URL
 * ending in `/api/v1` whose paths start with `/presets` (or any path of `openrouter.ai`); a messaging
 * organization at the URL before `/api/v1/…` (Zulip's `realm_url`) when the recording shows it is one:
 * a request with Basic credentials, `server_settings`, a Zulip-shaped answer (`"result"`), or a
 * `*.zulipchat.com` host. Works for the real services and for Understudy's standalone server
 * (`…/router/api/v1`, `…/messaging/<subdomain>`) alike. Everything else is another host.
 * @module
 */
import { trimRuns } from '../../engine/core/text-runs.js'
import { header, type RecordedExchange } from './har-input.js'

/** A service's place in the recording. */
export interface Located {
  service: 'router' | 'messaging'
  /** The recorded base URL: the router's `…/api/v1`, an organization's URL. */
  base: string
  /** The path below the base (`/presets/x`, `/api/v1/users`), without the query. */
  path: string
  /** The query, with its `?`, or `''`. */
  query: string
}

// `s`: `.` matches any character, so `.*$` always ends a match (no backtracking over a failed end).
const ROUTER_PATH = /^(.*\/api\/v1)(\/presets(?:\/.*)?)$/s
const API_PATH = /^(.*?)(\/api\/v1(?:\/.*)?)$/s
const ROUTER_HOSTS = new Set(['openrouter.ai'])

function parse(url: string): URL | undefined {
  try {
    return new URL(url)
  } catch {
    return undefined
  }
}

const isZulipAnswer = (exchange: RecordedExchange) => {
  const body = exchange.responseBody?.trimStart() ?? ''
  return body.startsWith('{') && /"result"\s*:\s*"(?:success|error)"/.test(body)
}

const hasBasic = (exchange: RecordedExchange) =>
  /^\s*basic\s/i.test(header(exchange.requestHeaders, 'authorization') ?? '')

/** Locates every exchange: its service, base and path, or `undefined` when it is another host's. */
export function locateAll(exchanges: readonly RecordedExchange[]): Array<Located | undefined> {
  const organizations = new Set<string>()
  const routers = new Set<string>()
  for (const exchange of exchanges) {
    const url = parse(exchange.url)
    if (!url) continue
    const router = ROUTER_PATH.exec(url.pathname)
    if (router || ROUTER_HOSTS.has(url.hostname)) {
      const prefix = router?.[1] ?? API_PATH.exec(url.pathname)?.[1]
      if (prefix !== undefined) routers.add(`${url.origin}${router ? prefix : `${prefix}/api/v1`}`)
      continue
    }
    const api = API_PATH.exec(url.pathname)
    if (!api) continue
    const evidence =
      hasBasic(exchange) ||
      api[2] === '/api/v1/server_settings' ||
      isZulipAnswer(exchange) ||
      url.hostname.endsWith('.zulipchat.com')
    if (evidence) organizations.add(`${url.origin}${api[1]}`)
  }
  return exchanges.map((exchange) => {
    const url = parse(exchange.url)
    if (!url) return undefined
    const query = url.search
    const full = `${url.origin}${url.pathname}`
    for (const base of routers) {
      if (full === base || full.startsWith(`${base}/`)) {
        return { service: 'router', base, path: full.slice(base.length) || '/', query }
      }
    }
    for (const base of organizations) {
      if (full === base || full.startsWith(`${base}/`)) {
        return { service: 'messaging', base, path: full.slice(base.length) || '/', query }
      }
    }
    return undefined
  })
}

/** A subdomain for a recorded organization URL: its first host label, or its last path segment. */
export function subdomainFor(base: string, taken: ReadonlySet<string>): string {
  const url = new URL(base)
  const segment = url.pathname.split('/').filter(Boolean).pop()
  const label = /^\d+(\.\d+){3}$/.test(url.hostname) ? undefined : url.hostname.split('.')[0]
  const candidate = trimRuns(
    (segment ?? label ?? 'org').toLowerCase().replace(/[^a-z0-9-]+/g, '-'),
    '-',
  ).slice(0, 50)
  const stem = candidate === '' ? 'org' : candidate
  let name = stem
  for (let n = 2; taken.has(name); n++) name = `${stem}-${n}`
  return name
}
