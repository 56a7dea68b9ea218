/**
 * The model catalog in inference: an id in neither OpenRouter's model list (the snapshot) nor the scenario's
 * `router.models` is 400 `<id> is not a valid model ID` with `error.availability.code` `model_not_found`, on
 * all three skins, as the real service answers (test/recordings/openrouter/catalog-and-availability.json);
 * `provider` and `usage.cost` come from the catalog (pricing × token counts); ids are bounded.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { createSimulator } from '../../../src/entries/index.js'
import { users } from '../../support/credentials.js'
import { NOW, post, postJson, presetScenario, presetSimulator } from './support.js'

const recordings = JSON.parse(
  readFileSync(
    new URL('../../recordings/openrouter/catalog-and-availability.json', import.meta.url),
    'utf8',
  ),
) as { unknownModel: Array<{ status: number; body: string; source: string }> }

const HINT =
  "Understudy: this model is in neither OpenRouter's model list nor the scenario's router.models; add it there to use it (docs/scenarios.md)"

const messages = [{ role: 'user', content: 'Welcome Bob.' }]

/** The router's 400 for an unknown model, with its availability object. */
function notAValidModel(id: string, requested: string[] = [id]) {
  return {
    message: `${id} is not a valid model ID`,
    code: 400,
    metadata: { understudy: HINT },
    error_type: 'invalid_request',
    http_status: 400,
    availability: {
      code: 'model_not_found',
      retryable: false,
      requested_models: requested,
      docs_url: 'https://openrouter.ai/docs/errors#model_not_found',
    },
  }
}

describe('an unknown model', () => {
  it('is 400 with the message the real service sends (recorded), and availability model_not_found', async () => {
    const simulator = presetSimulator()
    // A recorded answer of the real service to an id that is not in its list (picoclaw issue #1790).
    const recorded = recordings.unknownModel[0]
    if (!recorded) throw new Error('no recording')
    const id = 'minimax-m2.5:free'
    expect(JSON.parse(recorded.body).error.message).toBe(`${id} is not a valid model ID`)
    const answer = await post(simulator, '/chat/completions', { model: id, messages })
    expect(answer.status).toBe(recorded.status)
    expect(answer.text).toBe(JSON.stringify({ error: notAValidModel(id), user_id: users.alice }))
    // The same id with its author is in the list.
    const listed = await post(simulator, '/chat/completions', {
      model: `minimax/${id}`,
      messages,
    })
    expect(listed.status).toBe(200)
  })

  it('is refused on the messages and responses skins too, each in its envelope', async () => {
    const simulator = presetSimulator()
    const id = 'nosuch-lab/never-a-model-9'
    const messagesAnswer = await post(simulator, '/messages', {
      model: id,
      max_tokens: 10,
      messages,
    })
    const { metadata: _hint, ...rest } = notAValidModel(id)
    expect([messagesAnswer.status, messagesAnswer.text]).toEqual([
      400,
      JSON.stringify({
        type: 'error',
        error: {
          type: 'invalid_request_error',
          message: rest.message,
          error_type: 'invalid_request',
          availability: rest.availability,
        },
        request_id: null,
      }),
    ])
    const responses = await post(simulator, '/responses', { model: id, input: 'Hello' })
    expect([responses.status, responses.text]).toEqual([
      400,
      JSON.stringify({ error: notAValidModel(id), user_id: users.alice }),
    ])
  })

  it('is refused when a preset, the models list or a stream names it, before anything streams', async () => {
    const simulator = createSimulator({
      seed: 'inference',
      now: NOW,
      scenario: presetScenario(),
    })
    const viaModels = await postJson(simulator, '/chat/completions', {
      model: 'openai/gpt-4o',
      models: ['openai/gpt-4o', 'nosuch/fallback'],
      messages,
      stream: true,
    })
    expect(viaModels.status).toBe(400)
    expect(viaModels.headers['content-type']).toBe('application/json')
    expect(viaModels.body).toEqual({
      error: notAValidModel('nosuch/fallback', ['openai/gpt-4o', 'nosuch/fallback']),
      user_id: users.alice,
    })
    // A preset whose model is unknown: created (the real create is not known to refuse), refused in use.
    const created = await post(simulator, '/presets/odd/chat/completions', {
      model: 'nosuch/model',
      messages: [{ role: 'system', content: 'Hi' }],
    })
    expect(created.status).toBe(200)
    const used = await postJson(simulator, '/chat/completions', { model: '@preset/odd', messages })
    expect(used.body).toEqual({ error: notAValidModel('nosuch/model'), user_id: users.alice })
  })

  it('of 60,000 characters is a 400 whose size grows with the id, not a stream of it', async () => {
    const simulator = presetSimulator()
    const id = `a/${'x'.repeat(60_000)}`
    const answer = await post(simulator, '/chat/completions', { model: id, messages, stream: true })
    expect(answer.status).toBe(400)
    expect(answer.headers['content-type']).toBe('application/json')
    // The id twice (message and requested_models) and a fixed envelope.
    expect(answer.text.length).toBeLessThan(2 * id.length + 1000)
  })

  it('takes a routing suffix after a listed id, and refuses one after an unknown id', async () => {
    const simulator = presetSimulator()
    const nitro = await postJson(simulator, '/chat/completions', {
      model: 'openai/gpt-4o:nitro',
      messages,
    })
    expect(nitro.status).toBe(200)
    const unknown = await post(simulator, '/chat/completions', {
      model: 'nosuch/m:nitro',
      messages,
    })
    expect(unknown.status).toBe(400)
  })
})

