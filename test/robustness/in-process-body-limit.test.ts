/**
 * In process (msw's `setupServer`), a body over the limit is not read to its end before the 413: the
 * handler reads the stream up to the limit and cancels it. Proven structurally: a 200 MB streamed body
 * is answered 413 while the stream has given out little more than the limit.
 */
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSimulator } from '../../src/entries/index.js'

const LIMIT = 1024 * 1024
const CHUNK = 64 * 1024
const TOTAL = 200 * 1024 * 1024

const simulator = createSimulator({ seed: 'body-limit', maxBodyBytes: LIMIT })
const server = setupServer(...simulator.handlers)
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterAll(() => server.close())

/** A body stream of `TOTAL` bytes made on demand, counting what it gave out. */
function countedStream() {
  const counter = { pulled: 0, cancelled: false }
  const chunk = new Uint8Array(CHUNK).fill(0x61)
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (counter.pulled >= TOTAL) {
        controller.close()
        return
      }
      counter.pulled += CHUNK
      controller.enqueue(chunk.slice())
    },
    cancel() {
      counter.cancelled = true
    },
  })
  return { stream, counter }
}

describe('an over-limit body in process', () => {
  it('is answered 413 after reading little more than the limit of a 200 MB stream', async () => {
    const { stream, counter } = countedStream()
    const response = await fetch('https://openrouter.ai/api/v1/presets/p/chat/completions', {
      method: 'POST',
      headers: {
        authorization: 'Bearer sk-or-v1-understudy-default-inference',
        'content-type': 'application/json',
      },
      body: stream,
      duplex: 'half',
    } as RequestInit)
    expect(response.status).toBe(413)
    await response.arrayBuffer()
    // The reader stopped at the limit: the stream was asked for at most a few chunks more (what the
    // platform's queues hold), never the 200 MB.
    expect(counter.pulled).toBeGreaterThan(LIMIT)
    expect(counter.pulled).toBeLessThan(LIMIT + 16 * CHUNK)
    expect(simulator.journal.last()).toMatchObject({ status: 413, body: null, truncated: true })
  })

  it('reads a body under the limit whole', async () => {
    const response = await fetch('https://openrouter.ai/api/v1/presets/p/chat/completions', {
      method: 'POST',
      headers: {
        authorization: 'Bearer sk-or-v1-understudy-default-inference',
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        messages: [{ role: 'system', content: 'x'.repeat(LIMIT / 2) }],
        model: 'a/b',
      }),
    })
    expect(response.status).toBe(200)
  })
})
