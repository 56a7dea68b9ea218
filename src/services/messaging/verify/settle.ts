/**
 * The messaging part's settling, once the simulator is created from the scenario: through a snapshot of its
 * messaging part, each seeded user placed at the id the recording shows, with its recorded join date, time
 * zone and avatar version; the id sequences set so that the recording's first new user and first new
 * message get their recorded ids; and the messages the recording shows existed before it (a user's
 * `max_message_id`) seeded at their ids. Ids that still differ are mapped by verify.
 * @module
 */
import type * as z from '../../../engine/core/zod.js'
import type { messagingSnapshotSchema } from '../snapshot.js'
import type { MessagingPlan } from './infer.js'

/** The messaging part of a snapshot. */
export type MessagingState = z.output<typeof messagingSnapshotSchema>

/** What a seeded message stands for: one the recording shows existed, with content it does not show. */
const EARLIER_MESSAGE = 'A message from before the recording (its content is not in the recording).'

/**
 * Seeds the messages the recording shows existed before it: each a direct message from the organization's
 * Welcome Bot to the user whose newest message it was (between the first two when it was two users'). An id
 * the simulator already holds (an onboarding message of the organization) is not seeded again.
 */
function seedEarlierMessages(
  messaging: MessagingState,
  plan: MessagingPlan,
  recordedToSim: ReadonlyMap<number, number>,
  at: number,
): number {
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
export function place(
  messaging: MessagingState,
  plan: MessagingPlan,
  at: number,
): { recordedToSim: Map<number, number>; seededMessages: number } {
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
  const seededMessages = seedEarlierMessages(messaging, plan, recordedToSim, at)
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
