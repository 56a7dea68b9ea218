/**
 * The request journal: every request recorded with its time, service, tenant, operation, method, path,
 * query, parsed body, status, response and fault; secrets redacted; filtered, counted, cleared; bounded
 * with the oldest dropped first. In process (`simulator.journal`) and over HTTP (`/__understudy/journal`)
 * on the standalone server (`startServer`, driven only through HTTP).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_JOURNAL_LIMIT } from '../../src/engine/journal/budget.js'
import { createSimulator, type PlainRequest } from '../../src/entries/index.js'
import { useSimulator } from '../../src/entries/node/index.js'
import { useServer } from '../support/server.js'
import {
  ACME,
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
  workspaces,
} from './support.js'

const PASSWORD = 'correct-horse-battery-staple'
const chatBody = (content: string) => ({
  messages: [{ role: 'system', content }],
  model: 'openai/gpt-5.4',
})

/** A plain GET for `simulator.dispatch`, as the handlers would build it. */
function plainGet(url: string, headers: Record<string, string> = {}): PlainRequest {
  const parsed = new URL(url)
  return {
    method: 'GET',
    url,
    path: parsed.pathname,
    query: parsed.searchParams,
    headers,
    body: undefined,
  }
}

describe('in process, through msw', () => {
  const simulator = useSimulator({ beforeAll, afterEach, afterAll }, controlOptions)

  describe('recording in process', () => {
    it('records a router request with every field', async () => {
      const answer = await routerCall(ROUTER, 'POST', '/presets/flow/chat/completions?trace=1', {
        body: chatBody('Be brief.'),
      })
      expect(answer.status).toBe(200)
      expect(simulator.journal.entries()).toEqual([
        {
          seq: expect.any(Number),
          time: NOW,
          service: 'router',
          tenant: workspaces.default,
          operation: 'createPresetsChatCompletions',
          actor: 'Default workspace inference key',
          method: 'POST',
          path: '/presets/flow/chat/completions',
          query: { trace: '1' },
          body: chatBody('Be brief.'),
          status: 200,
          response: JSON.parse(answer.text),
          fault: null,
          durationMs: expect.any(Number),
        },
      ])
    })

    it('records a messaging request with its form body parsed and the password redacted', async () => {
      simulator.clock.advance(2_000)
      const answer = await createUser(ACME, 'romeo@acme.example', 'Romeo Montague', PASSWORD)
      expect(answer.body).toEqual({ result: 'success', msg: '', user_id: 8 })
      expect(simulator.journal.entries()).toEqual([
        {
          seq: expect.any(Number),
          time: '2026-01-01T00:00:02.000Z',
          service: 'messaging',
          tenant: 'acme',
          operation: 'create-user',
          actor: 'iago@acme.example',
          method: 'POST',
          path: '/api/v1/users',
          query: {},
          body: {
            email: 'romeo@acme.example',
            password: '[redacted]',
            full_name: 'Romeo Montague',
          },
          status: 200,
          response: { result: 'success', msg: '', user_id: 8 },
          fault: null,
          durationMs: expect.any(Number),
        },
      ])
    })

    it('records a multipart body parsed, with the password redacted', async () => {
      await messagingCall(ACME, 'POST', '/api/v1/users', {
        multipart: { email: 'juliet@acme.example', password: PASSWORD, full_name: 'Juliet' },
      })
      expect(simulator.journal.last()?.body).toEqual({
        email: 'juliet@acme.example',
        password: '[redacted]',
        full_name: 'Juliet',
      })
    })

    it('records requests in order, newest last, each with the next sequence number', async () => {
      await routerCall(ROUTER, 'GET', '/presets')
      await messagingCall(ACME, 'GET', '/api/v1/users/me')
      await routerCall(ROUTER, 'GET', '/presets/missing')
      const entries = simulator.journal.entries()
      expect(entries.map((e) => [e.operation, e.status])).toEqual([
        ['listPresets', 200],
        ['get-own-user', 200],
        ['getPreset', 404],
      ])
      const first = entries[0]?.seq as number
      expect(entries.map((e) => e.seq)).toEqual([first, first + 1, first + 2])
    })

    it('records who called, or null when nobody authenticated', async () => {
      await routerCall(ROUTER, 'GET', '/presets', { key: null })
      await routerCall(ROUTER, 'GET', '/presets', { key: 'sk-or-v1-unknown' })
      await messagingCall(ACME, 'GET', '/api/v1/users', { as: null })
      await messagingCall(ACME, 'GET', '/api/v1/users', { as: accounts.hamlet })
      expect(
        simulator.journal.entries().map((e) => [e.service, e.tenant, e.actor, e.status]),
      ).toEqual([
        ['router', null, null, 401],
        ['router', null, null, 401],
        ['messaging', 'acme', null, 401],
        ['messaging', 'acme', 'hamlet@acme.example', 200],
      ])
    })

    it('records a request that reached no operation with operation null and the text response', async () => {
      await routerCall(ROUTER, 'GET', '/presets/a/versions/1/extra')
      await messagingCall(ACME, 'GET', '/api/v1/nowhere')
      const [router, messaging] = simulator.journal.entries()
      expect([router?.operation, router?.path, router?.status, router?.response]).toEqual([
        null,
        '/presets/a/versions/1/extra',
        404,
        { error: { code: 404, message: 'Not Found' } },
      ])
      expect([messaging?.operation, messaging?.path, messaging?.status]).toEqual([
        null,
        '/api/v1/nowhere',
        404,
      ])
      expect(messaging?.response).toContain('<title>Page not found | Zulip</title>')
    })

    it('records the injected fault that answered a request', async () => {
      const id = simulator.faults.inject({ operation: 'get-users', status: 429, times: 1 })
      await messagingCall(ACME, 'GET', '/api/v1/users')
      expect(simulator.journal.last()).toMatchObject({
        operation: 'get-users',
        status: 429,
        response: { result: 'error', code: 'RATE_LIMIT_HIT' },
        fault: { id, kind: 'status', status: 429 },
      })
    })

    it('returns copies that change nothing when edited', async () => {
      await routerCall(ROUTER, 'GET', '/presets')
      const [entry] = simulator.journal.entries()
      ;(entry as { status: number }).status = 599
      expect(simulator.journal.entries()[0]?.status).toBe(200)
    })
  })

  describe('redaction in process', () => {
    it('never records the Authorization header, API keys or passwords anywhere', async () => {
      await routerCall(ROUTER, 'GET', '/presets', { key: keys.management })
      await createPreset(ROUTER, 'p', 'x', keys.teamB)
      await createUser(ACME, 'romeo@acme.example', 'Romeo', PASSWORD)
      await messagingCall(ACME, 'GET', '/api/v1/users/me', { as: accounts.desdemona })
      await messagingCall(ACME, 'GET', '/api/v1/users', { as: accounts.cordelia })
      simulator.faults.inject({ status: 500, times: 1 })
      await messagingCall(ACME, 'GET', '/api/v1/users', { as: accounts.othello })

      const text = JSON.stringify(simulator.journal.entries())
      for (const secret of [
        keys.management,
        keys.teamB,
        accounts.iago.key,
        accounts.desdemona.key,
        accounts.cordelia.key,
        accounts.othello.key,
        basic(accounts.iago).slice('Basic '.length),
        basic(accounts.othello).slice('Basic '.length),
        PASSWORD,
        'Bearer',
        'Basic',
      ]) {
        expect(text).not.toContain(secret)
      }
      expect(text.toLowerCase()).not.toContain('authorization')
      expect(simulator.journal.entries().every((e) => !('headers' in e))).toBe(true)
    })

    it('redacts API keys, tokens and passwords in query strings', async () => {
      await routerCall(
        ROUTER,
        'GET',
        `/presets?api_key=${keys.inference}&key=${keys.management}&token=t0ken&limit=5`,
      )
      await messagingCall(
        ACME,
        'GET',
        `/api/v1/users?api_key=${accounts.iago.key}&password=${PASSWORD}&client_gravatar=true`,
      )
      expect(simulator.journal.entries().map((e) => e.query)).toEqual([
        { api_key: '[redacted]', key: '[redacted]', token: '[redacted]', limit: '5' },
        { api_key: '[redacted]', password: '[redacted]', client_gravatar: 'true' },
      ])
      const text = JSON.stringify(simulator.journal.entries())
      for (const secret of [
        keys.inference,
        keys.management,
        't0ken',
        accounts.iago.key,
        PASSWORD,
      ]) {
        expect(text).not.toContain(secret)
      }
    })

    it('redacts secret-named fields at any depth of a JSON body', async () => {
      await routerCall(ROUTER, 'POST', '/presets/deep/chat/completions', {
        body: {
          ...chatBody('x'),
          metadata: { apiKey: 'nested-secret', note: 'kept' },
          tools: [{ secret: 'in-array', type: 'function' }],
        },
      })
      expect(simulator.journal.last()?.body).toEqual({
        ...chatBody('x'),
        metadata: { apiKey: '[redacted]', note: 'kept' },
        tools: [{ secret: '[redacted]', type: 'function' }],
      })
    })
  })

  describe('filtering, counting and clearing in process', () => {
    /** Two router and three messaging requests at 00:00, 00:01, ..., 00:04. */
    async function traffic() {
      await createPreset(ROUTER, 'a')
      simulator.clock.advance(60_000)
      await routerCall(ROUTER, 'GET', '/presets/missing')
      simulator.clock.advance(60_000)
      await createUser(ACME, 'romeo@acme.example', 'Romeo')
      simulator.clock.advance(60_000)
      await createUser(ACME, 'romeo@acme.example', 'Romeo')
      simulator.clock.advance(60_000)
      await messagingCall(ACME, 'GET', '/api/v1/users')
    }
    const ops = (filter: Parameters<typeof simulator.journal.entries>[0]) =>
      simulator.journal.entries(filter).map((e) => `${e.operation} ${e.status}`)

    it('filters by service, tenant, operation and method', async () => {
      await traffic()
      expect(ops({ service: 'router' })).toEqual([
        'createPresetsChatCompletions 200',
        'getPreset 404',
      ])
      expect(ops({ tenant: 'acme' })).toEqual([
        'create-user 200',
        'create-user 400',
        'get-users 200',
      ])
      expect(ops({ tenant: workspaces.default, operation: 'getPreset' })).toEqual(['getPreset 404'])
      expect(ops({ method: 'post' })).toEqual([
        'createPresetsChatCompletions 200',
        'create-user 200',
        'create-user 400',
      ])
      expect(ops({ service: 'messaging', method: 'GET' })).toEqual(['get-users 200'])
    })

    it('filters by status, exactly or with a predicate', async () => {
      await traffic()
      expect(ops({ status: 400 })).toEqual(['create-user 400'])
      expect(ops({ status: (s) => s >= 400 })).toEqual(['getPreset 404', 'create-user 400'])
    })

    it('filters by time, inclusive, in epoch ms or ISO', async () => {
      await traffic()
      expect(ops({ since: '2026-01-01T00:02:00.000Z' })).toEqual([
        'create-user 200',
        'create-user 400',
        'get-users 200',
      ])
      expect(ops({ until: Date.parse('2026-01-01T00:01:00Z') })).toEqual([
        'createPresetsChatCompletions 200',
        'getPreset 404',
      ])
      expect(ops({ since: '2026-01-01T00:01:00Z', until: '2026-01-01T00:02:00Z' })).toEqual([
        'getPreset 404',
        'create-user 200',
      ])
    })

    it('filters by a partial match of the parsed body', async () => {
      await traffic()
      expect(ops({ body: { email: 'romeo@acme.example' } })).toEqual([
        'create-user 200',
        'create-user 400',
      ])
      expect(ops({ body: { messages: [{ role: 'system' }] } })).toEqual([
        'createPresetsChatCompletions 200',
      ])
      expect(ops({ body: { messages: [] } })).toEqual([])
      expect(ops({ body: { email: 'juliet@acme.example' } })).toEqual([])
      expect(ops({ body: { password: '[redacted]' } })).toHaveLength(2)
    })

    it('counts, and tells how often an operation was called with a body matching', async () => {
      await traffic()
      expect(simulator.journal.count()).toBe(5)
      expect(simulator.journal.count({ service: 'messaging' })).toBe(3)
      expect(
        simulator.journal.count({ operation: 'create-user', body: { full_name: 'Romeo' } }),
      ).toBe(2)
      expect(
        simulator.journal.count({ operation: 'create-user', body: { full_name: 'Juliet' } }),
      ).toBe(0)
      expect(simulator.journal.count({ operation: 'create-user', status: 200 })).toBe(1)
      expect(simulator.describe().journal).toMatchObject({ count: 5, limit: DEFAULT_JOURNAL_LIMIT })
    })

    it('gives the newest entry matching a filter', async () => {
      await traffic()
      expect(simulator.journal.last()?.operation).toBe('get-users')
      expect(simulator.journal.last({ operation: 'create-user' })?.response).toEqual({
        result: 'error',
        msg: 'Email is already in use.',
        code: 'BAD_REQUEST',
      })
      expect(simulator.journal.last({ operation: 'listPresets' })).toBeUndefined()
    })

    it('clears every entry and keeps numbering after the last one', async () => {
      await traffic()
      const lastSeq = simulator.journal.last()?.seq as number
      simulator.journal.clear()
      expect([simulator.journal.entries(), simulator.journal.count()]).toEqual([[], 0])
      await routerCall(ROUTER, 'GET', '/presets')
      expect(simulator.journal.entries().map((e) => e.seq)).toEqual([lastSeq + 1])
    })

    it('keeps numbering across a reset, so an `after` taken before it waits for the next request', async () => {
      await traffic()
      const before = simulator.journal.last()?.seq as number
      const waiting = simulator.journal.waitFor({ operation: 'listPresets' }, { after: before })
      await simulator.reset()
      expect(simulator.journal.count()).toBe(0)
      await routerCall(ROUTER, 'GET', '/presets')
      expect((await waiting).seq).toBe(before + 1)
      // Taken before the reset and used after it: still only what came later.
      await simulator.useScenario('empty')
      const later = simulator.journal.waitFor({ operation: 'listPresets' }, { after: before + 1 })
      await routerCall(ROUTER, 'GET', '/presets')
      expect((await later).seq).toBe(before + 2)
      expect(simulator.journal.entries().map((e) => e.seq)).toEqual([before + 2])
    })
  })

  describe('the cap in process', () => {
    it('keeps 10,000 entries by default', () => {
      expect(DEFAULT_JOURNAL_LIMIT).toBe(10_000)
      expect(simulator.journal.limit).toBe(10_000)
    })

    it('keeps at most journalLimit entries, dropping the oldest first', async () => {
      const small = createSimulator({ seed: 1, now: NOW, journalLimit: 3 })
      for (const slug of ['a', 'b', 'c', 'd', 'e']) {
        const outcome = await small.dispatch(
          plainGet(`${ROUTER}/presets/${slug}`, { authorization: `Bearer ${keys.inference}` }),
          'in-process',
        )
        expect(outcome).toMatchObject({ status: 404 })
      }
      expect(small.journal.entries().map((e) => [e.seq, e.path])).toEqual([
        [3, '/presets/c'],
        [4, '/presets/d'],
        [5, '/presets/e'],
      ])
      expect(small.describe().journal).toMatchObject({ count: 3, limit: 3 })
    })

    it('records nothing with a limit of 0', async () => {
      const none = createSimulator({ seed: 1, now: NOW, journalLimit: 0 })
      await none.dispatch(plainGet(`${ACME}/api/v1/server_settings`), 'in-process')
      expect(none.journal.entries()).toEqual([])
    })

    it('lowers and raises the cap at run time, keeping the newest', async () => {
      try {
        for (const slug of ['a', 'b', 'c', 'd']) await routerCall(ROUTER, 'GET', `/presets/${slug}`)
        simulator.journal.setLimit(2)
        expect(simulator.journal.entries().map((e) => e.path)).toEqual(['/presets/c', '/presets/d'])
        await routerCall(ROUTER, 'GET', '/presets/e')
        expect(simulator.journal.entries().map((e) => e.path)).toEqual(['/presets/d', '/presets/e'])
        simulator.journal.setLimit(3)
        await routerCall(ROUTER, 'GET', '/presets/f')
        expect(simulator.journal.entries().map((e) => e.path)).toEqual([
          '/presets/d',
          '/presets/e',
          '/presets/f',
        ])
        expect(() => simulator.journal.setLimit(-1)).toThrow(
          new RangeError(
            '[understudy] Failed to set the journal limit: -1 is not a whole number >= 0.',
          ),
        )
      } finally {
        simulator.journal.setLimit(DEFAULT_JOURNAL_LIMIT)
      }
    })
  })
})