describe('provider and cost from the catalog', () => {
  it("prices an answer with the model's list prices times its token counts, exactly", async () => {
    const simulator = presetSimulator()
    // openai/gpt-4o-mini: "0.00000015" per prompt token, "0.0000006" per completion token (the list's).
    const answer = await postJson(simulator, '/chat/completions', {
      model: 'openai/gpt-4o-mini',
      messages,
    })
    // "Welcome Bob." (12): 3 tokens; "This is a simulated answer from openai/gpt-4o-mini." (51): 13 tokens.
    expect(answer.body).toMatchObject({
      provider: 'OpenAI',
      usage: {
        prompt_tokens: 3,
        completion_tokens: 13,
        cost: 0.00000825,
        cost_details: {
          upstream_inference_cost: 0.00000825,
          upstream_inference_prompt_cost: 0.00000045,
          upstream_inference_completions_cost: 0.0000078,
        },
      },
    })
    // A free variant costs nothing.
    const free = await postJson(simulator, '/chat/completions', {
      model: 'minimax/minimax-m2.5:free',
      messages,
    })
    expect(free.body).toMatchObject({ provider: 'Minimax', usage: { cost: 0 } })
  })

  it("names the provider by the provider list's display name of the model's author", async () => {
    const simulator = presetSimulator()
    // z-ai is "Z.AI" in GET /api/v1/providers.
    const answer = await postJson(simulator, '/chat/completions', { model: 'z-ai/glm-5', messages })
    expect(answer.body).toMatchObject({ model: 'z-ai/glm-5', provider: 'Z.AI' })
  })

  it("takes a scenario model's provider and prices, and the simulator's default price without them", async () => {
    const simulator = presetSimulator({
      scenario: presetScenario({
        models: [
          {
            id: 'acme/rocket-1',
            provider: 'Acme Cloud',
            pricing: { prompt: '0.00001', completion: '0.00003' },
          },
        ],
      }),
    })
    const priced = await postJson(simulator, '/chat/completions', {
      model: 'acme/rocket-1',
      messages,
    })
    // 3 prompt tokens, "This is a simulated answer from acme/rocket-1." (46): 12 completion tokens.
    expect(priced.body).toMatchObject({
      provider: 'Acme Cloud',
      usage: { prompt_tokens: 3, completion_tokens: 12, cost: 0.00039 },
    })
    const plain = await postJson(simulator, '/chat/completions', { model: 'a/b', messages })
    // "This is a simulated answer from a/b." (36): 9 tokens; $1 and $2 per million.
    expect(plain.body).toMatchObject({ provider: 'A', usage: { cost: 0.000021 } })
  })
})

describe('models a scenario adds', () => {
  const load = (models: unknown) => () =>
    createSimulator({ scenario: { name: 'models', router: { workspaces: [], models } } as never })

  it('are bounded: an id of at most 128 characters, at most 1,000 models, each id once', () => {
    expect(load([{ id: `a/${'x'.repeat(126)}` }])).not.toThrow()
    expect(load([{ id: `a/${'x'.repeat(127)}` }])).toThrow(
      '[understudy] Failed to load scenario "models": router.models.0.id: Too big: expected string to have <=128 characters',
    )
    expect(load(Array.from({ length: 1001 }, (_, i) => ({ id: `a/m${i}` })))).toThrow(
      'router.models: Too big: expected array to have <=1000 items',
    )
    expect(load([{ id: 'a/b' }, { id: 'a/b' }])).toThrow('router.models.1.id: is given twice')
    expect(load([{ id: 'a b' }])).toThrow(
      'router.models.0.id: must be a model id such as "acme/model-1"',
    )
    expect(load([{ id: 'a/b', pricing: { prompt: '1e-6', completion: '0' } }])).toThrow(
      'router.models.0.pricing.prompt: must be dollars per token as a decimal string',
    )
  })
})

describe("a scenario's models over the simulator's life", () => {
  it('stay through reset and a restored snapshot, and go with a switch to another scenario', async () => {
    const simulator = presetSimulator({
      scenario: presetScenario({ models: [{ id: 'acme/rocket-1' }] }),
    })
    const ask = () => post(simulator, '/chat/completions', { model: 'acme/rocket-1', messages })
    expect((await ask()).status).toBe(200)
    const snapshot = simulator.snapshot()
    await simulator.reset()
    expect((await ask()).status).toBe(200)
    await simulator.useScenario('default')
    expect((await ask()).status).toBe(400)
    // The snapshot brings its scenario's models back with it.
    await simulator.restore(snapshot)
    expect((await ask()).status).toBe(200)
  })
})
