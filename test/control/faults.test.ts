/**
 * Faults and timing: a status with the service's own error body, a delay, a connection reset and a hang,
 * for the next N matching requests or until cleared, matched by service, operation, method and path; and
 * the global latency. In process (`simulator.faults`, `simulator.latency`) and over HTTP
 * (`/__understudy/faults`, `/__understudy/latency`) on the standalone server (`startServer`, driven
 * only through HTTP).
 */

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createSimulator } from '../../src/entries/index.js'
import { useSimulator } from '../../src/entries/node/index.js'
import type { FaultDefinition } from '../../src/simulator/operations/faults.js'
import { useServer } from '../support/server.js'
import {
  ACME,
  type Answer,
  accounts,
  basic,
  control,
  controlOptions,
  createPreset,
  createUser,
  keys,
  messagingCall,
  NOW,
  ROUTER,
  routerCall,
  unansweredAfter,
  workspaces,
} from './support.js'

/** The rate limit's metadata of a router 429, as recorded (test/recordings/openrouter/errors.json). */
const rateLimit = {
  headers: {
    'X-RateLimit-Limit': '20',
    'X-RateLimit-Remaining': '0',
    'X-RateLimit-Reset': String(Date.parse(NOW) + 60_000),
  },
  provider_name: null,
}
const routerError = (code: number, message: string) => ({
  error: code === 429 ? { message, code, metadata: rateLimit } : { message, code },
})
const headersOf = (answer: Answer) => Object.fromEntries(answer.headers)
const listPresets = () => routerCall(ROUTER, 'GET', '/presets')
const getPreset = () => routerCall(ROUTER, 'GET', '/presets/a')
const getUsers = () => messagingCall(ACME, 'GET', '/api/v1/users')
const getMe = () => messagingCall(ACME, 'GET', '/api/v1/users/me')
const postUser = () => createUser(ACME, 'romeo@acme.example', 'Romeo')
const statuses = async (requests: Array<() => Promise<Answer>>) => {
  const out: number[] = []
  for (const request of requests) out.push((await request()).status)
  return out
}
async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const began = performance.now()
  const result = await run()
  return [result, performance.now() - began]
}

