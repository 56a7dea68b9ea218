/**
 * `understudy-mock/node`: a simulator behind msw's `setupServer`, ready for Node test runners.
 * @example
 * import { afterAll, afterEach, beforeAll } from 'vitest'
 * import { useSimulator } from 'understudy-mock/node'
 * const simulator = useSimulator({ beforeAll, afterEach, afterAll }, { seed: 'tests' })
 * @module
 */
import { createRequire } from 'node:module'
// msw 2 reads Node's localStorage as it loads: hidden meanwhile (no warning on Node 25+), then put back.
import '../../simulator/msw/hide-web-storage.js'
import { setupServer } from 'msw/node'
import '../../simulator/msw/restore-web-storage.js'
import {
  createSimulator,
  type Simulator,
  type SimulatorOptions,
} from '../../simulator/simulator.js'

/** What msw does with a request no handler answers. */
export type UnhandledStrategy = 'bypass' | 'warn' | 'error'

/** Options of `setupSimulator`. */
export interface NodeSimulatorOptions extends SimulatorOptions {
  /** What msw does with requests the simulator does not answer. Default `warn`, as msw's own default. */
  onUnhandledRequest?: UnhandledStrategy
}

/** A simulator and the msw server that serves it. */
export interface NodeSimulator {
  readonly simulator: Simulator
  /** The msw server (`use`, `resetHandlers`, `events`, `boundary`, …). */
  readonly server: ReturnType<typeof setupServer>
  /** Starts intercepting requests (`server.listen` with the unhandled-request strategy). */
  listen(): void
  /** Puts the simulator back to its scenario and drops runtime msw overrides. */
  reset(): Promise<void>
  /** Stops intercepting. */
  close(): void
}

/** The installed msw's major version (2 or 3), read from its package.json (exported by both). */
export function mswMajor(): number {
  const version = (createRequire(import.meta.url)('msw/package.json') as { version: string })
    .version
  return Number(version.split('.')[0])
}

/** Creates a simulator behind `setupServer`; call `listen()` to start. */
export function setupSimulator(options: NodeSimulatorOptions = {}): NodeSimulator {
  const { onUnhandledRequest = 'warn', ...simulatorOptions } = options
  const simulator = createSimulator(simulatorOptions)
  const server = setupServer(...simulator.handlers)
  const listenOptions =
    mswMajor() >= 3 ? { onUnhandledFrame: onUnhandledRequest } : { onUnhandledRequest }
  return {
    simulator,
    server,
    listen: () => server.listen(listenOptions as Parameters<typeof server.listen>[0]),
    async reset() {
      server.resetHandlers()
      await simulator.reset()
    },
    close: () => server.close(),
  }
}

/** The hooks of a test runner (vitest's, jest's or node:test's `before`/`after` named alike). */
export interface TestHooks {
  beforeAll(fn: () => unknown): unknown
  afterEach(fn: () => unknown): unknown
  afterAll(fn: () => unknown): unknown
}

/**
 * Serves a simulator for the current test file: listens before all tests, resets after each, closes after all.
 * Returns the simulator.
 * @example const simulator = useSimulator({ beforeAll, afterEach, afterAll })
 */
export function useSimulator(hooks: TestHooks, options: NodeSimulatorOptions = {}): Simulator {
  const node = setupSimulator({ onUnhandledRequest: 'error', ...options })
  hooks.beforeAll(() => node.listen())
  hooks.afterEach(() => node.reset())
  hooks.afterAll(() => node.close())
  return node.simulator
}

export {
  createSimulator,
  type Simulator,
  type SimulatorOptions,
} from '../../simulator/simulator.js'
