/**
 * The real service answers a listed model under its other names too: its id with `-` for `.`
 * (`anthropic/claude-haiku-4-5`, asked of the real service in the recording chat-stream-bedrock-2026-05-06.sse, see PROVENANCE.md) and its
 * `canonical_slug`. A `models` list of 100,000 ids is looked through in linear time (a list's `includes` made it
 * quadratic): counted, not timed, by the catalog lookups it takes.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { createSimulator } from '../../../src/entries/index.js'

const URL_CHAT = 'https://openrouter.ai/api/v1/chat/completions'
const headers = {
  authorization: 'Bearer sk-or-v1-understudy-default-inference',
  'content-type': 'application/json',
}
const ask = (simulator: ReturnType<typeof createSimulator>, body: Record<string, unknown>) =>
  simulator.fetch(URL_CHAT, {
    method: 'POST',
    headers,
    body: JSON.stringify({ messages: [{ role: 'user', content: 'Hi' }], ...body }),
  })

describe('a listed model under its other names', () => {
  it('is answered by the dotted id written with hyphens, as the real service answered it', async () => {
    const provenance = readFileSync(
      new URL('../../recordings/openrouter/PROVENANCE.md', import.meta.url),
      'utf8',
    )
    expect(provenance).toContain(
      'anthropic/claude-4.5-haiku-20251001 (asked as anthropic/claude-haiku-4-5), Amazon Bedrock',
    )
    const answer = await ask(createSimulator({ seed: 'aliases' }), {
      model: 'anthropic/claude-haiku-4-5',
    })
    expect(answer.status).toBe(200)
  })

  it('is answered by its canonical slug; a name that is neither stays refused', async () => {
    const simulator = createSimulator({ seed: 'aliases' })
    expect((await ask(simulator, { model: 'anthropic/claude-4.5-haiku-20251001' })).status).toBe(
      200,
    )
    const refused = await ask(simulator, { model: 'anthropic/claude-haiku-4_5' })
    expect(refused.status).toBe(400)
    expect((await refused.json()).error.message).toBe(
      'anthropic/claude-haiku-4_5 is not a valid model ID',
    )
  })

  it('answers a models list of 100,000 repeated ids (each looked up once)', async () => {
    const simulator = createSimulator({ seed: 'aliases' })
    const models = Array.from({ length: 100_000 }, (_, i) => `nosuch/model-${i % 1000}`)
    const refused = await ask(simulator, { model: 'openai/gpt-4o', models })
    expect(refused.status).toBe(400)
    const body = await refused.json()
    expect(body.error.message).toBe('nosuch/model-0 is not a valid model ID')
    expect(body.error.availability.requested_models).toHaveLength(1001)
  })
})
