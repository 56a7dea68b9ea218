/**
 * The messaging service's part of a snapshot (format version 1): its records' fields, and the checks
 * across them (ids, subdomains and addresses unique where the store indexes them, every reference
 * resolving, counters past every id given).
 * @module
 */

import { type Path, snapshotChecks } from '../../engine/core/snapshot-checks.js'
import { count, epochMs, id, oneOf } from '../../engine/core/snapshot-fields.js'
import * as z from '../../engine/core/zod.js'
import { FEATURE_LEVEL_RANGE } from './feature-levels.js'
import { pyStrip } from './python.js'
import { BOT_TYPES, ROLES } from './records.js'
import type { MessagingServiceState } from './service.js'
import { EMAIL_VISIBILITY } from './visibility.js'

/** An `email_address_visibility` value (`visibility.ts`). */
const visibility = oneOf(
  Object.values(EMAIL_VISIBILITY),
  `an email_address_visibility value (${Object.values(EMAIL_VISIBILITY).join(', ')})`,
)

export const messagingSnapshotSchema = z.strictObject({
  organizations: z.array(
    z.strictObject({
      id: z.number().check(z.int(), z.gte(2)),
      subdomain: z
        .string()
        .check(z.regex(/^[a-z0-9-]{1,63}$/, 'must be 1 to 63 characters from a-z 0-9 -')),
      name: z.string().check(z.minLength(1)),
      description: z.string(),
      featureLevel: z
        .number()
        .check(z.int(), z.gte(FEATURE_LEVEL_RANGE.min), z.lte(FEATURE_LEVEL_RANGE.max)),
      deactivated: z.boolean(),
      emailsRestrictedToDomains: z.boolean(),
      allowedDomains: z.array(
        z.strictObject({ domain: z.string().check(z.minLength(1)), allowSubdomains: z.boolean() }),
      ),
      disallowDisposableEmailAddresses: z.boolean(),
      requireUniqueNames: z.boolean(),
      passwordPolicy: z.enum(['production', 'development']),
      rateLimit: z.nullable(
        z.strictObject({
          perMinute: z.number().check(z.int(), z.gte(1)),
          perHour: z.number().check(z.int(), z.gte(1)),
        }),
      ),
      position: count,
      /** Absent from snapshots written before it was kept: 1 (everyone), what the simulator did then. */
      emailAddressVisibility: z._default(visibility, 1),
      /** Absent from snapshots written before channels were kept: none, what the simulator had then. */
      channels: z._default(
        z.array(
          z.strictObject({
            id,
            name: z.string().check(z.minLength(1)),
            /** 0 (or absent, in snapshots written before it was kept): given on import. */
            recipientId: z._default(count, 0),
          }),
        ),
        [],
      ),
      /** Absent from snapshots written before onboarding was simulated: a bare organization, as then. */
      onboarding: z._default(z.boolean(), false),
    }),
  ),
  users: z.array(
    z.strictObject({
      id,
      organization: z.string(),
      email: z.string().check(z.minLength(1)),
      fullName: z.string(),
      role: oneOf(Object.values(ROLES), `a role value (${Object.values(ROLES).join(', ')})`),
      apiKey: z
        .string()
        .check(z.regex(/^[A-Za-z0-9]{32}$/, 'must be 32 characters from A-Z a-z 0-9')),
      password: z.nullable(z.string()),
      canCreateUsers: z.boolean(),
      isActive: z.boolean(),
      botType: z.nullable(
        oneOf(
          Object.values(BOT_TYPES),
          `a bot type value (${Object.values(BOT_TYPES).join(', ')})`,
        ),
      ),
      botOwnerId: z.nullable(id),
      isSystemBot: z.boolean(),
      dateJoined: epochMs,
      timezone: z.string(),
      avatarVersion: id,
      emailAddressVisibility: z._default(visibility, 1),
      /** 0 (or absent, in snapshots written before it was kept): given on import. */
      recipientId: z._default(count, 0),
    }),
  ),
  messages: z.array(
    z.strictObject({
      id,
      organization: z.string(),
      senderId: id,
      recipientId: id,
      /** Absent from snapshots written before channel messages: a direct message. */
      channelId: z._default(z.nullable(id), null),
      topic: z._default(z.string(), ''),
      starred: z._default(z.boolean(), false),
      reactions: z._default(
        z.array(
          z.strictObject({
            emojiName: z.string().check(z.minLength(1)),
            emojiCode: z.string().check(z.minLength(1)),
            reactionType: z.string().check(z.minLength(1)),
            userId: id,
          }),
        ),
        [],
      ),
      content: z.string(),
      renderedContent: z.string(),
      client: z.string(),
      sentAt: epochMs,
      /** 0 (or absent, in snapshots written before it was kept): given on import. */
      conversationRecipientId: z._default(count, 0),
    }),
  ),
  lastUserId: count,
  lastMessageId: count,
  rateLimitHistories: z.array(
    z.strictObject({ organization: z.string(), userId: id, times: z.array(epochMs) }),
  ),
}) satisfies z.ZodMiniType<MessagingServiceState>

