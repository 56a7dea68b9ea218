/**
 * What every router operation works with.
 * @module
 */
import type { Clock } from '../core/clock.js'
import type { KeyedLock } from '../core/lock.js'
import type { Operation } from '../core/routes.js'
import type { RouterStore } from './store.js'

export interface RouterContext {
  store: RouterStore
  clock: Clock
  /** Serialises writes per workspace and slug, so versions are never lost or repeated. */
  lock: KeyedLock
}

/** An operation of the router. */
export type RouterOperation = Operation<RouterContext>
