/**
 * Sets up a fresh simulator to match a recording: a scenario built from what the recording shows (the
 * messaging organizations and their users, the router's workspaces, keys and presets), the clock at the
 * recording's first date, and then, through a snapshot (the public `snapshot()`/`restore()`), each seeded
 * user placed at the id the recording shows, with its recorded join date, time zone and avatar version, and
 * the id sequences set so that the recording's first new user and first new message get their recorded
 * ids, and the messages the recording shows existed before it (a user's `max_message_id`) seeded at their
 * ids. Ids that still differ are mapped (`identity.ts`).
 * @module
 */

import {
  DEFAULT_FEATURE_LEVEL,
  FEATURE_LEVEL_RANGE,
  featureLevelProblem,
} from '../../services/messaging/feature-levels.js'
import type { ScenarioDefinition } from '../../services/scenario.js'
import { createSimulatorCore, type SimulatorCore } from '../../simulator/simulator-core.js'
import type { Snapshot } from '../../simulator/snapshot/schema.js'
import { VerifyInputError } from './har-input.js'
import { IdentityMap } from './identity.js'
import { type MessagingPlan, planMessaging } from './infer-messaging.js'
import { recordedModels } from './infer-models.js'
import { planRouter, type RouterPlan } from './infer-router.js'
import { type OrganizationVisibility, VISIBILITY_NAMES } from './infer-visibility.js'
import { ofService, type PlannedExchange } from './plan.js'
import type { VerifySetup } from './report.js'

/** Options of `verifyHar` that shape the set-up. */
export interface SetupOptions {
  /** The messaging feature level, where the recording states none (or to override what it states). */
  featureLevel?: number | undefined
  /** The clock's start; default: the recording's first date, else the current time. */
  now?: string | number | Date | undefined
  /** The simulator's seed (default `understudy-verify`). */
  seed?: string | number | undefined
  /** Roles where the recording does not show them: e-mail or router key → role (see `roles.ts`). */
  roles?: ReadonlyMap<string, string>
  /** Each organization's e-mail visibility, whatever the answers show (`infer-visibility.ts`). */
  emailVisibility?: string | undefined
}

