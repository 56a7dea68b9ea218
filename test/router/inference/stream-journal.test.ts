/**
 * A stream is produced twice: once for the journal as the answer is recorded (its prefix and size kept, one
 * part at a time), once for the client as it reads. Both give the same text: the journal's entry is that of
 * the text the client read, whole when it is short (tool-call ids and item ids drawn once, the same in
 * both), its first 262,144 characters and its exact UTF-8 size when it is longer, with characters of 1 to 4
 * bytes (surrogate pairs) across part boundaries; whole too when the client stops reading after the first
 * part. These guard the change to lazy streams (they pass before it too). A stream that fails as it is
 * produced for the journal is the router's 500, recorded with its error (this one failed with the first
 * lazy version: the exception escaped `simulator.fetch`).
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createSimulator } from '../../../src/entries/index.js'
import { keys } from '../../support/credentials.js'
import { NOW, post, presetScenario } from './support.js'

/** The journal's prefix in characters (`JOURNAL_BODY_PREFIX_BYTES`), as a truncated entry keeps it. */
const PREFIX = 256 * 1024
const encoder = new TextEncoder()
const decoder = new TextDecoder()
const prefixOf = (text: string) => decoder.decode(encoder.encode(text.slice(0, PREFIX)))

const DIALECTS = [
  { path: '/chat/completions', body: { messages: [{ role: 'user', content: 'Hi' }] } },
  { path: '/messages', body: { max_tokens: 100, messages: [{ role: 'user', content: 'Hi' }] } },
  { path: '/responses', body: { input: 'Hi' } },
] as const

function simulatorWith(response: Record<string, unknown>) {
  return createSimulator({
    seed: 'stream-journal',
    now: NOW,
    scenario: presetScenario({ scripts: [{ response }] }),
  })
}

describe.each(DIALECTS)('the journal of a stream ($path)', ({ path, body }) => {
  it('longer than the prefix: its first characters and its size, as the client read it', async () => {
    // 'a' 1 byte, 'é' 2, '€' 3, '😀' 4 (a surrogate pair); 7 characters per chunk: pairs on every boundary.
    const simulator = simulatorWith({ content: 'aé€😀'.repeat(60_000), chunkSize: 7 })
    const answer = await post(simulator, path, { model: 'a/b', stream: true, ...body })
    expect(answer.status).toBe(200)
    expect(answer.text.length).toBeGreaterThan(PREFIX)
    const entry = simulator.journal.last()
    expect(entry?.responseTruncated).toBe(true)
    expect(entry?.responseSize).toBe(Buffer.byteLength(answer.text))
    expect(entry?.response).toBe(prefixOf(answer.text))
  })

  it('with tool calls: whole, with the same ids as the client read', async () => {
    const simulator = simulatorWith({
      content: 'Looking it up.',
      toolCalls: [{ name: 'lookup', arguments: { id: 7 } }, { name: 'other' }],
      chunkSize: 3,
    })
    const answer = await post(simulator, path, { model: 'a/b', stream: true, ...body })
    expect(answer.status).toBe(200)
    const entry = simulator.journal.last()
    expect(entry?.responseTruncated).toBeUndefined()
    expect(entry?.response).toBe(answer.text)
    expect(answer.text).toMatch(/"(call_|toolu_|fc_tmp_)[A-Za-z0-9]+"/)
  })
})

describe('a stream the client stops reading', () => {
  it('is in the journal whole, as when it is read to the end', async () => {
    const request = () =>
      post(simulatorWith({ content: 'abcdefgh'.repeat(200), chunkSize: 4 }), '/chat/completions', {
        model: 'a/b',
        stream: true,
        messages: [{ role: 'user', content: 'Hi' }],
      })
    const whole = await request()
    const simulator = simulatorWith({ content: 'abcdefgh'.repeat(200), chunkSize: 4 })
    const response = await simulator.fetch('https://openrouter.ai/api/v1/chat/completions', {
      method: 'POST',
      headers: { authorization: `Bearer ${keys.inference}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'a/b',
        stream: true,
        messages: [{ role: 'user', content: 'Hi' }],
      }),
    })
    const reader = (response.body as ReadableStream<Uint8Array>).getReader()
    const first = await reader.read()
    await reader.cancel()
    expect(decoder.decode(first.value)).toBe(': OPENROUTER PROCESSING\n\n')
    const entry = simulator.journal.last()
    expect(entry?.response).toBe(whole.text)
    expect(whole.text.length).toBeGreaterThan(50_000)
  })
})

describe("a chat stream's content chunks (made from a template)", () => {
  it('keep a model id that holds what a placeholder is made of (U+0000) as it is', async () => {
    const model = '\u0000content\u0000'
    const simulator = simulatorWith({ content: 'abc', chunkSize: 1, model })
    const answer = await post(simulator, '/chat/completions', {
      model: 'a/b',
      stream: true,
      messages: [{ role: 'user', content: 'Hi' }],
    })
    const chunks = answer.text
      .split('\n\n')
      .filter((event) => event.startsWith('data: {'))
      .map((event) => JSON.parse(event.slice(6)))
    expect(chunks.map((chunk) => chunk.model)).toEqual(Array(chunks.length).fill(model))
    expect(chunks.slice(0, 3).map((chunk) => chunk.choices[0].delta.content)).toEqual([
      'a',
      'b',
      'c',
    ])
  })
})

describe('a stream that fails as it is produced (a simulator bug)', () => {
  afterEach(() => vi.restoreAllMocks())

  it("is answered with the router's 500 and recorded with the error, as any failing answer is", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const stringify = JSON.stringify
    vi.spyOn(JSON, 'stringify').mockImplementation((...args: Parameters<typeof stringify>) => {
      const value = args[0] as { object?: string; choices?: Array<{ finish_reason?: unknown }> }
      if (value?.object === 'chat.completion.chunk' && value.choices?.[0]?.finish_reason === 'stop')
        throw new Error('the finish chunk failed')
      return stringify(...args)
    })
    const simulator = simulatorWith({ content: 'Hello there.' })
    const answer = await post(simulator, '/chat/completions', {
      model: 'a/b',
      stream: true,
      messages: [{ role: 'user', content: 'Hi' }],
    })
    vi.mocked(JSON.stringify).mockRestore()
    expect(answer.status).toBe(500)
    expect(JSON.parse(answer.text).error.code).toBe(500)
    const entries = simulator.journal.entries()
    expect(entries).toHaveLength(1)
    expect(entries[0]?.status).toBe(500)
    expect(entries[0]?.error?.message).toBe('the finish chunk failed')
    expect(log).toHaveBeenCalledTimes(1)
  })
})
