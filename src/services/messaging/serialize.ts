/**
 * Records to the real server's wire shapes, as one reader sees them.
 *
 * User objects (`GET /users`, `/users/{user_id}`, `/users/{email}`, `/users/me`) follow `format_user_row`:
 * `email, user_id, avatar_version, is_admin, is_owner, is_guest, [is_billing_admin], role, is_bot,
 * full_name, timezone, is_active, date_joined, delivery_email, [is_imported_stub], avatar_url,
 * [bot_type, is_system_bot, bot_owner_id] | [profile_data]`.
 * - `email`, `delivery_email` and `avatar_url` follow the user's e-mail visibility (`visibility.ts`).
 * - `is_billing_admin` (always `false`) only from feature level 73 to 362; `is_imported_stub` (always
 *   `false`) from 433.
 * - `is_deleted` (from 490) is "only present when `true`", for a permanently deleted user (Zulip's own
 *   description): the simulator deletes no user, so no user object has it.
 * - Below 223 `avatar_url` comes before `delivery_email`; below 163 one organization setting decides the
 *   visibility of every human's address and `delivery_email` is there only when the reader may see it.
 * - `avatar_url`: every account uses Gravatar, so it is `null` when the client computes Gravatar URLs
 *   itself (`client_gravatar`, default true) and may (the address is visible to everyone), otherwise
 *   `https://secure.gravatar.com/avatar/<md5 of the lower-cased real address>?d=identicon&version=<avatar_version>`.
 * - `date_joined`: to the minute from feature level 280 (`2026-01-01T00:00+00:00`), to the second before.
 * - `profile_data` (`{}`, there are no custom profile fields) for humans when custom fields are requested.
 *
 * Message objects (`GET /messages/{message_id}`) follow `MessageDict`: id, sender_id, content,
 * recipient_id, timestamp (seconds), client, subject (`""` for direct messages), topic_links,
 * is_me_message, reactions, submessages, flags, sender_full_name, sender_email, sender_realm_str,
 * display_recipient, type (`private`), avatar_url, content_type.
 * - `recipient_id`: below 327 the message's recipient (the reader's own personal recipient when the reader
 *   received it); from 327 the sender's personal recipient for an incoming message; from 482 the
 *   recipient of the two users' conversation.
 * - `display_recipient`: the recipient's entry (`id, email, full_name, is_mirror_dummy`) and the
 *   sender's (`email, full_name, id, is_mirror_dummy`), ordered by `email`; from 482 both in the first
 *   form, ordered by id (the conversation's users).
 * - A system bot's `sender_realm_str` is `zulipinternal` and its `avatar_url` a static image of the server.
 * @module
 */
import { LEVELS } from './feature-levels.js'
import { md5Hex } from './md5.js'
import { compareCodePoints, pyIsoformat, pyIsoformatMinutes } from './python.js'
import {
  isAdministrator,
  type MessageRecord,
  type OrganizationRecord,
  type ReactionRecord,
  ROLES,
  type UserRecord,
  WELCOME_BOT_EMAIL,
} from './records.js'
import { canSeeDeliveryEmail, displayEmail, EMAIL_VISIBILITY } from './visibility.js'

/** A Gravatar URL as the real server builds it. */
function gravatarUrl(email: string, version: number): string {
  return `https://secure.gravatar.com/avatar/${md5Hex(email.toLowerCase())}?d=identicon&version=${version}`
}

/** The file name of each system bot's static avatar (`get_system_bots_avatar_file_name`). */
const SYSTEM_BOT_AVATARS: Readonly<Record<string, string>> = {
  [WELCOME_BOT_EMAIL]: 'welcome-bot',
  'notification-bot@zulip.com': 'notification-bot',
  'emailgateway@zulip.com': 'emailgateway',
}

/** Who reads, and where: what every object of one answer depends on. */
export interface WireContext {
  featureLevel: number
  organization: OrganizationRecord
  /** The authenticated user reading the answer. */
  reader: UserRecord
  /** The organization's base URL. */
  baseUrl: string
  /** The domain of dummy addresses (`visibility.ts`). */
  fakeDomain: string
}

/** Options of a user object. */
export interface UserWireOptions extends WireContext {
  clientGravatar: boolean
  includeCustomProfileFields: boolean
}

/** The visibility in force for a user: their own, or below 163 the organization's for every human. */
function visibilityOf(user: UserRecord, context: WireContext): number {
  if (context.featureLevel >= LEVELS.emailVisibilityPerUser || user.botType !== null)
    return user.emailAddressVisibility
  return context.organization.emailAddressVisibility
}

