/**
 * The messaging organizations a recording shows, as a scenario: each organization (from the recorded
 * URLs), its feature level and name (from `server_settings`), the users that existed before the recording
 * began (seeded from what the answers reveal: user objects, message senders and recipients, the
 * credentials' accounts) and not those it created, and each credential's account and role.
 *
 * Roles, from the strongest evidence: the role a user object of the account shows (`/users/me`,
 * `GET /users`); then what its requests got: a `POST /users` that succeeded makes an administrator with
 * `can_create_users`, `Must be an organization administrator` a member, `User not authorized to create
 * users` an administrator without it. Without evidence: a member (option `roles` says otherwise). A
 * credential whose every answer is a 401 maps onto no account: its header is replayed as recorded, unless
 * the 401 is `Account is deactivated`: the account exists, deactivated before the recording began.
 *
 * A user the recording deactivates (`DELETE /users/{id}`, `DELETE /users/me`) was active before it, whatever
 * later answers show. E-mail visibility comes from the addresses the answers show (`visibility.ts`);
 * a seeded user whose real address the recording never shows gets a stand-in of the recording's fake domain.
 * A user's `max_message_id` before any message of the recording names a message that existed before it
 * (Zulip's onboarding messages): it is planned as `earlierMessages`, which the set-up seeds.
 * @module
 */

import {
  type Credential,
  describeCredential,
  header,
  requestParams,
} from '../../../engine/core/recorded-exchange.js'
import {
  type AccountSummary,
  asObject,
  type PlannedExchange,
  succeeded,
} from '../../../engine/core/verify-part.js'
import type { MessagingScenarioInput } from '../scenario-schema.js'
import { channelsIn, plannedChannels, showsOnboarding } from './channels.js'
import { subdomainFor } from './organizations.js'
import { type RoleOverride, roleOverride } from './roles.js'
import { dummyDomain, merge, num, type SeenUser, str, usersIn } from './seen-users.js'
import {
  type OrganizationVisibility,
  planVisibility,
  type Reader,
  type Sighting,
  sightingsIn,
  type VisibilityPlan,
} from './visibility.js'

type OrganizationInput = MessagingScenarioInput['organizations'][number]
type UserInput = OrganizationInput['users'][number]

/** Zulip's role values on the wire. */
const ROLE_NAMES: Readonly<Record<number, NonNullable<UserInput['role']>>> = {
  100: 'owner',
  200: 'administrator',
  300: 'moderator',
  400: 'member',
  600: 'guest',
}
/** Zulip's bot type values on the wire. */
const BOT_TYPE_NAMES: Readonly<Record<number, NonNullable<UserInput['bot']>>> = {
  1: 'generic',
  2: 'incoming-webhook',
  3: 'outgoing-webhook',
  4: 'embedded',
}
const NOT_ADMINISTRATOR = 'Must be an organization administrator'
const CANNOT_CREATE = 'User not authorized to create users'
const DEACTIVATED = 'Account is deactivated'

/** A user to seed, with what the snapshot step places (id, dates) beside the scenario's fields. */
interface SeedUser {
  input: UserInput
  recordedId: number | undefined
  dateJoined: string | undefined
  timezone: string | undefined
  avatarVersion: number | undefined
}

/** One organization of the recording. */
interface PlannedOrganization {
  base: string
  definition: OrganizationInput
  users: SeedUser[]
  featureLevelFrom: string
  visibility: VisibilityPlan
  /**
   * Messages that existed before the recording, as the users' `max_message_id` shows them: each id with
   * the recorded ids of the users whose newest message it was.
   */
  earlierMessages: Array<{ id: number; userIds: number[] }>
}

/** How to replay a messaging credential: as an account of an organization, or exactly as recorded. */
type MessagingAccount = { subdomain: string; email: string } | 'as-recorded'

/** Everything the set-up takes from the messaging part of a recording. */
export interface MessagingPlan {
  organizations: PlannedOrganization[]
  accounts: Map<string, MessagingAccount>
  /** Recorded user ids of users the recording created, and the first of them. */
  createdUserIds: Set<number>
  /** Recorded ids of messages the recording created. */
  createdMessageIds: Set<number>
  /** Every user id the recording mentions (answers and paths), created or not. */
  mentionedUserIds: Set<number>
  summary: AccountSummary[]
  notes: string[]
}

/** What the level and option say about the feature level. */
export interface LevelRule {
  option: number | undefined
  default: number
  max: number
  min: number
}

/** A synthetic API key (32 letters and digits, as Zulip's), unique per number. */
const syntheticKey = (n: number) => `UnderstudyVerifyKey${String(n).padStart(13, '0')}`

