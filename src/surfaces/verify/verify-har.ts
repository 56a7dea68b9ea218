/**
 * `verifyHar(har, options)`: replays each exchange of a recording against a fresh simulator set up to
 * match it, and reports every difference between the recorded answer and the simulator's.
 * @module
 */
import type { PlannedExchange, VerifyPart } from '../../engine/core/verify-part.js'
import type { ServiceName } from '../../services/registry.js'
import { type CompareContext, compareAnswers, orderStability } from './compare.js'
import { readHar, VerifyInputError } from './har-input.js'
import { verifyParts } from './parts.js'
import { planExchanges } from './plan.js'
import { replayOf, send } from './replay.js'
import type { Difference, SkippedExchange, VerifyReport } from './report.js'
import { checkRoles } from './roles.js'
import { type SetupService, setUp } from './setup.js'
import { simulated as simulatedOperation } from './simulated.js'
import { unorderedLists } from './unordered.js'

/** Options of `verifyHar`. */
export interface VerifyOptions {
  /**
   * The messaging feature level to replay at. Default: the level an answer of the recording states
   * (`server_settings`' `zulip_feature_level`), else the simulator's default level (500, Zulip 12.2).
   */
  featureLevel?: number | undefined
  /**
   * Each messaging organization's `email_address_visibility` (`everyone`, `members`, `moderators`,
   * `admins`, `nobody`, or `server-default`: the real default for a new organization at the level).
   * Default: what the addresses in the answers show, else `server-default`. A seeded user whose own
   * answers show another setting keeps theirs.
   */
  emailVisibility?: string | undefined
  /**
   * The simulator clock's start; the recording's dates keep their distances from it. Default: the
   * recording's first date, else the current time.
   */
  now?: string | number | Date | undefined
  /** The simulator's seed. Default `understudy-verify`. */
  seed?: string | number | undefined
  /**
   * What a credential is where the recording does not show it: a messaging account's e-mail → `owner`,
   * `administrator`, `moderator`, `member` or `guest` (optionally `+can_create_users`); a router key →
   * `inference` or `management`. Defaults: `member`, `inference`.
   */
  roles?: Readonly<Record<string, string>> | undefined
  /**
   * Compare the order of keys (default `true`). `false` for recordings whose key order means nothing,
   * such as examples re-serialized from an API description.
   */
  keyOrder?: boolean | undefined
  /** Verify only this service's exchanges (the others are skipped). */
  service?: ServiceName | undefined
}

/**
 * Why an exchange the simulator answered 405 is not compared: an operation of its (the method is on the
 * route) that it does not carry out, answered 405 after its checks, where the real service did not answer
 * 405 (the `PATCH` operations of messaging, docs/messaging.md). `undefined` when it is compared.
 */
function notCarriedOutReason(
  plan: PlannedExchange,
  part: VerifyPart,
  status: number,
): string | undefined {
  const { located, exchange } = plan
  if (status !== 405 || exchange.status === 405 || !located) return undefined
  const found = simulatedOperation(located.service, exchange.method, located.path, part)
  if (found.kind !== 'operation') return undefined
  return `Understudy does not carry out ${exchange.method} ${found.template}: it answers 405 after the checks before the change`
}

const skipped = (plan: PlannedExchange, reason: string): SkippedExchange => ({
  exchange: plan.exchange.index,
  method: plan.exchange.method,
  url: plan.exchange.url,
  reason,
})

/**
 * Replays a HAR (its text, or the parsed document) against a simulator set up to match it, and reports
 * the differences. Rejects with a `VerifyInputError` when the input is not a HAR or holds nothing to replay.
 * @example
 * const report = await verifyHar(await readFile('session.har', 'utf8'))
 * if (report.differences.length > 0) console.table(report.differences)
 */
export async function verifyHar(har: unknown, options: VerifyOptions = {}): Promise<VerifyReport> {
  const parts = verifyParts()
  const roles = checkRoles(options.roles, parts)
  const { exchanges, malformed } = readHar(har)
  const plans = planExchanges(exchanges, parts)
  if (options.service !== undefined) {
    for (const plan of plans) {
      if (plan.skip === undefined && plan.located?.service !== options.service) {
        plan.skip = `not the ${options.service} service`
      }
    }
  }
  if (!plans.some((plan) => plan.skip === undefined)) {
    const why =
      exchanges.length === 0 ? 'it has no entries' : 'no exchange of it is one Understudy simulates'
    throw new VerifyInputError(`nothing to replay: ${why}`)
  }
  const setup = await setUp(plans, parts, { ...options, roles })
  const stable = orderStability(plans.map((plan) => plan.json))
  const stableOrder = options.keyOrder === false ? () => false : stable
  const differences: Difference[] = []
  const skips: SkippedExchange[] = malformed.map((entry) => ({
    exchange: entry.index,
    method: '',
    url: '',
    reason: entry.reason,
  }))
  let compared = 0
  for (const plan of plans) {
    if (plan.skip !== undefined) {
      skips.push(skipped(plan, plan.skip))
      continue
    }
    const service = setup.services.get(plan.located?.service ?? '') as SetupService
    const later = service.part.skip?.(service.plan, plan)
    if (later !== undefined) {
      skips.push(skipped(plan, later))
      continue
    }
    const { exchange } = plan
    if (exchange.startedAt !== undefined) {
      const at = exchange.startedAt + setup.shiftMs
      if (at > setup.simulator.clock.now()) setup.simulator.clock.set(at)
    }
    const simulated = await send(setup, replayOf(plan, setup))
    const notCarriedOut = notCarriedOutReason(plan, service.part, simulated.status)
    if (notCarriedOut !== undefined) {
      skips.push(skipped(plan, notCarriedOut))
      continue
    }
    const context: CompareContext = {
      identities: setup.identities,
      rules: service.part.identities ?? {},
      stableOrder,
      who: plan.credential.id,
      unordered: unorderedLists(plan, service.part),
      bodies: service.part.bodies?.(plan),
    }
    const recorded = {
      status: exchange.status,
      headers: exchange.responseHeaders,
      body: exchange.responseBody,
    }
    for (const finding of compareAnswers(recorded, simulated, context)) {
      differences.push({
        exchange: exchange.index,
        method: exchange.method,
        url: exchange.url,
        ...finding,
      })
    }
    compared++
  }
  skips.sort((a, b) => a.exchange - b.exchange)
  return { differences, compared, skipped: skips, setup: setup.summary }
}