describe('the journal over HTTP', () => {
  const server = useServer({ seed: 'journal', now: NOW, journalLimit: 4 })
  let acme: string

  beforeAll(() => {
    acme = server.services.messaging.acme as string
  })
  afterEach(async () => {
    await control(server.url, 'POST', '/reset')
    await control(server.url, 'DELETE', '/journal')
  })

  const journal = async (query = '') => (await control(server.url, 'GET', `/journal${query}`)).body

  it('records requests with the path below each service’s base URL', async () => {
    const created = await createPreset(server.services.router, 'over-http', 'Be brief.')
    const user = await createUser(acme, 'romeo@acme.example', 'Romeo', PASSWORD)
    const answer = await journal()
    expect(answer).toEqual({
      count: 2,
      entries: [
        {
          seq: expect.any(Number),
          time: NOW,
          service: 'router',
          tenant: workspaces.default,
          operation: 'createPresetsChatCompletions',
          actor: 'Default workspace inference key',
          method: 'POST',
          path: '/presets/over-http/chat/completions',
          query: {},
          body: { messages: [{ role: 'system', content: 'Be brief.' }], model: 'openai/gpt-5.4' },
          status: 200,
          response: created.body,
          fault: null,
          durationMs: expect.any(Number),
        },
        {
          seq: expect.any(Number),
          time: NOW,
          service: 'messaging',
          tenant: 'acme',
          operation: 'create-user',
          actor: 'iago@acme.example',
          method: 'POST',
          path: '/api/v1/users',
          query: {},
          body: { email: 'romeo@acme.example', password: '[redacted]', full_name: 'Romeo' },
          status: 200,
          response: user.body,
          fault: null,
          durationMs: expect.any(Number),
        },
      ],
    })
  })

  it('never answers a secret in GET /journal', async () => {
    await routerCall(server.services.router, 'GET', `/presets?api_key=${keys.management}`)
    await createUser(acme, 'romeo@acme.example', 'Romeo', PASSWORD)
    const text = (await control(server.url, 'GET', '/journal')).text
    for (const secret of [
      keys.inference,
      keys.management,
      accounts.iago.key,
      basic(accounts.iago).slice('Basic '.length),
      PASSWORD,
    ]) {
      expect(text).not.toContain(secret)
    }
    expect(text.toLowerCase()).not.toContain('authorization')
  })

  it('does not record control requests', async () => {
    await control(server.url, 'GET')
    await control(server.url, 'GET', '/faults')
    expect(await journal()).toEqual({ entries: [], count: 0 })
  })

  it('filters by service, tenant, operation, method and status in the query', async () => {
    await routerCall(server.services.router, 'GET', '/presets')
    await routerCall(server.services.router, 'GET', '/presets/missing')
    await messagingCall(acme, 'GET', '/api/v1/users')
    await createUser(acme, 'romeo@acme.example', 'Romeo')
    const ops = async (query: string) =>
      (await journal(query)).entries.map(
        (e: { operation: string; status: number }) => `${e.operation} ${e.status}`,
      )
    expect(await ops('?service=router')).toEqual(['listPresets 200', 'getPreset 404'])
    expect(await ops('?tenant=acme&method=get')).toEqual(['get-users 200'])
    expect(await ops('?operation=create-user')).toEqual(['create-user 200'])
    expect(await ops('?status=404')).toEqual(['getPreset 404'])
    expect((await journal('?service=messaging')).count).toBe(2)
  })

  it('filters by time in ISO or epoch milliseconds', async () => {
    await routerCall(server.services.router, 'GET', '/presets')
    await control(server.url, 'POST', '/clock', { advanceMs: 60_000 })
    await routerCall(server.services.router, 'GET', '/presets/a')
    await control(server.url, 'POST', '/clock', { advanceMs: 60_000 })
    await routerCall(server.services.router, 'GET', '/presets/b')
    const paths = async (query: string) =>
      (await journal(query)).entries.map((e: { path: string }) => e.path)
    expect(await paths('?since=2026-01-01T00:01:00.000Z')).toEqual(['/presets/a', '/presets/b'])
    expect(await paths(`?until=${Date.parse('2026-01-01T00:01:00Z')}`)).toEqual([
      '/presets',
      '/presets/a',
    ])
  })

  it('counts with the same filters', async () => {
    await routerCall(server.services.router, 'GET', '/presets')
    await messagingCall(acme, 'GET', '/api/v1/users', { as: null })
    await messagingCall(acme, 'GET', '/api/v1/users')
    const count = async (query: string) =>
      (await control(server.url, 'GET', `/journal/count${query}`)).body
    expect(await count('')).toEqual({ count: 3 })
    expect(await count('?service=messaging')).toEqual({ count: 2 })
    expect(await count('?service=messaging&status=401')).toEqual({ count: 1 })
    expect(await count('?operation=get-users&service=messaging')).toEqual({ count: 2 })
  })

  it('clears the journal', async () => {
    await routerCall(server.services.router, 'GET', '/presets')
    const cleared = await control(server.url, 'DELETE', '/journal')
    expect([cleared.status, cleared.body]).toEqual([200, { count: 0 }])
    expect(await journal()).toEqual({ entries: [], count: 0 })
    expect((await control(server.url, 'GET')).body.journal).toEqual({
      count: 0,
      limit: 4,
      maxBytes: 64 * 1024 * 1024,
      bytes: 0,
    })
  })

  it('keeps at most journalLimit entries, dropping the oldest first', async () => {
    for (const slug of ['a', 'b', 'c', 'd', 'e', 'f']) {
      await routerCall(server.services.router, 'GET', `/presets/${slug}`)
    }
    const answer = await journal()
    expect([answer.count, answer.entries.map((e: { path: string }) => e.path)]).toEqual([
      4,
      ['/presets/c', '/presets/d', '/presets/e', '/presets/f'],
    ])
    expect((await control(server.url, 'GET')).body.journal).toMatchObject({ count: 4, limit: 4 })
  })
})
