/**
 * Who may administer whom, as `access_user_by_id(for_admin=True)` and the deactivation checks decide.
 * @module
 */
import type { PlainResponse } from '../../engine/core/http.js'
import { actorOf, type MessagingCall } from './context.js'
import { badRequest, messagingMessages } from './errors.js'
import { isAdministrator, ROLES, type UserRecord } from './records.js'

/** `UserProfile.can_admin_user`: the target's (bot) owner, or an administrator of its organization. */
function mayAdminister(actor: UserRecord, target: UserRecord): boolean {
  return target.botOwnerId === actor.id || isAdministrator(actor)
}

/**
 * `access_user_common(for_admin=True)`: the target of an administrative change, or the real error, in the
 * real order: `No such user` (none, or a bot where bots are not allowed), `User is deactivated` (where
 * deactivated users are not allowed), `Insufficient permission` (the caller may not administer it).
 */
export function userForAdmin(
  call: MessagingCall,
  target: UserRecord | undefined,
  allow: { bots: boolean; deactivated: boolean },
): UserRecord | PlainResponse {
  if (!target || (target.botType !== null && !allow.bots))
    return badRequest(messagingMessages.noSuchUser)
  if (!target.isActive && !allow.deactivated) return badRequest(messagingMessages.userIsDeactivated)
  if (!mayAdminister(actorOf(call), target))
    return badRequest(messagingMessages.insufficientPermission)
  return target
}

/** `check_last_owner`: the user is the organization's only active human owner. */
export function isOnlyOwner(call: MessagingCall, user: UserRecord): boolean {
  if (user.role !== ROLES.owner || user.botType !== null) return false
  const owners = call.store
    .usersOf(call.organization.subdomain)
    .filter((other) => other.role === ROLES.owner && other.botType === null && other.isActive)
  return owners.length === 1
}
