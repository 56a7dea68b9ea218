/**
 * Records to the real server's wire shapes.
 *
 * User objects (`GET /users`, `/users/{user_id}`, `/users/{email}`, `/users/me`) follow `format_user_row`:
 * `email, user_id, avatar_version, is_admin, is_owner, is_guest, [is_billing_admin], role, is_bot,
 * full_name, timezone, is_active, date_joined, [is_imported_stub], delivery_email, [avatar_url],
 * [bot_type, is_system_bot, bot_owner_id] | [profile_data]`.
 * - `email` equals `delivery_email`: the simulator's e-mail visibility is "everyone" (the real default).
 * - `is_billing_admin` (always `false`) only from feature level 73 to 362; `is_imported_stub` (always
 *   `false`) from 433; their place in the key order is a guess.
 * - `avatar_url`: every account uses Gravatar, so it is `null` when the client computes Gravatar URLs
 *   itself (`client_gravatar`, default true), otherwise `https://secure.gravatar.com/avatar/<md5 of the
 *   lower-cased address>?d=identicon&version=<avatar_version>`. System bots get the same (the real server
 *   may serve static images for them).
 * - `date_joined`: Python's `isoformat()` (`2026-01-01T00:00:00+00:00`).
 * - `profile_data` (`{}`, there are no custom profile fields) for humans when custom fields are requested.
 *
 * Message objects (`GET /messages/{message_id}`) follow `MessageDict`: id, sender_id, content,
 * recipient_id, timestamp (seconds), client, subject (`""` for direct messages), topic_links,
 * is_me_message, reactions, submessages, sender_full_name, sender_email, sender_realm_str,
 * display_recipient (both users, ordered by e-mail address), type (`private`), avatar_url,
 * content_type, flags. `recipient_id` is the recipient user's id (the real server numbers recipients
 * separately). A system bot's `sender_realm_str` is `zulipinternal`.
 * @module
 */
import { LEVELS } from './feature-levels.js'
import { md5Hex } from './md5.js'
import { compareCodePoints, pyIsoformat } from './python.js'
import { isAdministrator, type MessageRecord, ROLES, type UserRecord } from './records.js'

/** A Gravatar URL as the real server builds it. */
function gravatarUrl(email: string, version: number): string {
  return `https://secure.gravatar.com/avatar/${md5Hex(email.toLowerCase())}?d=identicon&version=${version}`
}

/** Options of a user object. */
export interface UserWireOptions {
  featureLevel: number
  clientGravatar: boolean
  includeCustomProfileFields: boolean
}

/** A user object. */
export function userToWire(user: UserRecord, options: UserWireOptions): Record<string, unknown> {
  const wire: Record<string, unknown> = {
    email: user.email,
    user_id: user.id,
    avatar_version: user.avatarVersion,
    is_admin: isAdministrator(user),
    is_owner: user.role === ROLES.owner,
    is_guest: user.role === ROLES.guest,
  }
  if (
    options.featureLevel >= LEVELS.billingAdminAdded &&
    options.featureLevel < LEVELS.billingAdminRemoved
  ) {
    wire.is_billing_admin = false
  }
  Object.assign(wire, {
    role: user.role,
    is_bot: user.botType !== null,
    full_name: user.fullName,
    timezone: user.timezone,
    is_active: user.isActive,
    date_joined: pyIsoformat(user.dateJoined),
  })
  if (options.featureLevel >= LEVELS.importedStub) wire.is_imported_stub = false
  wire.delivery_email = user.email
  wire.avatar_url = options.clientGravatar ? null : gravatarUrl(user.email, user.avatarVersion)
  if (user.botType !== null) {
    wire.bot_type = user.botType
    if (user.isSystemBot) wire.is_system_bot = true
    wire.bot_owner_id = user.botOwnerId
  } else if (options.includeCustomProfileFields) {
    wire.profile_data = {}
  }
  return wire
}

/** A direct-message object as `GET /messages/{message_id}` answers it. */
export function messageToWire(
  message: MessageRecord,
  sender: UserRecord,
  recipient: UserRecord,
  options: { applyMarkdown: boolean; flags: string[] },
): Record<string, unknown> {
  const person = (user: UserRecord) => ({
    email: user.email,
    full_name: user.fullName,
    id: user.id,
    is_mirror_dummy: false,
  })
  const people = sender.id === recipient.id ? [person(sender)] : [person(sender), person(recipient)]
  people.sort((a, b) => compareCodePoints(a.email, b.email))
  return {
    id: message.id,
    sender_id: sender.id,
    content: options.applyMarkdown ? message.renderedContent : message.content,
    recipient_id: recipient.id,
    timestamp: Math.floor(message.sentAt / 1000),
    client: message.client,
    subject: '',
    topic_links: [],
    is_me_message: false,
    reactions: [],
    submessages: [],
    sender_full_name: sender.fullName,
    sender_email: sender.email,
    sender_realm_str: sender.isSystemBot ? 'zulipinternal' : sender.organization,
    display_recipient: people,
    type: 'private',
    avatar_url: null,
    content_type: options.applyMarkdown ? 'text/html' : 'text/x-markdown',
    flags: options.flags,
  }
}
