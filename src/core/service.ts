/**
 * What a simulated service gives the simulator: the URLs it answers, and one function that answers them.
 * @module
 */
import type { Scenario } from '../../scenarios/schema/index.js'
import type { Clock } from './clock.js'
import type { MaybeAsync, PlainRequest, PlainResponse } from './http.js'
import type { IdSource } from './ids.js'

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
}

/** The parts of a recorded request a service parses for the journal. */
export interface RecordedRequest {
  headers: Readonly<Record<string, string>>
  query: URLSearchParams
  body: Uint8Array | undefined
}

/** Options of a service's fault response. */
export interface FaultResponseOptions {
  message?: string | undefined
  /** Seconds for `Retry-After`. */
  retryAfter?: number | undefined
  tenant: string | null
}

/** A simulated service inside one simulator. */
export interface Service {
  readonly name: string
  /**
   * The msw URL patterns this service answers. Prefer a `RegExp` (see `urlPattern`): msw percent-decodes
   * the parameters of string patterns and answers 500 for a malformed escape such as `%zz`.
   */
  patterns(scope: Scope): Array<string | RegExp>
  /**
   * Answers a request whose `path` is the full URL path. `undefined` means the URL is not this
   * service's (msw then tries the next handler).
   */
  handle(
    request: PlainRequest,
    scope: Scope,
    meta?: RequestMeta,
  ): Promise<PlainResponse | undefined>
  /**
   * `handle` without the promise when the answer is there at once (the simulator's own path: a request
   * answered synchronously then costs no promise until the way in that needs one).
   */
  answer(
    request: PlainRequest,
    scope: Scope,
    meta?: RequestMeta,
  ): MaybeAsync<PlainResponse | undefined>
  /**
   * The operation and tenant a request would reach, without answering it (`undefined`: not this
   * service's URL). Used to match faults.
   */
  describe(request: PlainRequest, scope: Scope): RequestMeta | undefined
  /** The service's own error response for an injected status. */
  faultResponse(status: number, options: FaultResponseOptions): PlainResponse
  /** A recorded request's body, parsed, with secrets replaced by `[redacted]`. */
  journalBody(request: RecordedRequest): unknown
  /** Clears every record and seeds the scenario, synchronously (every control method works right after). */
  load(scenario: Scenario): void
  /** A number that changes whenever the service's data may have changed (a reset can skip an unchanged service). */
  changes(): number
}

/** Escapes text for use inside a regular expression. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
}

/** A pattern for a base URL and everything below `prefix` (`''` for everything under the base). */
export function urlPattern(baseUrl: string, prefix = ''): RegExp {
  return new RegExp(`^${escapeRegExp(baseUrl + prefix)}(?:/.*)?$`)
}