/** Whether the reader sees the user's real address (before 163 only the admins and moderators settings granted it). */
function seesDeliveryEmail(user: UserRecord, context: WireContext): boolean {
  if (context.featureLevel >= LEVELS.emailVisibilityPerUser)
    return canSeeDeliveryEmail(context.reader, user)
  if (context.reader.id === user.id) return true
  const visibility = visibilityOf(user, context)
  if (visibility === EMAIL_VISIBILITY.admins) return isAdministrator(context.reader)
  if (visibility === EMAIL_VISIBILITY.moderators)
    return isAdministrator(context.reader) || context.reader.role === ROLES.moderator
  return false
}

/** The address the API shows for a user (`UserProfile.email`). */
export function apiEmail(user: UserRecord, context: WireContext): string {
  const visibility = visibilityOf(user, context)
  return displayEmail({ ...user, emailAddressVisibility: visibility }, context.fakeDomain)
}

/** A static avatar of the server (system bots), under the organization's URL. */
function staticAvatarUrl(user: UserRecord, baseUrl: string): string {
  const name = SYSTEM_BOT_AVATARS[user.email.toLowerCase()] ?? 'unknown'
  return `${baseUrl}/static/images/static_avatars/${name}.png`
}

/** `get_avatar_field`: a system bot's static image, `null` when the client may compute the Gravatar, else its URL. */
function avatarUrl(user: UserRecord, clientGravatar: boolean, context: WireContext): string | null {
  // `is_cross_realm_bot_email` on the real address: also a member created with a system bot's address.
  if (user.isSystemBot || user.email.toLowerCase() in SYSTEM_BOT_AVATARS)
    return staticAvatarUrl(user, context.baseUrl)
  if (clientGravatar && visibilityOf(user, context) === EMAIL_VISIBILITY.everyone) return null
  return gravatarUrl(user.email, user.avatarVersion)
}

/** A user object. */
export function userToWire(user: UserRecord, options: UserWireOptions): Record<string, unknown> {
  const { featureLevel } = options
  const wire: Record<string, unknown> = {
    email: apiEmail(user, options),
    user_id: user.id,
    avatar_version: user.avatarVersion,
    is_admin: isAdministrator(user),
    is_owner: user.role === ROLES.owner,
    is_guest: user.role === ROLES.guest,
  }
  if (featureLevel >= LEVELS.billingAdminAdded && featureLevel < LEVELS.billingAdminRemoved) {
    wire.is_billing_admin = false
  }
  Object.assign(wire, {
    role: user.role,
    is_bot: user.botType !== null,
    full_name: user.fullName,
    timezone: user.timezone,
    is_active: user.isActive,
    date_joined:
      featureLevel >= LEVELS.dateJoinedMinutes
        ? pyIsoformatMinutes(user.dateJoined)
        : pyIsoformat(user.dateJoined),
  })
  const deliveryEmail = seesDeliveryEmail(user, options) ? user.email : null
  const avatar = avatarUrl(user, options.clientGravatar, options)
  if (featureLevel >= LEVELS.deliveryEmailBeforeAvatar) {
    wire.delivery_email = deliveryEmail
    if (featureLevel >= LEVELS.importedStub) wire.is_imported_stub = false
    wire.avatar_url = avatar
  } else {
    wire.avatar_url = avatar
    if (deliveryEmail !== null || featureLevel >= LEVELS.emailVisibilityPerUser)
      wire.delivery_email = deliveryEmail
  }
  if (user.botType !== null) {
    wire.bot_type = user.botType
    if (user.isSystemBot) wire.is_system_bot = true
    wire.bot_owner_id = user.botOwnerId
  } else if (options.includeCustomProfileFields) {
    wire.profile_data = {}
  }
  return wire
}

/** Options of a message object. */
interface MessageWireOptions extends WireContext {
  applyMarkdown: boolean
  flags: string[]
  /** The user of an id (who reacted). */
  userById: (id: number) => UserRecord | undefined
}

/**
 * The `recipient_id` a reader sees: the conversation's from 482; from 327 the sender's personal
 * recipient for an incoming message; otherwise the message's recipient.
 */
