/**
 * Faults that serve every client (issue 23 §2): matched on the tenant (one messaging organization, one
 * router workspace) and on request headers besides service, operation, method and path; answering a body
 * and headers of the user's choosing, or the service's own body with a `message` of the user's. In process
 * and over HTTP, every input checked.
 */
import { describe, expect, it } from 'vitest'
import { createSimulator } from '../../src/entries/index.js'
import { useServer } from '../support/server.js'
import { accounts, basic, control, keys, NOW, ROUTER, workspaces } from './support.js'

const iago = { authorization: basic(accounts.iago) }
const inference = { authorization: `Bearer ${keys.inference}` }
const wire = async (response: Response) => [
  response.status,
  Object.fromEntries(response.headers),
  await response.text(),
]
const simulate = () =>
  createSimulator({
    seed: 'fault-targets',
    now: NOW,
    scenario: {
      name: 'two-organizations',
      messaging: {
        organizations: ['acme', 'globex'].map((subdomain) => ({
          subdomain,
          name: subdomain,
          users: [
            {
              email: accounts.iago.email.replace('acme', subdomain),
              fullName: 'Iago',
              role: 'administrator' as const,
              apiKey: subdomain === 'acme' ? accounts.iago.key : accounts.othello.key,
            },
          ],
        })),
      },
    },
  })

describe('matching a tenant and headers', () => {
  it('answers one organization only', async () => {
    const simulator = simulate()
    simulator.faults.inject({ service: 'messaging', tenant: 'globex', status: 503 })
    const globexIago = {
      authorization: basic({ email: 'iago@globex.example', key: accounts.othello.key }),
    }
    const acme = await simulator.fetch('https://acme.zulipchat.com/api/v1/users/me', {
      headers: iago,
    })
    const globex = await simulator.fetch('https://globex.zulipchat.com/api/v1/users/me', {
      headers: globexIago,
    })
    expect([acme.status, globex.status]).toEqual([200, 503])
    expect(
      simulator.journal
        .entries()
        .map((entry) => [entry.tenant, entry.status, entry.fault?.kind ?? null]),
    ).toEqual([
      ['acme', 200, null],
      ['globex', 503, 'status'],
    ])
  })

  it('answers one router workspace only: the one of the request’s key', async () => {
    const simulator = createSimulator({ seed: 'fault-targets', now: NOW })
    simulator.faults.inject({ service: 'router', tenant: workspaces.default, status: 429 })
    const mine = await simulator.fetch(`${ROUTER}/presets`, { headers: inference })
    const other = await simulator.fetch(`${ROUTER}/presets`, {
      headers: { authorization: `Bearer ${keys.teamB}` },
    })
    const none = await simulator.fetch(`${ROUTER}/presets`)
    expect([mine.status, other.status, none.status]).toEqual([429, 200, 401])
  })

  it('answers only requests carrying every header given, with that value (names in any case)', async () => {
    const simulator = createSimulator({ seed: 'fault-targets', now: NOW })
    simulator.faults.inject({ headers: { 'X-Test-Case': 'retry' }, status: 502 })
    const variants: Array<Record<string, string>> = [
      { 'x-test-case': 'retry' },
      { 'X-TEST-CASE': 'retry' },
      { 'x-test-case': 'other' },
      {},
    ]
    const statuses: number[] = []
    for (const headers of variants) {
      const answer = await simulator.fetch(`${ROUTER}/presets`, {
        headers: { ...inference, ...headers },
      })
      statuses.push(answer.status)
    }
    expect(statuses).toEqual([502, 502, 200, 200])
    expect(simulator.faults.list()[0]).toMatchObject({
      headers: { 'x-test-case': 'retry' },
      hits: 2,
    })
  })
})

describe('an answer of the user’s choosing', () => {
  it('keeps the service’s body with the message given (the router’s and Zulip’s shapes)', async () => {
    const simulator = createSimulator({ seed: 'fault-targets', now: NOW })
    simulator.faults.inject({ service: 'router', status: 400, message: 'Model is required' })
    simulator.faults.inject({ service: 'messaging', status: 400, message: 'Invalid email' })
    expect(await wire(await simulator.fetch(`${ROUTER}/presets`, { headers: inference }))).toEqual([
      400,
      { 'content-type': 'application/json' },
      '{"error":{"message":"Model is required","code":400}}',
    ])
    expect(
      await wire(
        await simulator.fetch('https://acme.zulipchat.com/api/v1/users', { headers: iago }),
      ),
    ).toEqual([
      400,
      { 'content-type': 'application/json' },
      '{"result":"error","msg":"Invalid email","code":"BAD_REQUEST"}\n',
    ])
  })

  it('sends a JSON body of its own, in the service’s framing, with its own headers over the service’s', async () => {
    const simulator = createSimulator({ seed: 'fault-targets', now: NOW })
    simulator.faults.inject({
      service: 'router',
      status: 429,
      body: { error: { code: 429, message: 'Slow down', metadata: { provider_name: 'X' } } },
      responseHeaders: { 'Retry-After': '7', 'x-ratelimit-remaining': '0' },
      times: 1,
    })
    simulator.faults.inject({
      service: 'messaging',
      status: 503,
      body: { result: 'error', msg: 'Down' },
    })
    expect(await wire(await simulator.fetch(`${ROUTER}/presets`, { headers: inference }))).toEqual([
      429,
      { 'content-type': 'application/json', 'retry-after': '7', 'x-ratelimit-remaining': '0' },
      '{"error":{"code":429,"message":"Slow down","metadata":{"provider_name":"X"}}}',
    ])
    expect(
      await wire(
        await simulator.fetch('https://acme.zulipchat.com/api/v1/users', { headers: iago }),
      ),
    ).toEqual([
      503,
      { 'content-type': 'application/json', 'retry-after': '1' },
      '{"result":"error","msg":"Down"}\n',
    ])
    expect(simulator.journal.entries().map((entry) => entry.response)).toEqual([
      { error: { code: 429, message: 'Slow down', metadata: { provider_name: 'X' } } },
      { result: 'error', msg: 'Down' },
    ])
  })

  it('sends a string body as it is (a proxy’s HTML page), with the content type given', async () => {
    const simulator = createSimulator({ seed: 'fault-targets', now: NOW })
    simulator.faults.inject({
      status: 502,
      body: '<html><body>Bad gateway</body></html>',
      responseHeaders: { 'content-type': 'text/html' },
    })
    expect(await wire(await simulator.fetch(`${ROUTER}/presets`, { headers: inference }))).toEqual([
      502,
      { 'content-type': 'text/html', 'retry-after-ms': '10' },
      '<html><body>Bad gateway</body></html>',
    ])
  })
})