describe('in process, through msw', () => {
  const simulator = useSimulator({ beforeAll, afterEach, afterAll }, controlOptions)

  describe('injected statuses in process', () => {
    it.each([
      [409, 'Resource conflict. Please try again later.', {}],
      [429, 'Rate limit exceeded', { 'retry-after': '1' }],
      [500, 'Internal Server Error', { 'retry-after-ms': '10' }],
      [502, 'Bad gateway', { 'retry-after-ms': '10' }],
      [503, 'Service unavailable', { 'retry-after': '1', 'retry-after-ms': '10' }],
      [418, 'Error 418', {}],
    ])(
      'answers a router request with an injected %i in the router’s error shape',
      async (status, message, extra) => {
        simulator.faults.inject({ service: 'router', status })
        const answer = await listPresets()
        expect(answer.status).toBe(status)
        expect(answer.body).toEqual(routerError(status, message))
        expect(headersOf(answer)).toEqual({ 'content-type': 'application/json', ...extra })
      },
    )

    it('uses the given message and Retry-After on the router, in seconds and in ms', async () => {
      simulator.faults.inject({ status: 503, message: 'Down for maintenance', retryAfter: 2 })
      const answer = await listPresets()
      expect([answer.status, answer.body, headersOf(answer)]).toEqual([
        503,
        routerError(503, 'Down for maintenance'),
        { 'content-type': 'application/json', 'retry-after': '2', 'retry-after-ms': '2000' },
      ])
    })

    it('answers a messaging request with an injected 429 in Zulip’s rate-limit shape', async () => {
      simulator.faults.inject({ service: 'messaging', status: 429, retryAfter: 4 })
      const answer = await messagingCall(ACME, 'GET', '/api/v1/users')
      expect(answer.status).toBe(429)
      expect(answer.text).toBe(
        '{"result":"error","msg":"API usage exceeded rate limit; see https://zulip.com/api/http-headers#rate-limiting-response-headers","retry-after":4,"code":"RATE_LIMIT_HIT"}\n',
      )
      expect(headersOf(answer)).toEqual({ 'content-type': 'application/json', 'retry-after': '4' })
    })

    it('words the messaging 429 as the organization’s older server does', async () => {
      await simulator.useScenario('zulip-7')
      simulator.faults.inject({ service: 'messaging', status: 429 })
      const answer = await messagingCall(ACME, 'GET', '/api/v1/users')
      expect(answer.text).toBe(
        '{"result":"error","msg":"API usage exceeded rate limit","retry-after":1,"code":"RATE_LIMIT_HIT"}\n',
      )
      await simulator.useScenario('default')
    })

    it.each([
      [500, '{"result":"error","msg":"Internal server error"}\n', {}],
      [503, '{"result":"error","msg":"Error 503","code":"BAD_REQUEST"}\n', { 'retry-after': '1' }],
      [409, '{"result":"error","msg":"Error 409","code":"BAD_REQUEST"}\n', {}],
      [
        401,
        '{"result":"error","msg":"Not logged in: API authentication or user session required","code":"UNAUTHORIZED"}\n',
        { 'www-authenticate': 'Basic realm="zulip"' },
      ],
    ])(
      'answers a messaging request with an injected %i in Zulip’s error shape',
      async (status, text, extra) => {
        simulator.faults.inject({ service: 'messaging', status })
        const answer = await messagingCall(ACME, 'POST', '/api/v1/users', {
          form: { email: 'romeo@acme.example', password: 'xkcd-936!', full_name: 'Romeo' },
        })
        expect([answer.status, answer.text, headersOf(answer)]).toEqual([
          status,
          text,
          { 'content-type': 'application/json', ...extra },
        ])
      },
    )

    it('changes no state when a faulted request would have written', async () => {
      simulator.faults.inject({ status: 500, times: 1 })
      expect((await createPreset(ROUTER, 'never')).status).toBe(500)
      expect(simulator.router.presets(workspaces.default)).toEqual([])
      simulator.faults.inject({ status: 503, times: 1 })
      expect((await createUser(ACME, 'romeo@acme.example', 'Romeo')).status).toBe(503)
      expect(simulator.messaging.apiKeyOf('acme', 'romeo@acme.example')).toBeUndefined()
    })
  })

  describe('counting and clearing faults in process', () => {
    it('answers the next N matching requests, then lets them through', async () => {
      const id = simulator.faults.inject({ status: 500, times: 2 })
      expect(simulator.faults.list()).toEqual([
        { status: 500, times: 2, id, remaining: 2, hits: 0 },
      ])
      expect((await listPresets()).status).toBe(500)
      expect(simulator.faults.list()).toEqual([
        { status: 500, times: 2, id, remaining: 1, hits: 1 },
      ])
      expect(await statuses([listPresets, listPresets, listPresets])).toEqual([500, 200, 200])
      expect(simulator.faults.list()).toEqual([])
    })

    it('answers every matching request until the fault is cleared', async () => {
      const id = simulator.faults.inject({ status: 429 })
      expect(await statuses([listPresets, listPresets, listPresets])).toEqual([429, 429, 429])
      expect(simulator.faults.list()).toEqual([{ status: 429, id, remaining: null, hits: 3 }])
      simulator.faults.clear(id)
      expect(await statuses([listPresets])).toEqual([200])
    })

    it('clears one fault by id, or every fault', async () => {
      const first = simulator.faults.inject({ service: 'router', status: 500 })
      const second = simulator.faults.inject({ service: 'messaging', status: 500 })
      const third = simulator.faults.inject({ delayMs: 1 })
      expect(simulator.faults.list().map((f) => f.id)).toEqual([first, second, third])
      simulator.faults.clear(second)
      expect(simulator.faults.list().map((f) => f.id)).toEqual([first, third])
      simulator.faults.clear(12345)
      expect(simulator.faults.list().map((f) => f.id)).toEqual([first, third])
      simulator.faults.clear()
      expect(simulator.faults.list()).toEqual([])
      expect(await statuses([listPresets])).toEqual([200])
    })

    it('applies the first armed fault that matches, and counts only that one', async () => {
      const first = simulator.faults.inject({ path: '/presets/a', status: 404, times: 1 })
      const second = simulator.faults.inject({ service: 'router', status: 409, times: 1 })
      const get = (slug: string) => () => routerCall(ROUTER, 'GET', `/presets/${slug}`)
      expect(await statuses([get('b'), get('a'), get('a')])).toEqual([409, 404, 404])
      expect(simulator.faults.list()).toEqual([])
      expect([first, second]).toEqual([first, first + 1])
    })

    it('returns copies from list() that change nothing when edited', async () => {
      simulator.faults.inject({ status: 500, times: 1 })
      const listed = simulator.faults.list()
      ;(listed[0] as { remaining: number }).remaining = 100
      expect(await statuses([listPresets, listPresets])).toEqual([500, 200])
    })
  })

  describe('matching faults in process', () => {
    it('matches by service', async () => {
      simulator.faults.inject({ service: 'messaging', status: 503 })
      expect(await statuses([listPresets, getUsers])).toEqual([200, 503])
      simulator.faults.clear()
      simulator.faults.inject({ service: 'router', status: 503 })
      expect(await statuses([listPresets, getUsers])).toEqual([503, 200])
    })

    it('matches by operation id', async () => {
      simulator.faults.inject({ operation: 'getPreset', status: 500 })
      simulator.faults.inject({ operation: 'create-user', status: 429 })
      expect(await statuses([listPresets, getPreset, getUsers, postUser])).toEqual([
        200, 500, 200, 429,
      ])
    })

    it('matches by method, in any case', async () => {
      simulator.faults.inject({ method: 'post', status: 409 })
      expect(
        await statuses([listPresets, () => createPreset(ROUTER, 'x'), getUsers, postUser]),
      ).toEqual([200, 409, 200, 409])
    })

    it('matches by exact path below the service’s base URL', async () => {
      simulator.faults.inject({ path: '/presets/a', status: 500 })
      simulator.faults.inject({ path: '/api/v1/users', status: 503 })
      const versions = () => routerCall(ROUTER, 'GET', '/presets/a/versions')
      const other = () => routerCall(ROUTER, 'GET', '/presets/b')
      expect(
        await statuses([getPreset, versions, other, listPresets, getUsers, postUser, getMe]),
      ).toEqual([500, 404, 404, 200, 503, 503, 200])
    })

    it('matches by a regular expression on the path', async () => {
      simulator.faults.inject({ path: /^\/presets\/a(\/|$)/, status: 500 })
      const versions = () => routerCall(ROUTER, 'GET', '/presets/a/versions')
      const other = () => routerCall(ROUTER, 'GET', '/presets/ab')
      expect(await statuses([getPreset, versions, other, listPresets])).toEqual([
        500, 500, 404, 200,
      ])
    })

    it('matches a global regular expression on every request, not every other one', async () => {
      simulator.faults.inject({ path: /^\/presets/g, status: 500 })
      expect(await statuses([listPresets, listPresets, listPresets, listPresets])).toEqual([
        500, 500, 500, 500,
      ])
    })

    it('requires every given field to match', async () => {
      simulator.faults.inject({
        service: 'messaging',
        operation: 'create-user',
        method: 'POST',
        path: '/api/v1/users',
        status: 500,
      })
      simulator.faults.inject({
        service: 'router',
        operation: 'getPreset',
        method: 'DELETE',
        status: 418,
      })
      expect(await statuses([getUsers, getPreset, postUser])).toEqual([200, 404, 500])
    })
  })

  describe('delays, resets and hangs in process', () => {
    it('delays a matching request and then answers it normally', async () => {
      const id = simulator.faults.inject({ operation: 'listPresets', delayMs: 150, times: 1 })
      const [slow, slowMs] = await timed(listPresets)
      const fast = await listPresets()
      expect([slow.status, slow.body, fast.status]).toEqual([
        200,
        { data: [], total_count: 0 },
        200,
      ])
      expect(slowMs).toBeGreaterThanOrEqual(145)
      expect(simulator.journal.entries().map((e) => e.fault)).toEqual([
        { id, kind: 'delay', delayMs: 150 },
        null,
      ])
    })

    it('delays an injected status', async () => {
      const id = simulator.faults.inject({ status: 503, delayMs: 100, times: 1 })
      const [answer, ms] = await timed(listPresets)
      expect(answer.status).toBe(503)
      expect(ms).toBeGreaterThanOrEqual(95)
      expect(simulator.journal.last()?.fault).toEqual({
        id,
        kind: 'status',
        status: 503,
        delayMs: 100,
      })
    })

    it('resets the connection: fetch rejects with a TypeError', async () => {
      const id = simulator.faults.inject({ service: 'router', network: 'reset', times: 1 })
      const failed = listPresets()
      await expect(failed).rejects.toBeInstanceOf(TypeError)
      // undici's message, as msw 3 (this repository's) lets it through; msw 2's interceptor says `Failed to fetch`.
      await expect(failed).rejects.toThrow('fetch failed')
      expect((await listPresets()).status).toBe(200)
      expect(simulator.journal.entries().map((e) => [e.status, e.response, e.fault])).toEqual([
        [0, null, { id, kind: 'network-error' }],
        [200, { data: [], total_count: 0 }, null],
      ])
    })

    it('resets the connection after a delay', async () => {
      simulator.faults.inject({ network: 'reset', delayMs: 100, times: 1 })
      const began = performance.now()
      await expect(getUsers()).rejects.toBeInstanceOf(TypeError)
      expect(performance.now() - began).toBeGreaterThanOrEqual(95)
    })

    it('hangs: the request gets no answer until the client gives up', async () => {
      const id = simulator.faults.inject({ operation: 'get-users', network: 'hang', times: 1 })
      expect(
        await unansweredAfter((signal) => messagingCall(ACME, 'GET', '/api/v1/users', { signal })),
      ).toBe(true)
      expect((await getUsers()).status).toBe(200)
      expect(simulator.journal.entries().map((e) => [e.operation, e.status, e.fault])).toEqual([
        ['get-users', 0, { id, kind: 'hang' }],
        ['get-users', 200, null],
      ])
    })
  })

  describe('latency in process', () => {
    it('starts at 0 unless the simulator was created with one', () => {
      expect(simulator.latency.get()).toBe(0)
    })

    it('adds a fixed latency before every answer', async () => {
      simulator.latency.set(120)
      expect(simulator.latency.get()).toBe(120)
      const [[a, b], ms] = await timed(() => Promise.all([listPresets(), getUsers()]))
      expect([a.status, b.status]).toEqual([200, 200])
      expect(ms).toBeGreaterThanOrEqual(115)
      simulator.latency.set(0)
      expect([simulator.latency.get(), simulator.describe().latency]).toEqual([0, 0])
    })

    it('draws the latency from a range', async () => {
      simulator.latency.set({ min: 60, max: 90 })
      expect(simulator.latency.get()).toEqual({ min: 60, max: 90 })
      for (let i = 0; i < 3; i++) {
        const [, ms] = await timed(listPresets)
        expect(ms).toBeGreaterThanOrEqual(55)
        expect(ms).toBeLessThan(1_000)
      }
    })

    it('adds the latency to a fault’s delay', async () => {
      simulator.latency.set(60)
      simulator.faults.inject({ delayMs: 60, times: 1 })
      const [, ms] = await timed(listPresets)
      expect(ms).toBeGreaterThanOrEqual(115)
    })

    it.each([
      [-1, '-1'],
      [Number.NaN, 'NaN'],
      [{ min: 50, max: 10 }, '{"min":50,"max":10}'],
      [{ min: -5, max: 10 }, '{"min":-5,"max":10}'],
      [1e10, '10000000000'],
    ])('refuses the latency %j with a message saying what is wrong', (setting, shown) => {
      expect(() => simulator.latency.set(setting)).toThrow(
        new RangeError(
          `[understudy] Failed to set the latency: must be a number of milliseconds from 0 to 2147483647, or { min, max } with 0 <= min <= max <= 2147483647 (got ${shown}).`,
        ),
      )
      expect(simulator.latency.get()).toBe(0)
    })

    it('refuses a missing latency with the same message, not a TypeError from inside', () => {
      expect(() => simulator.latency.set(undefined as unknown as number)).toThrow(
        /^\[understudy\] Failed to set the latency: /,
      )
    })
  })

  describe('refused fault definitions', () => {
    it.each<[unknown, string]>([
      [
        { status: 999 },
        'status: must be an HTTP status from 200 to 599 other than 204, 205 and 304, which carry no body (got 999)',
      ],
      [
        { status: 42.5 },
        'status: must be an HTTP status from 200 to 599 other than 204, 205 and 304, which carry no body (got 42.5)',
      ],
      [
        { status: 103 },
        'status: must be an HTTP status from 200 to 599 other than 204, 205 and 304, which carry no body (got 103)',
      ],
      [
        { status: 304 },
        'status: must be an HTTP status from 200 to 599 other than 204, 205 and 304, which carry no body (got 304)',
      ],
      [{ service: 'mail', status: 500 }, 'service: must be "router" or "messaging" (got "mail")'],
      [{ status: 500, network: 'reset' }, 'give either a status or a network fault, not both'],
      [{ network: 'drop' }, 'network: must be "reset" or "hang" (got "drop")'],
      [{ service: 'router' }, 'give a status, a network fault or a delay'],
      [
        { status: 500, times: 0 },
        'times: must be a whole number from 1 to 9007199254740991 (got 0)',
      ],
      [
        { status: 500, times: 1.5 },
        'times: must be a whole number from 1 to 9007199254740991 (got 1.5)',
      ],
      [{ delayMs: -1 }, 'delayMs: must be a number of milliseconds from 0 to 2147483647 (got -1)'],
      [
        { delayMs: 2 ** 31 },
        'delayMs: must be a number of milliseconds from 0 to 2147483647 (got 2147483648)',
      ],
      [
        { status: 429, retryAfter: -1 },
        'retryAfter: must be a number of seconds from 0 to 2147483.647 (got -1)',
      ],
      [{ status: 500, path: 5 }, 'path: must be a string or a regular expression (got 5)'],
      [{ status: 500, operation: 5 }, 'operation: must be a string (got 5)'],
      [{ status: 500, method: ['GET'] }, 'method: must be a string (got ["GET"])'],
      [
        { status: 500, message: 5 },
        'message: must be a string of at most 10000 characters (got 5)',
      ],
      [{ status: 500, pathPattern: '^/a' }, 'pathPattern: unknown field'],
      [null, 'give an object (got null)'],
    ])('refuses %j with a message saying what is wrong', (definition, why) => {
      expect(() => simulator.faults.inject(definition as FaultDefinition)).toThrow(
        new TypeError(`[understudy] Failed to inject a fault: ${why}.`),
      )
      expect(simulator.faults.list()).toEqual([])
    })
  })
})

