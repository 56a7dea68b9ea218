/**
 * A streamed answer on the standalone server honours back-pressure: while the client reads nothing, the
 * server writes no more than the socket takes (it waits for `drain`), so what it holds in the response's
 * buffer stays under a fixed size (measured: `writableLength` after each write), on both engines; once the
 * client reads, the whole stream arrives.
 */
import { ServerResponse } from 'node:http'
import { connect } from 'node:net'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { startServer } from '../../src/entries/server/index.js'
import { keys, workspaces } from '../support/credentials.js'

/** A long model id (the longest a scenario may add) and provider: every chunk carries both. */
const MODEL = `acme/${'m'.repeat(123)}`
const scenario = {
  name: 'backpressure',
  router: {
    workspaces: [
      {
        id: workspaces.default,
        name: 'Default',
        keys: [{ key: keys.inference, label: 'k', kind: 'inference' as const, userId: 'user_1' }],
      },
    ],
    models: [{ id: MODEL, provider: 'P'.repeat(128) }],
  },
}

afterEach(() => vi.restoreAllMocks())

describe.each(['direct', 'msw'] as const)(
  'a stream the client does not read (%s engine)',
  (engine) => {
    it('is written no faster than the socket takes it, then arrives whole', async () => {
      const server = await startServer({ port: 0, engine, scenario })
      try {
        // 10,000 chunks (the most a streamed answer is cut into) of about 600 bytes: about 6 MB.
        server.simulator.router.script({
          response: { content: 'x'.repeat(1_000_000), chunkSize: 1 },
        })
        let writes = 0
        let buffered = 0
        let highWaterMark = 0
        let largestWrite = 0
        const write = ServerResponse.prototype.write
        vi.spyOn(ServerResponse.prototype, 'write').mockImplementation(function (
          this: ServerResponse,
          ...args: unknown[]
        ) {
          const result = (write as (...a: unknown[]) => boolean).apply(this, args)
          writes += 1
          buffered = Math.max(buffered, this.writableLength)
          highWaterMark = this.writableHighWaterMark
          const chunk = args[0]
          if (typeof chunk === 'string' || chunk instanceof Uint8Array)
            largestWrite = Math.max(largestWrite, Buffer.byteLength(chunk))
          return result
        })
        const body = JSON.stringify({
          model: MODEL,
          stream: true,
          messages: [{ role: 'user', content: 'Hi' }],
        })
        const { port } = new URL(server.url)
        const socket = connect(Number(port), '127.0.0.1')
        socket.write(
          `POST /router/api/v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
            `Authorization: Bearer ${keys.inference}\r\nContent-Type: application/json\r\n` +
            `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
        )
        // Take the first bytes, then read nothing while the server goes on.
        await new Promise<void>((resolve) => socket.once('data', () => resolve()))
        socket.pause()
        await new Promise((resolve) => setTimeout(resolve, 500))
        const whilePaused = { writes, buffered }
        let received = 0
        const ended = new Promise<void>((resolve) => socket.on('end', () => resolve()))
        socket.on('data', (chunk: Buffer) => {
          received += chunk.length
        })
        socket.resume()
        await ended
        // While paused: at most the socket's share was written, and the response's own buffer stayed small
        // (without waiting for `drain`, the other megabytes pile up there: 10,000 writes at once).
        expect(whilePaused.writes).toBeLessThan(10_000)
        // The buffer passes the high-water mark (16 KiB, 64 KiB from Node 22 on) by at most the write that
        // crossed it.
        expect(whilePaused.buffered).toBeLessThanOrEqual(highWaterMark + largestWrite)
        expect(whilePaused.buffered).toBeLessThan(256 * 1024)
        // Then all of it: 10,003 events (10,000 chunks, the finish chunk, the usage chunk, [DONE]).
        expect(writes).toBeGreaterThanOrEqual(10_003)
        expect(received).toBeGreaterThan(5_900_000)
      } finally {
        await server.close()
      }
    }, 60_000)
  },
)
