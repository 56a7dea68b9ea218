/**
 * `GET /api/v1/messages/{message_id}`: `{ message, raw_content }` (only `raw_content` below feature level
 * 120). The sender and the recipient may read a direct message, anyone of the organization a channel message;
 * anyone else, or an unknown id, gets `Invalid message(s)`. Flags: `message-access.ts`.
 * @module
 */
import { actorOf, type MessagingOperation, success } from '../../src/services/messaging/context.js'
import { badRequest, messagingMessages } from '../../src/services/messaging/errors.js'
import { LEVELS } from '../../src/services/messaging/feature-levels.js'
import { messagingParts } from '../../src/services/messaging/operation-parts/source.js'
import { isResponse, readParams } from '../../src/services/messaging/params.js'

export const getMessage = {
  name: 'get-message' as const,
  method: 'GET',
  path: '/api/v1/messages/:message_id',
  converters: { message_id: 'int' },
  access: 'rest',
  handle(call, request) {
    const actor = actorOf(call)
    const read = readParams(call.featureLevel, {
      apply_markdown: () => call.params.jsonBoolean('apply_markdown', true),
      ...(call.featureLevel >= LEVELS.allowEmptyTopicName
        ? {
            allow_empty_topic_name: () => call.params.jsonBoolean('allow_empty_topic_name', false),
          }
        : {}),
    })
    if (isResponse(read)) return read
    const { messageFlags, messageToWire, readableMessage, wireContext } = messagingParts.get()
    const message = readableMessage(call, Number(request.params.message_id ?? ''))
    const sender = message && call.store.user(message.senderId)
    const recipient = message && call.store.user(message.recipientId)
    if (!message || !sender || !recipient) return badRequest(messagingMessages.invalidMessages)
    if (call.featureLevel < LEVELS.fetchMessageObject)
      return success(call, { raw_content: message.content })
    const flags = messageFlags(call.store, message, actor)
    return success(call, {
      message: messageToWire(message, sender, recipient, {
        ...wireContext(call),
        applyMarkdown: read.apply_markdown,
        flags,
        userById: (id) => call.store.user(id),
      }),
      raw_content: message.content,
    })
  },
} satisfies MessagingOperation
