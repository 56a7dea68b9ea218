/**
 * The router's part of `verify` (`ServiceDefinition.verify`): its exchanges are those under a base URL ending
 * in `/api/v1` whose paths start with `/presets` (or any path of `openrouter.ai`); its credentials are Bearer
 * keys of kind `inference` or `management`; its scenario part is inferred by `infer.ts` and `models.ts`; a
 * request is replayed at the simulator's router URL with the seeded key; an inference answer is compared by
 * its envelope (`envelope.ts`); its live script is `live.ts`.
 * @module
 */
import type { PlannedExchange, VerifyPart } from '../../../engine/core/verify-part.js'
import type { RouterService } from '../service.js'
import { compareEnvelopeBodies } from './envelope.js'
import { planRouter, type RouterPlan } from './infer.js'
import { routerLiveScript } from './live.js'
import { recordedModels } from './models.js'

// `s`: `.` matches any character, so `.*$` always ends a match (no backtracking over a failed end).
const ROUTER_PATH = /^(.*\/api\/v1)(\/presets(?:\/.*)?)$/s
const API_PATH = /^(.*?)(\/api\/v1(?:\/.*)?)$/s
const ROUTER_HOSTS = new Set(['openrouter.ai'])

/** Inference operations: the three dialects (`/presets/{slug}/chat/completions` creates a preset). */
const INFERENCE_PATH = /^\/(?:chat\/completions|messages|responses)\/?$/

/** What the router's part keeps of a recording: its plan, and the models its answers name. */
interface RouterVerifyPlan {
  plan: RouterPlan
  models: ReturnType<typeof recordedModels>
}

export const routerVerify: VerifyPart<RouterVerifyPlan> = {
  reportOrder: 1,
  claim(url) {
    const router = ROUTER_PATH.exec(url.pathname)
    if (!router && !ROUTER_HOSTS.has(url.hostname)) return undefined
    const prefix = router?.[1] ?? API_PATH.exec(url.pathname)?.[1]
    if (prefix === undefined) return null
    return `${url.origin}${router ? prefix : `${prefix}/api/v1`}`
  },
  roles: {
    accepts: (value) => value === 'inference' || value === 'management',
    described: 'inference or management',
  },
  infer: (plans: readonly PlannedExchange[], { roles }) => ({
    plan: planRouter(plans, roles),
    models: recordedModels(plans),
  }),
  scenario: ({ plan, models }) => ({ workspaces: plan.workspaces, models }),
  summary: ({ plan }) => ({ accounts: plan.summary, seededPresets: plan.seededPresets }),
  rewrite({ plan }, planned, { instance, authorization }) {
    const { exchange, located } = planned
    const base = (instance as RouterService).baseUrl
    let auth = authorization
    if (planned.credential.scheme === 'none') auth = undefined
    else {
      const account = plan.accounts.get(planned.credential.id)
      if (account && account !== 'as-recorded') auth = `Bearer ${account.key}`
    }
    return {
      url: `${base}${located?.path ?? ''}${located?.query ?? ''}`,
      authorization: auth,
      body: exchange.requestBody,
    }
  },
  // The router's user ids are strings of no fixed form.
  identities: { stringKeys: { creator_user_id: 'router user', creator_id: 'router user' } },
  bodies: ({ exchange, located }) =>
    exchange.method === 'POST' && located !== undefined && INFERENCE_PATH.test(located.path)
      ? compareEnvelopeBodies
      : undefined,
  live: routerLiveScript,
  commandLine: { roles: 'router key=inference|management', baseUrl: "the router's …/api/v1" },
}
