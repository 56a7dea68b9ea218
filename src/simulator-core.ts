/**
 * `createSimulatorCore()`: one isolated in-memory world of every simulated service, with its control
 * surface: scenarios and reset, a request journal, fault injection, latency, the clock and the id seed.
 * It does not import msw: the standalone server's default engine runs on it alone (msw costs a fifth of
 * the CLI's start), and `createSimulator()` (`simulator.ts`) adds the msw handlers on top.
 * @module
 */
import { type ScenarioName, scenarios } from '../scenarios/index.js'
import { parseScenario, type Scenario, type ScenarioDefinition } from '../scenarios/schema/index.js'
import {
  createFaults,
  type FaultDefinition,
  type InjectedFault,
  summarizeFault,
} from './control/faults.js'
import {
  createJournal,
  DEFAULT_JOURNAL_LIMIT,
  type Journal,
  type RawJournalEntry,
} from './control/journal.js'
import { checkLatency, drawLatency, type LatencySetting, sleep } from './control/latency.js'
import { type Clock, createClock, type TimeInput, toEpochMs } from './core/clock.js'
import { isNetworkFault, type Outcome, type PlainRequest } from './core/http.js'
import { createIdSource, type IdSource, randomSeed } from './core/ids.js'
import type { RequestMeta, Scope, Service, ServiceContext } from './core/service.js'
import { fetchApi, type SimulatorFetchApi } from './fetch/simulator-fetch.js'
import { createMessagingService, type MessagingService } from './messaging/service.js'
import { createRouterService, type RouterService } from './router/service.js'

/** The router's default base URL, as the real SDK calls it. */
export const DEFAULT_ROUTER_BASE_URL = 'https://openrouter.ai/api/v1'
/** The default base URL of each messaging organization; `{subdomain}` is replaced by the organization's. */
export const DEFAULT_MESSAGING_BASE_URL = 'https://{subdomain}.zulipchat.com'

/** The names of the simulated services. */
export type ServiceName = 'router' | 'messaging'

/** Options of `createSimulator`. */
export interface SimulatorOptions {
  /** A built-in scenario's name, or a scenario definition. Default `default`. */
  scenario?: ScenarioName | ScenarioDefinition | undefined
  /** Fixes the clock at this instant (it then moves only when advanced). Default: the real time. */
  now?: TimeInput | undefined
  /** Makes every generated id reproducible. Default: a random seed. */
  seed?: string | number | undefined
  router?: {
    /** Default `https://openrouter.ai/api/v1`. */
    baseUrl?: string | undefined
  }
  messaging?: {
    /** Each organization's base URL, with `{subdomain}` standing for its subdomain. Default `https://{subdomain}.zulipchat.com`. */
    baseUrl?: string | undefined
    /** The feature level every organization emulates unless its scenario entry sets one. Default 421 (Zulip 11.0). */
    featureLevel?: number | undefined
  }
  /** The most journal entries kept; the oldest are dropped first. Default 10,000. */
  journalLimit?: number | undefined
  /** A latency added before every answer. Default 0. */
  latency?: LatencySetting | undefined
  /** The largest request body accepted; a larger one is answered 413 in the service's shape. Default 10 MiB. */
  maxBodyBytes?: number | undefined
}

/** The default largest request body: 10 MiB. */
export const DEFAULT_MAX_BODY_BYTES = 10 * 1024 * 1024

/** Everything a test or a person needs to know about a running simulator. */
export interface Discovery {
  scenario: { name: string; description: string }
  seed: string | number
  clock: { now: string; fixed: boolean }
  latency: LatencySetting
  services: {
    router: { baseUrl: string; workspaces: ReturnType<RouterService['workspaces']> }
    messaging: {
      baseUrl: string
      organizations: Array<
        Omit<ReturnType<MessagingService['organizations']>[number], 'users'> & {
          users: Array<Omit<ReturnType<MessagingService['users']>[number], 'password'>>
        }
      >
    }
  }
  journal: { count: number; limit: number }
  faults: InjectedFault[]
}

/** The URLs one service answers in a scope, and the one path its requests take there. */
export interface ServiceRoute {
  service: ServiceName
  /** What the service's URLs match (msw patterns: strings or capture-free regular expressions). */
  patterns: Array<string | RegExp>
  /** Latency, faults, the service, the journal; `undefined` when the service does not own the URL. */
  answer(request: PlainRequest): Promise<Outcome | undefined>
}

