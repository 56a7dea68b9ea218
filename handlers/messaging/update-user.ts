/**
 * `PATCH /api/v1/users/{user_id}` (`update_user_backend`): not carried out. As on the real server the
 * caller is authenticated first (the dispatcher) and the target looked up as the view does
 * (`access_user_by_id(for_admin=True, allow_deactivated=True, allow_bots=True)`: `No such user`,
 * `Insufficient permission`); then, where the real server would validate the change and make it, the
 * simulator answers the route's 405 (`notCarriedOut`). The view's parameter checks are not run.
 * @module
 */
import { type MessagingOperation, notCarriedOut } from '../../src/services/messaging/context.js'
import { messagingParts } from '../../src/services/messaging/operation-parts/source.js'
import { isResponse } from '../../src/services/messaging/params.js'

export const updateUser = {
  name: 'update-user' as const,
  method: 'PATCH',
  path: '/api/v1/users/:user_id',
  converters: { user_id: 'int' },
  access: 'rest',
  handle(call, request) {
    const { userById, userForAdmin } = messagingParts.get()
    const target = userForAdmin(call, userById(call, Number(request.params.user_id)), {
      bots: true,
      deactivated: true,
    })
    return isResponse(target) ? target : notCarriedOut(call)
  },
} satisfies MessagingOperation
