/**
 * `DELETE /api/v1/users/{user_id}` (`deactivate_user_backend`): an administrator deactivates an account.
 * Checks, in the real server's order:
 *
 * 1. `deactivation_notification_comment`, when given, is at most 2000 characters;
 * 2. `access_user_by_id(for_admin=True)`: an account of the organization (`No such user`; system bots
 *    belong to the internal realm), not a bot (`No such user`), active (`User is deactivated`), and the
 *    caller may administer it (`Insufficient permission`: an administrator, or a bot's owner);
 * 3. only an owner deactivates an owner (`Must be an organization owner`, `UNAUTHORIZED_PRINCIPAL`);
 * 4. not the only human owner (`Cannot deactivate the only organization owner`).
 *
 * The account is then deactivated (its bots too, as `do_deactivate_user` does): it still shows in
 * `GET /users` with `is_active: false`, is still found by id and address, and its key is refused with
 * `Account is deactivated`. From feature level 459 `actions` must be a JSON object; its fields are not
 * checked and what it asks for is not done (users send no messages here; `delete_profile`'s renaming to
 * "Deleted user" is not simulated).
 * @module
 */
import type { PlainResponse } from '../../src/engine/core/http.js'
import {
  actorOf,
  type MessagingCall,
  type MessagingOperation,
  success,
} from '../../src/services/messaging/context.js'
import { badRequest, messagingMessages, zulipError } from '../../src/services/messaging/errors.js'
import { LEVELS } from '../../src/services/messaging/feature-levels.js'
import { messagingParts } from '../../src/services/messaging/operation-parts/source.js'
import { isResponse } from '../../src/services/messaging/params.js'
import { codePointLength } from '../../src/services/messaging/python.js'
import { ROLES } from '../../src/services/messaging/records.js'

/** The longest `deactivation_notification_comment`. */
const MAX_COMMENT_LENGTH = 2000

function deactivate(call: MessagingCall, userId: number): PlainResponse {
  const actor = actorOf(call)
  if (call.featureLevel >= LEVELS.deactivateActions) {
    const actions = call.params.jsonObject('actions')
    if (isResponse(actions)) return actions
  }
  const comment = call.params.read('deactivation_notification_comment')
  if (comment !== undefined && codePointLength(comment) > MAX_COMMENT_LENGTH)
    return badRequest(
      messagingMessages.tooLong('deactivation_notification_comment', MAX_COMMENT_LENGTH),
    )
  const { isOnlyOwner, userById, userForAdmin } = messagingParts.get()
  const target = userForAdmin(call, userById(call, userId), { bots: false, deactivated: false })
  if (isResponse(target)) return target
  if (target.role === ROLES.owner && actor.role !== ROLES.owner)
    return zulipError(400, 'UNAUTHORIZED_PRINCIPAL', messagingMessages.notOwner)
  if (isOnlyOwner(call, target)) return badRequest(messagingMessages.cannotDeactivateOnlyOwner)
  call.store.deactivate(target)
  return success(call)
}

export const deactivateUser = {
  name: 'deactivate-user' as const,
  method: 'DELETE',
  path: '/api/v1/users/:user_id',
  converters: { user_id: 'int' },
  access: 'rest',
  handle: (call, request) => deactivate(call, Number(request.params.user_id)),
} satisfies MessagingOperation
