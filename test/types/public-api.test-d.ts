/**
 * Type tests of the public API, through the source entry points that `dist/src/*` is built from
 * (`.`, `./node`, `./server`, `./browser`). Checked by `tsc` (vitest typecheck, and `npm run typecheck`); not run.
 */

import { after, before, afterEach as nodeTestAfterEach } from 'node:test'
import type { RequestHandler } from 'msw'
import { afterAll, afterEach, beforeAll, describe, expectTypeOf, it } from 'vitest'
import {
  type BrowserSimulator,
  type BrowserSimulatorOptions,
  createSimulator as browserCreateSimulator,
  startSimulator,
} from '../../src/entries/browser/index.js'
import {
  type Clock,
  createSimulator,
  DEFAULT_MESSAGING_BASE_URL,
  DEFAULT_ROUTER_BASE_URL,
  defineScenario,
  type Scenario,
  type ScenarioDefinition,
  type ScenarioName,
  type Simulator,
  type SimulatorCore,
  type SimulatorOptions,
  type scenarios,
} from '../../src/entries/index.js'
import {
  mswMajor,
  type NodeSimulator,
  type NodeSimulatorOptions,
  createSimulator as nodeCreateSimulator,
  setupSimulator,
  type TestHooks,
  type UnhandledStrategy,
  useSimulator,
} from '../../src/entries/node/index.js'
import {
  type RunningServer,
  type ServerOptions,
  startServer,
} from '../../src/entries/server/index.js'
// Not exported by the package's root (see the report); read through the module that defines it.
import type { JournalEntry } from '../../src/simulator/operations/journal-entries.js'

declare const simulator: Simulator

describe('the root entry (understudy-mock)', () => {
  it('createSimulator takes optional SimulatorOptions and returns a Simulator', () => {
    expectTypeOf(createSimulator).parameters.toEqualTypeOf<[options?: SimulatorOptions]>()
    expectTypeOf(createSimulator).returns.toEqualTypeOf<Simulator>()
    expectTypeOf(createSimulator()).toEqualTypeOf<Simulator>()
    expectTypeOf(
      createSimulator({
        scenario: 'presets-history',
        seed: 'tests',
        now: '2026-01-01T00:00:00Z',
        router: { baseUrl: 'http://localhost/api/v1' },
        messaging: { baseUrl: 'http://{subdomain}.localhost', featureLevel: 36 },
        journalLimit: 100,
        latency: { min: 1, max: 5 },
        maxBodyBytes: 1024,
      }),
    ).toEqualTypeOf<Simulator>()
    createSimulator({ now: new Date(), seed: 1 })
    createSimulator({ now: 0, latency: 10 })
  })

  it('rejects wrong option types', () => {
    // @ts-expect-error: not a built-in scenario
    createSimulator({ scenario: 'no-such-scenario' })
    // @ts-expect-error: the seed is a string or a number
    createSimulator({ seed: true })
    // @ts-expect-error: the clock takes a Date, epoch ms or an ISO string
    createSimulator({ now: { at: 0 } })
    // @ts-expect-error: the feature level is a number
    createSimulator({ messaging: { featureLevel: '421' } })
    // @ts-expect-error: latency is milliseconds or { min, max }
    createSimulator({ latency: { min: 1 } })
    // @ts-expect-error: no such option
    createSimulator({ scenarios: 'default' })
  })

  it('names the built-in scenarios as a literal union', () => {
    expectTypeOf<ScenarioName>().toEqualTypeOf<keyof typeof scenarios>()
    expectTypeOf<string>().not.toExtend<ScenarioName>()
    expectTypeOf<
      'default' | 'empty' | 'presets-history' | 'restricted-domains' | 'zulip-4' | 'zulip-7'
    >().toExtend<ScenarioName>()
    expectTypeOf<SimulatorOptions['scenario']>().toEqualTypeOf<
      ScenarioName | ScenarioDefinition | undefined
    >()
    expectTypeOf(simulator.useScenario)
      .parameter(0)
      .toEqualTypeOf<ScenarioName | ScenarioDefinition>()
    // @ts-expect-error: not a built-in scenario
    simulator.useScenario('zulip-3')
  })

  it('defineScenario checks a definition and gives it back', () => {
    expectTypeOf(defineScenario).parameters.toEqualTypeOf<[definition: ScenarioDefinition]>()
    expectTypeOf(defineScenario).returns.toEqualTypeOf<ScenarioDefinition>()
    const mine = defineScenario({ name: 'mine', router: { workspaces: [] } })
    createSimulator({ scenario: mine })
    expectTypeOf<ScenarioDefinition>().toHaveProperty('name').toEqualTypeOf<string>()
    // Validated, the defaults are filled in.
    expectTypeOf<Scenario['description']>().toEqualTypeOf<string>()
    expectTypeOf<ScenarioDefinition['description']>().toEqualTypeOf<string | undefined>()
    // @ts-expect-error: a scenario needs a name
    defineScenario({ router: { workspaces: [] } })
    // @ts-expect-error: the name is a string
    defineScenario({ name: 1 })
    // @ts-expect-error: no such key
    defineScenario({ name: 'x', routers: {} })
  })

  it('exposes the base URL defaults as strings', () => {
    expectTypeOf(DEFAULT_ROUTER_BASE_URL).toEqualTypeOf<string>()
    expectTypeOf(DEFAULT_MESSAGING_BASE_URL).toEqualTypeOf<string>()
  })
})

