/**
 * What every router operation works with: the service's state, and the request's caller, authenticated
 * once by the dispatcher (`dispatch.ts`) before the operation runs.
 * @module
 */
import type { Clock } from '../../engine/core/clock.js'
import type { IdSource } from '../../engine/core/ids.js'
import type { KeyedLock } from '../../engine/core/lock.js'
import type { Operation } from '../../engine/core/routes.js'
import type { RequestMeta } from '../../engine/core/service.js'
import type { RouterPrincipal } from './auth.js'
import type { ScenarioModel } from './catalog/model.js'
import type { ScriptBook } from './inference/scripts.js'
import type { RouterStore } from './store.js'

/** The service's shared state. */
export interface RouterState {
  store: RouterStore
  clock: Clock
  /** Serialises writes per workspace and slug, so versions are never lost or repeated. */
  lock: KeyedLock
  /** The simulator's current id source (a reset starts a new one). */
  ids(): IdSource
  /** Scripted answers to inference requests. */
  scripts: ScriptBook
  /** The models the scenario adds to the catalog (`router.models`). */
  models: readonly ScenarioModel[]
}

/**
 * One request as an operation sees it: the state, the key (and so the workspace) it acts as, and the
 * request's meta, which an inference operation completes (`meta.inference`) for the journal.
 */
export interface RouterCall extends RouterPublicCall {
  principal: RouterPrincipal
}

/** What a public operation (`public: true`) works with: the state and the request's meta, no caller. */
export interface RouterPublicCall extends RouterState {
  meta: RequestMeta
}

/**
 * An operation of the router (a file in `handlers/router/`). `errors: 'messages'`: its errors, the
 * dispatcher's included, are in the messages dialect's (Anthropic's) envelope. `inference`: one of the
 * inference operations, whose journal entries say what they applied (`meta.inference`). `public`: answered
 * without credentials.
 */
export type RouterOperation = Operation<RouterCall> & {
  readonly errors?: 'messages'
  readonly inference?: true
  /** Answers without credentials (`GET /models`, public on the real service) and needs the catalog. */
  readonly public?: true
}

/**
 * A `POST` operation answering with `handle` (its `name` typed as the literal given): the three preset creates
 * and the three inference operations are made this way.
 */
export function postOperation<Name extends string>(
  name: Name,
  path: string,
  handle: RouterOperation['handle'],
  errors?: 'messages',
): RouterOperation & { name: Name } {
  return errors === undefined
    ? { name, method: 'POST', path, handle }
    : { name, method: 'POST', path, handle, errors }
}
