/**
 * `createSimulator()`: one isolated in-memory world of every simulated service.
 * @module
 */
import type { RequestHandler } from 'msw'
import { type ScenarioName, scenarios } from '../scenarios/index.js'
import { parseScenario, type Scenario, type ScenarioDefinition } from '../scenarios/schema/index.js'
import { type Clock, createClock, type TimeInput, toEpochMs } from './core/clock.js'
import { createIdSource, type IdSource, randomSeed } from './core/ids.js'
import type { Scope, Service, ServiceContext } from './core/service.js'
import { createMessagingService, type MessagingService } from './messaging/service.js'
import { serviceHandlers } from './msw/adapter.js'
import { createRouterService, type RouterService } from './router/service.js'

/** The router's default base URL, as the real SDK calls it. */
export const DEFAULT_ROUTER_BASE_URL = 'https://openrouter.ai/api/v1'
/** The default base URL of each messaging organization; `{subdomain}` is replaced by the organization's. */
export const DEFAULT_MESSAGING_BASE_URL = 'https://{subdomain}.zulipchat.com'

/** Options of `createSimulator`. */
export interface SimulatorOptions {
  /** A built-in scenario's name, or a scenario definition. Default `default`. */
  scenario?: ScenarioName | ScenarioDefinition
  /** Fixes the clock at this instant (it then moves only when advanced). Default: the real time. */
  now?: TimeInput
  /** Makes every generated id reproducible. Default: a random seed. */
  seed?: string | number
  router?: {
    /** Default `https://openrouter.ai/api/v1`. */
    baseUrl?: string
  }
  messaging?: {
    /** Each organization's base URL, with `{subdomain}` standing for its subdomain. Default `https://{subdomain}.zulipchat.com`. */
    baseUrl?: string
    /** The feature level every organization emulates unless its scenario entry sets one. Default 421 (Zulip 11.0). */
    featureLevel?: number
  }
}

/** One simulated world. */
export interface Simulator {
  /** The msw request handlers, for `setupServer(...handlers)` or `setupWorker(...handlers)`. */
  readonly handlers: RequestHandler[]
  /** Settles once the scenario is loaded. Requests wait for it by themselves. */
  readonly ready: Promise<void>
  /** The scenario in force, validated and with its defaults filled in. */
  readonly scenario: Scenario
  /** The simulator's clock. */
  readonly clock: Clock
  /** The seed in force. */
  readonly seed: string | number
  /** Reads and controls the router service's state. */
  readonly router: RouterService
  /** Reads and controls the messaging service's state. */
  readonly messaging: MessagingService
  /** Puts every service back to the scenario's initial state, the id sequence and a fixed clock included. */
  reset(): Promise<void>
  /**
   * The handlers for a scope (`in-process`, as `handlers`; or `server`, as the standalone server uses),
   * of every service or of one.
   */
  handlersFor(scope: Scope, service?: 'router' | 'messaging'): RequestHandler[]
}

function resolveScenario(input: SimulatorOptions['scenario']): Scenario {
  if (input === undefined) return parseScenario(scenarios.default)
  if (typeof input === 'string') {
    const named = (scenarios as Record<string, ScenarioDefinition>)[input]
    if (!named) {
      throw new TypeError(
        `[understudy] Failed to load scenario "${input}": no such scenario. Known scenarios: ${Object.keys(scenarios).join(', ')}.`,
      )
    }
    return parseScenario(named)
  }
  return parseScenario(input)
}

/**
 * Creates an isolated simulator. Nothing is shared between two simulators.
 * @example
 * const simulator = createSimulator({ seed: 1, now: '2026-01-01T00:00:00Z' })
 * const server = setupServer(...simulator.handlers)
 */
export function createSimulator(options: SimulatorOptions = {}): Simulator {
  const scenario = resolveScenario(options.scenario)
  const start = options.now === undefined ? undefined : toEpochMs(options.now)
  const clock = createClock(start)
  const seed = options.seed ?? randomSeed()
  let ids: IdSource = createIdSource(seed)
  const context: ServiceContext = { clock, ids: () => ids }

  const router = createRouterService(context, {
    baseUrl: (options.router?.baseUrl ?? DEFAULT_ROUTER_BASE_URL).replace(/\/+$/, ''),
  })
  const messaging = createMessagingService(context, {
    baseUrl: (options.messaging?.baseUrl ?? DEFAULT_MESSAGING_BASE_URL).replace(/\/+$/, ''),
    featureLevel: options.messaging?.featureLevel,
  })
  const services: Service[] = [router, messaging]

  let loading: Promise<void> = Promise.resolve()
  const load = async () => {
    for (const service of services) await service.load(scenario)
  }

  const gate = (service: Service): Service => ({
    name: service.name,
    patterns: (scope) => service.patterns(scope),
    load: (next) => service.load(next),
    handle: async (request, scope) => {
      await loading
      return service.handle(request, scope)
    },
  })
  const handlersFor = (scope: Scope, only?: string) =>
    services
      .filter((service) => only === undefined || service.name === only)
      .flatMap((service) => serviceHandlers(gate(service), scope))

  loading = load()
  const simulator: Simulator = {
    handlers: handlersFor('in-process'),
    get ready() {
      return loading
    },
    scenario,
    clock,
    seed,
    router,
    messaging,
    reset() {
      ids = createIdSource(seed)
      if (start !== undefined) clock.set(start)
      loading = load()
      return loading
    },
    handlersFor,
  }
  return simulator
}
