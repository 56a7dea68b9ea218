/**
 * The standalone server under hostile HTTP (no msw in this file).
 *
 * - The body size limit: a declared `Content-Length` over the limit and a chunked body that grows past it
 *   are answered 413 in the service's shape without the server reading on, the connection is closed, and
 *   other connections keep being served. In process (`dispatch`, the path msw takes too): the same 413s,
 *   the default 10 MiB, nothing stored.
 * - The 413 reaches the client: the server reads and discards the rest of the body (a lingering close,
 *   bounded) before closing, so that Node's `fetch` reads the answer instead of failing with `EPIPE`.
 * - Requests refused by node's HTTP parser.
 */
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, startServer } from '../../src/entries/server/index.js'
import { entityTooLarge } from '../../src/services/messaging/errors.js'
import { createSimulator, DEFAULT_MAX_BODY_BYTES } from '../../src/simulator/simulator.js'
import { ACME, accounts, basic, keys, NOW, ROUTER, send, stateOf } from './support.js'

const LIMIT = 4096
const ROUTER_413 = '{"error":{"message":"Payload too large","code":413}}'

let server: RunningServer
let port: number
beforeAll(async () => {
  server = await startServer({ port: 0, maxBodyBytes: LIMIT, seed: 'robust-limit', now: NOW })
  port = Number(new URL(server.url).port)
})
afterAll(() => server.close())

interface Exchange {
  status: number
  headers: Record<string, string>
  body: string
  /** Milliseconds from the response's first byte until the server closed the connection. */
  closedAfterMs: number
  bytesSent: number
}

/**
 * Sends a request head on a raw socket, then (optionally) keeps streaming body bytes until the server
 * answers and closes. Resolves with the answer and when the connection closed.
 */
function exchange(head: string, stream?: { chunk: string; chunked: boolean }): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    let received = ''
    let answeredAt = 0
    let bytesSent = 0
    let timer: NodeJS.Timeout | undefined
    const giveUp = setTimeout(() => {
      socket.destroy()
      reject(
        new Error(`no answer and close within 5 s; got ${JSON.stringify(received.slice(0, 200))}`),
      )
    }, 5_000)
    socket.on('data', (data) => {
      if (answeredAt === 0) answeredAt = performance.now()
      received += data.toString('latin1')
    })
    socket.on('error', () => {}) // a reset after the answer is fine: the server stopped reading
    socket.on('close', () => {
      clearTimeout(giveUp)
      clearInterval(timer)
      const [top = '', body = ''] = received.split('\r\n\r\n')
      const [statusLine = '', ...lines] = top.split('\r\n')
      resolve({
        status: Number(statusLine.split(' ')[1]),
        headers: Object.fromEntries(
          lines.map((line) => [
            line.slice(0, line.indexOf(':')).toLowerCase(),
            line.slice(line.indexOf(':') + 1).trim(),
          ]),
        ),
        body,
        closedAfterMs: performance.now() - answeredAt,
        bytesSent,
      })
    })
    socket.write(head)
    if (stream) {
      const piece = stream.chunked
        ? `${Buffer.byteLength(stream.chunk).toString(16)}\r\n${stream.chunk}\r\n`
        : stream.chunk
      timer = setInterval(() => {
        if (socket.destroyed || socket.writableEnded || answeredAt !== 0) return
        bytesSent += Buffer.byteLength(stream.chunk)
        socket.write(piece)
      }, 2)
    }
  })
}

const routerHead = (extra: string) =>
  `POST /router/api/v1/presets/big/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${keys.inference}\r\nContent-Type: application/json\r\n${extra}\r\n`
const messagingHead = (extra: string) =>
  `POST /messaging/acme/api/v1/users HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${basic(accounts.iago)}\r\nContent-Type: application/x-www-form-urlencoded\r\n${extra}\r\n`

