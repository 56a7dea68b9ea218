/**
 * `createSimulatorCore()`: one isolated in-memory world of every simulated service, with its methods:
 * scenarios and reset, a request journal, fault injection, latency, the clock and the id seed. It puts
 * the registered services (`services.ts`) and the engine parts (`journal/`, `faults/`, typed for the
 * services by `operations/`) together; every request takes the path of `simulator-answer.ts`.
 * It does not import msw: the standalone server's default engine runs on it alone (msw costs a fifth of
 * the CLI's start), and `createSimulator()` (`simulator.ts`) adds the msw handlers on top.
 * @module
 */
import { type ScenarioName, scenarios } from '../../scenarios/index.js'
import { type Clock, createClock, type TimeInput } from '../engine/core/clock.js'
import type { MaybeAsync, Outcome, PlainRequest } from '../engine/core/http.js'
import { createIdSource, type IdSource, randomSeed, seedSchema } from '../engine/core/ids.js'
import { InputRangeError, InputTypeError, parseInput } from '../engine/core/input-error.js'
import { loadLinearPatterns } from '../engine/core/linear-pattern.js'
import type { Restorable, Scope, Service, ServiceContext } from '../engine/core/service.js'
import { trimEndRun } from '../engine/core/text-runs.js'
import { createFaults } from '../engine/faults/faults.js'
import { checkLatency, type LatencySetting } from '../engine/faults/latency.js'
import { hasPathPatterns } from '../engine/faults/path-pattern.js'
import { createStubs } from '../engine/faults/stubs.js'
import { DEFAULT_JOURNAL_LIMIT, DEFAULT_JOURNAL_MAX_BYTES } from '../engine/journal/budget.js'
import type { RawJournalEntry } from '../engine/journal/entry.js'
import { createJournal } from '../engine/journal/journal.js'
import {
  perService,
  type ServiceDiscovery,
  type ServiceInstances,
  type ServiceName,
  type ServiceOptionsByName,
  serviceDefinitions,
} from '../services/registry.js'
import { parseScenario, type Scenario, type ScenarioDefinition } from '../services/scenario.js'
import { fetchApi, type SimulatorFetchApi } from './fetch/simulator-fetch.js'
import {
  type FaultDefinition,
  faultDefinitionSchema,
  type InjectedFault,
} from './operations/faults.js'
import { checkJournalFilter, type Journal, typedJournal } from './operations/journal.js'
import { type AddedStub, type StubDefinition, stubDefinitionSchema } from './operations/stubs.js'
import { createAnswerPath } from './simulator-answer.js'
import { parseSnapshot } from './snapshot/restore.js'
import type { Snapshot } from './snapshot/schema.js'
import { registerSnapshotView, takeSnapshot } from './snapshot/take.js'

export type { ServiceName } from '../services/registry.js'

/**
 * Options of `createSimulator`. Each service takes its own under its name: `router: { baseUrl }`,
 * `messaging: { baseUrl, featureLevel }` (each base URL defaults to the real service's).
 */
export interface SimulatorOptions extends ServiceOptionsByName {
  /** A built-in scenario's name, or a scenario definition. Default `default`. */
  scenario?: ScenarioName | ScenarioDefinition | undefined
  /** Fixes the clock at this instant (it then moves only when advanced). Default: the real time. */
  now?: TimeInput | undefined
  /** Makes every generated id reproducible. Default: a random seed. */
  seed?: string | number | undefined
  /** The most journal entries kept; the oldest are dropped first. Default 10,000. */
  journalLimit?: number | undefined
  /**
   * The journal's byte budget: the oldest entries are dropped while the entries kept count more. Each
   * entry counts its bodies as kept (at most 256 KiB of each), its URL, headers and 1 KiB for the rest.
   * Default 64 MiB.
   */
  journalMaxBytes?: number | undefined
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
  /** Each service's base URL and tenants (router workspaces with keys, messaging organizations with accounts). */
  services: ServiceDiscovery
  /** Entries kept, the cap on entries, the byte budget and what the entries kept count against it. */
  journal: { count: number; limit: number; maxBytes: number; bytes: number }
  faults: InjectedFault[]
  stubs: AddedStub[]
}