function recipientIdFor(
  message: MessageRecord,
  sender: UserRecord,
  recipient: UserRecord,
  options: MessageWireOptions,
): number {
  if (options.featureLevel >= LEVELS.conversationRecipient) return message.conversationRecipientId
  const incoming = options.reader.id === recipient.id && sender.id !== recipient.id
  if (options.featureLevel >= LEVELS.incomingRecipientIsSender && incoming)
    return sender.recipientId
  return recipient.recipientId
}

/**
 * A reaction as a message object lists it (`ReactionDict`): `emoji_name, emoji_code, reaction_type,
 * user_id`; below feature level 328 with the reacting user's `user` (`email, id, full_name`) before `user_id`.
 */
function reactionToWire(
  reaction: ReactionRecord,
  options: MessageWireOptions,
): Record<string, unknown> {
  const wire: Record<string, unknown> = {
    emoji_name: reaction.emojiName,
    emoji_code: reaction.emojiCode,
    reaction_type: reaction.reactionType,
  }
  const user = options.userById(reaction.userId)
  if (options.featureLevel < LEVELS.reactionUserRemoved && user)
    wire.user = { email: apiEmail(user, options), id: user.id, full_name: user.fullName }
  wire.user_id = reaction.userId
  return wire
}

/** The keys every message object starts with, in the real server's order (`MessageDict`), up to the recipient. */
function messageHead(
  message: MessageRecord,
  sender: UserRecord,
  recipientId: number,
  subject: string,
  options: MessageWireOptions,
): Record<string, unknown> {
  return {
    id: message.id,
    sender_id: sender.id,
    content: options.applyMarkdown ? message.renderedContent : message.content,
    recipient_id: recipientId,
    timestamp: Math.floor(message.sentAt / 1000),
    client: message.client,
    subject,
    topic_links: [],
    is_me_message: false,
    reactions: message.reactions.map((reaction) => reactionToWire(reaction, options)),
    submessages: [],
    flags: options.flags,
    sender_full_name: sender.fullName,
    sender_email: apiEmail(sender, options),
    sender_realm_str: sender.isSystemBot ? 'zulipinternal' : options.organization.subdomain,
  }
}

/**
 * A channel message's object: `display_recipient` the channel's name, `type` `stream` with its
 * `stream_id` after it, `subject` the topic, `recipient_id` the channel's recipient.
 */
function channelMessageToWire(
  message: MessageRecord,
  sender: UserRecord,
  options: MessageWireOptions,
): Record<string, unknown> {
  const channel = options.organization.channels.find((c) => c.id === message.channelId)
  return {
    ...messageHead(
      message,
      sender,
      channel?.recipientId ?? message.conversationRecipientId,
      message.topic,
      options,
    ),
    display_recipient: channel?.name ?? '',
    type: 'stream',
    stream_id: message.channelId,
    avatar_url: avatarUrl(sender, true, options),
    content_type: options.applyMarkdown ? 'text/html' : 'text/x-markdown',
  }
}

/** A message object as `GET /messages/{message_id}` answers it: a direct message, or a channel's. */
export function messageToWire(
  message: MessageRecord,
  sender: UserRecord,
  recipient: UserRecord,
  options: MessageWireOptions,
): Record<string, unknown> {
  if (message.channelId !== null) return channelMessageToWire(message, sender, options)
  const entry = (user: UserRecord) => ({
    id: user.id,
    email: apiEmail(user, options),
    full_name: user.fullName,
    is_mirror_dummy: false,
  })
  let people: Array<Record<string, unknown>>
  if (options.featureLevel >= LEVELS.conversationRecipient) {
    people = sender.id === recipient.id ? [entry(sender)] : [entry(sender), entry(recipient)]
    people.sort((a, b) => (a.id as number) - (b.id as number))
  } else {
    // `hydrate_recipient_info`: the recipient's cached entry, and the sender's built in another order.
    const own = entry(recipient)
    const senderEmail = apiEmail(sender, options)
    const other = {
      email: senderEmail,
      full_name: sender.fullName,
      id: sender.id,
      is_mirror_dummy: false,
    }
    const order = compareCodePoints(senderEmail, own.email)
    people = order < 0 ? [other, own] : order > 0 ? [own, other] : [own]
  }
  return {
    ...messageHead(
      message,
      sender,
      recipientIdFor(message, sender, recipient, options),
      '',
      options,
    ),
    display_recipient: people,
    type: 'private',
    // `client_gravatar` is true for this endpoint.
    avatar_url: avatarUrl(sender, true, options),
    content_type: options.applyMarkdown ? 'text/html' : 'text/x-markdown',
  }
}