describe('the body limit over HTTP', () => {
  it('answers a declared Content-Length over the limit at once, without waiting for the body (router)', async () => {
    const before = stateOf(server.simulator)
    const answer = await exchange(`${routerHead('Content-Length: 10737418240\r\n')}{"messages":`)
    expect([answer.status, answer.headers['content-type'], answer.body]).toEqual([
      413,
      'application/json',
      ROUTER_413,
    ])
    expect(answer.headers.connection).toBe('close')
    expect(answer.closedAfterMs).toBeLessThan(1_000)
    expect(stateOf(server.simulator)).toBe(before)
    const entry = server.simulator.journal.last()
    expect([entry?.status, entry?.body, entry?.operation]).toEqual([
      413,
      null,
      'createPresetsChatCompletions',
    ])
  })

  it("answers a declared Content-Length over the limit with nginx's HTML page (messaging)", async () => {
    const answer = await exchange(`${messagingHead(`Content-Length: ${LIMIT + 1}\r\n`)}email=`)
    expect([answer.status, answer.headers['content-type'], answer.body]).toEqual([
      413,
      'text/html; charset=utf-8',
      entityTooLarge().body,
    ])
  })

  it.each([
    ['router', routerHead('Transfer-Encoding: chunked\r\n'), ROUTER_413],
    ['messaging', messagingHead('Transfer-Encoding: chunked\r\n'), entityTooLarge().body],
  ])(
    'stops reading a chunked %s body that grows past the limit, answers 413 and closes',
    async (_, head, body) => {
      const answer = await exchange(head, { chunk: 'x'.repeat(1024), chunked: true })
      expect([answer.status, answer.body]).toEqual([413, body])
      expect(answer.closedAfterMs).toBeLessThan(1_000)
      // The client streamed until the answer came: the server answered soon after the limit.
      expect(answer.bytesSent).toBeLessThan(LIMIT + 512 * 1024)
    },
  )

  it('keeps serving other connections while an oversized upload streams and a small one stalls', async () => {
    const growing = exchange(routerHead('Transfer-Encoding: chunked\r\n'), {
      chunk: 'x'.repeat(64),
      chunked: true,
    })
    const stalled = connect(port, '127.0.0.1')
    stalled.on('error', () => {})
    stalled.write(`${routerHead('Content-Length: 100\r\n')}{"messages":`)
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2 === 0
          ? fetch(`${server.url}/router/api/v1/presets`, {
              headers: { authorization: `Bearer ${keys.inference}` },
            })
          : fetch(`${server.url}/messaging/acme/api/v1/users/me`, {
              headers: { authorization: basic(accounts.iago) },
            }),
      ),
    )
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(200))
    expect((await growing).status).toBe(413)
    stalled.destroy()
    const after = await fetch(`${server.url}/messaging/acme/api/v1/users`, {
      method: 'POST',
      headers: {
        authorization: basic(accounts.iago),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'email=after@acme.example&password=correct-horse&full_name=After',
    })
    expect(after.status).toBe(200)
  })

  it('accepts a body of exactly the limit and refuses one byte more', async () => {
    const json = '{"messages":[{"role":"user","content":"x"}]}'
    const exact = json + ' '.repeat(LIMIT - json.length)
    const call = (body: string) =>
      fetch(`${server.url}/router/api/v1/presets/edge/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${keys.inference}`, 'content-type': 'application/json' },
        body,
      })
    expect((await call(exact)).status).toBe(200)
    const over = await call(`${exact} `)
    expect([over.status, await over.text()]).toEqual([413, ROUTER_413])
  })
})

describe('the 413 reaches the client (lingering close)', () => {
  // The default limit (10 MiB) and a ~30 MB JSON body: the server answers long before the client has
  // sent it all. Without the lingering close the kernel resets the connection under the client's
  // unread answer, and fetch fails with EPIPE or "fetch failed" in most tries.
  let big: RunningServer
  beforeAll(async () => {
    big = await startServer({ port: 0 })
  })
  afterAll(() => big.close())

  const json = Buffer.from(
    JSON.stringify({ messages: [{ role: 'user', content: 'x'.repeat(30_000_000) }] }),
  )
  const post = (body: Buffer | ReadableStream<Uint8Array>) =>
    fetch(`${big.services.router}/presets/big/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${keys.inference}`, 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit)
  /** The same JSON as a chunked upload, 1 MB per chunk. */
  const chunked = () => {
    let at = 0
    return new ReadableStream<Uint8Array>({
      pull(controller) {
        if (at >= json.length) return controller.close()
        controller.enqueue(json.subarray(at, at + 1_000_000))
        at += 1_000_000
      },
    })
  }

  it.each([
    ['with Content-Length', () => json],
    ['chunked', chunked],
  ])(
    '%s: 20 tries in a row each read the 413 and its exact body',
    async (_, body) => {
      const seen: string[] = []
      for (let i = 0; i < 20; i++) {
        try {
          const response = await post(body())
          seen.push(`${response.status} ${await response.text()}`)
        } catch (error) {
          seen.push(
            `failed: ${(error as Error & { cause?: { code?: string } }).cause?.code ?? error}`,
          )
        }
      }
      expect(seen).toEqual(Array(20).fill(`413 ${ROUTER_413}`))
      expect(
        (
          await fetch(`${big.services.router}/presets`, {
            headers: { authorization: `Bearer ${keys.inference}` },
          })
        ).status,
      ).toBe(200)
    },
    60_000,
  )
})