/** The role evidence of a credential's requests. */
interface Evidence {
  created: boolean
  notAdministrator: boolean
  cannotCreate: boolean
  welcomed: boolean
  valid: boolean
  /** Its first answer was `Account is deactivated`: deactivated before the recording began. */
  deactivatedBefore: boolean
}

function evidenceOf(plans: readonly PlannedExchange[]): Map<string, Evidence> {
  const evidence = new Map<string, Evidence>()
  for (const plan of plans) {
    const id = plan.credential.id
    const known = evidence.get(id) ?? {
      created: false,
      notAdministrator: false,
      cannotCreate: false,
      welcomed: false,
      valid: false,
      deactivatedBefore: str(asObject(plan.json)?.msg) === DEACTIVATED,
    }
    evidence.set(id, known)
    const path = plan.located?.path
    const message = str(asObject(plan.json)?.msg)
    if (plan.exchange.status !== 401 || message === DEACTIVATED) known.valid = true
    if (plan.exchange.method === 'POST' && path === '/api/v1/users' && succeeded(plan))
      known.created = true
    if (path === '/api/v1/realm/test_welcome_bot_custom_message' && succeeded(plan))
      known.welcomed = true
    if (message === NOT_ADMINISTRATOR) known.notAdministrator = true
    if (message === CANNOT_CREATE) known.cannotCreate = true
  }
  return evidence
}

/** The e-mail of an account a credential stands for, if it names one. */
function emailOf(credential: Credential): string | undefined {
  if (credential.scheme === 'basic') return credential.email
  if (credential.scheme === 'redacted') return credential.actor
  return undefined
}

function featureLevelOf(plans: readonly PlannedExchange[], rule: LevelRule) {
  if (rule.option !== undefined) return { level: rule.option, from: '--feature-level' }
  for (const plan of plans) {
    const level = num(asObject(plan.json)?.zulip_feature_level)
    if (level !== undefined) {
      const from = `zulip_feature_level in exchange ${plan.exchange.index}`
      if (level > rule.max) {
        return {
          level: rule.max,
          from: `${from} (${level}, above the newest level the simulator models, ${rule.max})`,
        }
      }
      return { level: Math.max(level, rule.min), from }
    }
  }
  return { level: rule.default, from: `the default (the recording states no level)` }
}

/** `<p>text</p>` back to `text`, for the organization's description; `''` when it is more than that. */
function plainDescription(html: string | undefined): string {
  const match = /^<p>([^<]*)<\/p>$/.exec(html ?? '')
  if (!match?.[1]) return ''
  return match[1]
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&')
}

