/**
 * What every router operation works with: the service's state, and the request's caller, authenticated
 * once by the dispatcher (`dispatch.ts`) before the operation runs.
 * @module
 */
import type { Clock } from '../core/clock.js'
import type { KeyedLock } from '../core/lock.js'
import type { Operation } from '../core/routes.js'
import type { RouterPrincipal } from './auth.js'
import type { RouterStore } from './store.js'

/** The service's shared state. */
export interface RouterState {
  store: RouterStore
  clock: Clock
  /** Serialises writes per workspace and slug, so versions are never lost or repeated. */
  lock: KeyedLock
}

/** One request as an operation sees it: the state, and the key (and so the workspace) it acts as. */
export interface RouterCall extends RouterState {
  principal: RouterPrincipal
}

/** An operation of the router (a file in `handlers/router/`). */
export type RouterOperation = Operation<RouterCall>