describe('the body limit in process', () => {
  it('is 10 MiB by default: 10 MiB is read, one byte more is 413 in each service shape, storing nothing', async () => {
    const simulator = createSimulator({ seed: 'robust-limit', now: NOW })
    expect(simulator.maxBodyBytes).toBe(DEFAULT_MAX_BODY_BYTES)
    expect(DEFAULT_MAX_BODY_BYTES).toBe(10 * 1024 * 1024)
    const json = '{"messages":[{"role":"user","content":"x"}]}'
    const exact = json + ' '.repeat(DEFAULT_MAX_BODY_BYTES - json.length)
    const routerCall = (body: string) =>
      send(simulator, {
        method: 'POST',
        url: `${ROUTER}/presets/edge/chat/completions`,
        headers: { authorization: `Bearer ${keys.inference}`, 'content-type': 'application/json' },
        body,
      })
    expect((await routerCall(exact)).status).toBe(200)
    const before = stateOf(simulator)
    expect(await routerCall(`${exact} `)).toEqual({
      status: 413,
      headers: { 'content-type': 'application/json' },
      body: ROUTER_413,
    })
    const messaging = await send(simulator, {
      method: 'POST',
      url: `${ACME}/api/v1/users`,
      headers: {
        authorization: basic(accounts.iago),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: `email=big@acme.example&password=correct-horse&full_name=${'x'.repeat(DEFAULT_MAX_BODY_BYTES)}`,
    })
    expect(messaging).toEqual(entityTooLarge())
    expect(stateOf(simulator)).toBe(before)
  })

  it('takes the limit from createSimulator({ maxBodyBytes }) and refuses a bad one', async () => {
    const simulator = createSimulator({ maxBodyBytes: 10 })
    const response = await send(simulator, {
      method: 'POST',
      url: `${ACME}/api/v1/users`,
      headers: { authorization: basic(accounts.iago) },
      body: 'email=a@b.c',
    })
    expect(response.status).toBe(413)
    for (const bad of [0, -1, 1.5, Number.NaN]) {
      expect(() => createSimulator({ maxBodyBytes: bad })).toThrow('maxBodyBytes')
    }
  })
})

// ---------------------------------------------------------------------------------------------------

/*
 * Requests that node's HTTP parser refuses before the simulator sees them (a header block over 16 KiB,
 * a control character in a header value, both Content-Length and Transfer-Encoding). The server keeps
 * serving after each, and its `clientError` handler answers in the shape of the service the path names:
 * nginx's HTML 400 page under `/messaging/`, as the real messaging server's front end does.
 */

/** Writes raw bytes on a new connection and reads until the server closes it. */
function raw(payload: string): Promise<{ status: number; head: string; body: string }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    let data = ''
    socket.on('data', (chunk) => {
      data += chunk.toString('latin1')
    })
    socket.on('error', () => {})
    socket.on('close', () => {
      const [head = '', body = ''] = data.split('\r\n\r\n')
      resolve({ status: Number(head.split(' ')[1]), head, body })
    })
    socket.write(payload, 'latin1')
    setTimeout(() => socket.destroy(), 2_000)
  })
}

const cases: Array<[string, string]> = [
  ['a 20 kB header', `Authorization: Basic ${'A'.repeat(20_000)}\r\n`],
  ['a NUL in a header value', `Authorization: ${basic(accounts.iago)}\u0000\r\n`],
  [
    'Content-Length and Transfer-Encoding together',
    'Content-Length: 5\r\nTransfer-Encoding: chunked\r\n',
  ],
]

describe('requests refused by the HTTP layer', () => {
  it.each(cases)('answers %s with a 4xx and keeps serving', async (_, headers) => {
    const answer = await raw(
      `POST /messaging/acme/api/v1/users HTTP/1.1\r\nHost: x\r\n${headers}\r\n0\r\n\r\n`,
    )
    expect(answer.status).toBeGreaterThanOrEqual(400)
    expect(answer.status).toBeLessThan(500)
    const next = await fetch(`${server.url}/router/api/v1/presets`, {
      headers: { authorization: `Bearer ${keys.inference}` },
    })
    expect(next.status).toBe(200)
  })

  it("answers them on a messaging path with nginx's HTML 400 page, not node's bare answers", async () => {
    const answers = []
    for (const [name, headers] of cases) {
      const answer = await raw(
        `POST /messaging/acme/api/v1/users HTTP/1.1\r\nHost: x\r\n${headers}\r\n0\r\n\r\n`,
      )
      answers.push({
        name,
        status: answer.status,
        html: answer.head.toLowerCase().includes('content-type: text/html'),
        nginx: answer.body.includes('<center>nginx</center>'),
      })
    }
    expect(answers).toEqual(cases.map(([name]) => ({ name, status: 400, html: true, nginx: true })))
  })

  it("answers them on the router's paths and on paths of no service (the registry's fallback) with the router's JSON 400", async () => {
    const headers = cases[0]?.[1] ?? ''
    const bodies = []
    for (const path of ['/router/api/v1/presets', '/__understudy/journal', '/']) {
      const answer = await raw(`GET ${path} HTTP/1.1\r\nHost: x\r\n${headers}\r\n`)
      bodies.push([
        answer.status,
        answer.head.toLowerCase().includes('content-type: application/json'),
        answer.body,
      ])
    }
    const json = [400, true, JSON.stringify({ error: { message: 'Bad Request', code: 400 } })]
    expect(bodies).toEqual([json, json, json])
  })
})