/** Adds an issue at `base` + the field's path for every problem across the messaging service's records. */
export function checkMessagingSnapshot(
  messaging: MessagingServiceState,
  context: z.core.$RefinementCtx,
  base: Path,
): void {
  const checks = snapshotChecks(context, base)
  const { organizations, users, messages, rateLimitHistories } = messaging
  const subdomains = checks.unique(
    'organizations',
    organizations,
    'subdomain',
    (organization) => organization.subdomain,
    'is used by another organization',
  )
  checks.unique(
    'organizations',
    organizations,
    'id',
    (organization) => organization.id,
    'is used by another organization',
  )
  // Channel ids are the server's, unique across organizations, as the store's channels are.
  checks.uniqueAt(
    organizations.flatMap((organization, o) =>
      organization.channels.map(
        (channel, c) => [['organizations', o, 'channels', c, 'id'], channel.id] as const,
      ),
    ),
    'is used by another channel',
  )
  const userIds = checks.unique('users', users, 'id', (user) => user.id, 'is used by another user')
  // As the store files them: the address stripped and lower-cased, per organization, system bots apart.
  checks.unique(
    'users',
    users,
    'email',
    (user) => [
      user.isSystemBot ? 'system' : '',
      user.organization,
      pyStrip(user.email).toLowerCase(),
    ],
    'is used by another user of the organization',
  )
  checks.unique('users', users, 'apiKey', (user) => user.apiKey, 'is used by another user')
  checks.each('users', users, (user, at) => {
    at.refers('organization', subdomains, user.organization, 'is no organization')
    if (user.botOwnerId !== null) at.refers('botOwnerId', userIds, user.botOwnerId, 'is no user')
  })
  checks.atLeast(
    'lastUserId',
    messaging.lastUserId,
    users.map((user) => user.id),
    'user id',
  )
  checks.unique('messages', messages, 'id', (message) => message.id, 'is used by another message')
  const organizationChannels = new Map(
    organizations.map((organization) => [
      organization.subdomain,
      new Set(organization.channels.map((channel) => channel.id)),
    ]),
  )
  checks.each('messages', messages, (message, at) => {
    at.refers('organization', subdomains, message.organization, 'is no organization')
    at.refers('senderId', userIds, message.senderId, 'is no user')
    at.refers('recipientId', userIds, message.recipientId, 'is no user')
    if (
      message.channelId !== null &&
      !organizationChannels.get(message.organization)?.has(message.channelId)
    )
      at.issue('channelId', "is no channel of the message's organization")
    message.reactions.forEach((reaction, r) => {
      if (!userIds.has(reaction.userId)) at.issue(['reactions', r, 'userId'], 'is no user')
    })
  })
  checks.atLeast(
    'lastMessageId',
    messaging.lastMessageId,
    messages.map((message) => message.id),
    'message id',
  )
  checks.unique(
    'rateLimitHistories',
    rateLimitHistories,
    'userId',
    (history) => [history.organization, history.userId],
    'has another history in the organization',
  )
  checks.each('rateLimitHistories', rateLimitHistories, (history, at) => {
    at.refers('organization', subdomains, history.organization, 'is no organization')
    at.refers('userId', userIds, history.userId, 'is no user')
    if (history.times.some((time, t) => t > 0 && time < (history.times[t - 1] as number)))
      at.issue('times', 'must be in order, oldest first')
  })
}
