/**
 * The messaging part of `verify` (`ServiceDefinition.verify`): its exchanges are an organization's
 * (`organizations.ts`); its credentials are Basic e-mail and key pairs with a role (`roles.ts`); its scenario
 * part (organizations, their users and channels, levels, e-mail visibility) is inferred by `infer.ts`;
 * `settle.ts` places users and earlier messages at their recorded ids; `replay.ts` writes recorded ids as the
 * simulator's; `GET /users` lists its members in no fixed order; its live script is `live.ts`.
 * @module
 */
import type { PartOptions, VerifyPart } from '../../../engine/core/verify-part.js'
import {
  DEFAULT_FEATURE_LEVEL,
  FEATURE_LEVEL_RANGE,
  featureLevelProblem,
} from '../feature-levels.js'
import type { MessagingService } from '../service.js'
import { type MessagingPlan, planMessaging } from './infer.js'
import { messagingLiveScript } from './live.js'
import { organizationOf } from './organizations.js'
import { authorization, mapForm, mapPath, recordedMessage } from './replay.js'
import { isMessagingRole, MESSAGING_ROLES_DESCRIBED } from './roles.js'
import { place } from './settle.js'
import { type OrganizationVisibility, VISIBILITY_NAMES } from './visibility.js'

/** What the messaging part keeps of a recording: its plan, and what settling learned. */
interface MessagingVerifyPlan {
  plan: MessagingPlan
  /** Recorded organization URL → the simulator's. */
  organizationUrls: Map<string, string>
  /**
   * Ids of the messages the simulator held from the start with their real content: its organizations'
   * onboarding messages (not the stand-ins seeded for messages the recording shows only by id).
   */
  knownMessageIds: Set<number>
  seededMessages: number
}

const visibilityOption = (options: PartOptions) => options.emailVisibility as string | undefined
const levelOption = (options: PartOptions) => options.featureLevel as number | undefined

