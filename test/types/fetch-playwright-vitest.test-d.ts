/**
 * Type tests of `simulator.fetch` / `fetchWith`, `journal.waitFor`, `understudy-mock/playwright` and the
 * matchers of `understudy-mock/vitest` (through vitest's `Assertion`). Checked by `tsc`; not run.
 */
import type { Fetcher } from '@openrouter/sdk'
import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, expectTypeOf, it } from 'vitest'
import type {
  FetchFunction,
  JournalEntry,
  Simulator,
  SimulatorCore,
  SimulatorFetchOptions,
  WaitForOptions,
} from '../../src/entries/index.js'
import {
  type RouteSimulatorOptions,
  routeSimulator,
  type SimulatorRoute,
} from '../../src/entries/playwright/index.js'
import '../../src/entries/vitest/index.js'

declare const simulator: Simulator
declare const core: SimulatorCore
declare const page: Page
declare const context: BrowserContext

describe('simulator.fetch', () => {
  it('has fetch’s signature and fits the clients that take a fetch', () => {
    expectTypeOf(simulator.fetch).toEqualTypeOf<FetchFunction>()
    expectTypeOf(core.fetch).toEqualTypeOf<FetchFunction>()
    expectTypeOf(simulator.fetch).parameters.toEqualTypeOf<
      [input: string | URL | Request, init?: RequestInit]
    >()
    expectTypeOf(simulator.fetch).returns.toEqualTypeOf<Promise<Response>>()
    expectTypeOf(simulator.fetch).toExtend<Fetcher>()
    expectTypeOf(simulator.fetch).toExtend<typeof fetch>()
    const asGlobal: typeof fetch = simulator.fetch
    void asGlobal
  })

  it('fetchWith takes a fallback fetch', () => {
    expectTypeOf(simulator.fetchWith).parameter(0).toEqualTypeOf<SimulatorFetchOptions>()
    expectTypeOf(simulator.fetchWith({ fallback: fetch })).toEqualTypeOf<FetchFunction>()
    simulator.fetchWith({})
    // @ts-expect-error: the fallback is a fetch function
    simulator.fetchWith({ fallback: 'https://example.com' })
    // @ts-expect-error: the options are required
    simulator.fetchWith()
    // @ts-expect-error: the body is a BodyInit
    simulator.fetch('https://openrouter.ai/api/v1/presets', { body: { a: 1 } })
  })
})

describe('journal.waitFor', () => {
  it('resolves with a journal entry', () => {
    expectTypeOf(simulator.journal.waitFor({ operation: 'create-user' })).toEqualTypeOf<
      Promise<JournalEntry<'create-user'>>
    >()
    expectTypeOf(simulator.journal.waitFor()).toEqualTypeOf<Promise<JournalEntry>>()
    expectTypeOf<Parameters<typeof simulator.journal.waitFor>[1]>().toEqualTypeOf<
      WaitForOptions | undefined
    >()
    simulator.journal.waitFor({ status: (s) => s >= 400 }, { timeoutMs: 100, after: 3 })
    // @ts-expect-error: the timeout is a number of ms
    simulator.journal.waitFor({}, { timeoutMs: '100' })
    // @ts-expect-error: no such filter field
    simulator.journal.waitFor({ operationId: 'create-user' })
  })
})

describe('understudy-mock/playwright', () => {
  it('routes a Page or a BrowserContext', () => {
    expectTypeOf(routeSimulator(page, simulator)).toEqualTypeOf<Promise<SimulatorRoute>>()
    expectTypeOf(routeSimulator(context, core, { onUnhandled: 'abort' })).toEqualTypeOf<
      Promise<SimulatorRoute>
    >()
    routeSimulator(page, simulator, {
      onUnhandled: (request) =>
        request.url().startsWith('http://localhost') ? 'continue' : 'abort',
    })
    routeSimulator(page, simulator, { onUnhandled: async () => 'continue' as const })
    expectTypeOf<SimulatorRoute['unroute']>().returns.toEqualTypeOf<Promise<void>>()
    expectTypeOf<RouteSimulatorOptions['onUnhandled']>().toExtend<unknown>()
    // @ts-expect-error: not an unhandled action
    routeSimulator(page, simulator, { onUnhandled: 'ignore' })
    // @ts-expect-error: a page or a context, not a URL
    routeSimulator('http://localhost', simulator)
    // @ts-expect-error: a simulator
    routeSimulator(page, {})
  })
})

describe('understudy-mock/vitest', () => {
  it('types the matchers on a simulator', () => {
    expect(simulator).toHaveReceived({ operation: 'create-user', status: 200, body: { a: 1 } })
    expect(simulator).toHaveReceived()
    expect(simulator).not.toHaveReceived({ service: 'router' })
    expect(simulator).toHaveReceivedTimes(2, { method: 'POST' })
    expect(core).toHavePreset('Default', 'slug', {
      versions: 2,
      designated: 2,
      name: 'slug',
    })
    expect(simulator).toHavePreset('Default', 'slug', {
      versions: [{ version: 1 }, { config: { model: 'a/b' } }],
      designated: { system_prompt: 'Hi' },
    })
    expect(simulator).toHaveUser('acme', 'romeo@acme.example', { role: 'member', isActive: true })
    expect({ simulator }).toEqual({ simulator: expect.toHaveReceived({ operation: 'get-users' }) })
    expect(simulator).toHaveInferred({ preset: 'x', version: 3, request: { temperature: 0.2 } })
    expect(core).toHaveInferred({
      preset: null,
      form: 'model-suffix',
      model: 'a/b',
      provider: 'OpenAI',
      endpoint: 'messages',
      stream: true,
      script: 'welcome',
    })
    expect(simulator).not.toHaveInferred({ script: false })
    expect({ simulator }).toEqual({ simulator: expect.toHaveInferred({ script: 2 }) })
  })

  it('rejects wrong arguments', () => {
    // @ts-expect-error: the count is a number
    expect(simulator).toHaveReceivedTimes('2')
    // @ts-expect-error: no such filter field
    expect(simulator).toHaveReceived({ operationId: 'create-user' })
    // @ts-expect-error: versions is a count or the versions
    expect(simulator).toHavePreset('Default', 'slug', { versions: 'two' })
    // @ts-expect-error: not a role
    expect(simulator).toHaveUser('acme', 'a@acme.example', { role: 'king' })
    // @ts-expect-error: isActive is a boolean
    expect(simulator).toHaveUser('acme', 'a@acme.example', { isActive: 'yes' })
    // @ts-expect-error: the e-mail is required
    expect(simulator).toHaveUser('acme')
    // @ts-expect-error: a version is a number
    expect(simulator).toHaveInferred({ version: '3' })
    // @ts-expect-error: no such endpoint
    expect(simulator).toHaveInferred({ endpoint: 'completions' })
    // @ts-expect-error: no such field (the effective request's fields go under request)
    expect(simulator).toHaveInferred({ temperature: 0.2 })
    // The receiver is not typed (one declaration for vitest 3, 4 and 5: src/entries/vitest/index.ts); a value that is
    // not a simulator fails at run time (test/vitest/matchers.test.ts).
  })
})
