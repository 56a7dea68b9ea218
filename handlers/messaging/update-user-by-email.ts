/**
 * `PATCH /api/v1/users/{email}` (feature level 313, `update_user_by_email_api`): not carried out, like
 * `PATCH /users/{user_id}` (`update-user.ts`), with the target found by address as `GET /users/{email}`
 * finds it.
 * @module
 */
import { type MessagingOperation, notCarriedOut } from '../../src/messaging/context.js'
import { LEVELS } from '../../src/messaging/feature-levels.js'
import { isResponse } from '../../src/messaging/params.js'
import { userForAdmin } from '../../src/messaging/user-access.js'
import { userByEmail } from '../../src/messaging/user-options.js'

export const updateUserByEmail = {
  name: 'update-user-by-email' as const,
  method: 'PATCH',
  path: '/api/v1/users/:email',
  converters: { email: 'str' },
  since: LEVELS.updateUserByEmail,
  access: 'rest',
  handle(call, request) {
    const target = userForAdmin(call, userByEmail(call, request.params.email ?? ''), {
      bots: true,
      deactivated: true,
    })
    return isResponse(target) ? target : notCarriedOut(call)
  },
} satisfies MessagingOperation
