/**
 * A crash in the server's request path is not disguised: it is answered 500 in the shape of the service
 * the path names (the control surface's shape under `/__understudy`), and logged as one line on stderr.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useServer } from '../support/server.js'
import { accounts, basic, keys, type Reply, send } from './support.js'

const server = useServer()
afterEach(() => vi.restoreAllMocks())

/** Breaks one method of the simulator for the duration of a test. */
function breakMethod(name: 'dispatch' | 'describe') {
  vi.spyOn(server.simulator, name).mockImplementation(() => {
    throw new TypeError(`${name} is broken`)
  })
  return vi.spyOn(console, 'error').mockImplementation(() => {})
}

/** Expects a JSON 500 with exactly `body`, and exactly one logged line. */
function expectLogged500(
  reply: Reply,
  log: ReturnType<typeof vi.spyOn>,
  body: string,
  line: string,
) {
  expect([reply.status, reply.headers['content-type'], reply.body]).toEqual([
    500,
    'application/json',
    body,
  ])
  expect(log.mock.calls).toEqual([[line]])
}

describe('a crash in the request path', () => {
  it("is the router's 500, logged (without the query)", async () => {
    const log = breakMethod('dispatch')
    const reply = await send(`${server.services.router}/presets?x=secret`, {
      headers: { authorization: `Bearer ${keys.inference}` },
    })
    expectLogged500(
      reply,
      log,
      '{"error":{"message":"Internal Server Error","code":500}}',
      '[understudy] internal error in GET /router/api/v1/presets: TypeError: dispatch is broken',
    )
  })

  it("is the messaging service's 500, logged", async () => {
    const log = breakMethod('dispatch')
    const reply = await send(`${server.services.messaging.acme}/api/v1/users`, {
      method: 'POST',
      headers: {
        authorization: basic(accounts.iago),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'email=a%40acme.example',
    })
    expectLogged500(
      reply,
      log,
      '{"result":"error","msg":"Internal server error"}\n',
      '[understudy] internal error in POST /messaging/acme/api/v1/users: TypeError: dispatch is broken',
    )
  })

  it("is the control surface's 500 under /__understudy, logged", async () => {
    const log = breakMethod('describe')
    const reply = await send(`${server.url}/__understudy`)
    expect([reply.status, reply.headers['content-type']]).toEqual([500, 'application/json'])
    expect(Object.keys(JSON.parse(reply.body))).toEqual(['error'])
    expect(typeof JSON.parse(reply.body).error.message).toBe('string')
    expect(log).toHaveBeenCalled()
    expect(log.mock.calls.flat().join('\n')).toContain('describe is broken')
  })

  it("is the server's own 500 elsewhere, logged", async () => {
    vi.spyOn(server.simulator.messaging, 'organizations').mockImplementation(() => {
      throw new RangeError('organizations are broken')
    })
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    expectLogged500(
      await send(`${server.url}/nope`),
      log,
      '{"error":{"message":"Internal server error (see the server console)."}}',
      '[understudy] internal error in GET /nope: RangeError: organizations are broken',
    )
  })

  it('leaves the server serving', async () => {
    const reply = await send(`${server.services.router}/presets`, {
      headers: { authorization: `Bearer ${keys.inference}` },
    })
    expect(reply.status).toBe(200)
  })
})