describe('faults and latency over HTTP', () => {
  const server = useServer({ seed: 'faults', now: NOW })
  let acme: string
  const list = () => routerCall(server.services.router, 'GET', '/presets')

  beforeAll(() => {
    acme = server.services.messaging.acme as string
  })
  afterEach(async () => {
    await control(server.url, 'DELETE', '/faults')
    await control(server.url, 'PUT', '/latency', { latency: 0 })
    await control(server.url, 'POST', '/reset')
    await control(server.url, 'DELETE', '/journal')
  })

  it('arms a router fault for one request and answers it with the status, body and headers', async () => {
    const armed = await control(server.url, 'POST', '/faults', {
      service: 'router',
      status: 429,
      retryAfter: 2,
      times: 1,
    })
    expect([armed.status, armed.body]).toEqual([201, { id: expect.any(Number) }])
    const limited = await list()
    expect([limited.status, limited.body, limited.headers.get('retry-after')]).toEqual([
      429,
      routerError(429, 'Rate limit exceeded'),
      '2',
    ])
    expect(limited.headers.has('retry-after-ms')).toBe(false)
    expect((await list()).status).toBe(200)
    expect((await control(server.url, 'GET', '/faults')).body).toEqual([])
  })

  it('answers an injected router 5xx with retry-after-ms', async () => {
    await control(server.url, 'POST', '/faults', { status: 500, times: 1 })
    const failed = await list()
    expect([failed.status, failed.body, failed.headers.get('retry-after-ms')]).toEqual([
      500,
      routerError(500, 'Internal Server Error'),
      '10',
    ])
  })

  it('matches a messaging fault by the path below the organization’s base URL', async () => {
    await control(server.url, 'POST', '/faults', {
      service: 'messaging',
      path: '/api/v1/users',
      status: 503,
    })
    const users = await messagingCall(acme, 'GET', '/api/v1/users')
    expect([users.status, users.text, users.headers.get('retry-after')]).toEqual([
      503,
      '{"result":"error","msg":"Error 503","code":"BAD_REQUEST"}\n',
      '1',
    ])
    expect((await messagingCall(acme, 'GET', '/api/v1/users/me')).status).toBe(200)
    expect((await list()).status).toBe(200)
  })

  it('matches by operation and method, and by a path pattern', async () => {
    await control(server.url, 'POST', '/faults', {
      operation: 'createPresetsChatCompletions',
      method: 'POST',
      status: 409,
    })
    await control(server.url, 'POST', '/faults', { pathPattern: '^/presets/b', status: 500 })
    const conflict = await createPreset(server.services.router, 'a')
    expect([conflict.status, conflict.body]).toEqual([
      409,
      routerError(409, 'Resource conflict. Please try again later.'),
    ])
    expect((await routerCall(server.services.router, 'GET', '/presets/a')).status).toBe(404)
    expect((await routerCall(server.services.router, 'GET', '/presets/b/versions')).status).toBe(
      500,
    )
    expect((await list()).status).toBe(200)
  })

  it('lists the armed faults with their counts and disarms one by id', async () => {
    const a = (await control(server.url, 'POST', '/faults', { status: 500, times: 3 })).body.id
    const b = (await control(server.url, 'POST', '/faults', { service: 'messaging', delayMs: 5 }))
      .body.id
    await list()
    expect((await control(server.url, 'GET', '/faults')).body).toEqual([
      { status: 500, times: 3, id: a, remaining: 2, hits: 1 },
      { service: 'messaging', delayMs: 5, id: b, remaining: null, hits: 0 },
    ])
    const left = await control(server.url, 'DELETE', `/faults/${a}`)
    expect([left.status, left.body]).toEqual([
      200,
      [{ service: 'messaging', delayMs: 5, id: b, remaining: null, hits: 0 }],
    ])
    expect((await list()).status).toBe(200)
    const none = await control(server.url, 'DELETE', '/faults')
    expect([none.status, none.body]).toEqual([200, []])
  })

  it('resets the connection: fetch rejects and the server answers the next request', async () => {
    const { id } = (await control(server.url, 'POST', '/faults', { network: 'reset', times: 1 }))
      .body
    await expect(list()).rejects.toBeInstanceOf(TypeError)
    expect((await list()).status).toBe(200)
    const journal = (await control(server.url, 'GET', '/journal')).body
    expect(
      journal.entries.map((e: { status: number; fault: unknown }) => [e.status, e.fault]),
    ).toEqual([
      [0, { id, kind: 'network-error' }],
      [200, null],
    ])
  })

  it('hangs: the socket gets no answer before the client gives up', async () => {
    await control(server.url, 'POST', '/faults', {
      service: 'messaging',
      network: 'hang',
      times: 1,
    })
    expect(
      await unansweredAfter((signal) => messagingCall(acme, 'GET', '/api/v1/users', { signal })),
    ).toBe(true)
    expect((await messagingCall(acme, 'GET', '/api/v1/users')).status).toBe(200)
  })

  it('delays a matching request', async () => {
    await control(server.url, 'POST', '/faults', { delayMs: 150, times: 1 })
    const [slow, ms] = await timed(list)
    expect(slow.status).toBe(200)
    expect(ms).toBeGreaterThanOrEqual(145)
  })

  it('sets a fixed or a ranged latency', async () => {
    expect((await control(server.url, 'GET', '/latency')).body).toEqual({ latency: 0 })
    const fixed = await control(server.url, 'PUT', '/latency', { latency: 120 })
    expect([fixed.status, fixed.body]).toEqual([200, { latency: 120 }])
    const [, slow] = await timed(list)
    expect(slow).toBeGreaterThanOrEqual(115)
    const ranged = await control(server.url, 'PUT', '/latency', {
      latency: { min: 60, max: 80 },
    })
    expect([ranged.status, ranged.body]).toEqual([200, { latency: { min: 60, max: 80 } }])
    expect((await control(server.url, 'GET', '/latency')).body).toEqual({
      latency: { min: 60, max: 80 },
    })
    const [, drawn] = await timed(() => messagingCall(acme, 'GET', '/api/v1/users'))
    expect(drawn).toBeGreaterThanOrEqual(55)
    expect(drawn).toBeLessThan(1_000)
  })

  it('refuses a fault definition that does not validate with 400 and the reason', async () => {
    const refused = await control(server.url, 'POST', '/faults', {
      status: 500,
      network: 'hang',
    })
    expect([refused.status, refused.body]).toEqual([
      400,
      {
        error: {
          message:
            '[understudy] Failed to inject a fault: give either a status or a network fault, not both.',
        },
      },
    ])
    expect((await control(server.url, 'GET', '/faults')).body).toEqual([])
  })
})

