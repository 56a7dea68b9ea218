/**
 * `DELETE /api/v1/users/me` (`deactivate_user_own_backend`): the caller deactivates their own account,
 * unless they are its organization's only active account or its only human owner (400
 * `CANNOT_DEACTIVATE_LAST_USER`, with `is_last_owner` and `entity`). Their key is refused from then on.
 * A plain view like `get_profile_backend`: it lists no ignored parameters.
 * @module
 */
import type { PlainResponse } from '../../src/engine/core/http.js'
import {
  actorOf,
  type MessagingCall,
  type MessagingOperation,
} from '../../src/services/messaging/context.js'
import { cannotDeactivateLastUser, zulipSuccess } from '../../src/services/messaging/errors.js'
import { messagingParts } from '../../src/services/messaging/operation-parts/source.js'

function deactivateSelf(call: MessagingCall): PlainResponse {
  const actor = actorOf(call)
  const active = call.store
    .usersOf(call.organization.subdomain)
    .filter((user) => user.isActive && !user.isSystemBot)
  if (active.length === 1) return cannotDeactivateLastUser(false)
  if (messagingParts.get().isOnlyOwner(call, actor)) return cannotDeactivateLastUser(true)
  call.store.deactivate(actor)
  return zulipSuccess({})
}

export const deactivateOwnUser = {
  name: 'deactivate-own-user' as const,
  method: 'DELETE',
  path: '/api/v1/users/me',
  access: 'rest',
  handle: deactivateSelf,
} satisfies MessagingOperation