describe('over HTTP', () => {
  const server = useServer({ seed: 'fault-targets', now: NOW })

  it('takes the same fields, lists them back and answers with them', async () => {
    const armed = await control(server.url, 'POST', '/faults', {
      service: 'messaging',
      tenant: 'acme',
      headers: { 'X-Run': 'a' },
      status: 500,
      body: 'oops',
      responseHeaders: { 'content-type': 'text/plain' },
    })
    expect(armed.status).toBe(201)
    expect((await control(server.url, 'GET', '/faults')).body).toEqual([
      {
        id: armed.body.id,
        service: 'messaging',
        tenant: 'acme',
        headers: { 'x-run': 'a' },
        status: 500,
        body: 'oops',
        responseHeaders: { 'content-type': 'text/plain' },
        remaining: null,
        hits: 0,
      },
    ])
    const answer = await fetch(`${server.services.messaging.acme}/api/v1/users`, {
      headers: { ...iago, 'x-run': 'a' },
    })
    expect(await wire(answer)).toEqual([
      500,
      expect.objectContaining({ 'content-type': 'text/plain' }),
      'oops',
    ])
    await control(server.url, 'DELETE', '/faults')
  })

  it.each<[string, Record<string, unknown>, string]>([
    [
      'a credential header',
      { status: 500, headers: { Authorization: 'Bearer x' } },
      'headers: Authorization cannot be given: it carries credentials, which discovery and the inspector would list; match the tenant instead',
    ],
    [
      'a header value that is not text',
      { status: 500, headers: { 'x-a': 1 } },
      'headers: x-a must be text',
    ],
    [
      'a header name that is not one',
      { status: 500, headers: { 'x a': '1' } },
      'headers: "x a" is not a header name',
    ],
    [
      'a header given twice',
      { status: 500, headers: { 'x-a': '1', 'X-A': '2' } },
      'headers: X-A is given twice (names are case-insensitive)',
    ],
    [
      'too many headers',
      {
        status: 500,
        headers: Object.fromEntries(Array.from({ length: 33 }, (_, i) => [`x-${i}`, 'v'])),
      },
      'headers: must have at most 32 headers',
    ],
    [
      'a response header value with a line break',
      { status: 500, responseHeaders: { 'x-a': 'a\r\nb' } },
      'responseHeaders: x-a must be visible Latin-1 text without control characters or surrounding spaces',
    ],
    [
      'a framing response header',
      { status: 500, responseHeaders: { 'Content-Length': '3' } },
      'responseHeaders: Content-Length cannot be given: the server sets it from the body it sends',
    ],
    [
      'a body over 1 MiB',
      { status: 500, body: 'x'.repeat(1024 * 1024 + 1) },
      `body: must be a string or a JSON value of at most 1048576 bytes (got "${'x'.repeat(56)}...)`,
    ],
    [
      'a body without a status',
      { network: 'reset', body: 'x' },
      'body: needs a status to answer with',
    ],
    [
      'a body and a message',
      { status: 500, body: 'x', message: 'y' },
      'message: give either a body of your own or a message in the service’s body, not both',
    ],
    [
      'a tenant that is not text',
      { status: 500, tenant: 3 },
      'tenant: must be a string of at most 256 characters (got 3)',
    ],
  ])('refuses a fault with %s', async (_, body, why) => {
    const answer = await control(server.url, 'POST', '/faults', body)
    expect([answer.status, answer.body]).toEqual([
      400,
      { error: { message: `[understudy] Failed to inject a fault: ${why}.` } },
    ])
  })
})

it('is refused the same in process', () => {
  const simulator = createSimulator()
  expect(() => simulator.faults.inject({ status: 500, headers: { cookie: 'a=b' } })).toThrow(
    /^\[understudy\] Failed to inject a fault: headers: cookie cannot be given/,
  )
})
