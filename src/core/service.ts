/**
 * What a simulated service gives the simulator: the URLs it answers, and one function that answers them.
 * @module
 */
import type { Scenario } from '../../scenarios/schema/index.js'
import type { Clock } from './clock.js'
import type { PlainRequest, PlainResponse } from './http.js'
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

/** A simulated service inside one simulator. */
export interface Service {
  readonly name: string
  /** Absolute msw URL patterns this service answers. */
  patterns(scope: Scope): string[]
  /**
   * Answers a request whose `path` is the full URL path. `undefined` means the URL is not this
   * service's (msw then tries the next handler).
   */
  handle(request: PlainRequest, scope: Scope): Promise<PlainResponse | undefined>
  /** Clears every record and seeds the scenario. */
  load(scenario: Scenario): Promise<void>
}
