/**
 * The messaging organizations of a recording: an organization is the URL before `/api/v1/…` (Zulip's
 * `realm_url`) when the recording shows it is one: a request with Basic credentials, `server_settings`, a
 * Zulip-shaped answer (`"result"`), or a `*.zulipchat.com` host. Works for the real service and for
 * Understudy's standalone server (`…/messaging/<subdomain>`) alike. Each gets a subdomain in the simulator.
 * @module
 */
import { header, type RecordedExchange } from '../../../engine/core/recorded-exchange.js'
import { trimRuns } from '../../../engine/core/text-runs.js'

// `s`: `.` matches any character, so `.*$` always ends a match (no backtracking over a failed end).
const API_PATH = /^(.*?)(\/api\/v1(?:\/.*)?)$/s

const isZulipAnswer = (exchange: RecordedExchange) => {
  const body = exchange.responseBody?.trimStart() ?? ''
  return body.startsWith('{') && /"result"\s*:\s*"(?:success|error)"/.test(body)
}

const hasBasic = (exchange: RecordedExchange) =>
  /^\s*basic\s/i.test(header(exchange.requestHeaders, 'authorization') ?? '')

/** The organization URL an exchange shows, or `undefined` when it shows none. */
export function organizationOf(url: URL, exchange: RecordedExchange): string | undefined {
  const api = API_PATH.exec(url.pathname)
  if (!api) return undefined
  const evidence =
    hasBasic(exchange) ||
    api[2] === '/api/v1/server_settings' ||
    isZulipAnswer(exchange) ||
    url.hostname.endsWith('.zulipchat.com')
  return evidence ? `${url.origin}${api[1]}` : undefined
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
