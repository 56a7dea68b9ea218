/**
 * Replays one recorded request against the set-up simulator: the URL moved from the recorded base to the
 * simulator's (the router's `https://openrouter.ai/api/v1`, the organization's own URL), recorded ids in
 * the path, query and form body written as the simulator's (`/users/9` → `/users/<its id>`), the
 * credentials swapped for the mapped account's (or kept as recorded for an unknown or malformed one), the
 * other headers as sent but those the transport sets (`Host`, `Content-Length`, cookies…).
 * @module
 */
import { DEFAULT_ROUTER_BASE_URL } from '../../services/router/definition.js'
import type { Answer } from './compare.js'
import { basic, type Credential } from './credentials.js'
import type { HeaderList } from './har-input.js'
import { FAKE_DOMAIN, type IdentityMap } from './identity.js'
import type { PlannedExchange } from './plan.js'
import type { Setup } from './setup.js'

/** Headers the transport sets, or that would only confuse a replay. */
const TRANSPORT_HEADERS = new Set([
  'host',
  'content-length',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'accept-encoding',
  'cookie',
  'te',
  'upgrade',
  'proxy-connection',
])

/** A request ready for `simulator.fetch`. */
export interface Replay {
  url: string
  init: { method: string; headers: Array<[string, string]>; body?: string }
}

const PATH_SPACES: Readonly<Record<string, string>> = { users: 'user', messages: 'message' }

/** Recorded ids in a messaging path, written as the simulator's. */
function mapPath(path: string, identities: IdentityMap): string {
  const segments = path.split('/')
  return segments
    .map((segment, i) => {
      const space = PATH_SPACES[segments[i - 1] ?? '']
      if (space === 'user') {
        const dummy = /^user(\d+)(?:@|%40)([^@%]+)$/.exec(segment)
        const domain = dummy && identities.toSim(FAKE_DOMAIN, dummy[2])
        if (dummy && typeof domain === 'string') {
          const id = identities.toSim('user', Number(dummy[1])) ?? dummy[1]
          return `user${String(id)}@${domain}`
        }
      }
      if (space === undefined || !/^\d+$/.test(segment)) return segment
      const mapped = identities.toSim(space, Number(segment))
      return mapped === undefined ? segment : String(mapped)
    })
    .join('/')
}

/** The id space of a query or form parameter (`user_id`, `user_ids`, `message_id`…), if it holds ids. */
function parameterSpace(name: string): string | undefined {
  if (name === 'user_id' || name === 'user_ids') return 'user'
  if (name === 'message_id' || name === 'message_ids' || name === 'anchor') return 'message'
  return undefined
}

/** A parameter value (a number or a JSON list of numbers) with recorded ids written as the simulator's. */
function mapValue(value: string, space: string, identities: IdentityMap): string {
  return value.replace(/\d+/g, (digits) => {
    const mapped = identities.toSim(space, Number(digits))
    return mapped === undefined ? digits : String(mapped)
  })
}

/** Whether a recorded secret was replaced by a placeholder (`[redacted]`, `understudy-redacted-…`). */
const isRedacted = (value: string) => /redacted/i.test(value)

/** A stand-in for a redacted password, of the kind the recorded answer shows it was. */
function passwordStandIn(recordedMessage: string | undefined): string {
  return recordedMessage === 'The password is too weak.' ? 'abc' : 'Understudy-verify-Pa55word!'
}

/**
 * URL-encoded parameters with ids mapped and redacted passwords replaced by stand-ins; the text as
 * recorded when nothing changes.
 */
function mapForm(text: string, identities: IdentityMap, recordedMessage?: string): string {
  const params = new URLSearchParams(text)
  let changed = false
  for (const [name, value] of [...params]) {
    if (name === 'password' && recordedMessage !== undefined && isRedacted(value)) {
      params.set(name, passwordStandIn(recordedMessage))
      changed = true
      continue
    }
    const space = parameterSpace(name)
    if (space === undefined) continue
    const mapped = mapValue(value, space, identities)
    if (mapped !== value) {
      params.set(name, mapped)
      changed = true
    }
  }
  return changed ? params.toString() : text
}

