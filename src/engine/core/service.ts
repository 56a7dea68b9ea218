/**
 * What a simulated service is: the object the simulator's core calls (`Service`), and its registration
 * (`ServiceDefinition`) that everything else iterates.
 *
 * `src/engine/core/` is the ground floor: plain requests and responses, the clock, ids, tables, locks, these
 * contracts, the field schemas of a snapshot's parts and the inspector's list limits. It imports nothing of the rest of the package.
 * @module
 */

import type { Clock } from './clock.js'
import type { ControlRoute } from './control-route.js'
import type { MaybeAsync, PlainRequest, PlainResponse } from './http.js'
import type { IdSource } from './ids.js'
import type { InferenceMeta } from './inference-meta.js'
import type { InspectorParts } from './inspector-panel.js'
import type { ServiceMatcher } from './matchers.js'
import type { OnDemand } from './on-demand.js'
import type { Routable } from './routes.js'
import type { VerifyPart } from './verify-part.js'
import type * as z from './zod.js'

/** What every service of one simulator shares. */
export interface ServiceContext {
  clock: Clock
  /** The current id source (a reset starts a new one from the seed). */
  ids(): IdSource
}

/**
 * Where requests reach a service from: `in-process` (msw handlers beside a consumer's own) answers only
 * the paths the service owns; `server` (the standalone server) answers everything under the service's
 * base URL, with the service's own 404 for the rest.
 */
export type Scope = 'in-process' | 'server'

/** What a service tells about a request it answers: for the journal and for matching faults. */
export interface RequestMeta {
  /** The real API's operation id, or null when no operation matched. */
  operation: string | null
  /** The router workspace id or the messaging organization's subdomain, once known. */
  tenant: string | null
  /** Who made the request (a key's label, an account's email), once authenticated. Never a secret. */
  actor: string | null
  /** The path below the service's base URL (`/presets/x` for the router, `/api/v1/users` for an organization). */
  path: string
  /**
   * What an inference request applied (the router's chat, messages and responses operations), set by the
   * operation once it has chosen its answer: for the journal and its matchers. `null` on those operations'
   * requests until then (a request refused before an answer is chosen, or answered by a fault, keeps it);
   * absent on every other operation.
   */
  inference?: InferenceMeta | null
}

/** The parts of a recorded request a service parses for the journal. */
export interface RecordedRequest {
  headers: Readonly<Record<string, string>>
  query: URLSearchParams
  body: Uint8Array | undefined
}

/** Options of a service's fault response. */
interface FaultResponseOptions {
  message?: string | undefined
  /** Seconds for `Retry-After`. */
  retryAfter?: number | undefined
  /** The router's model-availability code (`error.availability.code`), checked when the fault was armed. */
  availability?: string | undefined
  /** The request answered (a service may read it: the router names the model the body asks for). */
  request?: PlainRequest | undefined
  tenant: string | null
  /**
   * The operation the request reached, when known: a service whose operations answer errors in more than
   * one shape (the router's `/messages` in Anthropic's envelope) answers in that operation's.
   */
  operation?: string | null | undefined
}

/** A service's answer to a request it owns: the response (or its promise), and what the request was. */
export interface Answer {
  response: MaybeAsync<PlainResponse>
  meta: RequestMeta
}

/**
 * A request a service has located and routed (and, where the service authenticates before its operation
 * runs, authenticated), once: what it reaches, and its answer, both from that one routing.
 */
export interface RoutedRequest {
  /**
   * The operation, tenant, actor and path the request reaches, without answering it: what armed faults
   * and stubs are matched on, and what the journal records when one of them answers in the service's place.
   */
  describe(): RequestMeta
  /**
   * Answers the request: the response, synchronous when it is there at once, and the meta the journal
   * records. Called at most once; it never routes again.
   */
  answer(): Answer
}

/**
 * A simulated service inside one simulator, as the simulator's core uses it. `Slice` is the service's
 * part of a scenario, `State` its part of a snapshot.
 */