export const messagingVerify: VerifyPart<MessagingVerifyPlan> = {
  reportOrder: 0,
  claim: organizationOf,
  optionsEverywhere: true,
  roles: { accepts: isMessagingRole, described: MESSAGING_ROLES_DESCRIBED },
  optionsProblem(options) {
    const level = levelOption(options)
    if (level !== undefined) {
      const problem = featureLevelProblem(level)
      if (problem !== undefined) return `feature level: ${problem}`
    }
    const visibility = visibilityOption(options)
    if (
      visibility !== undefined &&
      visibility !== 'server-default' &&
      !(VISIBILITY_NAMES as readonly string[]).includes(visibility)
    ) {
      return `email visibility: "${visibility}" is not everyone, members, moderators, admins, nobody or server-default`
    }
    return undefined
  },
  infer: (plans, { roles, options }) => ({
    plan: planMessaging(
      plans,
      {
        option: levelOption(options),
        default: DEFAULT_FEATURE_LEVEL,
        min: FEATURE_LEVEL_RANGE.min,
        max: FEATURE_LEVEL_RANGE.max,
      },
      roles,
      visibilityOption(options) as OrganizationVisibility | undefined,
    ),
    organizationUrls: new Map(),
    knownMessageIds: new Set(),
    seededMessages: 0,
  }),
  scenario: ({ plan }) => ({ organizations: plan.organizations.map((o) => o.definition) }),
  async settle(verifyPlan, { instance, identities, start, edit }) {
    const { plan } = verifyPlan
    if (plan.organizations.length > 0) {
      const placed = await edit((state) => {
        const messaging = state as Parameters<typeof place>[0]
        for (const message of messaging.messages) verifyPlan.knownMessageIds.add(message.id)
        return place(messaging, plan, start)
      })
      for (const [recorded, simulated] of placed.recordedToSim)
        identities.learn('user', recorded, simulated)
      verifyPlan.seededMessages = placed.seededMessages
    }
    for (const organization of plan.organizations) {
      const url = (instance as MessagingService).baseUrlOf(organization.definition.subdomain)
      verifyPlan.organizationUrls.set(organization.base, url)
      identities.addUrl(url, organization.base)
      if (organization.visibility.fakeDomain !== undefined)
        identities.addFakeDomain(organization.visibility.fakeDomain)
    }
  },
  summary: ({ plan, seededMessages }) => ({
    accounts: plan.summary,
    tenants: plan.organizations.map((organization) => ({
      recordedUrl: organization.base,
      subdomain: organization.definition.subdomain,
      name: organization.definition.name,
      featureLevel: organization.definition.featureLevel ?? DEFAULT_FEATURE_LEVEL,
      featureLevelFrom: organization.featureLevelFrom,
      emailVisibility: organization.visibility.organization,
      emailVisibilityFrom: organization.visibility.from,
    })),
    seededUsers: plan.organizations.reduce((sum, o) => sum + o.users.length, 0),
    seededMessages,
    notes: plan.notes,
  }),
  commandLine: {
    flags: [
      {
        option: 'featureLevel',
        flag: 'feature-level',
        value: '<n>',
        help: ['the messaging feature level, where the recording states none'],
        parse: (text) =>
          /^[0-9]+$/.test(text)
            ? { value: Number(text) }
            : { problem: `must be a whole number, got "${text}"` },
      },
      {
        option: 'emailVisibility',
        flag: 'email-visibility',
        value: '<v>',
        help: [
          "each messaging organization's email_address_visibility: everyone,",
          'members, moderators, admins, nobody or server-default (default: what',
          'the addresses in the recording show, else server-default)',
        ],
        parse: (text) => ({ value: text }),
      },
    ],
    roles: 'e-mail=owner|administrator|moderator|member|guest[+can_create_users]',
    baseUrl: "the organization's URL",
    email: true,
  },
  tenantLines: (organization) => [
    `  messaging ${organization.recordedUrl} as "${organization.subdomain}", level ${organization.featureLevel} (${organization.featureLevelFrom})`,
    `    e-mail visibility ${organization.emailVisibility} (${organization.emailVisibilityFrom})`,
  ],
  /**
   * A recorded request that read, changed or deleted with success a message that existed before the
   * recording, whose content the recording does not show: not one it created, nor one the simulator holds
   * with its real content from the start (an organization's onboarding messages).
   */
  skip({ plan, knownMessageIds }, { located, exchange }) {
    const id = /^\/api\/v1\/messages\/(\d+)$/.exec(located?.path ?? '')?.[1]
    if (id === undefined || exchange.method === 'OPTIONS') return undefined
    const ok = exchange.status >= 200 && exchange.status < 300
    const known = plan.createdMessageIds.has(Number(id)) || knownMessageIds.has(Number(id))
    return ok && !known
      ? 'it acts on a message that existed before the recording, whose content the recording does not show'
      : undefined
  },
  rewrite({ plan, organizationUrls }, planned, context) {
    const { exchange, located } = planned
    const base = organizationUrls.get(located?.base ?? '') as string
    const path = mapPath(located?.path ?? '', context.identities)
    let query = located?.query ?? ''
    if (query !== '') {
      const params = new URLSearchParams(query)
      const mapped = mapForm(params.toString(), context.identities)
      if (mapped !== params.toString()) query = `?${mapped}`
    }
    const form = !/json|multipart/i.test(exchange.requestMimeType ?? '')
    const body =
      exchange.requestBody !== undefined && form
        ? mapForm(exchange.requestBody, context.identities, recordedMessage(planned) ?? '')
        : exchange.requestBody
    return {
      url: `${base}${path}${query}`,
      authorization: authorization(
        planned,
        plan,
        context.instance as MessagingService,
        context.authorization,
      ),
      body,
    }
  },
  identities: {
    numberKeys: {
      user_id: 'user',
      sender_id: 'user',
      bot_owner_id: 'user',
      owner_id: 'user',
      acting_user_id: 'user',
      user_ids: 'user',
      message_id: 'message',
      max_message_id: 'message',
      message_ids: 'message',
    },
    idParents: {
      user: 'user',
      members: 'user',
      display_recipient: 'user',
      users: 'user',
      message: 'message',
      messages: 'message',
    },
    stringKeys: { sender_realm_str: 'realm' },
    dummyAddressIds: 'user',
  },
  /*
   * Zulip's `GET /users` (`get_users_for_api` → `get_realm_user_dicts`, and `user_ids` through `id__in`)
   * reads the rows without `ORDER BY`, so PostgreSQL returns them in the order it stores them: the real 384
   * server of test/recordings lists `6, 7, 8, 9`, the 442 server, built by the same script, `6, 9, 7, 8`
   * (the new row filled a slot the template database had left free). Understudy lists them in id order.
   */
  unordered: [{ method: 'GET', path: /^\/api\/v1\/users\/?$/, list: 'body.members' }],
  live: messagingLiveScript,
}
