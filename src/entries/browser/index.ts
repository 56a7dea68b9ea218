/**
 * `understudy-mock/browser`: the simulator in a web page, through msw's `setupWorker`. Uses the
 * `mockServiceWorker.js` you generate with your own msw (`npx msw init public/`); Understudy ships none.
 * @example
 * import { startSimulator } from 'understudy-mock/browser'
 * await startSimulator({ scenario: 'presets-history' })
 * // then, in the devtools console: understudy.journal.entries(), understudy.reset(), …
 * @module
 */
import { setupWorker } from 'msw/browser'
import {
  createSimulator,
  type Simulator,
  type SimulatorOptions,
} from '../../simulator/simulator.js'

/** Options of `startSimulator`. */
export interface BrowserSimulatorOptions extends SimulatorOptions {
  /** What the worker does with requests the simulator does not answer. Default `bypass`: the page's own traffic passes. */
  onUnhandledRequest?: 'bypass' | 'warn' | 'error'
  /** Where the page serves `mockServiceWorker.js`. Default `/mockServiceWorker.js`. */
  serviceWorkerUrl?: string
  /** Silences msw's console messages. Default false. */
  quiet?: boolean
  /** The global name the simulator is exposed under, for the devtools console; `false` to expose none. Default `understudy`. */
  exposeAs?: string | false
}

/** A simulator running in the page. */
export interface BrowserSimulator {
  readonly simulator: Simulator
  readonly worker: ReturnType<typeof setupWorker>
  /** Stops the worker (and removes the global). */
  stop(): Promise<void>
}

/** Starts the simulator's msw request handlers in the page with a service worker. */
export async function startSimulator(
  options: BrowserSimulatorOptions = {},
): Promise<BrowserSimulator> {
  const {
    onUnhandledRequest = 'bypass',
    serviceWorkerUrl = '/mockServiceWorker.js',
    quiet = false,
    exposeAs = 'understudy',
    ...simulatorOptions
  } = options
  const simulator = createSimulator(simulatorOptions)
  const worker = setupWorker(...simulator.handlers)
  await worker.start({
    serviceWorker: { url: serviceWorkerUrl },
    quiet,
    // msw 2 reads `onUnhandledRequest`, msw 3 `onUnhandledFrame`; each ignores the other's key. Passing both
    // avoids a version check that would keep bundlers from trimming msw.
    onUnhandledRequest,
    onUnhandledFrame: onUnhandledRequest,
  } as Parameters<typeof worker.start>[0])
  await simulator.ready
  const scope = globalThis as Record<string, unknown>
  if (exposeAs) scope[exposeAs] = simulator
  return {
    simulator,
    worker,
    async stop() {
      await worker.stop()
      if (exposeAs && scope[exposeAs] === simulator) delete scope[exposeAs]
    },
  }
}

export {
  createSimulator,
  type Simulator,
  type SimulatorOptions,
} from '../../simulator/simulator.js'