/** The URLs one service answers in a scope, and the one path its requests take there. */
export interface ServiceRoute {
  service: ServiceName
  /** What the service's URLs match (msw patterns: strings or capture-free regular expressions). */
  patterns: Array<string | RegExp>
  /** Latency, faults, the service, the journal; `undefined` when the service does not own the URL. */
  answer(request: PlainRequest): Promise<Outcome | undefined>
}

/**
 * One simulated world, without msw (see `Simulator` for the msw handlers); `fetch` answers in process.
 * Each service is a member under its name: `router` reads the router's state, `messaging` reads and
 * controls the messaging service's (e.g. `setFeatureLevel`).
 */
export interface SimulatorCore extends SimulatorFetchApi, ServiceInstances {
  /**
   * An already-settled promise: the scenario is loaded when `createSimulator` returns, so every method
   * and request works at once. Kept for code written when loading was asynchronous.
   */
  readonly ready: Promise<void>
  /**
   * The scenario in force, validated and with its defaults filled in: the simulator's own copy (what was handed
   * in is copied as it is read), shared with its stores, so read it and do not change it.
   */
  readonly scenario: Scenario
  /** The simulator's clock: `now()`, `iso()`, `advance(ms)`, `set(time)`. */
  readonly clock: Clock
  /** The seed in force. */
  readonly seed: string | number
  /** The largest request body accepted. */
  readonly maxBodyBytes: number
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
  /**
   * Stubs, as WireMock's mappings: a fixed answer for a service's method and path, whether or not the
   * service simulates it (see docs/control.md#stubs). A scenario's `stubs` are there from the start and
   * after every reset; stubs added since are dropped by a reset.
   */
  readonly stubs: {
    /** Adds a stub; the most recently added match answers. Returns its id. */
    add(definition: StubDefinition): number
    /** The stubs, in the order they were added. */
    list(): AddedStub[]
    /** Removes one stub, or every stub (a reset brings the scenario's back). */
    clear(id?: number): void
  }
  /** A latency added before every answer. */
  readonly latency: {
    get(): LatencySetting
    /** Milliseconds, or `{ min, max }` to draw from; 0 turns it off. */
    set(setting: LatencySetting): void
  }
  /**
   * Puts everything back to the scenario's initial state, a function of the scenario, the seed and the
   * clock's start alone: the data, the id sequence, the clock as created (fixed at its start, or the real
   * time without offset), and no faults, latency (back to the option) or journal entries. Takes effect
   * at once; the promise is already settled (kept for code that awaits it).
   */
  reset(): Promise<void>
  /**
   * Switches to another scenario (a name or a definition) and resets to it, at once. A scenario that does
   * not validate is refused (the promise rejects) and the current one stays.
   */
  useScenario(scenario: ScenarioName | ScenarioDefinition): Promise<void>
  /** Replaces the seed: ids come from the new seed from now on, and after every reset. */
  setSeed(seed: string | number): void
  /** The scenario, every base URL, account and key, the clock, faults and the journal's size. */
  describe(): Discovery
  /**
   * The whole state as plain JSON (`formatVersion: 1`): the scenario, the seed and the id source's
   * position, the clock, the latency, and every service's records (keys and passwords included).
   * Not the journal, nor armed faults. See docs/state.md.
   */
  snapshot(): Snapshot
  /** The id source's position (what `snapshot()` keeps of it), read without taking a snapshot. */
  idPosition(): readonly number[]
  /**
   * Puts the simulator in the state of a snapshot (from this simulator or another): the same requests then
   * get the same answers. Like a reset to the snapshot: no faults or journal entries afterwards; a later
   * `reset()` goes back to the snapshot's scenario, seed and clock start. A snapshot that does not validate
   * is refused (the promise rejects naming every problem) and nothing changes.
   */
  restore(snapshot: Snapshot): Promise<void>
  /**
   * Answers a plain request the way the msw request handlers do (the standalone server's path). `undefined` when no
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
      throw new InputTypeError(
        `[understudy] Failed to load scenario "${input}": no such scenario. Known scenarios: ${Object.keys(scenarios).join(', ')}.`,
      )
    }
    return parseScenario(named)
  }
  return parseScenario(input)
}

/**
 * Every registered service of one simulator, by name, each with its own options. A function of its own:
 * a closure inside `createSimulatorCore` that read `options` would keep the options (and a scenario
 * definition given in them, possibly megabytes) alive as long as the simulator.
 */
function createServices(
  context: ServiceContext,
  options: SimulatorOptions,
): Record<ServiceName, Service & Restorable> {
  const instances = {} as Record<ServiceName, Service & Restorable>
  for (const definition of serviceDefinitions) {
    const own: { baseUrl?: string | undefined } = options[definition.name] ?? {}
    const create = definition.create as (c: ServiceContext, o: object) => Service & Restorable
    instances[definition.name] = create(context, {
      ...own,
      baseUrl: trimEndRun(own.baseUrl ?? definition.defaultBaseUrl, '/'),
      inProcessPrefix: definition.inProcessPrefix,
    })
  }
  return instances
}

/** Creates an isolated simulator without msw handlers. Nothing is shared between two simulators. */
export function createSimulatorCore(options: SimulatorOptions = {}): SimulatorCore {
  let scenario = resolveScenario(options.scenario)
  const clock = createClock(options.now)
  let seed =
    options.seed === undefined ? randomSeed() : parseInput(seedSchema, options.seed, 'set the seed')
  let ids: IdSource = createIdSource(seed)
  const context: ServiceContext = { clock, ids: () => ids }
  const initialLatency: LatencySetting = checkLatency(options.latency ?? 0)
  let latency = initialLatency
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES
  if (!Number.isInteger(maxBodyBytes) || maxBodyBytes < 1) {
    throw new InputRangeError(
      `[understudy] Failed to create the simulator: maxBodyBytes ${maxBodyBytes} is not a whole number >= 1.`,
    )
  }

  const instances = createServices(context, options)
  const services = serviceDefinitions.map((definition) => instances[definition.name])
  const journal = typedJournal(
    createJournal({
      parsers: Object.fromEntries(
        services.map((service) => [
          service.name,
          (entry: RawJournalEntry) => service.journalBody(entry),
        ]),
      ),
      fields: Object.fromEntries(
        services.flatMap((service) =>
          service.journalFields
            ? [[service.name, (entry: RawJournalEntry) => service.journalFields?.(entry)]]
            : [],
        ),
      ),
      checkFilter: checkJournalFilter,
      limit: options.journalLimit ?? DEFAULT_JOURNAL_LIMIT,
      maxBytes: options.journalMaxBytes ?? DEFAULT_JOURNAL_MAX_BYTES,
    }),
  )
  const faults = createFaults<FaultDefinition>()
  const stubs = createStubs<StubDefinition>()

  /** Clears every service and seeds the scenario, synchronously: every method works right after. */
  const load = () => {
    for (const service of services) service.load(scenario[service.name as ServiceName])
    stubs.load(scenario.stubs)
  }
  const answer = createAnswerPath({
    clock,
    journal,
    faults,
    stubs,
    latency: () => latency,
    maxBodyBytes,
  })

  /**
   * `answer` as a promise, as the ways in that await it take it: a synchronous throw (never expected)
   * rejects it rather than escape to the caller.
   */
  const answered = (
    service: Service,
    request: PlainRequest,
    scope: Scope,
  ): Promise<Outcome | undefined> => {
    try {
      return Promise.resolve(answer(service, request, scope))
    } catch (error) {
      return Promise.reject(error)
    }
  }

  /** The first service from `index` on (only `only` when given) that owns the request, and its answer. */
  function dispatchFrom(
    index: number,
    request: PlainRequest,
    scope: Scope,
    only: ServiceName | undefined,
  ): MaybeAsync<Outcome | undefined> {
    for (let i = index; i < services.length; i++) {
      const service = services[i] as Service
      if (only !== undefined && service.name !== only) continue
      const outcome = answer(service, request, scope)
      if (outcome instanceof Promise)
        return outcome.then((settled) => settled ?? dispatchFrom(i + 1, request, scope, only))
      if (outcome) return outcome
    }
    return undefined
  }

  const routes = (scope: Scope, only?: ServiceName): ServiceRoute[] =>
    services
      .filter((service) => only === undefined || service.name === only)
      .map((service) => ({
        service: service.name as ServiceName,
        patterns: service.patterns(scope),
        answer: (request: PlainRequest) => answered(service, request, scope),
      }))

  /** Back to the scenario: ids from the seed, the clock as created, the data, no faults, latency or journal. */
  const reset = () => {
    ids = createIdSource(seed)
    clock.reset()
    faults.clear()
    latency = initialLatency
    journal.clear()
    load()
  }

  load()
  const ready = Promise.resolve()
  const simulator: SimulatorCore = {
    ready,
    get scenario() {
      return scenario
    },
    clock,
    get seed() {
      return seed
    },
    maxBodyBytes,
    ...(instances as unknown as ServiceInstances),
    journal,
    faults: {
      inject(definition) {
        parseInput(faultDefinitionSchema, definition, 'inject a fault')
        return faults.inject(definition)
      },
      list: () => faults.list(),
      clear: (id) => faults.clear(id),
    },
    stubs: {
      add(definition) {
        parseInput(stubDefinitionSchema, definition, 'add a stub')
        return stubs.add(definition)
      },
      list: () => stubs.list(),
      clear: (id) => stubs.clear(id),
    },
    latency: {
      get: () => latency,
      set(setting) {
        latency = checkLatency(setting)
      },
    },
    // `async`: the work is done synchronously when called; a refused scenario rejects the promise.
    async reset() {
      reset()
    },
    async useScenario(next) {
      if (hasPathPatterns(next)) await loadLinearPatterns()
      scenario = resolveScenario(next)
      reset()
    },
    snapshot: () => takeSnapshot({ scenario, seed, ids, clock, latency, services }),
    idPosition: () => ids.position(),
    async restore(input) {
      if (hasPathPatterns((input as { scenario?: unknown } | null)?.scenario))
        await loadLinearPatterns()
      const state = parseSnapshot(input)
      scenario = state.scenario
      seed = state.seed
      ids = createIdSource(seed, state.ids)
      clock.restoreState(state.clock)
      latency = state.latency
      faults.clear()
      journal.clear()
      for (const service of services)
        service.importState(state.services[service.name as ServiceName])
      stubs.load(scenario.stubs)
    },
    setSeed(next) {
      seed = parseInput(seedSchema, next, 'set the seed')
      ids = createIdSource(seed)
    },
    describe: () => ({
      scenario: { name: scenario.name, description: scenario.description },
      seed,
      clock: { now: clock.iso(), fixed: clock.fixed },
      latency,
      services: perService((definition) =>
        (definition.discover as (instance: Service) => unknown)(instances[definition.name]),
      ) as ServiceDiscovery,
      journal: {
        count: journal.count(),
        limit: journal.limit,
        maxBytes: journal.maxBytes,
        bytes: journal.bytes,
      },
      faults: faults.list(),
      stubs: stubs.list(),
    }),
    dispatch(request, scope, only) {
      try {
        return Promise.resolve(dispatchFrom(0, request, scope, only))
      } catch (error) {
        return Promise.reject(error)
      }
    },
    routes,
    ...fetchApi(() => simulator),
  }
  registerSnapshotView(simulator, () =>
    takeSnapshot({ scenario, seed, ids, clock, latency, services }, { shared: true }),
  )
  return simulator
}
