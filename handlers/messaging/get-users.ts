/** `GET /api/v1/users`: every account of the organization (system bots left out). */
import type { MessagingOperation } from '../../src/messaging/context.js'
import { listUsers } from '../../src/messaging/reads.js'

export const getUsers: MessagingOperation = {
  name: 'get-users',
  method: 'GET',
  path: '/api/v1/users',
  access: 'rest',
  handle: (call) => listUsers(call),
}
