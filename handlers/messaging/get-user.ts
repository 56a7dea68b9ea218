/** `GET /api/v1/users/{user_id}`: one account by id. */
import type { MessagingOperation } from '../../src/messaging/context.js'
import { getUser as one } from '../../src/messaging/reads.js'

export const getUser = {
  name: 'get-user' as const,
  method: 'GET',
  path: '/api/v1/users/:user_id',
  converters: { user_id: 'int' },
  access: 'rest',
  handle: (call, request) => one(call, request.params.user_id ?? ''),
} satisfies MessagingOperation
