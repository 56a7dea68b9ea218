/**
 * Stubs, as WireMock's mappings: a fixed answer for any method and path of a service, added over HTTP,
 * in process or in a scenario; listed in discovery and the inspector's state, journaled like the rest,
 * dropped by a reset except the scenario's, kept in snapshots through the scenario. Precedence: the
 * `Prefer` header, then armed faults, then the body limit, then the most recently added stub, then the
 * service's own simulation.
 */
import { afterAll, describe, expect, it, vi } from 'vitest'
import { createSimulator, type ScenarioDefinition } from '../../src/entries/index.js'
import { startServer } from '../../src/entries/server/index.js'
import { useServer } from '../support/server.js'
import { accounts, basic, control, keys, NOW } from './support.js'

const key = { authorization: `Bearer ${keys.inference}` }
const json = { 'content-type': 'application/json' }
const wire = async (response: Response) => [
  response.status,
  Object.fromEntries(
    [...response.headers].filter(
      ([name]) => !['date', 'connection', 'keep-alive', 'content-length'].includes(name),
    ),
  ),
  await response.text(),
]
const completion = {
  id: 'gen-1',
  object: 'chat.completion',
  choices: [{ index: 0, message: { role: 'assistant', content: 'Hi' }, finish_reason: 'stop' }],
}

// The suite's files share their worker's modules (vitest.config.ts): after the test that loads the package anew,
// the next file starts from a fresh registry rather than this file's second copy.
afterAll(() => vi.resetModules())