describe('a Simulator', () => {
  it('has msw handlers, a ready promise and a Promise<void> reset', () => {
    expectTypeOf(simulator.handlers).toEqualTypeOf<RequestHandler[]>()
    expectTypeOf(simulator.ready).toEqualTypeOf<Promise<void>>()
    expectTypeOf(simulator.reset).toEqualTypeOf<() => Promise<void>>()
    expectTypeOf(simulator.clock).toEqualTypeOf<Clock>()
    expectTypeOf(simulator.seed).toEqualTypeOf<string | number>()
    expectTypeOf(simulator.setSeed).parameter(0).toEqualTypeOf<string | number>()
    expectTypeOf(simulator.scenario).toEqualTypeOf<Scenario>()
    // Read-only: a test must not swap them.
    // @ts-expect-error: handlers is read-only
    simulator.handlers = []
  })

  it('reads the journal as JournalEntry[]', () => {
    expectTypeOf(simulator.journal.entries()).toEqualTypeOf<JournalEntry[]>()
    expectTypeOf(simulator.journal.last()).toEqualTypeOf<JournalEntry | undefined>()
    expectTypeOf(simulator.journal.count()).toEqualTypeOf<number>()
    const entries = simulator.journal.entries({
      service: 'router',
      operation: 'createPresetsChatCompletions',
      status: (status) => {
        expectTypeOf(status).toEqualTypeOf<number>()
        return status >= 400
      },
      since: '2026-01-01T00:00:00Z',
      body: { slug: 'x' },
    })
    expectTypeOf(entries[0]).toEqualTypeOf<
      JournalEntry<'createPresetsChatCompletions'> | undefined
    >()
    expectTypeOf<JournalEntry['status']>().toEqualTypeOf<number>()
    expectTypeOf<JournalEntry['body']>().toEqualTypeOf<unknown>()
    // @ts-expect-error: status is a number or a predicate
    simulator.journal.entries({ status: '500' })
    // @ts-expect-error: no such filter
    simulator.journal.entries({ url: '/presets' })
  })

  it('injects faults by match and effect, returning the fault id', () => {
    expectTypeOf(simulator.faults.inject).returns.toEqualTypeOf<number>()
    simulator.faults.inject({ service: 'router', status: 503, retryAfter: 2, times: 1 })
    simulator.faults.inject({ operation: 'create-user', status: 400, message: 'Nope' })
    simulator.faults.inject({ path: /\/presets$/, network: 'reset', delayMs: 5 })
    simulator.faults.inject({ method: 'GET', network: 'hang' })
    simulator.faults.inject({ delayMs: 100 })
    expectTypeOf(simulator.faults.clear).parameters.toEqualTypeOf<[id?: number]>()
    // @ts-expect-error: the status is a number
    simulator.faults.inject({ status: '503' })
    // @ts-expect-error: no such network error
    simulator.faults.inject({ network: 'drop' })
    // @ts-expect-error: no such service
    simulator.faults.inject({ service: 'billing', status: 500 })
    // @ts-expect-error: a fault needs an effect
    simulator.faults.inject({ service: 'router' })
  })
})

