/**
 * `PATCH /api/v1/messages/{message_id}` (`update_message_backend`): not carried out. As on the real server
 * the caller is authenticated first (the dispatcher) and the message looked up (`Invalid message(s)` for
 * one the caller may not read); then the simulator answers the route's 405 (`notCarriedOut`) where the
 * real server would edit or move the message. The view's parameter checks are not run.
 * @module
 */
import { type MessagingOperation, notCarriedOut } from '../../src/services/messaging/context.js'
import { badRequest, messagingMessages } from '../../src/services/messaging/errors.js'
import { messagingParts } from '../../src/services/messaging/operation-parts/source.js'

export const updateMessage = {
  name: 'update-message' as const,
  method: 'PATCH',
  path: '/api/v1/messages/:message_id',
  converters: { message_id: 'int' },
  access: 'rest',
  handle(call, request) {
    if (!messagingParts.get().readableMessage(call, Number(request.params.message_id)))
      return badRequest(messagingMessages.invalidMessages)
    return notCarriedOut(call)
  },
} satisfies MessagingOperation
