/**
 * No drive-by control: the control surface refuses requests from a page of another origin (403) and
 * control writes that are not JSON (415), in its own error shape, and changes nothing; the simulated
 * services keep answering such requests as the real services do. An empty control token is refused at
 * start.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startServer } from '../../src/entries/server/index.js'
import { useServer } from '../support/server.js'
import { accounts, basic, keys, problem, send } from './support.js'

const server = useServer({ seed: 'same-origin', now: '2026-01-01T00:00:00Z' })
let own: string
beforeAll(() => {
  own = server.url
})
afterEach(() => server.simulator.faults.clear())

const control = (path: string) => `${own}/__understudy${path}`
const fault = JSON.stringify({ status: 503 })
const foreign = (origin: string) =>
  problem(`The control surface answers only pages of its own origin (${own}), not ${origin}.`)

describe('a page of another origin', () => {
  it.each([
    ['another localhost port', 'http://127.0.0.1:5500'],
    ['a site', 'https://attacker.example'],
    ['an opaque origin', 'null'],
  ])('from %s cannot arm a fault, even as JSON (403)', async (_, origin) => {
    const reply = await send(control('/faults'), {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: fault,
    })
    expect([reply.status, reply.headers['content-type'], reply.body]).toEqual([
      403,
      'application/json',
      foreign(origin),
    ])
    expect(server.simulator.faults.list()).toEqual([])
  })

  it('cannot read discovery, its keys, or reset (403 on every control request)', async () => {
    const origin = 'http://localhost:5173'
    for (const [method, path] of [
      ['GET', ''],
      ['GET', '/journal'],
      ['POST', '/reset'],
      ['DELETE', '/faults'],
    ] as const) {
      const reply = await send(control(path), { method, headers: { origin } })
      expect([method, path, reply.status, reply.body]).toEqual([method, path, 403, foreign(origin)])
    }
  })

  it('is refused by Sec-Fetch-Site alone (cross-site and same-site), but a link may open a page', async () => {
    server.simulator.faults.inject({ status: 500, times: 1 })
    for (const site of ['cross-site', 'same-site']) {
      const reply = await send(control('/faults'), {
        method: 'DELETE',
        headers: { 'sec-fetch-site': site },
      })
      expect([reply.status, reply.body]).toEqual([
        403,
        problem(
          `The control surface answers only pages of its own origin (${own}), not a ${site} request.`,
        ),
      ])
      const read = await send(control('/faults'), {
        headers: { 'sec-fetch-site': site, 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' },
      })
      expect(read.status).toBe(403)
    }
    expect(server.simulator.faults.list()).toHaveLength(1)
    const navigation = await send(control('/inspector'), {
      headers: {
        'sec-fetch-site': 'cross-site',
        'sec-fetch-mode': 'navigate',
        'sec-fetch-dest': 'document',
      },
    })
    expect([navigation.status, navigation.headers['content-type']]).toEqual([
      200,
      'text/html; charset=utf-8',
    ])
    const framed = await send(control('/inspector'), {
      headers: {
        'sec-fetch-site': 'cross-site',
        'sec-fetch-mode': 'navigate',
        'sec-fetch-dest': 'iframe',
      },
    })
    expect(framed.status).toBe(403)
  })

  it('its own origin, under any allowed Host, is let in', async () => {
    const port = new URL(own).port
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`]) {
      const reply = await send(control('/faults'), {
        method: 'POST',
        headers: {
          host,
          origin: `http://${host}`,
          'sec-fetch-site': 'same-origin',
          'content-type': 'application/json',
        },
        body: fault,
      })
      expect(reply.status).toBe(201)
    }
    expect(server.simulator.faults.list()).toHaveLength(2)
  })
})

describe('control writes', () => {
  it.each([
    ['text/plain;charset=UTF-8', fault],
    ['application/x-www-form-urlencoded', 'status=503'],
    ['multipart/form-data; boundary=x', '--x\r\n\r\n--x--'],
    ['application/jsonx', fault],
  ])('refuse Content-Type %s with 415, arming nothing', async (type, body) => {
    const reply = await send(control('/faults'), {
      method: 'POST',
      headers: { 'content-type': type },
      body,
    })
    expect([reply.status, reply.headers['content-type'], reply.body]).toEqual([
      415,
      'application/json',
      problem(
        `Control requests with a body must be sent as Content-Type: application/json (got "${type}").`,
      ),
    ])
    expect(server.simulator.faults.list()).toEqual([])
  })

  it('refuse a body without Content-Type with 415', async () => {
    const reply = await send(control('/faults'), { method: 'POST', body: fault })
    expect([reply.status, reply.body]).toEqual([
      415,
      problem('Control requests with a body must be sent as Content-Type: application/json.'),
    ])
  })

  it('take application/json with parameters, and no Content-Type when there is no body', async () => {
    const armed = await send(control('/faults'), {
      method: 'POST',
      headers: { 'content-type': 'Application/JSON; charset=utf-8' },
      body: fault,
    })
    expect([armed.status, armed.body]).toEqual([
      201,
      `{"id":${server.simulator.faults.list()[0]?.id}}`,
    ])
    const reset = await send(control('/reset'), { method: 'POST' })
    expect([reset.status, reset.body]).toEqual([200, '{"scenario":"default"}'])
    expect(server.simulator.faults.list()).toEqual([])
  })

  it('do not apply to reads', async () => {
    const reply = await send(control('/clock'), { headers: { 'content-type': 'text/plain' } })
    expect(reply.status).toBe(200)
  })
})

describe('the simulated services', () => {
  it('keep answering any origin and the content types the real services take', async () => {
    const created = await send(`${server.services.messaging.acme}/api/v1/users`, {
      method: 'POST',
      headers: {
        origin: 'https://attacker.example',
        'sec-fetch-site': 'cross-site',
        authorization: basic(accounts.iago),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'email=romeo%40acme.example&password=correct-horse&full_name=Romeo',
    })
    expect([created.status, created.body]).toEqual([
      200,
      '{"result":"success","msg":"","user_id":8}\n',
    ])
    const preset = await send(`${server.services.router}/presets/p/chat/completions`, {
      method: 'POST',
      headers: {
        origin: 'http://127.0.0.1:5500',
        authorization: `Bearer ${keys.inference}`,
        'content-type': 'application/json',
      },
      body: '{"messages":[{"role":"system","content":"Hi"}]}',
    })
    expect([preset.status, JSON.parse(preset.body).data.slug]).toEqual([200, 'p'])
  })
})

describe('the control token', () => {
  it('is refused at start when empty', async () => {
    await expect(startServer({ port: 0, controlToken: '' })).rejects.toThrow(
      '[understudy] Failed to start the server: controlToken must be a non-empty string (an empty token would protect nothing); leave it out for an open control surface.',
    )
  })
})
