/**
 * Understudy's inference answers against the bytes of the real OpenRouter service kept in
 * test/recordings/openrouter/ (PROVENANCE.md): error bodies (errors.json), the chat stream's opening comments
 * and its error chunk. The streams and bodies verify clean as a whole through `verify --har`
 * (openrouter-real.har, test/recordings/recordings.test.ts); these pin what no replay can reach.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { users } from '../../support/credentials.js'
import { post, presetSimulator, SECONDS } from './support.js'

const recording = (name: string) =>
  readFileSync(new URL(`../../recordings/openrouter/${name}`, import.meta.url), 'utf8')
const recorded = JSON.parse(recording('errors.json')) as {
  bodies: Array<{ name: string; status: number; body: string }>
}
const body = (name: string) => {
  const found = recorded.bodies.find((entry) => entry.name === name)
  if (!found) throw new Error(name)
  return found
}

/** A JSON value's shape: keys in order, and each scalar's type (`user_…` ids by form). */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape)
  if (value !== null && typeof value === 'object')
    return Object.entries(value).map(([key, item]) => [key, shape(item)])
  if (typeof value === 'string' && value.startsWith('user_')) return 'user id'
  return value === null ? 'null' : typeof value
}

const ask = { model: 'openai/gpt-4o', messages: [{ role: 'user', content: 'x' }] }

describe('errors as recorded (errors.json)', () => {
  it('401 without a key and with an unknown key: the recorded bytes, on chat completions and responses', async () => {
    const simulator = presetSimulator()
    for (const path of ['/chat/completions', '/responses']) {
      const none = await post(simulator, path, ask, null)
      expect([path, none.status, none.text]).toEqual([path, 401, body('no-key').body])
      const unknown = await post(simulator, path, ask, 'sk-or-v1-nope')
      expect([path, unknown.status, unknown.text]).toEqual([path, 401, body('unknown-key').body])
    }
  })

  it('an authenticated failure: message, code, then the key owner’s user id, as the recorded 404 and 402', async () => {
    const simulator = presetSimulator()
    const notFound = await post(simulator, '/chat/completions', { ...ask, model: '@preset/nope' })
    expect(notFound.status).toBe(body('no-endpoints').status)
    expect(shape(JSON.parse(notFound.text))).toEqual(shape(JSON.parse(body('no-endpoints').body)))
    expect(JSON.parse(notFound.text).user_id).toBe(users.alice)
    simulator.router.script({
      response: { error: { message: 'Insufficient credits' }, status: 402 },
    })
    const payment = await post(simulator, '/chat/completions', ask)
    const real = JSON.parse(body('insufficient-credits').body)
    expect(payment.status).toBe(402)
    // The recorded 402 has metadata of its upstream limit; the top level and the error's head are the same.
    expect(Object.keys(JSON.parse(payment.text))).toEqual(Object.keys(real))
    expect(Object.keys(JSON.parse(payment.text).error)).toEqual(Object.keys(real.error).slice(0, 2))
  })

  it('429: the rate limit’s headers in metadata, as strings, the reset in ms; the user id', async () => {
    const simulator = presetSimulator()
    simulator.router.script({
      response: { error: { message: 'Rate limit exceeded' }, status: 429 },
    })
    const limited = await post(simulator, '/responses', { model: 'openai/gpt-4o', input: 'x' })
    expect(limited.status).toBe(429)
    const real = JSON.parse(body('rate-limited').body)
    const ours = JSON.parse(limited.text)
    expect(shape(ours)).toEqual(shape(real))
    // The recorded reset is a whole minute in epoch ms; ours is the minute after the clock's.
    expect(Number(real.error.metadata.headers['X-RateLimit-Reset']) % 60_000).toBe(0)
    expect(ours.error.metadata.headers['X-RateLimit-Reset']).toBe(String((SECONDS + 60) * 1000))
  })
})

describe('chat streams as recorded', () => {
  it('opens with `: OPENROUTER PROCESSING` comments, one block each (chat-stream-bedrock-2026-05-06.sse)', async () => {
    const real = recording('chat-stream-bedrock-2026-05-06.sse')
    const answer = await post(presetSimulator(), '/chat/completions', { ...ask, stream: true })
    const opening = ': OPENROUTER PROCESSING\n\n'
    expect(real.startsWith(opening.repeat(3))).toBe(true)
    expect(answer.text.startsWith(opening)).toBe(true)
    expect(answer.text.slice(opening.length).startsWith('data: {')).toBe(true)
  })

  it('an error inside a stream: empty choices, then the error with its error_type, nothing after (chat-stream-error-nvidia-2026-09-04.sse)', async () => {
    const real = recording('chat-stream-error-nvidia-2026-09-04.sse')
    const realChunk = JSON.parse(real.split('\n\n')[1]?.slice('data: '.length) ?? '')
    const simulator = presetSimulator()
    simulator.router.script({
      response: {
        content: 'x',
        error: { message: 'Upstream error' },
        status: 502,
        afterChunks: 0,
      },
    })
    const answer = await post(simulator, '/chat/completions', { ...ask, stream: true })
    const blocks = answer.text.split('\n\n').filter((block) => block !== '')
    expect(blocks.at(-1)?.startsWith('data: {')).toBe(true)
    const chunk = JSON.parse(blocks.at(-1)?.slice('data: '.length) ?? '')
    expect(shape(chunk)).toEqual(shape(realChunk))
    expect(chunk.error.metadata.error_type).toBe(realChunk.error.metadata.error_type)
    expect(real.endsWith('}}}\n\n')).toBe(true)
  })
})
