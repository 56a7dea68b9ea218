/** `GET /api/v1/users/me`: the caller's own user object. */
import type { MessagingOperation } from '../../src/messaging/context.js'
import { getOwnUser as own } from '../../src/messaging/reads.js'

export const getOwnUser: MessagingOperation = {
  name: 'get-own-user',
  method: 'GET',
  path: '/api/v1/users/me',
  access: 'rest',
  handle: (call) => own(call),
}
