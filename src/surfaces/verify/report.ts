/**
 * What `verify` reports: the differences between the recorded answers and the simulator's, the number of
 * exchanges compared, the exchanges skipped with their reasons, and how the simulator was set up.
 * @module
 */
import type { FindingKind, TenantSummary } from '../../engine/core/verify-part.js'
import type { ServiceName } from '../../services/registry.js'

/**
 * What differs:
 * - `status`: the status code;
 * - `missing`: a field the recorded answer has and the simulator's lacks; `extra`: the other way round;
 * - `value`: a field (or array element) with another value or type;
 * - `order` (milder): an object's keys in another order, where the recording shows the service keeps its
 *   order (`expected` and `actual` list the keys); or the elements of a list of objects with ids in
 *   another order (they list the recorded ids);
 * - `header`: a header a client reads (`Content-Type`, `WWW-Authenticate`, `Allow`, `Location`, rate limits);
 * - `body`: a body that is not JSON on one side or both, and differs;
 * - `identity`: an id, UUID or hash that does not map consistently (one recorded value answered by two
 *   simulator values, or two recorded values by one);
 * - `type`: in an inference answer, compared by its envelope: a value of another JSON type (or a whole
 *   number against a fraction);
 * - `stream`: an event stream whose kinds of event, in order, differ (runs of one kind counted once).
 */
export type DifferenceKind = FindingKind

/** One difference found in one exchange. */
export interface Difference {
  /** The exchange's 1-based position in the HAR's `log.entries`. */
  exchange: number
  method: string
  /** The URL as recorded. */
  url: string
  kind: DifferenceKind
  /**
   * Where: `status`, `headers.<name>`, `body` (a whole non-JSON body), or `body.<field>…` (`body.user.email`,
   * `body.members[2]`) in the answer's JSON.
   */
  path: string
  /** The recorded (real) value; `undefined` (absent in JSON) when the recording lacks it. */
  expected: unknown
  /** The simulator's value; `undefined` (absent in JSON) when the simulator's answer lacks it. */
  actual: unknown
  /** For `identity`: what the earlier pair said. */
  note?: string
}

/** An exchange that could not be replayed, and why. */
export interface SkippedExchange {
  exchange: number
  method: string
  url: string
  reason: string
}

/** How the simulator was set up from the recording (and the options), for reading the report. */
export interface VerifySetup {
  /** The clock's start (ISO 8601) and where it came from. */
  clock: { start: string; from: string }
  /** Each organization the recording addresses. */
  organizations: TenantSummary[]
  /** Each credential of the recording, and the simulator account it was mapped onto. */
  accounts: Array<{
    service: ServiceName
    /** The credential as a person can recognise it: an e-mail, or a key's first characters. */
    credential: string
    /** `owner`, `administrator (can_create_users)`, `member`…, `inference`, `management`, or `unknown`. */
    role: string
    /** Where the role came from. */
    from: string
  }>
  /** Users seeded because the recording shows they existed before it started. */
  seededUsers: number
  /** Presets seeded because the recording shows they existed before it started. */
  seededPresets: number
  /** Messages seeded because the recording shows they existed before it started (`max_message_id`). */
  seededMessages: number
  /** Anything else worth knowing (a level above the simulator's newest, a default taken). */
  notes: string[]
}

/** The report of `verify`. */
export interface VerifyReport {
  differences: Difference[]
  /** How many exchanges were replayed and compared. */
  compared: number
  skipped: SkippedExchange[]
  setup: VerifySetup
}