/** Plans the messaging part of a recording. */
export function planMessaging(
  plans: readonly PlannedExchange[],
  levels: LevelRule,
  roles: ReadonlyMap<string, string>,
  emailVisibility?: OrganizationVisibility,
): MessagingPlan {
  const evidence = evidenceOf(plans)
  const createdUserIds = new Set<number>()
  const createdMessageIds = new Set<number>()
  const mentionedUserIds = new Set<number>()
  const accounts = new Map<string, MessagingAccount>()
  const summary: AccountSummary[] = []
  const notes: string[] = []
  const organizations: PlannedOrganization[] = []
  const subdomains = new Set<string>()
  const channelIds = new Set<number>()
  let keys = 0

  const bases = [...new Set(plans.map((plan) => plan.located?.base as string))]
  for (const base of bases) {
    const own = plans.filter((plan) => plan.located?.base === base)
    const subdomain = subdomainFor(base, subdomains)
    subdomains.add(subdomain)
    const created = new Set<string>()
    const deactivatedIds = new Set<number>()
    const deactivatedEmails = new Set<string>()
    const sightings: Sighting[] = []
    const maxMessageIds: Array<{ id: number; credential: string }> = []
    const seen: SeenUser[] = []
    const byId = new Map<number, SeenUser>()
    /** The user an e-mail names: a human before a bot of the same address (a system bot's may be reused). */
    const byEmail = (email: string) => {
      const lower = email.toLowerCase()
      const all = seen.filter((user) => user.email.toLowerCase() === lower)
      return all.find((user) => !user.isSystemBot) ?? all[0]
    }
    const remember = (user: SeenUser) => {
      const sameEmail = seen.find(
        (known) =>
          known.email.toLowerCase() === user.email.toLowerCase() &&
          (known.id === undefined || user.id === undefined || known.id === user.id),
      )
      const known = (user.id !== undefined ? byId.get(user.id) : undefined) ?? sameEmail
      if (known) merge(known, user)
      else seen.push(user)
      const kept = known ?? user
      if (kept.id !== undefined) byId.set(kept.id, kept)
      if (user.id !== undefined) mentionedUserIds.add(user.id)
    }
    let rateLimit: number | undefined
    for (const plan of own) {
      const body = asObject(plan.json)
      if (plan.exchange.method === 'POST' && plan.located?.path === '/api/v1/users') {
        if (succeeded(plan)) {
          const email = requestParams(plan.exchange).get('email')
          if (email !== undefined) created.add(email.trim().toLowerCase())
          const id = num(body?.user_id)
          if (id !== undefined) createdUserIds.add(id)
        }
      }
      if (
        plan.located?.path === '/api/v1/realm/test_welcome_bot_custom_message' &&
        succeeded(plan)
      ) {
        const id = num(body?.message_id)
        if (id !== undefined) createdMessageIds.add(id)
      }
      const pathId = /^\/api\/v1\/users\/(\d+)$/.exec(plan.located?.path ?? '')?.[1]
      if (pathId !== undefined) mentionedUserIds.add(Number(pathId))
      if (plan.exchange.method === 'DELETE' && succeeded(plan)) {
        if (pathId !== undefined) deactivatedIds.add(Number(pathId))
        const email = emailOf(plan.credential)
        if (plan.located?.path === '/api/v1/users/me' && email)
          deactivatedEmails.add(email.toLowerCase())
      }
      if (succeeded(plan)) {
        for (const user of usersIn(plan.json)) remember(user)
        sightings.push(...sightingsIn(plan.json, plan.credential.id))
        const newest = num(body?.max_message_id)
        if (plan.located?.path === '/api/v1/users/me' && newest !== undefined && newest > 0)
          maxMessageIds.push({ id: newest, credential: plan.credential.id })
      }
      const limit = Number(header(plan.exchange.responseHeaders, 'x-ratelimit-limit'))
      if (Number.isInteger(limit) && limit > 0) rateLimit ??= limit
    }

    const users: SeedUser[] = []
    const addUser = (
      user: SeenUser,
      role: UserInput['role'],
      canCreateUsers: boolean,
      deactivatedBefore = false,
    ) => {
      const email = user.email
      const deactivatedHere =
        (user.id !== undefined && deactivatedIds.has(user.id)) ||
        deactivatedEmails.has(email.toLowerCase())
      const bot = user.botType === undefined || user.botType === null ? null : user.botType
      const owner = user.botOwnerId == null ? undefined : byId.get(user.botOwnerId)
      users.push({
        input: {
          email,
          fullName: user.fullName?.trim() || email.split('@')[0] || email,
          role,
          apiKey: syntheticKey(++keys),
          canCreateUsers,
          isActive: deactivatedHere || (user.isActive ?? !deactivatedBefore),
          bot: bot === null ? null : (BOT_TYPE_NAMES[bot] ?? 'generic'),
          ...(owner && bot !== null && owner.botType == null ? { botOwner: owner.email } : {}),
          systemBot: bot !== null && user.isSystemBot,
        },
        recordedId: user.id,
        dateJoined: user.dateJoined,
        timezone: user.timezone,
        avatarVersion: user.avatarVersion,
      })
    }

    // The credentials' accounts first: their roles come from evidence too.
    const readers = new Map<string, Reader>()
    const credentialEmails = new Map<string, string[]>()
    for (const plan of own) {
      const email = emailOf(plan.credential)
      if (email === undefined) continue
      const proof = evidence.get(plan.credential.id)
      if (!proof?.valid) {
        if (!accounts.has(plan.credential.id)) {
          accounts.set(plan.credential.id, 'as-recorded')
          summary.push({
            service: 'messaging',
            credential: `${describeCredential(plan.credential)} (another key)`,
            role: 'unknown',
            from: 'every answer to it was a 401: replayed as recorded',
          })
        }
        continue
      }
      const ids = credentialEmails.get(email.toLowerCase()) ?? []
      if (!ids.includes(plan.credential.id)) ids.push(plan.credential.id)
      credentialEmails.set(email.toLowerCase(), ids)
      accounts.set(plan.credential.id, { subdomain, email })
    }
    for (const [lower, credentialIds] of credentialEmails) {
      // Every key that worked for the account says something of it.
      const proofs = credentialIds.map((id) => evidence.get(id) as Evidence)
      const proof: Evidence = {
        created: proofs.some((p) => p.created),
        notAdministrator: proofs.some((p) => p.notAdministrator),
        cannotCreate: proofs.some((p) => p.cannotCreate),
        welcomed: proofs.some((p) => p.welcomed),
        valid: true,
        deactivatedBefore: proofs.every((p) => p.deactivatedBefore),
      }
      const overridden: RoleOverride | undefined = roleOverride(roles, lower)
      const seenUser = byEmail(lower)
      let role: UserInput['role'] = 'member'
      let from = 'the default (the recording does not show its role)'
      if (seenUser?.role !== undefined && ROLE_NAMES[seenUser.role]) {
        role = ROLE_NAMES[seenUser.role]
        from = 'its user object'
      } else if (proof.created || proof.welcomed || proof.cannotCreate) {
        role = 'administrator'
        from = proof.created ? 'its POST /users succeeded' : 'what its requests got'
      } else if (proof.notAdministrator) {
        role = 'member'
        from = `"${NOT_ADMINISTRATOR}"`
      }
      let canCreateUsers = proof.created
      if (overridden) {
        role = overridden.role as UserInput['role']
        canCreateUsers = overridden.canCreateUsers ?? canCreateUsers
        from = 'the roles option'
      }
      summary.push({
        service: 'messaging',
        credential: seenUser?.email ?? lower,
        role: `${role}${canCreateUsers ? ' (can_create_users)' : ''}`,
        from,
      })
      for (const id of credentialIds)
        readers.set(id, { role: role ?? 'member', userId: seenUser?.id })
      if (created.has(lower)) continue
      const user: SeenUser = seenUser ?? {
        ...{ id: undefined, email: lower, fullName: undefined, role: undefined },
        ...{ isActive: undefined, botType: null, botOwnerId: null, isSystemBot: false },
        ...{ dateJoined: undefined, timezone: undefined, avatarVersion: undefined },
      }
      addUser(user, role, canCreateUsers, proof.deactivatedBefore)
    }
    // Then everyone else the answers show existed before the recording.
    for (const user of seen) {
      const lower = user.email.toLowerCase()
      if (credentialEmails.has(lower)) continue
      // Created in the recording: by id when the answers give one (a system bot may share the address).
      if (user.id !== undefined ? createdUserIds.has(user.id) : created.has(lower)) continue
      addUser(user, ROLE_NAMES[user.role ?? 400] ?? 'member', false)
    }

    const level = featureLevelOf(own, levels)
    if (level.from.includes('above the newest'))
      notes.push(`${base}: replayed at level ${level.level}: ${level.from}`)
    const visibility = planVisibility(sightings, {
      readers,
      created: createdUserIds,
      featureLevel: level.level,
      option: emailVisibility,
    })
    for (const user of users) {
      const id = user.recordedId
      const own = id === undefined ? undefined : visibility.users.get(id)
      if (own !== undefined) {
        user.input.emailAddressVisibility = own
        notes.push(
          `${base}: user ${id} has its own e-mail visibility, ${own} (what the answers show)`,
        )
      }
      // Only ever shown as `user<id>@<fake domain>`: the real address is not in the recording.
      const domain = dummyDomain(user.input.email, id)
      if (domain !== undefined) user.input.email = `address-not-recorded-${id}@${domain}`
    }
    const earlierMessages = new Map<number, number[]>()
    const firstCreated = Math.min(...createdMessageIds)
    for (const { id, credential } of maxMessageIds) {
      const userId = readers.get(credential)?.userId
      if (userId === undefined || createdMessageIds.has(id) || id > firstCreated) continue
      const ids = earlierMessages.get(id) ?? []
      if (!ids.includes(userId)) ids.push(userId)
      earlierMessages.set(id, ids)
    }
    const settings = own.map((plan) => asObject(plan.json)).find((body) => str(body?.realm_name))
    const channels = plannedChannels(channelsIn(own.map((plan) => plan.json)), channelIds)
    organizations.push({
      base,
      featureLevelFrom: level.from,
      users,
      visibility,
      earlierMessages: [...earlierMessages].map(([id, userIds]) => ({ id, userIds })),
      definition: {
        subdomain,
        name: str(settings?.realm_name) ?? 'Understudy verify',
        description: plainDescription(str(settings?.realm_description)),
        featureLevel: level.level,
        emailAddressVisibility: visibility.organization,
        ...(rateLimit === undefined ? {} : { rateLimit: { perHour: rateLimit } }),
        ...(channels === undefined ? {} : { channels }),
        onboarding: showsOnboarding(own.map((plan) => plan.json)),
        users: users.map((user) => user.input),
      },
    })
  }
  return {
    organizations,
    accounts,
    createdUserIds,
    createdMessageIds,
    mentionedUserIds,
    summary,
    notes,
  }
}
