/**
 * E-mail address visibility (`email_address_visibility`) as a recording shows it: each organization's
 * default for its users and each user's own setting, inferred from what the answers show of addresses.
 *
 * The real server's rule, which the inference reads backwards (Zulip's `UserProfile` and
 * `ROLE_TO_ACCESSIBLE_EMAIL_ADDRESS_VISIBILITY_IDS`; docs/messaging.md): a user's `email` is their real
 * address only when their setting is `everyone`, otherwise the dummy `user<id>@<fake domain>`; from feature
 * level 163 `delivery_email` is the real address when the reader is the user or the reader's role may see
 * that setting (owners and administrators: all but `nobody`; moderators: `moderators`, `members`,
 * `everyone`; members: `members`, `everyone`; guests: `everyone`), else `null`. Below 163 one organization
 * setting applies to every human, and `delivery_email` is there only for a reader who may see it
 * (administrators for `admins`, administrators and moderators for `moderators`).
 *
 * So each sighting of an address (a user object, a message's sender, a `display_recipient` entry) leaves
 * the settings it is consistent with. The organization's default is what the users the recording created
 * show (they took it when created), else what most of its other humans show, else the `emailVisibility`
 * option's or the documented default (`server-default`: what a real server gives a new organization at
 * the replayed level). A seeded user whose sightings rule the organization's setting out gets their own.
 * @module
 */
import { asObject } from '../../../engine/core/verify-part.js'
import { LEVELS } from '../feature-levels.js'
import { dummyDomain, eachObject, num, str } from './seen-users.js'

/** The setting's values, named as scenarios name them. */
export type VisibilityName = 'everyone' | 'members' | 'moderators' | 'admins' | 'nobody'

/** The organization's default as a scenario takes it. */
export type OrganizationVisibility = VisibilityName | 'server-default'

/** The settings, in the order a choice between equally consistent ones prefers (the real defaults first). */
export const VISIBILITY_NAMES: readonly VisibilityName[] = [
  'everyone',
  'admins',
  'moderators',
  'members',
  'nobody',
]

/** The settings whose addresses each role may see (`ROLE_TO_ACCESSIBLE_EMAIL_ADDRESS_VISIBILITY_IDS`). */
const VISIBLE_TO_ROLE: Readonly<Record<string, readonly VisibilityName[]>> = {
  owner: ['admins', 'moderators', 'members', 'everyone'],
  administrator: ['admins', 'moderators', 'members', 'everyone'],
  moderator: ['moderators', 'members', 'everyone'],
  member: ['members', 'everyone'],
  guest: ['everyone'],
}

/** Below 163: the settings that show `delivery_email` to each role (the others show it to nobody). */
const VISIBLE_BEFORE_163: Readonly<Record<string, readonly VisibilityName[]>> = {
  owner: ['admins', 'moderators'],
  administrator: ['admins', 'moderators'],
  moderator: ['moderators'],
}

/** The level from which the setting is each user's own and `delivery_email` is in every user object. */
const PER_USER_LEVEL = 163

/** One time an answer showed a user's address. */
export interface Sighting {
  userId: number
  /** The address shown as the user's (`email`, `sender_email`, a `display_recipient` entry's `email`). */
  shown: string
  /** A user object's `delivery_email`: the address, `null`, or `undefined` when the object has none. */
  delivery: string | null | undefined
  /** Whether it is a user object (whose `delivery_email`, there or not, says something too). */
  userObject: boolean
  bot: boolean
  /** The credential (its id) whose request got the answer. */
  reader: string
}

/** Every address an answer shows, and who it belongs to. */
export function sightingsIn(json: unknown, reader: string): Sighting[] {
  const found: Sighting[] = []
  eachObject(json, (object) => {
    const id = num(object.user_id)
    const email = str(object.email)
    if (id !== undefined && email !== undefined && typeof object.full_name === 'string') {
      const delivery = object.delivery_email
      found.push({
        userId: id,
        shown: email,
        delivery: typeof delivery === 'string' || delivery === null ? delivery : undefined,
        userObject: true,
        bot: object.is_bot === true,
        reader,
      })
    }
    const senderId = num(object.sender_id)
    const senderEmail = str(object.sender_email)
    if (senderId !== undefined && senderEmail !== undefined) {
      const bot = object.sender_realm_str === 'zulipinternal'
      found.push({
        userId: senderId,
        shown: senderEmail,
        delivery: undefined,
        userObject: false,
        bot,
        reader,
      })
    }
    if (Array.isArray(object.display_recipient)) {
      for (const person of object.display_recipient) {
        const entry = asObject(person)
        const personId = num(entry?.id)
        const personEmail = str(entry?.email)
        if (personId === undefined || personEmail === undefined) continue
        found.push({
          ...{ userId: personId, shown: personEmail, delivery: undefined },
          ...{ userObject: false, bot: false, reader },
        })
      }
    }
  })
  return found
}

/** Who read an answer: the role of the credential's account, and its recorded user id. */
export interface Reader {
  role: string
  userId: number | undefined
}

