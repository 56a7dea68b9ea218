/**
 * What a service gives `verify` (`src/surfaces/verify/`) through its registration (`ServiceDefinition.verify`):
 * how to find its exchanges in a recording, what roles its credentials can be given, how to infer its part
 * of a scenario from what the answers show, how to settle the simulator after it is created, how to rewrite a
 * recorded request for replay, which lists of its answers have no fixed order, how to compare the bodies it
 * does not answer word for word, and the live mode's script. `verify` iterates the registry and names no
 * service; each service's part lives in its own folder (`src/services/<name>/verify/`).
 *
 * Types only, besides `objectSignature`, `isUuid`, `asObject` and `succeeded`, which a part and `verify` must agree on.
 * @module
 */
import type { Credential, RecordedExchange } from './recorded-exchange.js'

/** A service's place in the recording. */
export interface Located {
  /** The service's name in the registry. */
  service: string
  /** The recorded base URL (a service's `…/api/v1`, an organization's URL). */
  base: string
  /** The path below the base, without the query. */
  path: string
  /** The query, with its `?`, or `''`. */
  query: string
}

/** One exchange of the recording, planned: where it went, with which credentials, its answer parsed. */
export interface PlannedExchange {
  exchange: RecordedExchange
  located: Located | undefined
  credential: Credential
  /** The recorded answer's JSON, or `undefined`. */
  json: unknown
  /** Why it is not replayed; `undefined` when it is. */
  skip: string | undefined
}

/** Whether an answer is a success (2xx). */
export const succeeded = (plan: PlannedExchange) =>
  plan.exchange.status >= 200 && plan.exchange.status < 300

