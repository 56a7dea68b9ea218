/**
 * What every messaging operation works with: the service's state, and the request's organization,
 * acting user and parameters.
 * @module
 */
import type { Clock } from '../../engine/core/clock.js'
import type { PlainResponse } from '../../engine/core/http.js'
import type { IdSource } from '../../engine/core/ids.js'
import type { KeyedLock } from '../../engine/core/lock.js'
import type { Operation } from '../../engine/core/routes.js'
import { restMethodNotAllowed, withNeverCache, zulipSuccess } from './errors.js'
import { LEVELS } from './feature-levels.js'
import type { RequestParams } from './params.js'
import type { RateLimiter } from './rate-limit.js'
import type { OrganizationRecord, UserRecord } from './records.js'
import type { MessagingStore } from './store.js'

/** The service's shared state. */
export interface MessagingState {
  store: MessagingStore
  clock: Clock
  ids: () => IdSource
  /**
   * Serialises work per organization, for an operation that awaits between a check and its write. The
   * current operations check and write synchronously (nothing can come between), so they do not take it.
   */
  lock: KeyedLock
  /** Request histories for rate limiting (used only where an organization has it on). */
  rateLimiter: RateLimiter
}

/** One request as an operation sees it. */
export interface MessagingCall extends MessagingState {
  organization: OrganizationRecord
  /** The organization's feature level when the request arrived. */
  featureLevel: number
  /** The organization's base URL (`https://acme.zulipchat.com`). */
  baseUrl: string
  /** The authenticated user; `undefined` on public operations. */
  actor: UserRecord | undefined
  params: RequestParams
  /** The methods of the route the request matched at this level, in `allowed_methods` order. */
  allowedMethods: readonly string[]
}

/**
 * An operation of the messaging service.
 * - `access`: `rest` for the REST dispatcher (OPTIONS, the `method` override, Basic auth, never-cache
 *   headers); `public` for a plain view answering GET and HEAD without authentication.
 * - `since`: the feature level from which the route exists (below it: the HTML 404).
 * - `converters`: Django path converters of the path's `:name` segments (`int` is `[0-9]+`, `str` is
 *   any non-empty segment).
 */
export interface MessagingOperation extends Operation<MessagingCall> {
  access: 'rest' | 'public'
  since?: number
  converters?: Readonly<Record<string, 'int' | 'str'>>
}

/** The acting user of a REST operation (the dispatcher has authenticated it). */
export function actorOf(call: MessagingCall): UserRecord {
  if (!call.actor)
    throw new Error('[understudy] A REST operation ran without an authenticated user.')
  return call.actor
}

/** A success response with `ignored_parameters_unsupported` where the feature level has it. */
export function success(call: MessagingCall, data: Record<string, unknown> = {}): PlainResponse {
  return zulipSuccess(
    data,
    call.featureLevel >= LEVELS.ignoredParameters ? call.params.ignored() : [],
  )
}

/**
 * The answer of a real method whose change the simulator does not make: the REST dispatcher's 405 listing
 * the route's methods, so a test sees that nothing changed rather than a success that did nothing.
 */
export function notCarriedOut(call: MessagingCall): PlainResponse {
  return withNeverCache(restMethodNotAllowed(call.allowedMethods), call.clock.now())
}