/** One simulated world, without msw (see `Simulator` for the msw handlers); `fetch` answers in process. */
export interface SimulatorCore extends SimulatorFetchApi {
  /** Settles once the scenario is loaded. Requests wait for it by themselves. */
  readonly ready: Promise<void>
  /** The scenario in force, validated and with its defaults filled in. */
  readonly scenario: Scenario
  /** The simulator's clock: `now()`, `iso()`, `advance(ms)`, `set(time)`. */
  readonly clock: Clock
  /** The seed in force. */
  readonly seed: string | number
  /** The largest request body accepted. */
  readonly maxBodyBytes: number
  /** Reads the router service's state. */
  readonly router: RouterService
  /** Reads and controls the messaging service's state (e.g. `setFeatureLevel`). */
  readonly messaging: MessagingService
  /** Every request answered, newest last (bounded; see `journalLimit`). */
  readonly journal: Journal
  /** Fault injection. */
  readonly faults: {
    /** Arms a fault for the next `times` matching requests (default: until cleared); returns its id. */
    inject(definition: FaultDefinition): number
    /** The armed faults. */
    list(): InjectedFault[]
    /** Disarms one fault, or every fault. */
    clear(id?: number): void
  }
  /** A latency added before every answer. */
  readonly latency: {
    get(): LatencySetting
    /** Milliseconds, or `{ min, max }` to draw from; 0 turns it off. */
    set(setting: LatencySetting): void
  }
  /**
   * Puts everything back to the scenario's initial state: the data, the id sequence, a fixed clock, and no
   * faults, latency (back to the option) or journal entries.
   */
  reset(): Promise<void>
  /** Switches to another scenario (a name or a definition) and loads it. */
  useScenario(scenario: ScenarioName | ScenarioDefinition): Promise<void>
  /** Replaces the seed: ids come from the new seed from now on, and after every reset. */
  setSeed(seed: string | number): void
  /** The scenario, every base URL, account and key, the clock, faults and the journal's size. */
  describe(): Discovery
  /**
   * Answers a plain request the way the handlers do (the standalone server's path). `undefined` when no
   * service owns its URL.
   */
  dispatch(request: PlainRequest, scope: Scope, service?: ServiceName): Promise<Outcome | undefined>
  /** Each service's URLs in a scope (`in-process`, or `server` as the standalone server uses) and its answer. */
  routes(scope: Scope, service?: ServiceName): ServiceRoute[]
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

/** Creates an isolated simulator without msw handlers. Nothing is shared between two simulators. */
export function createSimulatorCore(options: SimulatorOptions = {}): SimulatorCore {
  let scenario = resolveScenario(options.scenario)
  const start = options.now === undefined ? undefined : toEpochMs(options.now)
  const clock = createClock(start)
  let seed = options.seed ?? randomSeed()
  let ids: IdSource = createIdSource(seed)
  const context: ServiceContext = { clock, ids: () => ids }
  const initialLatency: LatencySetting = checkLatency(options.latency ?? 0)
  let latency = initialLatency
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES
  if (!Number.isInteger(maxBodyBytes) || maxBodyBytes < 1) {
    throw new RangeError(
      `[understudy] Failed to create the simulator: maxBodyBytes ${maxBodyBytes} is not a whole number >= 1.`,
    )
  }

  const router = createRouterService(context, {
    baseUrl: (options.router?.baseUrl ?? DEFAULT_ROUTER_BASE_URL).replace(/\/+$/, ''),
  })
  const messaging = createMessagingService(context, {
    baseUrl: (options.messaging?.baseUrl ?? DEFAULT_MESSAGING_BASE_URL).replace(/\/+$/, ''),
    featureLevel: options.messaging?.featureLevel,
  })
  const services: Service[] = [router, messaging]
  const journal = createJournal(
    Object.fromEntries(
      services.map((service) => [
        service.name,
        (entry: RawJournalEntry) => service.journalBody(entry),
      ]),
    ),
    options.journalLimit ?? DEFAULT_JOURNAL_LIMIT,
  )
  const faults = createFaults()

  let loading: Promise<void> = Promise.resolve()
  /** Whether `loading` has settled: requests then skip waiting for it (an await costs microtask turns). */
  let settled = false
  /** Makes `next` the load in force; requests wait for it until it settles. */
  const track = (next: Promise<void>): Promise<void> => {
    loading = next
    settled = false
    const done = () => {
      if (loading === next) settled = true
    }
    next.then(done, done)
    return next
  }
  /** Each service's change counter right after its last load, and the scenario it loaded. */
  const loaded = new Map<Service, { changes: number; scenario: Scenario }>()
  const load = async (force: boolean) => {
    for (const service of services) {
      const last = loaded.get(service)
      if (!force && last && last.scenario === scenario && last.changes === service.changes())
        continue
      await service.load(scenario)
      loaded.set(service, { changes: service.changes(), scenario })
    }
  }

  /** The one path every request takes: latency, faults, the service, the journal. */
  async function answer(
    service: Service,
    request: PlainRequest,
    scope: Scope,
  ): Promise<Outcome | undefined> {
    if (!settled) await loading
    const began = performance.now()
    const time = clock.now()
    let meta: RequestMeta = { operation: null, tenant: null, actor: null, path: request.path }
    let fault: InjectedFault | undefined
    if (faults.active) {
      const described = service.describe(request, scope)
      if (!described) return undefined
      meta = described
      fault = faults.take({
        service: service.name,
        operation: meta.operation,
        method: request.method,
        path: meta.path,
      })
    }
    const wait =
      (latency === 0 ? 0 : drawLatency(latency)) +
      (fault && 'delayMs' in fault ? (fault.delayMs ?? 0) : 0)
    if (wait > 0) await sleep(wait)

    let outcome: Outcome | undefined
    const oversized = request.oversized === true || (request.body?.length ?? 0) > maxBodyBytes
    if (fault && 'network' in fault) outcome = { network: fault.network }
    else if (oversized) {
      const described = fault ? meta : service.describe(request, scope)
      if (!described) return undefined
      meta = described
      outcome = service.faultResponse(413, { tenant: meta.tenant })
    } else if (fault && 'status' in fault) {
      outcome = service.faultResponse(fault.status, {
        message: fault.message,
        retryAfter: fault.retryAfter,
        tenant: meta.tenant,
      })
    } else outcome = await service.handle(request, scope, meta)
    if (!outcome) return undefined

    const response = isNetworkFault(outcome) ? undefined : outcome
    journal.record({
      time,
      service: service.name,
      tenant: meta.tenant,
      operation: meta.operation,
      actor: meta.actor,
      method: request.method,
      url: request.url,
      path: meta.path,
      query: request.query,
      headers: request.headers,
      body: oversized ? undefined : request.body,
      status: response?.status ?? 0,
      responseBody: response?.body ?? '',
      responseHeaders: response?.headers ?? {},
      fault: fault ? summarizeFault(fault) : null,
      durationMs: performance.now() - began,
    })
    return outcome
  }

  const routes = (scope: Scope, only?: ServiceName): ServiceRoute[] =>
    services
      .filter((service) => only === undefined || service.name === only)
      .map((service) => ({
        service: service.name as ServiceName,
        patterns: service.patterns(scope),
        answer: (request: PlainRequest) => answer(service, request, scope),
      }))

  /** Back to the scenario: the data (skipped for a service nothing has written to), ids, clock, faults, latency, journal. */
  const reset = () => {
    ids = createIdSource(seed)
    if (start !== undefined) clock.set(start)
    faults.clear()
    latency = initialLatency
    journal.clear()
    return track(loading.then(() => load(false)))
  }

  track(load(true))
  const simulator: SimulatorCore = {
    get ready() {
      return loading
    },
    get scenario() {
      return scenario
    },
    clock,
    get seed() {
      return seed
    },
    maxBodyBytes,
    router,
    messaging,
    journal,
    faults: {
      inject: (definition) => faults.inject(definition),
      list: () => faults.list(),
      clear: (id) => faults.clear(id),
    },
    latency: {
      get: () => latency,
      set(setting) {
        latency = checkLatency(setting)
      },
    },
    reset,
    async useScenario(next) {
      scenario = resolveScenario(next)
      await reset()
    },
    setSeed(next) {
      if ((typeof next !== 'string' && typeof next !== 'number') || next === '') {
        throw new TypeError(
          `[understudy] Failed to set the seed: ${JSON.stringify(next)} is not a non-empty string or a number.`,
        )
      }
      seed = next
      ids = createIdSource(seed)
    },
    describe: () => ({
      scenario: { name: scenario.name, description: scenario.description },
      seed,
      clock: { now: clock.iso(), fixed: clock.fixed },
      latency,
      services: {
        router: { baseUrl: router.baseUrl, workspaces: router.workspaces() },
        messaging: {
          baseUrl: messaging.baseUrl,
          organizations: messaging.organizations().map((organization) => ({
            ...organization,
            users: organization.users.map(({ password: _password, ...user }) => user),
          })),
        },
      },
      journal: { count: journal.count(), limit: journal.limit },
      faults: faults.list(),
    }),
    async dispatch(request, scope, only) {
      for (const service of services) {
        if (only !== undefined && service.name !== only) continue
        const outcome = await answer(service, request, scope)
        if (outcome) return outcome
      }
      return undefined
    },
    routes,
    ...fetchApi(() => simulator),
  }
  return simulator
}
