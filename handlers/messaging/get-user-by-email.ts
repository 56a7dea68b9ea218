/**
 * `GET /api/v1/users/{email}` (feature level 39): the account with this address (case-insensitive),
 * `{ user: {...} }`, or `No such user`.
 * @module
 */
import { actorOf, type MessagingOperation } from '../../src/messaging/context.js'
import { LEVELS } from '../../src/messaging/feature-levels.js'
import { oneUser } from '../../src/messaging/user-options.js'

export const getUserByEmail = {
  name: 'get-user-by-email' as const,
  method: 'GET',
  path: '/api/v1/users/:email',
  converters: { email: 'str' },
  since: LEVELS.getUserByEmail,
  access: 'rest',
  handle(call, request) {
    actorOf(call)
    return oneUser(
      call,
      call.store.userByEmail(call.organization.subdomain, request.params.email ?? ''),
    )
  },
} satisfies MessagingOperation
