/**
 * E-mail address visibility (`email_address_visibility`): who may see a user's real address, and what
 * every answer shows instead.
 *
 * Each user has a setting (a user setting since feature level 163; before, one organization setting
 * governed everyone); new users copy the organization's default (`RealmUserDefault`), bots always have
 * `everyone`. For a user U read by R:
 * - `email` is U's real address when U's setting is `everyone`, otherwise the dummy `user<id>@<fake
 *   domain>`, whoever reads it;
 * - `delivery_email` is the real address when R may see it (R is U, or R's role is in U's setting), else
 *   `null`;
 * - `avatar_url` with `client_gravatar` is `null` only when U's setting is `everyone`;
 * - `GET /users/{email}` finds U by the real address only when R's role may see it, and by the dummy
 *   address always.
 * @module
 */
import { LEVELS } from './feature-levels.js'
import { ROLES, type UserRecord } from './records.js'
import { isValidEmail } from './validation.js'

/** The setting's values (`UserProfile.EMAIL_ADDRESS_VISIBILITY_*`). */
export const EMAIL_VISIBILITY = {
  everyone: 1,
  members: 2,
  admins: 3,
  nobody: 4,
  moderators: 5,
} as const

const { everyone, members, admins, moderators } = EMAIL_VISIBILITY

/**
 * The default a new organization (of no particular type, as `manage.py create_realm` makes it) gives its
 * users on a server at this level: `admins` from 11.0, `everyone` before (`LEVELS.newOrganizationsHideEmails`).
 * Real education organizations get `admins` before and `moderators` after, business ones `everyone`.
 */
export function newOrganizationEmailVisibility(featureLevel: number): number {
  return featureLevel >= LEVELS.newOrganizationsHideEmails ? admins : everyone
}

/** `ROLE_TO_ACCESSIBLE_EMAIL_ADDRESS_VISIBILITY_IDS`: the settings whose addresses each role may see. */
const VISIBLE_TO_ROLE: Readonly<Record<number, readonly number[]>> = {
  [ROLES.owner]: [admins, moderators, members, everyone],
  [ROLES.administrator]: [admins, moderators, members, everyone],
  [ROLES.moderator]: [moderators, members, everyone],
  [ROLES.member]: [members, everyone],
  [ROLES.guest]: [everyone],
}

/** Whether a reader of this role may see the real address of a user with this setting. */
export function roleMaySee(role: number, visibility: number): boolean {
  return VISIBLE_TO_ROLE[role]?.includes(visibility) ?? false
}

/** `can_access_delivery_email`: the reader is the user, or the reader's role may see the address. */
export function canSeeDeliveryEmail(reader: UserRecord, user: UserRecord): boolean {
  return reader.id === user.id || roleMaySee(reader.role, user.emailAddressVisibility)
}

const fakeDomains = new Map<string, string>()

/**
 * `get_fake_email_domain(realm.host)`: the organization's host when `bot@<host>` is a valid address
 * (`acme.zulipchat.com`), otherwise the host without its port when that is one, otherwise `localhost`
 * (a host with a port, like the standalone server's `127.0.0.1:4010`, is never one: the real server then
 * uses `FAKE_EMAIL_DOMAIN`, by default its host without the port).
 */
export function fakeEmailDomain(baseUrl: string): string {
  let domain = fakeDomains.get(baseUrl)
  if (domain === undefined) {
    const { host, hostname } = new URL(baseUrl)
    domain = [host, hostname].find((candidate) => isValidEmail(`bot@${candidate}`)) ?? 'localhost'
    if (fakeDomains.size > 256) fakeDomains.clear()
    fakeDomains.set(baseUrl, domain)
  }
  return domain
}

/** The address the API shows for a user (`UserProfile.email`): the real one only when visible to everyone. */
export function displayEmail(user: UserRecord, domain: string): string {
  return user.emailAddressVisibility === everyone ? user.email : `user${user.id}@${domain}`
}

/**
 * The user id a dummy address names, as `access_user_by_email` reads it: Python's `re.match` of
 * `user(\d+)@<domain>` (anchored at the start only, case-sensitive), or `undefined`.
 */
export function dummyEmailUserId(email: string, domain: string): number | undefined {
  const match = /^user(\d+)@/.exec(email)
  if (!match || !email.startsWith(domain, match[0].length)) return undefined
  return Number(match[1])
}