describe('the actor of a request a fault answered', () => {
  const acmeUsers = 'https://acme.zulipchat.com/api/v1/users'
  const presets = `${ROUTER}/presets`

  it('is the caller the credentials name, while the client still sees only the fault', async () => {
    const simulator = createSimulator({ seed: 'fault-actor', now: NOW })
    simulator.faults.inject({ status: 503 })
    const iago = { authorization: basic(accounts.iago) }
    const answers = [
      await simulator.fetch(acmeUsers, { headers: iago }),
      await simulator.fetch(presets, { headers: { authorization: `Bearer ${keys.inference}` } }),
      // Bad credentials: the fault still answers first (what the client sees keeps the real order) ...
      await simulator.fetch(acmeUsers, {
        headers: { authorization: basic({ ...accounts.iago, key: 'x'.repeat(32) }) },
      }),
      await simulator.fetch(presets, { headers: { authorization: 'Bearer sk-or-v1-nobody' } }),
    ]
    expect(answers.map((answer) => answer.status)).toEqual([503, 503, 503, 503])
    // ... and the entry names nobody.
    expect(
      simulator.journal.entries().map((entry) => [entry.operation, entry.actor, entry.fault?.kind]),
    ).toEqual([
      ['get-users', 'iago@acme.example', 'status'],
      ['listPresets', 'Default workspace inference key', 'status'],
      ['get-users', null, 'status'],
      ['listPresets', null, 'status'],
    ])
  })
})
