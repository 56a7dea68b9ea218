/** `GET /api/v1/users/{email}` (feature level 39): one account by e-mail address. */
import type { MessagingOperation } from '../../src/messaging/context.js'
import { LEVELS } from '../../src/messaging/feature-levels.js'
import { getUserByEmail as byEmail } from '../../src/messaging/reads.js'

export const getUserByEmail = {
  name: 'get-user-by-email' as const,
  method: 'GET',
  path: '/api/v1/users/:email',
  converters: { email: 'str' },
  since: LEVELS.getUserByEmail,
  access: 'rest',
  handle: (call, request) => byEmail(call, request.params.email ?? ''),
} satisfies MessagingOperation