describe('over HTTP', () => {
  const server = useServer({ seed: 'stubs', now: NOW })
  const router = () => server.services.router
  const reset = () => control(server.url, 'POST', '/reset')

  it('answers a path the service does not simulate, lists the stub and journals the exchange', async () => {
    await reset()
    const added = await control(server.url, 'POST', '/stubs', {
      service: 'router',
      name: 'chat',
      method: 'POST',
      path: '/embeddings',
      body: completion,
      responseHeaders: { 'x-generation-id': 'gen-1' },
    })
    expect([added.status, added.body]).toEqual([201, { id: 1 }])
    const answer = await fetch(`${router()}/embeddings`, {
      method: 'POST',
      headers: { ...key, ...json },
      body: '{"model":"openai/gpt-5.4","messages":[{"role":"user","content":"Hello"}]}',
    })
    expect(await wire(answer)).toEqual([
      200,
      { 'content-type': 'application/json', 'x-generation-id': 'gen-1' },
      JSON.stringify(completion),
    ])
    const listed = {
      id: 1,
      service: 'router',
      name: 'chat',
      method: 'POST',
      path: '/embeddings',
      body: completion,
      responseHeaders: { 'x-generation-id': 'gen-1' },
      from: 'added',
      hits: 1,
    }
    expect((await control(server.url, 'GET', '/stubs')).body).toEqual([listed])
    expect((await control(server.url, 'GET', '')).body.stubs).toEqual([listed])
    expect((await control(server.url, 'GET', '/state')).body.stubs).toEqual([listed])
    const [entry] = (await control(server.url, 'GET', '/journal')).body.entries
    expect(entry).toMatchObject({
      service: 'router',
      operation: null,
      actor: 'Default workspace inference key',
      method: 'POST',
      path: '/embeddings',
      body: { model: 'openai/gpt-5.4', messages: [{ role: 'user', content: 'Hello' }] },
      status: 200,
      response: completion,
      fault: { id: 1, kind: 'stub', status: 200 },
    })
    // Another method of the same path is the router's own 404.
    expect((await fetch(`${router()}/embeddings`, { headers: key })).status).toBe(404)
  })

  it('takes precedence over the simulation; Prefer and armed faults come first; the newest stub answers', async () => {
    await reset()
    await control(server.url, 'POST', '/stubs', {
      service: 'router',
      path: '/presets',
      body: 'old',
    })
    const newer = await control(server.url, 'POST', '/stubs', {
      service: 'router',
      pathPattern: '^/presets$',
      status: 203,
      body: 'new',
    })
    const get = (headers: Record<string, string> = {}) =>
      fetch(`${router()}/presets`, { headers: { ...key, ...headers } })
    expect(await wire(await get())).toEqual([
      203,
      { 'content-type': 'text/plain; charset=utf-8' },
      'new',
    ])
    expect((await get({ prefer: 'code=503' })).status).toBe(503)
    await control(server.url, 'POST', '/faults', { service: 'router', status: 500, times: 1 })
    expect((await get()).status).toBe(500)
    await control(server.url, 'DELETE', `/stubs/${newer.body.id}`)
    expect(await (await get()).text()).toBe('old')
    await control(server.url, 'DELETE', '/stubs')
    expect(await (await get()).text()).toBe('{"data":[],"total_count":0}')
  })

  it('matches one organization and a header, and answers with a delay', async () => {
    await reset()
    await control(server.url, 'POST', '/stubs', {
      service: 'messaging',
      tenant: 'acme',
      method: 'GET',
      path: '/api/v1/messages',
      headers: { 'X-Case': 'a' },
      body: { result: 'success', msg: '', messages: [] },
      delayMs: 50,
    })
    const acme = server.services.messaging.acme as string
    const iago = { authorization: basic(accounts.iago) }
    const began = performance.now()
    const stubbed = await fetch(`${acme}/api/v1/messages`, { headers: { ...iago, 'x-case': 'a' } })
    expect(performance.now() - began).toBeGreaterThanOrEqual(45)
    expect(await wire(stubbed)).toEqual([
      200,
      { 'content-type': 'application/json' },
      '{"result":"success","msg":"","messages":[]}',
    ])
    // Without the header: Zulip's own 404 page for a path it does not simulate.
    const unstubbed = await fetch(`${acme}/api/v1/messages`, { headers: iago })
    expect(unstubbed.status).toBe(404)
  })

  it('is dropped by a reset, as faults are; a scenario’s stubs come back', async () => {
    await reset()
    const scenario: ScenarioDefinition = {
      name: 'with-stubs',
      stubs: [
        { service: 'router', method: 'GET', path: '/models', body: { data: [] } },
        {
          service: 'router',
          method: 'GET',
          pathPattern: '^/models/[^/]+$',
          status: 404,
          body: { error: { code: 404, message: 'Model not found' } },
        },
      ],
    }
    expect((await control(server.url, 'PUT', '/scenario', { definition: scenario })).status).toBe(
      200,
    )
    await control(server.url, 'POST', '/stubs', { service: 'router', path: '/credits', body: '{}' })
    expect(
      (await control(server.url, 'GET', '/stubs')).body.map((s: { from: string }) => s.from),
    ).toEqual(['scenario', 'scenario', 'added'])
    expect((await fetch(`${router()}/models/x`, { headers: key })).status).toBe(404)
    await reset()
    const after = (await control(server.url, 'GET', '/stubs')).body
    expect(after.map((s: { path: unknown; hits: number }) => [s.path, s.hits])).toEqual([
      ['/models', 0],
      [{ pattern: '^/models/[^/]+$' }, 0],
    ])
    // A snapshot carries the scenario with its stubs; another server restored from it answers the same.
    const snapshot = (await control(server.url, 'GET', '/snapshot')).body
    expect(snapshot.scenario.stubs).toEqual(scenario.stubs)
    const other = await startServer({ port: 0 })
    try {
      expect((await control(other.url, 'PUT', '/snapshot', snapshot)).status).toBe(200)
      const models = await fetch(`${other.services.router}/models`, { headers: key })
      expect(await models.text()).toBe('{"data":[]}')
    } finally {
      await other.close()
      await control(server.url, 'PUT', '/scenario', { name: 'default' })
    }
  })

  it.each<[string, Record<string, unknown>, string]>([
    ['no service', { path: '/a' }, 'service: must be "router" or "messaging" (got nothing)'],
    [
      'no path',
      { service: 'router' },
      'path: give the path to answer (path, or pathPattern for a regular expression)',
    ],
    [
      'a path without its slash',
      { service: 'router', path: 'a' },
      'path: must be a path starting with / (below the service’s base URL), of at most 2048 characters (got "a")',
    ],
    [
      'both path and pattern',
      { service: 'router', path: '/a', pathPattern: '^/a' },
      'pathPattern: give either path or pathPattern, not both',
    ],
    [
      'a pattern too large',
      { service: 'router', pathPattern: '(?:a?){1000}a{1000}' },
      'pathPattern: compiles to 3002 instructions, more than the 500 a pattern may take (a large repetition such as {1000} costs one per repeat)',
    ],
    [
      'a 1xx status',
      { service: 'router', path: '/a', status: 101 },
      'status: must be an HTTP status from 200 to 599 (got 101)',
    ],
    [
      'a body on a 204',
      { service: 'router', path: '/a', status: 204, body: 'x' },
      'body: must be left out: a 204 carries no body',
    ],
    [
      'a method that is not one',
      { service: 'router', path: '/a', method: 'GET /x' },
      'method: must be an HTTP method (got "GET /x")',
    ],
    ['an unknown field', { service: 'router', path: '/a', priority: 1 }, 'priority: unknown field'],
  ])('refuses a stub with %s', async (_, body, why) => {
    const answer = await control(server.url, 'POST', '/stubs', body)
    expect([answer.status, answer.body]).toEqual([
      400,
      { error: { message: `[understudy] Failed to add a stub: ${why}.` } },
    ])
  })
})

