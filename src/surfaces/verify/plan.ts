/**
 * Each recorded exchange as `verify` plans to use it: where it went, with which credentials, its answer
 * parsed, and whether (and why not) it is replayed.
 * @module
 */
import {
  type Credential,
  credentialOf,
  type RecordedExchange,
} from '../../engine/core/recorded-exchange.js'
import type { Located, PlannedExchange } from '../../engine/core/verify-part.js'
import { parseJson } from './compare.js'
import { locateAll } from './locate.js'
import { type Parts, partOf } from './parts.js'
import { simulated } from './simulated.js'

/** Why an exchange is not replayed, before any set-up: another host, an operation not simulated… */
function skipReason(
  exchange: RecordedExchange,
  located: Located | undefined,
  credential: Credential,
  parts: Parts,
) {
  if (exchange.unusable) return exchange.unusable
  if (!located) {
    let host = exchange.url
    try {
      host = new URL(exchange.url).host
    } catch {
      return 'not a URL'
    }
    return `another host: ${host} is not a service Understudy simulates`
  }
  const found = simulated(
    located.service,
    exchange.method,
    located.path,
    partOf(parts, located.service),
  )
  // A path or method the simulator lacks is compared when the real service lacked it too (404, 405).
  if (found.kind === 'path' && exchange.status !== 404) {
    return `${exchange.method} ${located.path} is an operation Understudy does not simulate`
  }
  if (found.kind === 'method' && exchange.status !== 404 && exchange.status !== 405) {
    return `${exchange.method} ${found.template} is an operation Understudy does not simulate`
  }
  if (exchange.status >= 500 && /(?:^|&)password=[^&]*redacted/i.test(exchange.requestBody ?? '')) {
    return `its password was redacted, and its answer (${exchange.status}) does not tell what the password was like`
  }
  if (credential.scheme === 'redacted' && credential.actor === undefined) {
    return 'its credentials were redacted and the recording does not say whose they were'
  }
  return undefined
}

/** Plans every exchange of a recording. */
export function planExchanges(
  exchanges: readonly RecordedExchange[],
  parts: Parts,
): PlannedExchange[] {
  const located = locateAll(exchanges, parts)
  return exchanges.map((exchange, i) => {
    const where = located[i]
    const credential = credentialOf(exchange)
    return {
      exchange,
      located: where,
      credential,
      json: parseJson(exchange.responseBody),
      skip: skipReason(exchange, where, credential, parts),
    }
  })
}

/** The planned exchanges of one service, replayed or not (skipped ones still reveal what existed). */
export const ofService = (plans: readonly PlannedExchange[], service: string) =>
  plans.filter((plan) => plan.located?.service === service)
