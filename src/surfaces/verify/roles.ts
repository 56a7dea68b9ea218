/**
 * The `roles` option: what a credential is, where the recording does not show it. Keys are a messaging
 * account's e-mail (any case) or a router key; values a messaging role (`owner`, `administrator`,
 * `moderator`, `member`, `guest`), optionally `+can_create_users`, or a router key's kind (`inference`,
 * `management`).
 * @module
 */
import { VerifyInputError } from './har-input.js'

const MESSAGING_ROLES = new Set(['owner', 'administrator', 'moderator', 'member', 'guest'])
const KEY_KINDS = new Set(['inference', 'management'])

/** A messaging role given by the option. */
export interface RoleOverride {
  role: string
  canCreateUsers: boolean | undefined
}

/** Checks the option's values, refusing one that is no role. Keys are kept as given (e-mails lower-cased). */
export function checkRoles(
  roles: Readonly<Record<string, string>> | undefined,
): Map<string, string> {
  const checked = new Map<string, string>()
  for (const [who, value] of Object.entries(roles ?? {})) {
    const [role = '', extra] = value.split('+')
    const known = MESSAGING_ROLES.has(role) || KEY_KINDS.has(role)
    if (
      !known ||
      (extra !== undefined && (extra !== 'can_create_users' || !MESSAGING_ROLES.has(role)))
    ) {
      throw new VerifyInputError(
        `role for ${who}: "${value}" is not owner, administrator, moderator, member or guest (each optionally +can_create_users), inference or management`,
      )
    }
    checked.set(who.includes('@') ? who.toLowerCase() : who, value)
  }
  return checked
}

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

/** The key kind the option gives a router key, if any. */
export function keyKindOverride(
  roles: ReadonlyMap<string, string>,
  key: string,
): 'inference' | 'management' | undefined {
  const value = roles.get(key)
  return value === 'inference' || value === 'management' ? value : undefined
}
