/**
 * `access_message`: the messages a user may read (the direct messages they sent or received).
 * @module
 */
import { actorOf, type MessagingCall } from './context.js'
import type { MessageRecord } from './records.js'

/** The message with this id when the caller sent or received it, otherwise `undefined`. */
export function readableMessage(call: MessagingCall, id: number): MessageRecord | undefined {
  const actor = actorOf(call)
  const message = Number.isSafeInteger(id) ? call.store.message(id) : undefined
  if (!message || message.organization !== call.organization.subdomain) return undefined
  return message.senderId === actor.id || message.recipientId === actor.id ? message : undefined
}
