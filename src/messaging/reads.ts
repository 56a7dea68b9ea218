/**
 * The read-back operations: users (`GET /users`, `/users/{user_id}`, `/users/{email}`, `/users/me`),
 * one message (`GET /messages/{message_id}`), and the server's settings (`GET /server_settings`).
 *
 * - `GET /users` lists the organization's accounts in id order, deactivated ones and bots included,
 *   system bots (Welcome Bot) left out, as the real server lists only the organization's own accounts.
 * - `GET /users/{user_id}` also finds system bots (the real server looks up cross-realm bots too).
 * - `GET /messages/{message_id}`: the sender and the recipient may read a direct message; anyone else,
 *   or an unknown id, gets `Invalid message(s)`. The recipient's flags are `[]` (unread), the sender's
 *   `["read"]`.
 * @module
 */
import type { PlainResponse } from '../core/http.js'
import { actorOf, type MessagingCall, success } from './context.js'
import { badRequest, messagingMessages, zulipSuccess } from './errors.js'
import { LEVELS, zulipVersion } from './feature-levels.js'
import { renderParagraphs } from './markdown.js'
import { md5Hex } from './md5.js'
import { isResponse } from './params.js'
import type { UserRecord } from './records.js'
import { messageToWire, userToWire } from './serialize.js'

/** Reads `include_custom_profile_fields` and `client_gravatar` (defaults false and true). */
function userOptions(call: MessagingCall, clientGravatarDefault: boolean) {
  const includeCustomProfileFields = call.params.jsonBoolean('include_custom_profile_fields', false)
  if (isResponse(includeCustomProfileFields)) return includeCustomProfileFields
  const clientGravatar = call.params.jsonBoolean('client_gravatar', clientGravatarDefault)
  if (isResponse(clientGravatar)) return clientGravatar
  return { featureLevel: call.featureLevel, clientGravatar, includeCustomProfileFields }
}

/** `GET /users`: `{ members: [...] }`. */
export function listUsers(call: MessagingCall): PlainResponse {
  actorOf(call)
  const options = userOptions(call, true)
  if (isResponse(options)) return options
  const members = call.store
    .usersOf(call.organization.subdomain)
    .filter((user) => !user.isSystemBot)
    .map((user) => userToWire(user, options))
  return success(call, { members })
}

/** Answers one user as `{ user: {...} }`, or `No such user`. */
function oneUser(call: MessagingCall, user: UserRecord | undefined): PlainResponse {
  const options = userOptions(call, true)
  if (isResponse(options)) return options
  if (!user || user.organization !== call.organization.subdomain)
    return badRequest(messagingMessages.noSuchUser)
  return success(call, { user: userToWire(user, options) })
}

/** `GET /users/{user_id}`. */
export function getUser(call: MessagingCall, userId: string): PlainResponse {
  actorOf(call)
  const id = Number(userId)
  return oneUser(call, Number.isSafeInteger(id) ? call.store.user(id) : undefined)
}

/** `GET /users/{email}` (feature level 39): the account with this address, case-insensitive. */
export function getUserByEmail(call: MessagingCall, email: string): PlainResponse {
  actorOf(call)
  return oneUser(call, call.store.userByEmail(call.organization.subdomain, email))
}

/** `GET /users/me`: the caller's user object (Gravatar URL included) with `max_message_id`, at the top level. */
export function getOwnUser(call: MessagingCall): PlainResponse {
  const actor = actorOf(call)
  const own = userToWire(actor, {
    featureLevel: call.featureLevel,
    clientGravatar: false,
    includeCustomProfileFields: true,
  })
  const exchanged = call.store
    .messagesOf(call.organization.subdomain)
    .filter((message) => message.senderId === actor.id || message.recipientId === actor.id)
  // Added in place (a fresh object): growing a spread copy is slow on Node 20.
  own.max_message_id = exchanged.at(-1)?.id ?? -1
  return success(call, own)
}

/** `GET /messages/{message_id}`: `{ message, raw_content }` (only `raw_content` below feature level 120). */
export function getMessage(call: MessagingCall, messageId: string): PlainResponse {
  const actor = actorOf(call)
  const applyMarkdown = call.params.jsonBoolean('apply_markdown', true)
  if (isResponse(applyMarkdown)) return applyMarkdown
  if (call.featureLevel >= LEVELS.allowEmptyTopicName) {
    const allowEmptyTopicName = call.params.jsonBoolean('allow_empty_topic_name', false)
    if (isResponse(allowEmptyTopicName)) return allowEmptyTopicName
  }
  const id = Number(messageId)
  const message = Number.isSafeInteger(id) ? call.store.message(id) : undefined
  const readable =
    message !== undefined &&
    message.organization === call.organization.subdomain &&
    (message.senderId === actor.id || message.recipientId === actor.id)
  const sender = message && call.store.user(message.senderId)
  const recipient = message && call.store.user(message.recipientId)
  if (!readable || !sender || !recipient) return badRequest(messagingMessages.invalidMessages)
  if (call.featureLevel < LEVELS.fetchMessageObject)
    return success(call, { raw_content: message.content })
  const flags = message.senderId === actor.id ? ['read'] : []
  return success(call, {
    message: messageToWire(message, sender, recipient, { applyMarkdown, flags }),
    raw_content: message.content,
  })
}

/** The authentication methods of a self-hosted server with only e-mail and password login. */
const AUTHENTICATION_METHODS = {
  password: true,
  dev: false,
  email: true,
  ldap: false,
  remoteuser: false,
  github: false,
  azuread: false,
  gitlab: false,
  google: false,
  apple: false,
  saml: false,
  'openid connect': false,
}

/** Parses a User-Agent's name as Zulip's `parse_user_agent` does. */
function userAgentName(userAgent: string): string {
  return /^([^/ ]*[^0-9/(]*)/.exec(userAgent)?.[1] ?? ''
}

/**
 * `GET /server_settings` (no authentication): the real key set, reporting the organization's emulated
 * version and feature level. `realm_url` appears from feature level 257; `realm_uri` is always last.
 * It is a plain view, not a `typed_endpoint`, so it never lists ignored parameters.
 */
export function getServerSettings(
  call: MessagingCall,
  userAgent: string | undefined,
): PlainResponse {
  const { organization, featureLevel, baseUrl } = call
  const version = zulipVersion(featureLevel)
  const data: Record<string, unknown> = {
    authentication_methods: AUTHENTICATION_METHODS,
    zulip_version: version,
    zulip_merge_base: version,
    zulip_feature_level: featureLevel,
    push_notifications_enabled: false,
    is_incompatible: userAgentName(userAgent ?? 'Missing User-Agent') === 'ZulipInvalid',
    email_auth_enabled: true,
    require_email_format_usernames: true,
  }
  if (featureLevel >= LEVELS.realmUrl) data.realm_url = baseUrl
  Object.assign(data, {
    realm_name: organization.name,
    realm_icon: `https://secure.gravatar.com/avatar/${md5Hex(String(organization.id))}?d=identicon`,
    realm_description: renderParagraphs(organization.description),
    realm_web_public_access_enabled: false,
    external_authentication_methods: [],
    realm_uri: baseUrl,
  })
  return zulipSuccess(data)
}
