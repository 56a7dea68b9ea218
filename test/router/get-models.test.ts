/**
 * `GET /api/v1/models`: the scenario's catalog as the real endpoint answers it (public: no key needed), from
 * the snapshot of OpenRouter's list with each model's keys in the order the live endpoint sends them
 * (test/recordings/openrouter/catalog-and-availability.json), and a scenario's own models after them.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { createSimulator } from '../../src/entries/index.js'
import { SNAPSHOT_LIST } from '../../src/services/router/catalog/snapshot.js'
import { keys } from '../support/credentials.js'
import { presetScenario } from './inference/support.js'

const recorded = JSON.parse(
  readFileSync(
    new URL('../recordings/openrouter/catalog-and-availability.json', import.meta.url),
    'utf8',
  ),
) as { modelList: { modelKeys: string[]; listKeys: string[] } }

const URL_MODELS = 'https://openrouter.ai/api/v1/models'

async function list(simulator: ReturnType<typeof createSimulator>, key?: string) {
  const response = await simulator.fetch(URL_MODELS, {
    headers: key === undefined ? {} : { authorization: `Bearer ${key}` },
  })
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    text: await response.text(),
  }
}

describe('GET /models', () => {
  it('answers the list without a key, with or without one alike', async () => {
    const simulator = createSimulator()
    const keyless = await list(simulator)
    expect([keyless.status, keyless.type]).toEqual([200, 'application/json'])
    expect(await list(simulator, keys.inference)).toEqual(keyless)
    expect(await list(simulator, 'sk-or-v1-not-a-key')).toEqual(keyless)
    const body = JSON.parse(keyless.text)
    expect(Object.keys(body)).toEqual(recorded.modelList.listKeys)
    expect(body.data).toHaveLength(368)
    expect(body.total_count).toBe(368)
    expect(body.links).toEqual({ next: null })
  })

  it("gives each model's keys in the order the live endpoint sends them, and its fields as listed", async () => {
    const body = JSON.parse((await list(createSimulator())).text)
    const order = recorded.modelList.modelKeys
    for (const model of body.data as Array<Record<string, unknown>>) {
      const keysOf = Object.keys(model)
      expect(keysOf).toEqual(order.filter((key) => keysOf.includes(key)))
    }
    const mini = body.data.find((model: { id: string }) => model.id === 'openai/gpt-4o-mini')
    expect(mini).toMatchObject({
      id: 'openai/gpt-4o-mini',
      canonical_slug: 'openai/gpt-4o-mini',
      name: 'OpenAI: GPT-4o-mini',
      context_length: 128000,
      architecture: {
        modality: 'text+image+file->text',
        input_modalities: ['text', 'image', 'file'],
        output_modalities: ['text'],
        tokenizer: 'GPT',
        instruct_type: null,
      },
      pricing: { prompt: '0.00000015', completion: '0.0000006', input_cache_read: '0.000000075' },
      top_provider: { context_length: 128000, max_completion_tokens: 16384, is_moderated: false },
      links: { details: '/api/v1/models/openai/gpt-4o-mini/endpoints' },
    })
    expect(Object.keys(mini.pricing).slice(0, 2)).toEqual(['prompt', 'completion'])
  })

  it("lists a scenario's own models after the snapshot's, in the list's shape", async () => {
    const simulator = createSimulator({
      scenario: presetScenario({
        models: [{ id: 'acme/rocket-1', name: 'Acme: Rocket 1', contextLength: 32000 }],
      }),
    })
    const body = JSON.parse((await list(simulator)).text)
    // presetScenario adds a/b and x/y before it.
    expect(body.total_count).toBe(SNAPSHOT_LIST.data.length + 3)
    expect(body.data.at(-1)).toEqual({
      id: 'acme/rocket-1',
      canonical_slug: 'acme/rocket-1',
      hugging_face_id: null,
      name: 'Acme: Rocket 1',
      created: 0,
      description: '',
      context_length: 32000,
      architecture: {
        modality: 'text->text',
        input_modalities: ['text'],
        output_modalities: ['text'],
        tokenizer: 'Other',
        instruct_type: null,
      },
      pricing: { prompt: '0.000001', completion: '0.000002' },
      top_provider: { context_length: 32000, max_completion_tokens: null, is_moderated: false },
      per_request_limits: null,
      supported_parameters: [],
      default_parameters: {},
      supported_voices: null,
      knowledge_cutoff: null,
      expiration_date: null,
      links: { details: '/api/v1/models/acme/rocket-1/endpoints' },
    })
  })

  it('is journaled as getModels, and another method is 405 with Allow', async () => {
    const simulator = createSimulator()
    await list(simulator)
    expect(simulator.journal.entries({ operation: 'getModels' })).toHaveLength(1)
    const post = await simulator.fetch(URL_MODELS, { method: 'POST' })
    expect([post.status, post.headers.get('allow')]).toEqual([405, 'GET'])
  })
})
