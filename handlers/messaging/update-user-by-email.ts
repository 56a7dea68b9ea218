/**
 * `PATCH /api/v1/users/{email}` (feature level 313, `update_user_by_email_api`): not carried out, like
 * `PATCH /users/{user_id}` (`update-user.ts`), with the target found by address as `GET /users/{email}`
 * finds it.
 * @module
 */
import { type MessagingOperation, notCarriedOut } from '../../src/services/messaging/context.js'
import { LEVELS } from '../../src/services/messaging/feature-levels.js'
import { messagingParts } from '../../src/services/messaging/operation-parts/source.js'
import { isResponse } from '../../src/services/messaging/params.js'

export const updateUserByEmail = {
  name: 'update-user-by-email' as const,
  method: 'PATCH',
  path: '/api/v1/users/:email',
  converters: { email: 'str' },
  since: LEVELS.updateUserByEmail,
  access: 'rest',
  handle(call, request) {
    const { userByEmail, userForAdmin } = messagingParts.get()
    const target = userForAdmin(call, userByEmail(call, request.params.email ?? ''), {
      bots: true,
      deactivated: true,
    })
    return isResponse(target) ? target : notCarriedOut(call)
  },
} satisfies MessagingOperation