/** A simulator set up to match a recording, and what replay needs to address it. */
export interface Setup {
  simulator: SimulatorCore
  messaging: MessagingPlan
  router: RouterPlan
  /** Recorded organization URL → the simulator's. */
  organizationUrls: Map<string, string>
  identities: IdentityMap
  summary: VerifySetup
  /** Added to every recorded time to get the simulator's (non-zero when `now` moves the start). */
  shiftMs: number
  /**
   * Ids of the messages the simulator held from the start with their real content: its organizations'
   * onboarding messages (not the stand-ins seeded for messages the recording shows only by id).
   */
  knownMessageIds: Set<number>
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

/** What a seeded message stands for: one the recording shows existed, with content it does not show. */
const EARLIER_MESSAGE = 'A message from before the recording (its content is not in the recording).'

/**
 * Seeds the messages the recording shows existed before it: each a direct message from the organization's
 * Welcome Bot to the user whose newest message it was (between the first two when it was two users'). An id
 * the simulator already holds (an onboarding message of the organization) is not seeded again.
 */
function seedEarlierMessages(
  snapshot: Snapshot,
  plan: MessagingPlan,
  recordedToSim: ReadonlyMap<number, number>,
  at: number,
): number {
  const messaging = snapshot.services.messaging
  let seeded = 0
  const held = new Set(messaging.messages.map((message) => message.id))
  for (const organization of plan.organizations) {
    const subdomain = organization.definition.subdomain
    const welcomeBot = messaging.users.find(
      (user) =>
        user.organization === subdomain &&
        user.isSystemBot &&
        user.email.toLowerCase() === 'welcome-bot@zulip.com',
    )
    for (const { id, userIds } of organization.earlierMessages) {
      if (held.has(id)) continue
      const people = userIds.map((userId) => recordedToSim.get(userId))
      const [first, second] = people
      if (first === undefined || people.includes(undefined)) continue
      const sender = second === undefined ? welcomeBot?.id : first
      if (sender === undefined) continue
      messaging.messages.push({
        id,
        organization: subdomain,
        senderId: sender,
        recipientId: second ?? first,
        channelId: null,
        topic: '',
        starred: false,
        reactions: [],
        content: EARLIER_MESSAGE,
        renderedContent: `<p>${EARLIER_MESSAGE}</p>`,
        client: 'Internal',
        sentAt: at,
        conversationRecipientId: 0,
      })
      messaging.lastMessageId = Math.max(messaging.lastMessageId, id)
      seeded++
    }
  }
  messaging.messages.sort((a, b) => a.id - b.id)
  return seeded
}

/** Places seeded users at their recorded ids and sets the id sequences (see the module's comment). */
function place(
  snapshot: Snapshot,
  plan: MessagingPlan,
  at: number,
): { recordedToSim: Map<number, number>; seededMessages: number } {
  const messaging = snapshot.services.messaging
  const taken = new Set<number>([...plan.mentionedUserIds, ...plan.createdUserIds])
  const claimed = new Set<number>()
  const placed = messaging.users.map((user) => {
    const organization = plan.organizations.find(
      (o) => o.definition.subdomain === user.organization,
    )
    const seed = organization?.users.find(
      (candidate) => candidate.input.email.toLowerCase() === user.email.toLowerCase(),
    )
    let id = seed?.recordedId
    if (id !== undefined && claimed.has(id)) id = undefined
    if (id !== undefined) claimed.add(id)
    return { user, seed, id }
  })
  // Users the recording never shows by id get ids it does not use.
  let next = 1
  for (const entry of placed) {
    if (entry.id !== undefined) continue
    while (taken.has(next) || claimed.has(next)) next++
    entry.id = next
    claimed.add(next)
  }
  const newId = new Map(placed.map((entry) => [entry.user.id, entry.id as number]))
  const recordedToSim = new Map<number, number>()
  for (const { user, seed, id } of placed) {
    user.id = id as number
    if (user.botOwnerId !== null) user.botOwnerId = newId.get(user.botOwnerId) ?? user.botOwnerId
    if (seed?.recordedId !== undefined) recordedToSim.set(seed.recordedId, user.id)
    const joined = seed?.dateJoined === undefined ? Number.NaN : Date.parse(seed.dateJoined)
    if (!Number.isNaN(joined)) user.dateJoined = joined
    if (seed?.timezone !== undefined) user.timezone = seed.timezone
    if (seed?.avatarVersion !== undefined && seed.avatarVersion >= 1) {
      user.avatarVersion = seed.avatarVersion
    }
  }
  // The store keeps users in the order restored: the order of their ids, as a real server lists them.
  messaging.users.sort((a, b) => a.id - b.id)
  // The organizations' onboarding messages name the users by their ids before placing.
  const moved = (userId: number) => newId.get(userId) ?? userId
  for (const message of messaging.messages) {
    message.senderId = moved(message.senderId)
    message.recipientId = moved(message.recipientId)
    for (const reaction of message.reactions) reaction.userId = moved(reaction.userId)
  }
  const seededMessages = seedEarlierMessages(snapshot, plan, recordedToSim, at)
  const highest = Math.max(0, ...messaging.users.map((user) => user.id))
  const firstCreated = Math.min(...plan.createdUserIds)
  messaging.lastUserId =
    Number.isFinite(firstCreated) && firstCreated - 1 >= highest ? firstCreated - 1 : highest
  const firstMessage = Math.min(...plan.createdMessageIds)
  if (Number.isFinite(firstMessage) && firstMessage - 1 >= messaging.lastMessageId) {
    messaging.lastMessageId = firstMessage - 1
  }
  return { recordedToSim, seededMessages }
}

/** Sets up a simulator for a planned recording. */
export async function setUp(
  plans: readonly PlannedExchange[],
  options: SetupOptions,
): Promise<Setup> {
  const roles = options.roles ?? new Map<string, string>()
  if (options.featureLevel !== undefined) {
    const problem = featureLevelProblem(options.featureLevel)
    if (problem !== undefined) throw new VerifyInputError(`feature level: ${problem}`)
  }
  const visibility = options.emailVisibility
  if (
    visibility !== undefined &&
    visibility !== 'server-default' &&
    !(VISIBILITY_NAMES as readonly string[]).includes(visibility)
  ) {
    throw new VerifyInputError(
      `email visibility: "${visibility}" is not everyone, members, moderators, admins, nobody or server-default`,
    )
  }
  const replayed = plans.filter((plan) => plan.located !== undefined && !plan.exchange.unusable)
  const messaging = planMessaging(
    ofService(replayed, 'messaging'),
    {
      option: options.featureLevel,
      default: DEFAULT_FEATURE_LEVEL,
      min: FEATURE_LEVEL_RANGE.min,
      max: FEATURE_LEVEL_RANGE.max,
    },
    roles,
    visibility as OrganizationVisibility | undefined,
  )
  const router = planRouter(ofService(replayed, 'router'), roles)
  const scenario: ScenarioDefinition = {
    name: 'recorded',
    description: 'Set up by understudy-mock verify from a recording',
    router: {
      workspaces: router.workspaces,
      models: recordedModels(ofService(replayed, 'router')),
    },
    messaging: { organizations: messaging.organizations.map((o) => o.definition) },
  }
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
  let seededMessages = 0
  const knownMessageIds = new Set<number>()
  if (messaging.organizations.length > 0) {
    const snapshot = simulator.snapshot()
    for (const message of snapshot.services.messaging.messages) knownMessageIds.add(message.id)
    const placed = place(snapshot, messaging, clock.start)
    await simulator.restore(snapshot)
    for (const [recorded, simulated] of placed.recordedToSim)
      identities.learn('user', recorded, simulated)
    seededMessages = placed.seededMessages
  }
  const organizationUrls = new Map<string, string>()
  for (const organization of messaging.organizations) {
    const url = simulator.messaging.baseUrlOf(organization.definition.subdomain)
    organizationUrls.set(organization.base, url)
    identities.addUrl(url, organization.base)
    if (organization.visibility.fakeDomain !== undefined)
      identities.addFakeDomain(organization.visibility.fakeDomain)
  }
  return {
    simulator,
    messaging,
    router,
    organizationUrls,
    identities,
    shiftMs: clock.shiftMs,
    knownMessageIds,
    summary: {
      clock: { start: new Date(clock.start).toISOString(), from: clock.from },
      organizations: messaging.organizations.map((organization) => ({
        recordedUrl: organization.base,
        subdomain: organization.definition.subdomain,
        name: organization.definition.name,
        featureLevel: organization.definition.featureLevel ?? DEFAULT_FEATURE_LEVEL,
        featureLevelFrom: organization.featureLevelFrom,
        emailVisibility: organization.visibility.organization,
        emailVisibilityFrom: organization.visibility.from,
      })),
      accounts: [...messaging.summary, ...router.summary],
      seededUsers: messaging.organizations.reduce((sum, o) => sum + o.users.length, 0),
      seededPresets: router.seededPresets,
      seededMessages,
      notes: messaging.notes,
    },
  }
}
