/**
 * `DELETE /api/v1/messages/{message_id}` (`delete_message_backend`): the message is deleted for everyone.
 * Checks: the caller may access it (its sender or recipient; otherwise, or for an unknown id, `Invalid
 * message(s)`), then may delete it: anyone in the organization's "delete any message" group
 * (administrators, the real default), else only its sender (`You don't have permission to delete this
 * message`; nobody but Welcome Bot sends messages in the simulator). Afterwards reads answer `Invalid
 * message(s)`.
 * @module
 */
import type { PlainResponse } from '../../src/engine/core/http.js'
import {
  actorOf,
  type MessagingCall,
  type MessagingOperation,
  success,
} from '../../src/services/messaging/context.js'
import { badRequest, messagingMessages } from '../../src/services/messaging/errors.js'
import { messagingParts } from '../../src/services/messaging/operation-parts/source.js'
import { isAdministrator } from '../../src/services/messaging/records.js'

function deleteMessage(call: MessagingCall, id: number): PlainResponse {
  const actor = actorOf(call)
  const message = messagingParts.get().readableMessage(call, id)
  if (!message) return badRequest(messagingMessages.invalidMessages)
  if (!isAdministrator(actor) && message.senderId !== actor.id)
    return badRequest(messagingMessages.cannotDeleteMessage)
  call.store.deleteMessage(message)
  return success(call)
}

export const deleteMessageOperation = {
  name: 'delete-message' as const,
  method: 'DELETE',
  path: '/api/v1/messages/:message_id',
  converters: { message_id: 'int' },
  access: 'rest',
  handle: (call, request) => deleteMessage(call, Number(request.params.message_id)),
} satisfies MessagingOperation
