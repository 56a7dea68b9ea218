/**
 * `GET /api/v1/users/me`: the caller's own user object (Gravatar URL included) with `max_message_id`, at
 * the top level.
 * @module
 */
import { actorOf, type MessagingOperation, success } from '../../src/messaging/context.js'
import { messagingParts } from '../../src/messaging/operation-parts/source.js'

export const getOwnUser = {
  name: 'get-own-user' as const,
  method: 'GET',
  path: '/api/v1/users/me',
  access: 'rest',
  handle(call) {
    const actor = actorOf(call)
    const { userToWire, wireContext } = messagingParts.get()
    const own = userToWire(actor, {
      ...wireContext(call),
      clientGravatar: false,
      includeCustomProfileFields: true,
    })
    const exchanged = call.store
      .messagesOf(call.organization.subdomain)
      .filter((message) => message.senderId === actor.id || message.recipientId === actor.id)
    // Added in place (a fresh object): growing a spread copy is slow on Node 20.
    own.max_message_id = exchanged.at(-1)?.id ?? -1
    return success(call, own)
  },
} satisfies MessagingOperation
