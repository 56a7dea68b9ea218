/**
 * The messaging roles the `roles` option can give an account's e-mail (any case): `owner`, `administrator`,
 * `moderator`, `member` or `guest`, each optionally `+can_create_users`.
 * @module
 */

const MESSAGING_ROLES = new Set(['owner', 'administrator', 'moderator', 'member', 'guest'])

/** A messaging role given by the option. */
export interface RoleOverride {
  role: string
  canCreateUsers: boolean | undefined
}

/** Whether an option's value is a messaging role. */
export function isMessagingRole(value: string): boolean {
  const [role = '', extra] = value.split('+')
  return MESSAGING_ROLES.has(role) && (extra === undefined || extra === 'can_create_users')
}

/** How the roles' error names the messaging roles. */
export const MESSAGING_ROLES_DESCRIBED =
  'owner, administrator, moderator, member or guest (each optionally +can_create_users)'

/** The messaging role the option gives an e-mail, if any. */
export function roleOverride(
  roles: ReadonlyMap<string, string>,
  email: string,
): RoleOverride | undefined {
  const value = roles.get(email.toLowerCase())
  if (value === undefined) return undefined
  const [role = 'member', extra] = value.split('+')
  if (!MESSAGING_ROLES.has(role)) return undefined
  return { role, canCreateUsers: extra === 'can_create_users' ? true : undefined }
}
