/**
 * CORS for the simulated services (`startServer({ cors })`), off by default: preflights answered with the
 * methods the path accepts and the requested headers, credentials allowed, the origin echoed; actual
 * answers carry the CORS headers and expose the retry and rate-limit headers. The control surface never
 * answers CORS. (A page in Chromium: `test/browser/drive-by.test.ts`.)
 */
import { describe, expect, it } from 'vitest'
import { startServer } from '../../src/entries/server/index.js'
import { useServer } from '../support/server.js'
import { accounts, basic, keys, send } from './support.js'

const PAGE = 'http://localhost:5500'
const EXPOSED =
  'allow, location, retry-after, retry-after-ms, www-authenticate, x-ratelimit-limit, x-ratelimit-remaining, x-ratelimit-reset'

const preflight = (url: string, method: string, headers: Record<string, string> = {}) =>
  send(url, {
    method: 'OPTIONS',
    headers: { origin: PAGE, 'access-control-request-method': method, ...headers },
  })

describe('with cors: true', () => {
  const server = useServer({ cors: true, seed: 'cors', now: '2026-01-01T00:00:00Z' })

  it('answers a router preflight with the methods of the path and the requested headers', async () => {
    const reply = await preflight(`${server.services.router}/presets/p`, 'GET', {
      'access-control-request-headers': 'Authorization, X-Title',
    })
    expect(reply.status).toBe(204)
    expect(reply.body).toBe('')
    expect({
      ...reply.headers,
      date: undefined,
      connection: undefined,
      'keep-alive': undefined,
    }).toEqual({
      'access-control-allow-origin': PAGE,
      'access-control-allow-credentials': 'true',
      'access-control-allow-methods': 'GET',
      'access-control-allow-headers': 'Authorization, X-Title, content-type',
      'access-control-max-age': '600',
      vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers, Access-Control-Request-Private-Network',
      'content-length': '0',
      date: undefined,
      connection: undefined,
      'keep-alive': undefined,
    })
  })

  it('answers a messaging preflight with the methods of the path, and the page reads the answer', async () => {
    const users = `${server.services.messaging.acme}/api/v1/users`
    const reply = await preflight(users, 'POST')
    expect([
      reply.status,
      reply.headers['access-control-allow-methods'],
      reply.headers['access-control-allow-headers'],
    ]).toEqual([204, 'GET, HEAD, POST', 'authorization, content-type'])
    const created = await send(users, {
      method: 'POST',
      headers: {
        origin: PAGE,
        authorization: basic(accounts.iago),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'email=romeo%40acme.example&password=correct-horse&full_name=Romeo',
    })
    expect([
      created.status,
      created.headers['access-control-allow-origin'],
      created.headers['access-control-allow-credentials'],
      created.headers['access-control-expose-headers'],
      created.headers.vary,
      created.body,
    ]).toEqual([
      200,
      PAGE,
      'true',
      EXPOSED,
      'Origin',
      '{"result":"success","msg":"","user_id":8}\n',
    ])
  })

  it('lets a page read retry-after-ms from an injected 503', async () => {
    server.simulator.faults.inject({ service: 'router', status: 503, times: 1 })
    const reply = await send(`${server.services.router}/presets`, {
      headers: { origin: PAGE, authorization: `Bearer ${keys.inference}` },
    })
    expect([
      reply.status,
      /^[0-9]+$/.test(String(reply.headers['retry-after-ms'])),
      reply.headers['access-control-allow-origin'],
      reply.headers['access-control-expose-headers'],
    ]).toEqual([503, true, PAGE, EXPOSED])
  })

  it('lets the requested method through for a path the service does not know (its 404 reaches the page)', async () => {
    const before = server.simulator.journal.count()
    const reply = await preflight(`${server.services.router}/nope`, 'PATCH')
    expect([reply.status, reply.headers['access-control-allow-methods']]).toEqual([204, 'PATCH'])
    // The server answers preflights; the service never sees them, the journal does not record them.
    expect(server.simulator.journal.count()).toBe(before)
  })

  it('leaves an OPTIONS without Access-Control-Request-Method to the service', async () => {
    const reply = await send(`${server.services.messaging.acme}/api/v1/users`, {
      method: 'OPTIONS',
      headers: { origin: PAGE },
    })
    expect([
      reply.status,
      reply.headers.allow,
      reply.headers['access-control-allow-origin'],
    ]).toEqual([204, 'GET, HEAD, POST', PAGE])
  })

  it('keeps the control surface same-origin: no CORS there, a foreign origin still 403', async () => {
    const reply = await preflight(`${server.url}/__understudy/faults`, 'POST')
    expect(reply.status).toBe(403)
    expect(reply.headers['access-control-allow-origin']).toBeUndefined()
    const read = await send(`${server.url}/__understudy/clock`, { headers: { origin: PAGE } })
    expect([read.status, read.headers['access-control-allow-origin']]).toEqual([403, undefined])
  })
})

describe('with cors: true, pages on loopback origins only', () => {
  const server = useServer({ cors: true })
  const ask = (origin: string, headers: Record<string, string> = {}) =>
    send(`${server.services.router}/presets`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'GET', ...headers },
    })

  it.each([
    'http://localhost:5500',
    'https://localhost',
    'http://app.localhost:3000',
    'http://127.0.0.2:8080',
    'http://[::1]:5173',
  ])('lets %s in', async (origin) => {
    const reply = await ask(origin)
    expect([reply.status, reply.headers['access-control-allow-origin']]).toEqual([204, origin])
  })

  it.each([
    'https://evil.example',
    'http://localhost.evil.example',
    'http://127.0.0.1.nip.io:8080',
    'http://192.168.1.20:5173',
    'null',
    'chrome-extension://abcdef',
  ])(
    'keeps %s out: the service’s own answer, no CORS headers, no private network opt-in',
    async (origin) => {
      const reply = await ask(origin, { 'access-control-request-private-network': 'true' })
      expect([
        reply.status,
        reply.headers['access-control-allow-origin'],
        reply.headers['access-control-allow-private-network'],
      ]).toEqual([405, undefined, undefined])
      const read = await send(`${server.services.router}/presets`, {
        headers: { origin, authorization: `Bearer ${keys.inference}` },
      })
      expect([read.status, read.headers['access-control-allow-origin'], read.headers.vary]).toEqual(
        [200, undefined, 'Origin'],
      )
    },
  )
})

