/**
 * The API feature levels that change what the emulated server does, and the version it reports.
 * @module
 */
import { InputRangeError, InputTypeError } from '../core/input-error.js'

/** The default emulated server: Zulip 11.0. */
export const DEFAULT_FEATURE_LEVEL = 421

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
  /** Success responses list unsupported parameters in `ignored_parameters_unsupported`. */
  ignoredParameters: 167,
  /** `GET /server_settings` answers `realm_url` (`realm_uri` stays as a deprecated alias). */
  realmUrl: 257,
  /** `GET /messages/{message_id}` accepts `allow_empty_topic_name`. */
  allowEmptyTopicName: 334,
  /** User objects lose `is_billing_admin`. */
  billingAdminRemoved: 363,
  /**
   * `POST /realm/test_welcome_bot_custom_message` exists; from here on the simulator also words a duplicate
   * e-mail `Email is already in use.` and an empty name `Name must not be empty!` (docs/messaging.md, Feature levels).
   */
  welcomeBotCustomMessage: 416,
  /** User objects carry `is_imported_stub`. */
  importedStub: 433,
} as const

/** The feature level of each major release (`x.0`). */
const RELEASES: ReadonlyArray<readonly [level: number, version: string]> = [
  [25, '3.0'],
  [65, '4.0'],
  [114, '5.0'],
  [144, '6.0'],
  [185, '7.0'],
  [237, '8.0'],
  [278, '9.0'],
  [371, '10.0'],
  [421, '11.0'],
]

/**
 * The `zulip_version` a server at this feature level reports: the release at its level (`11.0` at 421),
 * otherwise the development version of the next release (`11.0-dev` at 416, `12.0-dev` above 421).
 */
export function zulipVersion(level: number): string {
  for (const [releaseLevel, version] of RELEASES) {
    if (level === releaseLevel) return version
    if (level < releaseLevel) return `${version}-dev`
  }
  const [lastLevel, lastVersion] = RELEASES[RELEASES.length - 1] as readonly [number, string]
  return level === lastLevel ? lastVersion : `${Number.parseInt(lastVersion, 10) + 1}.0-dev`
}

/**
 * The feature levels the simulator accepts: 1 up to the newest level whose behaviour it models (the highest
 * of `LEVELS` and the default). A level above it would claim behaviour the simulator does not know.
 */
export const FEATURE_LEVEL_RANGE = {
  min: 1,
  max: Math.max(DEFAULT_FEATURE_LEVEL, ...Object.values(LEVELS)),
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