/** Whether a sighting is what the real server shows for a user of this setting. */
function consistent(
  setting: VisibilityName,
  sighting: Sighting,
  reader: Reader | undefined,
  level: number,
): boolean {
  const dummy = dummyDomain(sighting.shown, sighting.userId) !== undefined
  if (dummy === (setting === 'everyone')) return false
  if (!sighting.userObject || reader === undefined) return true
  const self = reader.userId === sighting.userId
  if (level >= PER_USER_LEVEL) {
    if (sighting.delivery === undefined) return true
    const sees = self || (VISIBLE_TO_ROLE[reader.role] ?? []).includes(setting)
    return sees === (sighting.delivery !== null)
  }
  const sees = self || (VISIBLE_BEFORE_163[reader.role] ?? []).includes(setting)
  return sees === (typeof sighting.delivery === 'string')
}

/** What the inference decided for one organization. */
export interface VisibilityPlan {
  organization: OrganizationVisibility
  /** Where the organization's setting came from, for the report. */
  from: string
  /** Recorded user id → the user's own setting, where it is not the organization's. */
  users: Map<number, VisibilityName>
  /** The domain of the recording's dummy addresses (`user<id>@<domain>`, the most common), if it shows one. */
  fakeDomain: string | undefined
}

/** What the inference needs besides the sightings. */
export interface VisibilityInput {
  readers: ReadonlyMap<string, Reader>
  /** Recorded ids of the users the recording created. */
  created: ReadonlySet<number>
  featureLevel: number
  /** The `emailVisibility` option: the organization's setting, whatever the answers show. */
  option: OrganizationVisibility | undefined
}

/** The settings each user's sightings leave, by recorded user id (humans and bots apart). */
function candidatesByUser(sightings: readonly Sighting[], input: VisibilityInput) {
  const users = new Map<number, { bot: boolean; settings: VisibilityName[] }>()
  for (const sighting of sightings) {
    const known = users.get(sighting.userId) ?? { bot: false, settings: [...VISIBILITY_NAMES] }
    known.bot ||= sighting.bot
    const reader = input.readers.get(sighting.reader)
    known.settings = known.settings.filter((setting) =>
      consistent(setting, sighting, reader, input.featureLevel),
    )
    users.set(sighting.userId, known)
  }
  return users
}

/** The setting most of these users are consistent with (the first of `VISIBILITY_NAMES` on a tie). */
function mostConsistent(candidates: ReadonlyArray<readonly VisibilityName[]>): VisibilityName {
  let best: VisibilityName = 'everyone'
  let bestCount = -1
  for (const setting of VISIBILITY_NAMES) {
    const count = candidates.filter((settings) => settings.includes(setting)).length
    if (count > bestCount) [best, bestCount] = [setting, count]
  }
  return best
}

/** Infers an organization's e-mail visibility, and its users' own, from the addresses its answers show. */
export function planVisibility(
  sightings: readonly Sighting[],
  input: VisibilityInput,
): VisibilityPlan {
  // One domain per organization: the one most of its dummy addresses have (another one is a difference).
  const domains = new Map<string, number>()
  for (const sighting of sightings) {
    const domain = dummyDomain(sighting.shown, sighting.userId)
    if (domain !== undefined) domains.set(domain, (domains.get(domain) ?? 0) + 1)
  }
  const fakeDomain = [...domains].sort((a, b) => b[1] - a[1])[0]?.[0]
  const users = candidatesByUser(sightings, input)
  const humans = [...users].filter(([, user]) => !user.bot)
  const createdHumans = humans.filter(([id]) => input.created.has(id))
  const perUser = input.featureLevel >= PER_USER_LEVEL
  let organization: OrganizationVisibility
  let from: string
  if (input.option !== undefined) {
    organization = input.option
    from = 'the emailVisibility option'
  } else if (humans.length === 0) {
    organization = 'server-default'
    from = 'the default (the answers show no human address): the real default at this level'
  } else if (perUser && createdHumans.length > 0) {
    organization = mostConsistent(createdHumans.map(([, user]) => user.settings))
    from = 'the addresses of the users the recording created'
  } else {
    organization = mostConsistent(humans.map(([, user]) => user.settings))
    from = 'the addresses of its users'
  }
  // What `server-default` is at this level: the real default for a new organization.
  const concrete: VisibilityName =
    organization !== 'server-default'
      ? organization
      : input.featureLevel >= LEVELS.newOrganizationsHideEmails
        ? 'admins'
        : 'everyone'
  const own = new Map<number, VisibilityName>()
  if (perUser) {
    for (const [id, user] of users) {
      if (input.created.has(id) || user.settings.length === 0) continue
      // Bots have `everyone` whatever the organization's default.
      const theirs = user.bot ? 'everyone' : concrete
      if (user.settings.includes(theirs)) continue
      own.set(id, user.settings[0] as VisibilityName)
    }
  }
  return { organization, from, users: own, fakeDomain }
}