/** The Authorization header to send for a recorded credential; `undefined`: none. */
function authorization(
  plan: PlannedExchange,
  setup: Setup,
  raw: string | undefined,
): string | undefined {
  const credential: Credential = plan.credential
  if (credential.scheme === 'none') return undefined
  if (plan.located?.service === 'router') {
    const account = setup.router.accounts.get(credential.id)
    if (account && account !== 'as-recorded') return `Bearer ${account.key}`
    return raw
  }
  const account = setup.messaging.accounts.get(credential.id)
  if (account && account !== 'as-recorded') {
    const key = setup.simulator.messaging.apiKeyOf(account.subdomain, account.email)
    if (key !== undefined)
      return basic(credential.scheme === 'basic' ? credential.email : account.email, key)
  }
  if (credential.scheme === 'basic' && isRedacted(credential.key)) {
    // A refused key the recording redacted: a stand-in of the form the answer shows it had.
    const malformed = recordedMessage(plan) === 'Malformed API key'
    return basic(credential.email, malformed ? 'redacted' : WRONG_KEY)
  }
  return raw
}

/** A key of Zulip's form (32 letters and digits) that no account has. */
const WRONG_KEY = 'UnderstudyVerifyWrongKey00000000'

/** The recorded answer's `msg`, if it has one. */
function recordedMessage(plan: PlannedExchange): string | undefined {
  const msg = (plan.json as { msg?: unknown } | undefined)?.msg
  return typeof msg === 'string' ? msg : undefined
}

/** The simulator's request for a planned exchange. */
export function replayOf(plan: PlannedExchange, setup: Setup): Replay {
  const { exchange, located } = plan
  if (!located) throw new Error('[understudy] replayOf: the exchange is not located')
  const messaging = located.service === 'messaging'
  const base = messaging
    ? (setup.organizationUrls.get(located.base) as string)
    : DEFAULT_ROUTER_BASE_URL
  const path = messaging ? mapPath(located.path, setup.identities) : located.path
  let query = located.query
  if (query !== '') {
    const params = new URLSearchParams(query)
    const mapped = mapForm(params.toString(), setup.identities)
    if (mapped !== params.toString()) query = `?${mapped}`
  }
  const headers: Array<[string, string]> = []
  let raw: string | undefined
  for (const [name, value] of exchange.requestHeaders) {
    if (name === 'authorization') raw = value
    else if (!TRANSPORT_HEADERS.has(name)) headers.push([name, value])
  }
  const auth = authorization(plan, setup, raw)
  if (auth !== undefined) headers.push(['authorization', auth])
  const init: Replay['init'] = { method: exchange.method, headers }
  if (
    exchange.requestBody !== undefined &&
    exchange.method !== 'GET' &&
    exchange.method !== 'HEAD'
  ) {
    const form = !/json|multipart/i.test(exchange.requestMimeType ?? '')
    init.body =
      messaging && form
        ? mapForm(exchange.requestBody, setup.identities, recordedMessage(plan) ?? '')
        : exchange.requestBody
    if (exchange.requestMimeType && !headers.some(([name]) => name === 'content-type')) {
      headers.push(['content-type', exchange.requestMimeType])
    }
  }
  return { url: `${base}${path}${query}`, init }
}

/** Sends a replay to the simulator and reads its answer. */
export async function send(setup: Setup, replay: Replay): Promise<Answer> {
  const response = await setup.simulator.fetch(replay.url, replay.init)
  const headers: HeaderList = [...response.headers].map(
    ([name, value]) => [name.toLowerCase(), value] as const,
  )
  return { status: response.status, headers, body: await response.text() }
}
