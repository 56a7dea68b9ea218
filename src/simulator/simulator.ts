/**
 * `createSimulator()`: the simulator core (`simulator-core.ts`) with its msw request handlers, for
 * `setupServer` in Node and `setupWorker` in a browser.
 * @module
 */
import type { RequestHandler } from 'msw'
import type { Scope } from '../engine/core/service.js'
import { serviceHandlers } from './msw/adapter.js'
import {
  createSimulatorCore,
  type ServiceName,
  type SimulatorCore,
  type SimulatorOptions,
} from './simulator-core.js'

export {
  DEFAULT_MAX_BODY_BYTES,
  type Discovery,
  type ServiceName,
  type ServiceRoute,
  type SimulatorCore,
  type SimulatorOptions,
} from './simulator-core.js'

/** One simulated world, with its msw request handlers. */
export interface Simulator extends SimulatorCore {
  /** The msw request handlers, for `setupServer(...handlers)` or `setupWorker(...handlers)`. */
  readonly handlers: RequestHandler[]
  /**
   * The msw request handlers for a scope (`in-process`, as `handlers`; or `server`, as the standalone server uses),
   * of every service or of one.
   */
  handlersFor(scope: Scope, service?: ServiceName): RequestHandler[]
}

/**
 * Creates an isolated simulator. Nothing is shared between two simulators.
 * @example
 * const simulator = createSimulator({ seed: 1, now: '2026-01-01T00:00:00Z' })
 * const server = setupServer(...simulator.handlers)
 */
export function createSimulator(options: SimulatorOptions = {}): Simulator {
  const core = createSimulatorCore(options)
  const handlersFor = (scope: Scope, only?: ServiceName): RequestHandler[] =>
    core
      .routes(scope, only)
      .flatMap((route) => serviceHandlers(route.patterns, route.answer, core.maxBodyBytes))
  return Object.assign(core, { handlers: handlersFor('in-process'), handlersFor })
}
