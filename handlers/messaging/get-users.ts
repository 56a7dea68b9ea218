/** `GET /api/v1/users`: every account of the organization (system bots left out). */
import type { MessagingOperation } from '../../src/messaging/context.js'
import { listUsers } from '../../src/messaging/reads.js'

export const getUsers = {
  name: 'get-users' as const,
  method: 'GET',
  path: '/api/v1/users',
  access: 'rest',
  handle: (call) => listUsers(call),
} satisfies MessagingOperation
