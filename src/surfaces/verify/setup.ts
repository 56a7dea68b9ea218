/**
 * Sets up a fresh simulator to match a recording: each service's part infers its part of a scenario from what
 * the recording shows (`VerifyPart.infer`, `scenario`), keyed by the service's name; the clock starts at the
 * recording's first date; and each part then settles what a scenario cannot say (`VerifyPart.settle`: ids,
 * dates, earlier records placed through a snapshot of its part, the public `snapshot()`/`restore()`). Ids
 * that still differ are mapped (`identity.ts`).
 * @module
 */

import type { PlannedExchange, VerifyPart } from '../../engine/core/verify-part.js'
import type { ScenarioDefinition } from '../../services/scenario.js'
import { createSimulatorCore, type SimulatorCore } from '../../simulator/simulator-core.js'
import { VerifyInputError } from './har-input.js'
import { IdentityMap } from './identity.js'
import { inReportOrder, type Parts } from './parts.js'
import { ofService } from './plan.js'
import type { VerifySetup } from './report.js'

/** Options of `verifyHar` that shape the set-up. */
export interface SetupOptions {
  /** The clock's start; default: the recording's first date, else the current time. */
  now?: string | number | Date | undefined
  /** The simulator's seed (default `understudy-verify`). */
  seed?: string | number | undefined
  /** Roles where the recording does not show them: e-mail or key → role (see `roles.ts`). */
  roles?: ReadonlyMap<string, string>
  /** Each service part's own options (`featureLevel`, `emailVisibility`…): `VerifyPart.optionsProblem`. */
  [option: string]: unknown
}

/** A service's part, with what it learned of the recording and its instance in the simulator. */
export interface SetupService {
  part: VerifyPart
  plan: unknown
  /** `simulator.<name>`. */
  instance: unknown
}

/** A simulator set up to match a recording, and what replay needs to address it. */
export interface Setup {
  simulator: SimulatorCore
  /** Each service's part and plan, by the service's name. */
  services: Map<string, SetupService>
  identities: IdentityMap
  summary: VerifySetup
  /** Added to every recorded time to get the simulator's (non-zero when `now` moves the start). */
  shiftMs: number
}

const DEFAULT_SEED = 'understudy-verify'

function startOf(plans: readonly PlannedExchange[], now: SetupOptions['now']) {
  const dates = plans
    .map((plan) => plan.exchange.startedAt)
    .filter((time): time is number => time !== undefined)
  const first = dates.length > 0 ? Math.min(...dates) : undefined
  if (now !== undefined) {
    const start = new Date(now).getTime()
    if (Number.isNaN(start)) throw new VerifyInputError(`now: ${String(now)} is not a time`)
    return { start, shiftMs: first === undefined ? 0 : start - first, from: 'the now option' }
  }
  if (first !== undefined) return { start: first, shiftMs: 0, from: "the recording's first date" }
  // To the whole minute: a clock reading with milliseconds would show in the simulator's dates.
  const minute = Math.floor(Date.now() / 60_000) * 60_000
  return { start: minute, shiftMs: 0, from: 'the current time (the recording has no dates)' }
}

/** The report's set-up: each part's share, in report order. */
function summaryOf(parts: Parts, services: Map<string, SetupService>): Omit<VerifySetup, 'clock'> {
  const summary: Omit<VerifySetup, 'clock'> = {
    organizations: [],
    accounts: [],
    seededUsers: 0,
    seededPresets: 0,
    seededMessages: 0,
    notes: [],
  }
  for (const { name } of inReportOrder(parts)) {
    const service = services.get(name) as SetupService
    const share = service.part.summary(service.plan)
    summary.organizations.push(...(share.tenants ?? []))
    summary.accounts.push(...(share.accounts as VerifySetup['accounts']))
    summary.seededUsers += share.seededUsers ?? 0
    summary.seededPresets += share.seededPresets ?? 0
    summary.seededMessages += share.seededMessages ?? 0
    summary.notes.push(...(share.notes ?? []))
  }
  return summary
}

/** Sets up a simulator for a planned recording. */
export async function setUp(
  plans: readonly PlannedExchange[],
  parts: Parts,
  options: SetupOptions,
): Promise<Setup> {
  const roles = options.roles ?? new Map<string, string>()
  for (const { part } of parts) {
    const problem = part.optionsProblem?.(options)
    if (problem !== undefined) throw new VerifyInputError(problem)
  }
  const replayed = plans.filter((plan) => plan.located !== undefined && !plan.exchange.unusable)
  const inferred = parts.map(({ name, part }) => ({
    name,
    part,
    plan: part.infer(ofService(replayed, name), { roles, options }),
  }))
  const scenario = {
    name: 'recorded',
    description: 'Set up by understudy-mock verify from a recording',
    ...Object.fromEntries(inferred.map(({ name, part, plan }) => [name, part.scenario(plan)])),
  } as ScenarioDefinition
  const clock = startOf(replayed, options.now)
  let simulator: SimulatorCore
  try {
    simulator = createSimulatorCore({
      scenario,
      seed: options.seed ?? DEFAULT_SEED,
      now: clock.start,
    })
  } catch (error) {
    throw new VerifyInputError(
      `cannot set the simulator up from this recording: ${error instanceof Error ? error.message.replace(/^\[understudy\] /, '') : String(error)}`,
    )
  }
  const identities = new IdentityMap()
  const services = new Map<string, SetupService>()
  for (const { name, part, plan } of inferred) {
    const instance: unknown = simulator[name]
    services.set(name, { part, plan, instance })
    await part.settle?.(plan, {
      instance,
      identities,
      start: clock.start,
      async edit(change) {
        const snapshot = simulator.snapshot()
        const result = change(snapshot.services[name])
        await simulator.restore(snapshot)
        return result
      },
    })
  }
  return {
    simulator,
    services,
    identities,
    shiftMs: clock.shiftMs,
    summary: {
      clock: { start: new Date(clock.start).toISOString(), from: clock.from },
      ...summaryOf(parts, services),
    },
  }
}
