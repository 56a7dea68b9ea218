/**
 * Who may administer whom, as `access_user_by_id(for_admin=True)` and the deactivation checks decide.
 * @module
 */
import type { MessagingCall } from './context.js'
import { isAdministrator, ROLES, type UserRecord } from './records.js'

/** `UserProfile.can_admin_user`: the target's (bot) owner, or an administrator of its organization. */
export function mayAdminister(actor: UserRecord, target: UserRecord): boolean {
  return target.botOwnerId === actor.id || isAdministrator(actor)
}

/** `check_last_owner`: the user is the organization's only active human owner. */
export function isOnlyOwner(call: MessagingCall, user: UserRecord): boolean {
  if (user.role !== ROLES.owner || user.botType !== null) return false
  const owners = call.store
    .usersOf(call.organization.subdomain)
    .filter((other) => other.role === ROLES.owner && other.botType === null && other.isActive)
  return owners.length === 1
}
