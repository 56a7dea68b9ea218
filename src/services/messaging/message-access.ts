/**
 * `access_message`: the messages a user may read, and the flags they read them with.
 *
 * - A direct message: its sender and its recipient. The sender reads it `read`; the recipient unread, and
 *   `starred` when Welcome Bot's greeting (`process_new_human_user` stars it).
 * - A channel message (the organization's channels are public): any user of the organization. A human,
 *   guests included, holds it (`add_new_user_history` gives every new human the organization's tracked
 *   onboarding messages, whatever its role): `starred` where the onboarding stars it, and `historical`
 *   except for the organization's creator (its first owner), whose rows the real server makes without it.
 *   A bot holds none: `read`, `historical`, as the real server answers a public channel's message a user
 *   did not receive.
 * @module
 */

import { actorOf, type MessagingCall } from './context.js'
import { type MessageRecord, ROLES, type UserRecord } from './records.js'
import type { MessagingStore } from './store.js'

/** The message with this id when the caller may read it, otherwise `undefined`. */
export function readableMessage(call: MessagingCall, id: number): MessageRecord | undefined {
  const actor = actorOf(call)
  const message = Number.isSafeInteger(id) ? call.store.message(id) : undefined
  if (!message || message.organization !== call.organization.subdomain) return undefined
  if (message.channelId !== null) return message
  return message.senderId === actor.id || message.recipientId === actor.id ? message : undefined
}

/** Whether a user holds the organization's channel messages (a human; see the module's comment). */
const holdsChannelMessages = (user: UserRecord) => user.botType === null

/** The organization's creator: its first human owner (the real server's `realm_creation` account). */
function isCreator(store: MessagingStore, user: UserRecord): boolean {
  const creator = store
    .usersOf(user.organization)
    .find((candidate) => candidate.botType === null && candidate.role === ROLES.owner)
  return creator?.id === user.id
}

/** The flags a reader sees on a message it may read, in Zulip's order (`read`, `starred`, …, `historical`). */
export function messageFlags(
  store: MessagingStore,
  message: MessageRecord,
  reader: UserRecord,
): string[] {
  if (message.channelId === null) {
    if (message.senderId === reader.id) return ['read']
    return message.starred ? ['starred'] : []
  }
  if (!holdsChannelMessages(reader)) return ['read', 'historical']
  const flags = message.starred ? ['starred'] : []
  if (!isCreator(store, reader)) flags.push('historical')
  return flags
}

/** The newest message a user holds (`max_message_id`), or -1. */
export function newestMessageId(store: MessagingStore, user: UserRecord): number {
  let newest = -1
  for (const message of store.messagesOf(user.organization)) {
    const holds =
      message.channelId === null
        ? message.senderId === user.id || message.recipientId === user.id
        : holdsChannelMessages(user)
    if (holds && message.id > newest) newest = message.id
  }
  return newest
}
