/**
 * The API feature levels that change what the emulated server does, and the version it reports.
 * @module
 */
import { InputRangeError, InputTypeError } from '../../engine/core/input-error.js'

/** The default emulated server: Zulip 12.2 (feature level 500), the newest stable release. */
export const DEFAULT_FEATURE_LEVEL = 500

/** The feature levels (from Zulip's API changelog) at which observable behaviour changes. */
export const LEVELS = {
  /** `POST /users` answers the new user's `user_id`. */
  createUserReturnsUserId: 30,
  /** `POST /users` needs `can_create_users`; before, every administrator could create users. */
  createUserNeedsPermission: 36,
  /** `GET /users/{email}` exists. */
  getUserByEmail: 39,
  /** User objects carry `is_billing_admin` (removed again at 363). */
  billingAdminAdded: 73,
  /** `GET /messages/{message_id}` answers the `message` object beside `raw_content`. */
  fetchMessageObject: 120,
  /**
   * `email_address_visibility` is a user setting (each user's own; new users copy the organization's
   * default) and `delivery_email` is in every user object (`null` where the reader may not see it).
   * Before, one organization setting applied to every user.
   */
  emailVisibilityPerUser: 163,
  /** Success responses list unsupported parameters in `ignored_parameters_unsupported`. */
  ignoredParameters: 167,
  /** User objects place `delivery_email` before `avatar_url` (`format_user_row` as a `TypedDict`). */
  deliveryEmailBeforeAvatar: 223,
  /** `GET /server_settings` answers `realm_url` (`realm_uri` stays as a deprecated alias). */
  realmUrl: 257,
  /**
   * `date_joined` is written to the minute (`2026-01-01T00:00+00:00`) instead of to the second. Merged while
   * main was at 277, the level of the 9.0 release, which wrote seconds: the first level every build of
   * which writes minutes is 280 (10.0 development; 279 was reserved for 9.x).
   */
  dateJoinedMinutes: 280,
  /**
   * `GET /users/{email}` finds a user by the real address only where the reader may see it, and by the
   * dummy address (`user<id>@<domain>`) always; before, by the address the API shows.
   */
  getUserByRealEmail: 302,
  /** `PATCH /users/{email}` exists (a copy of `PATCH /users/{user_id}`). */
  updateUserByEmail: 313,
  /** An incoming one-to-one message's `recipient_id` is the sender's personal recipient, not the reader's. */
  incomingRecipientIsSender: 327,
  /** A message's reactions lose the reacting user's `user` object (`user_id` stays). */
  reactionUserRemoved: 328,
  /** `GET /messages/{message_id}` accepts `allow_empty_topic_name`. */
  allowEmptyTopicName: 334,
  /**
   * A duplicate e-mail address is `Email is already in use.` instead of `Email '<email>' already in use`
   * (zulip/zulip PR #33664, merged 2025-03-04 while main was at 361; docs/messaging.md, Feature levels).
   */
  emailAlreadyInUseWording: 361,
  /** User objects lose `is_billing_admin`. */
  billingAdminRemoved: 363,
  /**
   * Zulip 10.0 ships zxcvbn 4.5, which raises for a password longer than its maximum length: `POST /users`
   * answers 500 above 72 characters at 371, above 100 (`PASSWORD_MAX_LENGTH`) from 372 (10.1; PR #34146),
   * and still does at the newest level (the real server's bug, docs/messaging.md).
   */
  zxcvbnMaxLength: 371,
  /** `GET /users` takes `user_ids`, a JSON list of the accounts to answer. */
  getUsersByIds: 384,
  /** `POST /realm/test_welcome_bot_custom_message` exists. */
  welcomeBotCustomMessage: 416,
  /**
   * New organizations hide their users' e-mail addresses from everyone but administrators
   * (`email_address_visibility` "admins only"; before: "everyone"). zulip/zulip PR #35165, July 2025, no
   * feature level of its own: placed at 421, the 11.0 release it shipped in.
   */
  newOrganizationsHideEmails: 421,
  /** User objects carry `is_imported_stub`. */
  importedStub: 433,
  /**
   * Full names of one character are accepted, and an empty one is `Name must not be empty!` instead of
   * `Name too short!` (zulip/zulip PR #35966, opened 2025-09-05, after the 11.0 release; merged at a level
   * no stored source gives): placed at 442, the first level known to have it (docs/messaging.md).
   */
  oneCharacterNames: 442,
  /**
   * The rate-limit error points at the documentation (`…; see https://zulip.com/api/http-headers#…`).
   * Zulip Cloud still sent the old text at 12.0-dev-180 (zulip/zulip issue #36237, October 2025): placed
   * at 442, the first level known to have it.
   */
  rateLimitMessageLink: 442,
  /**
   * The views' parameters are validated in a new order (alphabetical): the user reads `client_gravatar`
   * before `include_custom_profile_fields` (and `GET /users` both before `user_ids`), `GET /messages/{id}`
   * `allow_empty_topic_name` before `apply_markdown`. Reordered after 384; placed at 442, the first level
   * known to have it. Only a request with two invalid parameters can tell.
   */
  paramsReordered: 442,
  /**
   * `CreateUserForm`'s e-mail field is limited to 254 characters, the database column's (zulip/zulip PR
   * #36238, opened 2025-10-09, no feature level): before it, the form took Django's 320, and an address of
   * 255 to 320 characters passed every check and failed at the insert (500). The real 384 server answers
   * 500 there, the 442 server `Bad name or username`: placed at 442, the first level known to have it.
   */
  emailFormMaxLength: 442,
  /** `DELETE /users/{user_id}` takes `actions` (a JSON object: what else to delete while deactivating). */
  deactivateActions: 459,
  /**
   * `GET /server_settings` lists `discord` in `authentication_methods` (Discord login was added). The
   * changelog gives the key, not its place: put last, where each backend added before it went.
   */
  discordAuthentication: 488,
  /**
   * One-to-one messages belong to a conversation recipient shared by both directions: `recipient_id` is
   * its id, and `display_recipient` lists both users alike, by id.
   */
  conversationRecipient: 482,
} as const

