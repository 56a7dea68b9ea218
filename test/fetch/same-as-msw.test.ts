/**
 * `simulator.fetch` and the msw handlers are two ways into one request path: for every operation of both
 * services, successes and errors, twin simulators (same seed and clock) give the same status, headers and
 * body bytes, and journal the same entries. HEAD is left out: through msw a HEAD answer keeps its body
 * (msw does not strip it), `simulator.fetch` has none, as HTTP and the standalone server have none.
 */
import { constants } from 'node:os'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { useSimulator } from '../../src/entries/node/index.js'
import { useServer } from '../support/server.js'
import { ACME, fetchOptions, fetchSimulator, iagoAuth, ROUTER, routerAuth } from './support.js'

const json = { ...routerAuth, 'content-type': 'application/json' }
const formType = { ...iagoAuth, 'content-type': 'application/x-www-form-urlencoded' }
const multipart = () => {
  const body = new FormData()
  body.append('email', 'juliet@acme.example')
  body.append('password', 'correct-horse')
  body.append('full_name', 'Juliet')
  return body
}

/** [method, URL, headers, body] of every in-process operation, in an order that builds state. */
const calls: Array<
  [string, string, Record<string, string>, BodyInit | (() => BodyInit) | undefined]
> = [
  [
    'POST',
    `${ROUTER}/presets/twin/chat/completions`,
    json,
    '{"messages":[{"role":"system","content":"A"}],"model":"m/1","temperature":0.5}',
  ],
  [
    'POST',
    `${ROUTER}/presets/twin/messages`,
    json,
    '{"model":"m/2","max_tokens":10,"system":"S","messages":[{"role":"user","content":"x"}]}',
  ],
  ['POST', `${ROUTER}/presets/twin/responses`, json, '{"model":"m/3","instructions":"I"}'],
  ['POST', `${ROUTER}/presets/twin/chat/completions`, json, '{"messages":[],"temperature":9}'],
  ['POST', `${ROUTER}/presets/twin/chat/completions`, json, '{not json'],
  ['POST', `${ROUTER}/presets/twin/chat/completions`, {}, '{}'],
  ['GET', `${ROUTER}/presets`, routerAuth, undefined],
  ['GET', `${ROUTER}/presets?limit=0`, routerAuth, undefined],
  ['GET', `${ROUTER}/presets/twin`, routerAuth, undefined],
  ['GET', `${ROUTER}/presets/nope`, routerAuth, undefined],
  ['GET', `${ROUTER}/presets/twin/versions`, routerAuth, undefined],
  ['GET', `${ROUTER}/presets/twin/versions/2`, routerAuth, undefined],
  ['GET', `${ROUTER}/presets/twin/versions/9`, routerAuth, undefined],
  ['DELETE', `${ROUTER}/presets/twin`, routerAuth, undefined],
  [
    'POST',
    `${ACME}/users`,
    formType,
    'email=romeo%40acme.example&password=correct-horse&full_name=Romeo',
  ],
  ['POST', `${ACME}/users`, formType, 'email=romeo%40acme.example&full_name=Romeo'],
  ['POST', `${ACME}/users`, iagoAuth, multipart],
  ['POST', `${ACME}/users`, {}, ''],
  [
    'POST',
    `${ACME}/realm/test_welcome_bot_custom_message`,
    formType,
    'welcome_message_custom_text=Hi',
  ],
  [
    'POST',
    `${ACME}/realm/test_welcome_bot_custom_message`,
    formType,
    'welcome_message_custom_text=',
  ],
  ['OPTIONS', `${ACME}/users`, {}, undefined],
  ['GET', `${ACME}/users`, iagoAuth, undefined],
  ['GET', `${ACME}/users/2`, iagoAuth, undefined],
  ['GET', `${ACME}/messages/1`, iagoAuth, undefined],
  ['GET', `${ACME}/server_settings`, {}, undefined],
  ['GET', `${ACME}/nope`, iagoAuth, undefined],
  ['PATCH', `${ACME}/users`, iagoAuth, undefined],
]

/** The answers to every call made with `send`, as comparable text. */
async function replay(send: (url: string, init: RequestInit) => Promise<Response>) {
  const out: string[] = []
  for (const [method, url, headers, body] of calls) {
    const response = await send(url, {
      method,
      headers,
      body: typeof body === 'function' ? body() : body,
    })
    out.push(
      `${method} ${url}\n${response.status}\n${JSON.stringify([...response.headers])}\n${await response.text()}`,
    )
  }
  return out
}

describe('simulator.fetch and the msw handlers', () => {
  const viaMsw = useSimulator({ beforeAll, afterEach, afterAll }, fetchOptions)
  const viaFetch = fetchSimulator()

  it('answer every operation with the same status, headers and body, and journal the same', async () => {
    const fromMsw = await replay((url, init) => fetch(url, init))
    const fromFetch = await replay((url, init) => viaFetch.fetch(url, init))
    expect(fromFetch).toEqual(fromMsw)
    // Successes and errors of both services, not a wall of one status.
    expect(new Set(fromFetch.map((entry) => entry.split('\n')[1]))).toEqual(
      new Set(['200', '400', '401', '404', '204', '405']),
    )
    const strip = ({ durationMs: _d, ...entry }: { durationMs: number }) => entry
    // Multipart boundaries differ between two FormData bodies: compare the parsed bodies, not bytes.
    expect(viaFetch.journal.entries().map(strip)).toEqual(viaMsw.journal.entries().map(strip))
  })
})

/** The rejection's class, message and the cause's fields a client reads. */
async function rejection(request: Promise<Response>) {
  const error = await request.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(TypeError)
  const { message, cause } = error as TypeError & { cause: Record<string, unknown> }
  return {
    message,
    cause: Object.fromEntries(['message', 'code', 'errno', 'syscall'].map((k) => [k, cause[k]])),
  }
}
/** What undici gives as the cause of a connection the server reset (libuv's errno: -104 on Linux). */
const undiciReset = {
  message: 'read ECONNRESET',
  code: 'ECONNRESET',
  errno: -constants.errno.ECONNRESET,
  syscall: 'read',
}

describe('an injected connection reset', () => {
  const viaMsw = useSimulator({ beforeAll, afterEach, afterAll }, fetchOptions)
  const viaFetch = fetchSimulator()

  it('rejects with the same TypeError and the cause undici gives, through msw and simulator.fetch', async () => {
    viaMsw.faults.inject({ service: 'router', network: 'reset', times: 1 })
    viaFetch.faults.inject({ service: 'router', network: 'reset', times: 1 })
    const throughMsw = await rejection(fetch(`${ROUTER}/presets`, { headers: routerAuth }))
    const throughFetch = await rejection(
      viaFetch.fetch(`${ROUTER}/presets`, { headers: routerAuth }),
    )
    expect(throughFetch).toEqual({ message: 'fetch failed', cause: undiciReset })
    expect(throughMsw).toEqual(throughFetch)
  })
})

describe('an injected connection reset on the standalone server', () => {
  const server = useServer({ ...fetchOptions })

  it('resets the connection: Node’s fetch reports ECONNRESET, the cause in process is the same', async () => {
    await fetch(`${server.url}/__understudy/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ service: 'router', network: 'reset', times: 1 }),
    })
    const error = await rejection(
      fetch(`${server.services.router}/presets`, { headers: routerAuth }),
    )
    // Node's own wording of the TypeError (`fetch failed`); the cause is what the simulator gives in process.
    expect(error).toEqual({ message: 'fetch failed', cause: undiciReset })
  })
})