export interface Service<Slice = unknown> {
  readonly name: string
  /** The base URL the service answers at (a template for a service with many tenants). */
  readonly baseUrl: string
  /**
   * The msw URL patterns this service answers. Prefer a `RegExp` (see `urlPattern`): msw percent-decodes
   * the parameters of string patterns and answers 500 for a malformed escape such as `%zz`.
   */
  patterns(scope: Scope): Array<string | RegExp>
  /**
   * Locates and routes a request whose `path` is the full URL path, answering nothing yet: the routed
   * request, which tells what it reaches and answers it from the same routing. `undefined` means the URL
   * is not this service's (msw then tries the next handler).
   */
  route(request: PlainRequest, scope: Scope): RoutedRequest | undefined
  /** The service's own error response for an injected status. */
  faultResponse(status: number, options: FaultResponseOptions): PlainResponse
  /** A recorded request's body, parsed, with secrets replaced by `[redacted]`. */
  journalBody(request: RecordedRequest): unknown
  /**
   * A form body's fields as the service reads them, in order, repeated names included (`undefined` for a
   * body that is not a form the service reads): the journal's HAR redacts a form by these names, however
   * the client escaped or quoted them. Only a service that reads forms has it.
   */
  journalFields?(request: RecordedRequest): ReadonlyArray<readonly [string, string]> | undefined
  /** Clears every record and seeds the scenario's slice, synchronously (every control method works right after). */
  load(slice: Slice): void
  /** A number that changes whenever the service's data may have changed (the state file saves then). */
  changes(): number
}

/**
 * A service's state export and import, which only the simulator's snapshots use (kept out of the
 * services' public types).
 */
export interface Restorable<State = unknown> {
  /**
   * The whole state as plain JSON, copied (the service's part of a snapshot). With `shared`, the parts
   * the service never changes in place once stored (a preset version's config) are given as they are,
   * not copied: a view to write out (a state file's save), never handed to a caller.
   */
  exportState(options?: { shared?: boolean }): State
  /** Replaces the whole state with a validated snapshot part. */
  importState(state: State): void
}

/** A service's part of the inspector's state: what the page shows, without keys or passwords. */
export interface Inspectable<Inspected = unknown> {
  inspect(): Inspected
}

/** What the simulator gives a service it creates: the base URL and the paths it answers in process. */
export interface ServiceOptions {
  /** Without a trailing slash. */
  baseUrl: string
  /**
   * The paths below the base URL the service answers in process (beside a consumer's own handlers):
   * the path itself and everything below it. On the standalone server it answers every path.
   */
  inProcessPrefix: string
}

/**
 * What a service's journal entries hold, as types only: each operation's request body and success response
 * (by operation id), and the service's error body. The typed journal composes every registered service's
 * (`src/simulator/operations/journal-entries.ts`).
 */
export interface JournalTypes<Exchanges extends object = object, ErrorBody = unknown> {
  readonly exchanges: Exchanges
  readonly errorBody: ErrorBody
}

/**
 * A definition's `journalTypes`: the types, with no value at run time (`undefined`; nothing reads it).
 * @example journalTypes: journalTypes<RouterExchanges, RouterErrorBody>()
 */
export function journalTypes<Exchanges extends object, ErrorBody>():
  | JournalTypes<Exchanges, ErrorBody>
  | undefined {
  return undefined
}

/**
 * One of a service's options (`createSimulator({ <name>: { <option> } })`) that the standalone server's
 * `startServer` takes at its top level and `understudy-mock serve` as a flag (`featureLevel`,
 * `--feature-level <n>`).
 */
export interface ServiceSetting {
  /** Its name, in the service's options and in `startServer`'s. */
  readonly option: string
  /** The CLI's flag, without its dashes. */
  readonly flag: string
  /** The value's placeholder in the CLI's help (`<n>`). */
  readonly value: string
  /** Its line in the CLI's help. */
  readonly help: string
  /** The value the flag's text stands for, or what is wrong with it (the CLI says `--<flag>: <problem>`). */
  parse(text: string): { value: unknown } | { problem: string }
}

/**
 * A definition's `settingTypes`: the settings' part of `startServer`'s options, as types, with no value at run
 * time (`undefined`; nothing reads it).
 * @example settingTypes: settingTypes<MessagingSettings>()
 */
export function settingTypes<Options extends object>(): Options | undefined {
  return undefined
}

/** The rule of a fault field only one service answers (the router's `availability`), checked when a fault is armed. */
export interface FaultFieldRule {
  /** The issue when a fault that names another service gives the field. */
  readonly elsewhere: string
  /** What is wrong with the field's value, given the fault's status, or `undefined`. */
  problem(value: unknown, fault: { status?: unknown }): string | undefined
}

/** The standalone server's answers in a service's shape, for requests that never reach the service. */
interface ServerAnswers {
  /** A crash in the server's request path. */
  internalError(): PlainResponse
  /** A request node's HTTP parser refused (malformed or huge headers). */
  badRequest(): PlainResponse
}

/**
 * A service as the simulator registers it (`src/services/registry.ts`): everything the simulator, the server,
 * scenarios, snapshots, discovery and the inspector need to know of it. Adding a service is its folder
 * (`src/services/<name>/`, `handlers/<name>/`) and one line in the registry.
 */
export interface ServiceDefinition<
  Name extends string = string,
  Instance extends Service = Service,
  Options extends object = object,
  View = unknown,
  Inspected = unknown,
  Operations extends readonly Routable[] = readonly Routable[],
  ScenarioSchema extends z.ZodMiniType = z.ZodMiniType,
  SnapshotSchema extends z.ZodMiniType = z.ZodMiniType,