/**
 * The feature level of each release, with the `zulip_version` a server installed from its tarball reports
 * (`zulip_merge_base` is the same). Maintenance releases that kept their major release's level are not
 * listed; where several releases share a level (10.1 to 10.4 at 372; 12.1 to 12.3 at 500) the newest
 * certain one names it. Sources: the API changelog's "Changes in Zulip X" sections (levels) and the
 * release commits (docs/messaging.md, Feature levels).
 */
const RELEASES: ReadonlyArray<readonly [level: number, version: string]> = [
  [25, '3.0'],
  [27, '3.1'],
  [65, '4.0'],
  [122, '5.0'],
  [156, '6.0'],
  [157, '6.2'],
  [185, '7.0'],
  [237, '8.0'],
  [277, '9.0'],
  [278, '9.2'],
  [371, '10.0'],
  [372, '10.4'],
  [421, '11.0'],
  [498, '12.0'],
  [500, '12.2'],
]

/** The newest level the simulator models: the newest entry of Zulip's API changelog it read (13.0 development). */
const NEWEST_FEATURE_LEVEL = 512

/** The version a server reports: `zulip_version` and `zulip_merge_base`. */
export interface ReportedVersion {
  version: string
  mergeBase: string
}

/**
 * What a server at this feature level reports: a release at its level (`11.0` at 421, merge base the
 * same); any other level is a development server run from a source tree of the next major release
 * (`12.0-dev+git`, merge base `""`), as the real server reports it without Git metadata (the oracle's
 * 384 and 442 servers do).
 */
export function reportedVersion(level: number): ReportedVersion {
  const release = RELEASES.find(([releaseLevel]) => releaseLevel === level)
  if (release) return { version: release[1], mergeBase: release[1] }
  const next = RELEASES.find(
    ([releaseLevel, version]) => releaseLevel > level && version.endsWith('.0'),
  )
  const major = next
    ? Number.parseInt(next[1], 10)
    : Number.parseInt(RELEASES.at(-1)?.[1] ?? '0', 10) + 1
  return { version: `${major}.0-dev+git`, mergeBase: '' }
}

/** The `zulip_version` a server at this feature level reports (`reportedVersion`). */
export function zulipVersion(level: number): string {
  return reportedVersion(level).version
}

/**
 * The feature levels the simulator accepts: 1 up to the newest level whose behaviour it models (the highest
 * of `LEVELS` and the default). A level above it would claim behaviour the simulator does not know.
 */
export const FEATURE_LEVEL_RANGE = {
  min: 1,
  max: Math.max(NEWEST_FEATURE_LEVEL, DEFAULT_FEATURE_LEVEL, ...Object.values(LEVELS)),
} as const

/** Why a value is not a feature level the simulator accepts, or `undefined` when it is one. */
export function featureLevelProblem(level: unknown): string | undefined {
  const { min, max } = FEATURE_LEVEL_RANGE
  if (typeof level === 'number' && Number.isInteger(level) && level >= min && level <= max) {
    return undefined
  }
  return `${String(level)} is not a feature level the simulator models (a whole number from ${min} to ${max})`
}

/**
 * Checks a feature level given by a caller: a `TypeError` for a value that is not a whole number, a
 * `RangeError` for one outside `FEATURE_LEVEL_RANGE`.
 */
export function assertFeatureLevel(level: unknown, where: string): asserts level is number {
  const problem = featureLevelProblem(level)
  if (problem === undefined) return
  const message = `[understudy] Failed to set the messaging feature level ${where}: ${problem}.`
  throw typeof level === 'number' && Number.isInteger(level)
    ? new InputRangeError(message)
    : new InputTypeError(message)
}