/** A JSON value as an object with string keys, or `undefined`. */
export function asObject(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** Whether a string is a UUID (any version). */
export const isUuid = (value: string) => UUID.test(value)

/** An object's signature for key-order stability: where it is (array positions as `[]`) and its keys, sorted. */
export function objectSignature(wildPath: string, value: Record<string, unknown>): string {
  return `${wildPath} {${Object.keys(value).sort().join(',')}}`
}

/**
 * What differs (see `DifferenceKind` in `src/surfaces/verify/report.ts`, the public type, for each kind's
 * meaning).
 */
export type FindingKind =
  | 'status'
  | 'missing'
  | 'extra'
  | 'value'
  | 'order'
  | 'header'
  | 'body'
  | 'identity'
  | 'type'
  | 'stream'

/** One difference in one answer, without the exchange it belongs to. */
export interface Finding {
  kind: FindingKind
  /** `status`, `headers.<name>`, `body`, or `body.<field>…`. */
  path: string
  /** The recorded (real) value; `undefined` when the recording lacks it. */
  expected: unknown
  /** The simulator's value; `undefined` when the simulator's answer lacks it. */
  actual: unknown
  /** For `identity`: what the earlier pair said. */
  note?: string
}

/** The space of the recording's fake e-mail domains in the identity map (`user<id>@<domain>` addresses). */
export const FAKE_DOMAIN = 'fake e-mail domain'

/** What a part may use of verify's identity map: recorded values ↔ the simulator's, per space. */
export interface Identities {
  /** Learns that `recorded` is `simulated` (a conflict is reported by the comparison, not here). */
  learn(space: string, recorded: unknown, simulated: unknown): unknown
  /** The simulator's value for a recorded one, or `undefined` when not learned. */
  toSim(space: string, recorded: unknown): unknown
  /** Declares that the simulator's tenant URL `simulated` stands for the recorded `recorded`. */
  addUrl(simulated: string, recorded: string): void
  /** Declares a domain of the recording's dummy addresses (`user<id>@<domain>`). */
  addFakeDomain(recorded: string): void
}

/**
 * Which values of a service's answers are identities, besides verify's own rules (numbers under `id` and any
 * other `*_id` key, UUIDs, dates, 32-digit hex tokens, tenant URLs).
 */
export interface IdentityRules {
  /** Number keys whose values map within a space (`sender_id` → `user`). */
  readonly numberKeys?: Readonly<Record<string, string>>
  /** The space of an `id` under a parent key (`members` → `user`). */
  readonly idParents?: Readonly<Record<string, string>>
  /** String keys whose values map within a space, whatever they look like (`creator_user_id` → `router user`). */
  readonly stringKeys?: Readonly<Record<string, string>>
  /**
   * The space of the id in a dummy address (`user<id>@<fake domain>`, what a service shows for a hidden
   * address), when the service shows them: the id maps in it, the domain as a fake domain.
   */
  readonly dummyAddressIds?: string
}

/** One credential of the recording and the simulator account it was mapped onto (the report's set-up). */
export interface AccountSummary {
  service: string
  /** The credential as a person can recognise it: an e-mail, or a key's first characters. */
  credential: string
  /** The role or kind the account was given, or `unknown`. */
  role: string
  /** Where the role came from. */
  from: string
}

/** A tenant of the recording that a part set up (an entry of the report's `organizations`). */
export interface TenantSummary {
  recordedUrl: string
  subdomain: string
  name: string
  featureLevel: number
  /** Where the level came from: `server_settings`, `--feature-level`, or the default. */
  featureLevelFrom: string
  /**
   * The `email_address_visibility` its users get (`everyone`, `members`, `moderators`, `admins`,
   * `nobody`, or `server-default`: the real default for a new organization at the level).
   */
  emailVisibility: string
  /** Where it came from: the addresses the answers show, `--email-visibility`, or the default. */
  emailVisibilityFrom: string
}

/** A part's share of the report's set-up; verify adds the shares up in `reportOrder`. */
interface SetupShare {
  accounts: AccountSummary[]
  tenants?: TenantSummary[]
  seededUsers?: number
  seededPresets?: number
  seededMessages?: number
  notes?: string[]
}

/** The options of `verifyHar` a part may read (its own: a feature level, an e-mail visibility…). */
export type PartOptions = Readonly<Record<string, unknown>>

/** What a part's inference is given besides its exchanges. */
interface InferContext {
  /** The `roles` option, checked: e-mail (lower case) or key → the role given. */
  roles: ReadonlyMap<string, string>
  options: PartOptions
}

/** What a part's settling is given, once the simulator is created from the scenario. */
interface SettleContext {
  /** The service's instance in the simulator (`simulator.<name>`). */
  instance: unknown
  identities: Identities
  /** The clock's start (epoch ms). */
  start: number
  /** Changes the service's part of a snapshot of the simulator (`snapshot.services.<name>`), then restores it. */
  edit<T>(change: (state: unknown) => T): Promise<T>
}

/** A recorded request rewritten for the simulator, by the part (verify keeps the other headers as sent). */
interface Rewritten {
  url: string
  /** The Authorization header to send; `undefined`: none. */
  authorization: string | undefined
  /** The body to send when the request has one (a form with ids written as the simulator's…). */
  body: string | undefined
}

/** A request the live mode sends. */
export interface LiveRequest {
  method: string
  url: string
  headers?: Record<string, string>
  body?: string
}

/** The answer to a live request, as the script reads it. */
export interface LiveAnswer {
  status: number
  /** The body as JSON, when it is JSON. */
  json: Record<string, unknown> | undefined
}

/** Something a live script created on the real service, and how to remove it. */
export interface Created {
  what: string
  remove: string
}

/** What a live script needs: where, who, and a way to send. */
interface ScriptContext {
  baseUrl: string
  apiKey: string
  email: string | undefined
  /** `understudy-verify-<random>`. */
  tag: string
  /** A random 32-character key of letters and digits that no account has (for the 401). */
  wrongKey: string
  /** A strong random password for a user created. */
  password: string
  send(request: LiveRequest): Promise<LiveAnswer>
  created: Created[]
}

/** A live script: what it needs, what it will create (said before asking), and its steps. */
export interface LiveScript {
  /** Why these options cannot run the script (an account's e-mail missing), or `undefined`. */
  problem?(options: { email: string | undefined }): string | undefined
  willCreate(context: Pick<ScriptContext, 'baseUrl' | 'email' | 'tag'>): string[]
  run(context: ScriptContext): Promise<void>
}

/** A list of answers whose order the real service does not fix: compared as a set. */
interface UnorderedList {
  method: string
  /** The path below the service's base. */
  path: RegExp
  /** Where the list is in the answer (`body.members`), as differences name it. */
  list: string
}

/** How a body is compared when the part does not want it compared value by value. */
export type BodyComparison = (
  recorded: string,
  simulated: string,
  context: { status: number; stableOrder: (signature: string) => boolean },
) => Finding[]

/** One of a part's options on verify's command line (`--feature-level <n>` for `featureLevel`). */
interface VerifyFlag {
  /** The part's option it gives (one of `PartOptions`, and of `verifyHar`'s options). */
  readonly option: string
  /** The flag, without its dashes. */
  readonly flag: string
  /** The value's placeholder in the help (`<n>`). */
  readonly value: string
  /** Its help, a line each (the first beside the flag). */
  readonly help: readonly string[]
  /** The option's value from the flag's text, or what is wrong with it (the CLI says `--<flag> <problem>`). */
  parse(text: string): { value: unknown } | { problem: string }
}

/** What a part adds to `understudy-mock verify`'s command line and its help. */
interface VerifyCommandLine {
  /** Its options, in the order the help lists them (after the command's own, before `--now`). */
  readonly flags?: readonly VerifyFlag[]
  /** The `--role` values it takes, as the help shows them (`router key=inference|management`). */
  readonly roles: string
  /** What its live mode's `--base-url` is, as the help names it (`the router's …/api/v1`). */
  readonly baseUrl?: string
  /** Whether its live mode takes `--email` (the account the key belongs to). */
  readonly email?: boolean
}

/**
 * A service's part of `verify`. `Plan` is what its inference learned from the recording (its scenario part,
 * its accounts, whatever replay needs); the part keeps it and is handed it back.
 */
export interface VerifyPart<Plan = unknown> {
  /**
   * Where the part's lines come in the report and in verify's messages (the set-up's accounts, the roles'
   * error), lowest first. Registration order decides everything else (which part claims an exchange first).
   */
  readonly reportOrder: number
  /**
   * Whether an exchange is this service's, and the base URL it shows (`…/api/v1`, an organization's URL):
   * `undefined`, not this service's; `null`, this service's host with no base in its URL (not replayed, and
   * not offered to the next service).
   */
  claim(url: URL, exchange: RecordedExchange): string | null | undefined
  /** Whether every path of the service answers `OPTIONS` (besides `HEAD` for a `GET`). */
  readonly optionsEverywhere?: boolean
  /** The `roles` values this service gives meaning to, and how the roles' error names them. */
  readonly roles: { accepts(value: string): boolean; described: string }
  /** Why the options cannot be used (`feature level: …`), or `undefined`. Checked before any inference. */
  optionsProblem?(options: PartOptions): string | undefined
  /** What the recording shows of the service: its exchanges (replayed or skipped ones, not unusable ones). */
  infer(plans: readonly PlannedExchange[], context: InferContext): Plan
  /** The service's part of the scenario the simulator is created from. */
  scenario(plan: Plan): unknown
  /** Places what the scenario cannot say (ids, dates, earlier messages) once the simulator exists. */
  settle?(plan: Plan, context: SettleContext): Promise<void>
  /** The part's share of the report's set-up (after settling). */
  summary(plan: Plan): SetupShare
  /**
   * How the report's text shows one of the set-up's tenants (`  <service> <url> as "acme", …`): the part that
   * gives tenants (its `summary`'s) has it.
   */
  tenantLines?(tenant: TenantSummary): string[]
  /** Why a replayable exchange is not compared after all, once set up (it acts on unknown content), or `undefined`. */
  skip?(plan: Plan, planned: PlannedExchange): string | undefined
  /** The request to send for a recorded one; `authorization` is the recorded header. */
  rewrite(
    plan: Plan,
    planned: PlannedExchange,
    context: { instance: unknown; identities: Identities; authorization: string | undefined },
  ): Rewritten
  /** Which values of its answers are identities (verify's own rules apply to every service). */
  readonly identities?: IdentityRules
  /** Lists whose order the real service does not fix. */
  readonly unordered?: readonly UnorderedList[]
  /** A comparison of the bodies of an exchange not compared value by value (an inference's envelope). */
  bodies?(planned: PlannedExchange): BodyComparison | undefined
  /** The live mode's script (`understudy-mock verify <name> --live`). */
  readonly live?: LiveScript
  /** What it adds to `understudy-mock verify`'s command line. */
  readonly commandLine?: VerifyCommandLine
}
