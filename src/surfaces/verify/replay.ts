/**
 * Replays one recorded request against the set-up simulator: the service's part rewrites its URL (moved from
 * the recorded base to the simulator's, recorded ids written as the simulator's), its credentials (swapped
 * for the mapped account's, or kept as recorded for an unknown or malformed one) and its body
 * (`VerifyPart.rewrite`); the other headers go as sent but those the transport sets (`Host`,
 * `Content-Length`, cookies…).
 * @module
 */
import type { HeaderList } from '../../engine/core/recorded-exchange.js'
import type { PlannedExchange } from '../../engine/core/verify-part.js'
import type { Answer } from './compare.js'
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

/** The simulator's request for a planned exchange. */
export function replayOf(plan: PlannedExchange, setup: Setup): Replay {
  const { exchange, located } = plan
  if (!located) throw new Error('[understudy] replayOf: the exchange is not located')
  const service = setup.services.get(located.service)
  if (!service) throw new Error(`[understudy] replayOf: no part for ${located.service}`)
  const headers: Array<[string, string]> = []
  let raw: string | undefined
  for (const [name, value] of exchange.requestHeaders) {
    if (name === 'authorization') raw = value
    else if (!TRANSPORT_HEADERS.has(name)) headers.push([name, value])
  }
  const rewritten = service.part.rewrite(service.plan, plan, {
    instance: service.instance,
    identities: setup.identities,
    authorization: raw,
  })
  if (rewritten.authorization !== undefined)
    headers.push(['authorization', rewritten.authorization])
  const init: Replay['init'] = { method: exchange.method, headers }
  if (
    exchange.requestBody !== undefined &&
    exchange.method !== 'GET' &&
    exchange.method !== 'HEAD'
  ) {
    init.body = rewritten.body ?? exchange.requestBody
    if (exchange.requestMimeType && !headers.some(([name]) => name === 'content-type')) {
      headers.push(['content-type', exchange.requestMimeType])
    }
  }
  return { url: rewritten.url, init }
}

/** Sends a replay to the simulator and reads its answer. */
export async function send(setup: Setup, replay: Replay): Promise<Answer> {
  const response = await setup.simulator.fetch(replay.url, replay.init)
  const headers: HeaderList = [...response.headers].map(
    ([name, value]) => [name.toLowerCase(), value] as const,
  )
  return { status: response.status, headers, body: await response.text() }
}