describe('in process', () => {
  it('adds a stub with a regular expression, under what the simulator answers there', async () => {
    const simulator = createSimulator({ seed: 'stubs', now: NOW })
    const id = simulator.stubs.add({
      service: 'messaging',
      path: /^\/api\/v1\/messages\/[0-9]+$/,
      body: { result: 'success', msg: '', raw_content: 'hi' },
    })
    const answer = await simulator.fetch('https://acme.zulipchat.com/api/v1/messages/42', {
      headers: { authorization: basic(accounts.iago) },
    })
    expect(await wire(answer)).toEqual([
      200,
      { 'content-type': 'application/json' },
      // Exactly as given: a stub is the user's answer, nothing of the service's framing.
      '{"result":"success","msg":"","raw_content":"hi"}',
    ])
    expect(simulator.journal.last()).toMatchObject({ fault: { id, kind: 'stub', status: 200 } })
    await simulator.reset()
    expect(simulator.stubs.list()).toEqual([])
  })

  it('bounds the stubs: at most 200, their bodies 16 MiB together', () => {
    const simulator = createSimulator()
    for (let i = 0; i < 200; i++) simulator.stubs.add({ service: 'router', path: `/s${i}` })
    expect(() => simulator.stubs.add({ service: 'router', path: '/one-more' })).toThrow(
      '[understudy] Failed to add a stub: 200 stubs are there, the most there may be; remove one first.',
    )
    simulator.stubs.clear()
    const mebibyte = 'x'.repeat(1024 * 1024)
    for (let i = 0; i < 16; i++)
      simulator.stubs.add({ service: 'router', path: `/b${i}`, body: mebibyte })
    expect(() => simulator.stubs.add({ service: 'router', path: '/b', body: 'x' })).toThrow(
      '[understudy] Failed to add a stub: the stubs’ bodies would hold more than 16777216 bytes together; remove one first.',
    )
  })

  it('takes a scenario’s pattern stubs in createSimulator: in Node the pattern engine loads on first use', async () => {
    vi.resetModules()
    const fresh = await import('../../src/entries/index.js')
    const simulator = fresh.createSimulator({
      scenario: {
        name: 'patterned',
        stubs: [{ service: 'router', pathPattern: '^/presets/stubbed$', body: 'stubbed' }],
      },
    })
    const answer = await simulator.fetch('https://openrouter.ai/api/v1/presets/stubbed')
    expect(await answer.text()).toBe('stubbed')
    expect(() =>
      fresh.createSimulator({
        scenario: {
          name: 'hostile',
          stubs: [{ service: 'router', pathPattern: '(?:a?){1000}a{1000}[0-9]' }],
        },
      }),
    ).toThrow(
      '[understudy] Failed to load scenario "hostile": stubs.0.pathPattern: compiles to 3003 instructions, more than the 500 a pattern may take (a large repetition such as {1000} costs one per repeat).',
    )
  })

  it('takes a scenario’s pattern stubs through useScenario', async () => {
    const scenario: ScenarioDefinition = {
      name: 'patterned',
      stubs: [{ service: 'router', pathPattern: '^/presets/stubbed$', body: 'stubbed' }],
    }
    const simulator = createSimulator()
    await simulator.useScenario(scenario)
    const answer = await simulator.fetch('https://openrouter.ai/api/v1/presets/stubbed')
    expect(await answer.text()).toBe('stubbed')
  })
})
