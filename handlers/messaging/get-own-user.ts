/** `GET /api/v1/users/me`: the caller's own user object. */
import type { MessagingOperation } from '../../src/messaging/context.js'
import { getOwnUser as own } from '../../src/messaging/reads.js'

export const getOwnUser = {
  name: 'get-own-user' as const,
  method: 'GET',
  path: '/api/v1/users/me',
  access: 'rest',
  handle: (call) => own(call),
} satisfies MessagingOperation
