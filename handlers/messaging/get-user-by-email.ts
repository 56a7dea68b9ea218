/**
 * `GET /api/v1/users/{email}` (feature level 39): the account with this address, `{ user: {...} }`, or
 * `No such user`. Which addresses find a user depends on e-mail visibility (`userByEmail`).
 * @module
 */
import type { MessagingOperation } from '../../src/services/messaging/context.js'
import { LEVELS } from '../../src/services/messaging/feature-levels.js'
import { messagingParts } from '../../src/services/messaging/operation-parts/source.js'

export const getUserByEmail = {
  name: 'get-user-by-email' as const,
  method: 'GET',
  path: '/api/v1/users/:email',
  converters: { email: 'str' },
  since: LEVELS.getUserByEmail,
  access: 'rest',
  handle(call, request) {
    const { oneUser, userByEmail } = messagingParts.get()
    return oneUser(call, () => userByEmail(call, request.params.email ?? ''))
  },
} satisfies MessagingOperation
