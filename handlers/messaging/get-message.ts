/** `GET /api/v1/messages/{message_id}`: one message its sender or recipient may read. */
import type { MessagingOperation } from '../../src/messaging/context.js'
import { getMessage as one } from '../../src/messaging/reads.js'

export const getMessage = {
  name: 'get-message' as const,
  method: 'GET',
  path: '/api/v1/messages/:message_id',
  converters: { message_id: 'int' },
  access: 'rest',
  handle: (call, request) => one(call, request.params.message_id ?? ''),
} satisfies MessagingOperation