> {
  readonly name: Name
  /** The base URL in process (`https://openrouter.ai/api/v1`). */
  readonly defaultBaseUrl: string
  /** See `ServiceOptions.inProcessPrefix` (`/presets`). */
  readonly inProcessPrefix: string
  /** Paths below the base URL answered in process besides the prefix, each exactly (`/chat/completions`). */
  readonly inProcessPaths?: readonly string[]
  /** The path prefix the service answers under on the standalone server (`/router`). */
  readonly serverPrefix: `/${string}`
  /** The base URL on the standalone server, from `<origin><serverPrefix>` (`…/router` → `…/router/api/v1`). */
  serverBaseUrl(prefixUrl: string): string
  /** The operations (`handlers/<name>/`), in the order paths are matched; their names are the operation ids. */
  readonly operations: Operations
  /** The service's part of a scenario (the key `name`), with its default when left out. */
  readonly scenarioSchema: ScenarioSchema
  /** The service's part of a snapshot: its fields, and the checks across its records. */
  readonly snapshot: {
    schema: SnapshotSchema
    check(
      state: z.output<SnapshotSchema>,
      context: z.core.$RefinementCtx,
      base: Array<string | number>,
    ): void
  }
  /** Fault fields only this service answers, by name, with their rules (none: the service has none). */
  readonly faultFields?: Readonly<Record<string, FaultFieldRule>>
  /** What its journal entries hold, as types (`journalTypes<Exchanges, ErrorBody>()`; no value at run time). */
  readonly journalTypes: JournalTypes | undefined
  /** Creates the service inside one simulator; `options` are the simulator's options for it. */
  create(
    context: ServiceContext,
    options: ServiceOptions & Options,
  ): Instance & Restorable & Inspectable<Inspected>
  /**
   * The service's part of `describe()`: its base URL and tenants, with what a test needs to call them.
   * (Its parameter's type is the service's public type: `simulator.<name>`.)
   */
  discover(instance: Instance): View
  /** Every base URL a client calls (one per tenant where tenants have their own). */
  urls(instance: Instance): string | Record<string, string>
  /** The scenario's accounts as lines for the start banner (`  router Acme: sk-… (inference)`). */
  accounts(view: View): string[]
  /** The tenants in the inspector's state, as `[id, name]` (the journal shows names). */
  tenants(inspected: Inspected): Array<readonly [string, string]>
  /** The service's sections of the inspector page and the bundled script that draws them (`inspector-panel.ts`). */
  readonly inspector: InspectorParts
  readonly server: ServerAnswers
  /**
   * The service's part of `verify` (`src/services/<name>/verify/`): how to find, infer, replay and compare
   * its exchanges of a recording (`verify-part.ts`). Imported statically in Node; in a browser a chunk of its
   * own that nothing loads (verify is Node-only), so a page's bundle carries none of it (`verify/source.ts`).
   */
  readonly verify: OnDemand<VerifyPart>
  /**
   * The service's own control routes, below `/__understudy/<name>/` on the standalone server (`control-route.ts`):
   * the control surface serves and lists them without naming the service.
   */
  readonly control?: readonly ControlRoute<Instance>[]
  /** Its options the standalone server and the CLI give too (none: it has none). */
  readonly settings?: readonly ServiceSetting[]
  /**
   * Its matchers on a runner's `expect(simulator)` (`understudy-mock/vitest`, `/jest`; `matchers.ts`): a page's
   * bundle carries none (`matchers.browser.ts`, by the package's `browser` field).
   */
  readonly matchers?: Readonly<Record<string, ServiceMatcher>>
  /** Their part of `startServer`'s options, as types (`settingTypes<Settings>()`; no value at run time). */
  readonly settingTypes?: object | undefined
}

/** Escapes text for use inside a regular expression. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
}

/** A pattern for a base URL and everything below `prefix` (`''` for everything under the base). */
export function urlPattern(baseUrl: string, prefix = ''): RegExp {
  return new RegExp(`^${escapeRegExp(baseUrl + prefix)}(?:/.*)?$`)
}

/** A pattern for exactly one path below a base URL. */
export function exactUrlPattern(baseUrl: string, path: string): RegExp {
  return new RegExp(`^${escapeRegExp(baseUrl + path)}$`)
}

/** Whether a path is `prefix` or below it (`/presets`, `/presets/x`; not `/presetsx`). */
export function isBelow(path: string, prefix: string): boolean {
  return (
    path.startsWith(prefix) &&
    (path.length === prefix.length || path.charCodeAt(prefix.length) === 0x2f)
  )
}