describe('the private network opt-in', () => {
  const server = useServer({ cors: { origins: ['https://app.example.com'], loopback: true } })

  it('is answered to a named origin that asks for it, and not to others', async () => {
    const ask = (origin: string) =>
      send(`${server.services.router}/presets`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'GET',
          'access-control-request-private-network': 'true',
        },
      })
    const named = await ask('https://app.example.com')
    expect([
      named.status,
      named.headers['access-control-allow-origin'],
      named.headers['access-control-allow-private-network'],
    ]).toEqual([204, 'https://app.example.com', 'true'])
    const loopback = await ask('http://localhost:5173')
    expect(loopback.headers['access-control-allow-origin']).toBe('http://localhost:5173')
    const other = await ask('https://other.example.com')
    expect([other.status, other.headers['access-control-allow-private-network']]).toEqual([
      405,
      undefined,
    ])
  })
})

describe('with cors: { origins }', () => {
  const server = useServer({ cors: { origins: ['http://localhost:5500'] } })

  it('answers only the listed origins', async () => {
    const listed = await preflight(`${server.services.router}/presets`, 'GET')
    expect([listed.status, listed.headers['access-control-allow-origin']]).toEqual([204, PAGE])
    const other = await send(`${server.services.router}/presets`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'GET' },
    })
    // Not a preflight this server answers: the router's own 405, without CORS headers.
    expect([other.status, other.headers['access-control-allow-origin']]).toEqual([405, undefined])
  })

  it('refuses a bad origin list at start', async () => {
    for (const bad of [
      { origins: ['localhost:5500'] },
      { origins: ['http://a.test/path'] },
      { origins: [], loopback: 'yes' },
      'yes',
    ]) {
      await expect(startServer({ port: 0, cors: bad as unknown as true })).rejects.toThrow(
        '[understudy] Failed to start the server: cors',
      )
    }
  })
})

describe('by default', () => {
  it('answers no CORS: a preflight reaches the service, answers carry no CORS headers', async () => {
    const server = await startServer({ port: 0 })
    try {
      const reply = await preflight(`${server.services.router}/presets`, 'GET')
      expect([reply.status, reply.headers['access-control-allow-origin']]).toEqual([405, undefined])
      const read = await send(`${server.services.router}/presets`, {
        headers: { origin: PAGE, authorization: `Bearer ${keys.inference}` },
      })
      expect([read.status, read.headers['access-control-allow-origin'], read.headers.vary]).toEqual(
        [200, undefined, undefined],
      )
    } finally {
      await server.close()
    }
  })
})