describe('understudy-mock/node', () => {
  it('useSimulator takes the runner hooks and options, and returns the Simulator', () => {
    expectTypeOf(useSimulator).parameters.toEqualTypeOf<
      [hooks: TestHooks, options?: NodeSimulatorOptions]
    >()
    expectTypeOf(useSimulator).returns.toEqualTypeOf<Simulator>()
    expectTypeOf(
      useSimulator({ beforeAll, afterEach, afterAll }, { seed: 'tests', now: 0 }),
    ).toEqualTypeOf<Simulator>()
    // node:test's hooks fit too.
    useSimulator({ beforeAll: before, afterEach: nodeTestAfterEach, afterAll: after })
    expectTypeOf<NodeSimulatorOptions>().toExtend<SimulatorOptions>()
    expectTypeOf<NodeSimulatorOptions['onUnhandledRequest']>().toEqualTypeOf<
      UnhandledStrategy | undefined
    >()
    expectTypeOf<UnhandledStrategy>().toEqualTypeOf<'bypass' | 'warn' | 'error'>()
    // @ts-expect-error: afterEach is missing
    useSimulator({ beforeAll, afterAll })
    // @ts-expect-error: not an unhandled-request strategy
    useSimulator({ beforeAll, afterEach, afterAll }, { onUnhandledRequest: 'ignore' })
    // @ts-expect-error: not a built-in scenario
    useSimulator({ beforeAll, afterEach, afterAll }, { scenario: 'nope' })
  })

  it('setupSimulator returns the simulator and its msw server', () => {
    expectTypeOf(setupSimulator).returns.toEqualTypeOf<NodeSimulator>()
    const node = setupSimulator({ onUnhandledRequest: 'error' })
    expectTypeOf(node.simulator).toEqualTypeOf<Simulator>()
    expectTypeOf(node.listen).toEqualTypeOf<() => void>()
    expectTypeOf(node.reset).toEqualTypeOf<() => Promise<void>>()
    expectTypeOf(node.close).toEqualTypeOf<() => void>()
    expectTypeOf(node.server.use).toBeFunction()
    expectTypeOf(node.server.resetHandlers).toBeFunction()
    expectTypeOf(mswMajor).toEqualTypeOf<() => number>()
  })

  it('re-exports the root createSimulator', () => {
    expectTypeOf(nodeCreateSimulator).toEqualTypeOf(createSimulator)
  })
})

describe('understudy-mock/server', () => {
  it('startServer resolves to a RunningServer', () => {
    expectTypeOf(startServer).parameters.toEqualTypeOf<[options?: ServerOptions]>()
    expectTypeOf(startServer).returns.toEqualTypeOf<Promise<RunningServer>>()
    expectTypeOf(
      startServer({
        port: 0,
        host: '127.0.0.1',
        scenario: 'default',
        seed: 1,
        featureLevel: 36,
        engine: 'msw',
        controlToken: 'secret',
      }),
    ).resolves.toEqualTypeOf<RunningServer>()
    // A service's setting (the messaging service's feature level), at the top of the options.
    expectTypeOf<ServerOptions['featureLevel']>().toEqualTypeOf<number | undefined>()
    // @ts-expect-error: a feature level is a number
    startServer({ featureLevel: '36' })
    expectTypeOf<RunningServer['url']>().toEqualTypeOf<string>()
    expectTypeOf<RunningServer['services']>().toEqualTypeOf<{
      router: string
      messaging: Record<string, string>
    }>()
    expectTypeOf<RunningServer['simulator']>().toEqualTypeOf<SimulatorCore>()
    // The full simulator is a core plus its msw handlers.
    expectTypeOf<Simulator>().toExtend<SimulatorCore>()
    expectTypeOf<RunningServer['close']>().toEqualTypeOf<() => Promise<void>>()
  })

  it('rejects wrong options', () => {
    // @ts-expect-error: the port is a number
    startServer({ port: '4010' })
    // @ts-expect-error: no such engine
    startServer({ engine: 'fast' })
    // @ts-expect-error: the server places the services itself
    startServer({ router: { baseUrl: 'http://localhost' } })
  })
})

describe('understudy-mock/browser', () => {
  it('startSimulator resolves to a BrowserSimulator', () => {
    expectTypeOf(startSimulator).parameters.toEqualTypeOf<[options?: BrowserSimulatorOptions]>()
    expectTypeOf(startSimulator).returns.toEqualTypeOf<Promise<BrowserSimulator>>()
    expectTypeOf<BrowserSimulator['simulator']>().toEqualTypeOf<Simulator>()
    expectTypeOf<BrowserSimulator['stop']>().toEqualTypeOf<() => Promise<void>>()
    startSimulator({ scenario: 'presets-history', exposeAs: false, quiet: true })
    // @ts-expect-error: a global name or false
    startSimulator({ exposeAs: true })
    // @ts-expect-error: not an unhandled-request strategy
    startSimulator({ onUnhandledRequest: 'ignore' })
    expectTypeOf(browserCreateSimulator).toEqualTypeOf(createSimulator)
  })
})
