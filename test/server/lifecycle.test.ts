/**
 * The server's start and stop: a request that arrives while the server is still starting (the msw
 * engine loads msw after listening) waits and is answered; `close()` closes idle keep-alive connections
 * at once, lets a request in flight finish, and cuts a request an injected hang holds; the root 404
 * points at the services, the control surface and the inspector.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { Agent, get } from 'node:http'
import { connect, createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { type RunningServer, startServer } from '../../src/entries/server/index.js'
import { keys, send } from './support.js'

const root = fileURLToPath(new URL('../..', import.meta.url))
const fixture = fileURLToPath(new URL('fixtures/start-server.ts', import.meta.url))

/** A port free right now. */
async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as { port: number }
  await new Promise((resolve) => probe.close(resolve))
  return port
}

/**
 * Connects to `port` in a tight loop until the server accepts, sends one request at once, and reads
 * the answer. Resolves with the answer's status line, and whether the server had said `ready` when the
 * request was sent.
 */
function firstRequest(port: number, child: ChildProcess, said: () => string) {
  return new Promise<{ statusLine: string; beforeReady: boolean }>((resolve, reject) => {
    const giveUp = setTimeout(
      () =>
        reject(new Error(`no answer within 20 s; the server printed ${JSON.stringify(said())}`)),
      20_000,
    )
    const attempt = () => {
      if (child.exitCode !== null) {
        clearTimeout(giveUp)
        reject(new Error(`the server exited with ${child.exitCode}`))
        return
      }
      const socket = connect(port, '127.0.0.1')
      let answer = ''
      let beforeReady = false
      socket.on('connect', () => {
        beforeReady = !said().includes('ready')
        socket.write(
          `GET /router/api/v1/presets HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${keys.inference}\r\nConnection: close\r\n\r\n`,
        )
      })
      socket.on('data', (chunk) => {
        answer += chunk.toString('latin1')
      })
      socket.on('error', () => {
        if (answer === '') setTimeout(attempt, 1)
      })
      socket.on('close', () => {
        if (answer === '') return
        clearTimeout(giveUp)
        resolve({ statusLine: answer.split('\r\n', 1)[0] as string, beforeReady })
      })
    }
    attempt()
  })
}

describe('start-up', () => {
  it('answers requests that arrive while the msw engine is still loading (3 fresh processes)', async () => {
    const results = []
    for (let run = 0; run < 3; run++) {
      const port = await freePort()
      const child = spawn(process.execPath, ['--import', 'tsx', fixture, String(port), 'msw'], {
        cwd: root,
        stdio: ['ignore', 'pipe', 'inherit'],
      })
      let said = ''
      child.stdout?.on('data', (chunk: Buffer) => {
        said += chunk.toString()
      })
      try {
        results.push(await firstRequest(port, child, () => said))
      } finally {
        child.kill('SIGTERM')
        if (child.exitCode === null) await once(child, 'exit')
      }
    }
    expect(results.map((result) => result.statusLine)).toEqual(Array(3).fill('HTTP/1.1 200 OK'))
    // The requests did arrive in the start-up window (before startServer resolved).
    expect(results.some((result) => result.beforeReady)).toBe(true)
  }, 90_000)
})

describe('close()', () => {
  let server: RunningServer | undefined
  afterEach(async () => {
    await server?.close()
    server = undefined
  })

  it('closes idle keep-alive connections at once instead of waiting for their timeout', async () => {
    server = await startServer({ port: 0 })
    const agent = new Agent({ keepAlive: true })
    const request = get(`${server.url}/__understudy/clock`, { agent })
    const socketClosed = once(request, 'socket').then(([socket]) => once(socket, 'close'))
    const [response] = await once(request, 'response')
    response.resume()
    await once(response, 'end')
    // Node's keep-alive timeout is 5 s; a generous 3 s bound tells "at once" from "after the timeout".
    const closed = await Promise.race([
      server.close().then(() => 'closed'),
      new Promise((resolve) => setTimeout(resolve, 3_000, 'still open')),
    ])
    expect(closed).toBe('closed')
    await socketClosed
    agent.destroy()
  })

  it('lets a request in flight finish with its answer, then closes its connection', async () => {
    server = await startServer({ port: 0, latency: 300 })
    const agent = new Agent({ keepAlive: true })
    const inFlight = new Promise<{ status: number; body: string; connection: string | undefined }>(
      (resolve, reject) => {
        get(
          `${server?.services.router}/presets`,
          { agent, headers: { authorization: `Bearer ${keys.inference}` } },
          (response) => {
            let body = ''
            response.on('data', (chunk) => {
              body += chunk
            })
            response.on('end', () =>
              resolve({
                status: response.statusCode ?? 0,
                body,
                connection: response.headers.connection,
              }),
            )
          },
        ).on('error', reject)
      },
    )
    await new Promise((resolve) => setTimeout(resolve, 50))
    const closing = server.close()
    expect(await inFlight).toEqual({
      status: 200,
      body: '{"data":[],"total_count":0}',
      connection: 'close',
    })
    await closing
    agent.destroy()
  })

  it('cuts a request an injected hang holds', async () => {
    server = await startServer({ port: 0 })
    server.simulator.faults.inject({ network: 'hang' })
    const held = fetch(`${server.services.router}/presets`).then(
      () => 'answered',
      () => 'cut',
    )
    await new Promise((resolve) => setTimeout(resolve, 50))
    await server.close()
    expect(await held).toBe('cut')
  })

  it('can be called twice', async () => {
    server = await startServer({ port: 0 })
    await Promise.all([server.close(), server.close()])
  })
})

describe('the root 404', () => {
  it('lists the services, the control surface and the inspector', async () => {
    const server = await startServer({ port: 0 })
    try {
      const reply = await send(`${server.url}/nope?x=1`)
      expect([reply.status, JSON.parse(reply.body)]).toEqual([
        404,
        {
          error: 'Not Found',
          message: 'No simulated service at /nope?x=1',
          services: server.services,
          control: `${server.url}/__understudy`,
          inspector: `${server.url}/__understudy/inspector`,
        },
      ])
    } finally {
      await server.close()
    }
  })
})
