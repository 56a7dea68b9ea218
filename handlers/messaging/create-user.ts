/** `POST /api/v1/users`: an administrator with `can_create_users` creates a member account. */
import type { MessagingOperation } from '../../src/messaging/context.js'
import { createUser as create } from '../../src/messaging/create-user.js'

export const createUser = {
  name: 'create-user' as const,
  method: 'POST',
  path: '/api/v1/users',
  access: 'rest',
  handle: (call) => create(call),
} satisfies MessagingOperation
