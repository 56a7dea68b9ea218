/**
 * `POST /chat/completions` using a preset: the exact answer and stream bytes, the three documented forms,
 * the merge (request wins, tools combined, the preset's system prompt first), what the service tells the
 * journal, determinism, and the errors around a preset reference.
 */
import { describe, expect, it } from 'vitest'
import { keys, users } from '../../support/credentials.js'
import { metaOf, post, postJson, presetSimulator, SECONDS } from './support.js'

const ID = 'gen-1775001600-aq36OQ9Uc25Fv8mBKl7w'
const TEXT = 'This is a simulated answer from anthropic/claude-sonnet-4.5.'

/** The chat usage object of an answer (cost: 1 credit per million prompt tokens, 2 per completion token). */
function usage(prompt: number, completion: number) {
  const cost = (prompt + 2 * completion) / 1e6
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: prompt + completion,
    cost,
    is_byok: false,
    prompt_tokens_details: {
      cached_tokens: 0,
      cache_write_tokens: 0,
      audio_tokens: 0,
      video_tokens: 0,
    },
    cost_details: {
      upstream_inference_cost: cost,
      upstream_inference_prompt_cost: prompt / 1e6,
      upstream_inference_completions_cost: (2 * completion) / 1e6,
    },
    completion_tokens_details: { reasoning_tokens: 0, image_tokens: 0, audio_tokens: 0 },
  }
}

const messages = [
  { role: 'system', content: 'Sign as Ada.' },
  { role: 'user', content: 'Welcome Bob.' },
]

describe('POST /chat/completions with a preset', () => {
  it('answers with the real envelope: gen id, the resolved model, provider, usage with costs', async () => {
    const answer = await post(presetSimulator(), '/chat/completions', {
      model: '@preset/email-copywriter',
      messages,
    })
    expect(answer.status).toBe(200)
    expect(answer.headers).toEqual({ 'content-type': 'application/json', 'x-generation-id': ID })
    expect(answer.text).toBe(
      JSON.stringify({
        id: ID,
        object: 'chat.completion',
        created: SECONDS,
        model: 'anthropic/claude-sonnet-4.5',
        provider: 'Amazon Bedrock',
        system_fingerprint: null,
        service_tier: null,
        choices: [
          {
            index: 0,
            logprobs: null,
            finish_reason: 'stop',
            native_finish_reason: 'stop',
            message: { role: 'assistant', content: TEXT, refusal: null, reasoning: null },
          },
        ],
        // "You write short emails." + "Sign as Ada." + "Welcome Bob.": 47 characters, 12 tokens.
        usage: usage(12, 15),
      }),
    )
  })

  it('streams: the comment, a chunk per 20 characters, the finish chunk, it again with service_tier and usage, [DONE]', async () => {
    const answer = await post(presetSimulator(), '/chat/completions', {
      model: '@preset/email-copywriter',
      messages: [{ role: 'user', content: 'Hi' }],
      stream: true,
    })
    expect(answer.status).toBe(200)
    expect(answer.headers).toEqual({
      'cache-control': 'no-cache',
      'content-type': 'text/event-stream',
      'x-generation-id': ID,
    })
    const head = {
      id: ID,
      object: 'chat.completion.chunk',
      created: SECONDS,
      model: 'anthropic/claude-sonnet-4.5',
      provider: 'Amazon Bedrock',
    }
    const piece = (content: string) =>
      JSON.stringify({
        ...head,
        choices: [
          {
            index: 0,
            delta: { content, role: 'assistant' },
            finish_reason: null,
            native_finish_reason: null,
          },
        ],
      })
    const finish = {
      ...head,
      choices: [
        {
          index: 0,
          delta: { content: '', role: 'assistant' },
          finish_reason: 'stop',
          native_finish_reason: 'stop',
        },
      ],
    }
    expect(answer.text).toBe(
      ': OPENROUTER PROCESSING\n\n' +
        `data: ${piece('This is a simulated ')}\n\n` +
        `data: ${piece('answer from anthropi')}\n\n` +
        `data: ${piece('c/claude-sonnet-4.5.')}\n\n` +
        `data: ${JSON.stringify(finish)}\n\n` +
        `data: ${JSON.stringify({ ...head, service_tier: null, choices: finish.choices, usage: usage(7, 15) })}\n\n` +
        'data: [DONE]\n\n',
    )
  })

  it('gives the same bytes for the same request, seed and clock', async () => {
    const body = { model: '@preset/email-copywriter', messages, stream: true }
    const first = await post(presetSimulator(), '/chat/completions', body)
    const second = await post(presetSimulator(), '/chat/completions', body)
    expect(second.text).toBe(first.text)
    const otherSeed = await post(presetSimulator({ seed: 'other' }), '/chat/completions', body)
    expect(otherSeed.text).not.toBe(first.text)
  })

  it('applies the designated version: shallow merge, the request wins, tools combined, system prompt first', async () => {
    const meta = await metaOf(presetSimulator(), '/chat/completions', {
      model: '@preset/email-copywriter',
      messages,
      temperature: 0.5,
      tools: [
        { type: 'function', function: { name: 'lookup_customer', description: 'v2' } },
        { type: 'function', function: { name: 'send' } },
      ],
    })
    expect(meta).toEqual({
      operation: 'sendChatCompletionRequest',
      tenant: '6f1d3a52-8c4e-4b7a-9d2f-1a0b3c4d5e01',
      actor: 'Default workspace inference key',
      path: '/chat/completions',
      inference: {
        endpoint: 'chat',
        requestedModel: '@preset/email-copywriter',
        preset: {
          slug: 'email-copywriter',
          form: 'model',
          id: expect.any(String),
          version: 2,
          versionId: expect.any(String),
        },
        effectiveRequest: {
          model: 'anthropic/claude-sonnet-4.5',
          temperature: 0.5,
          max_tokens: 300,
          provider: { order: ['amazon-bedrock', 'anthropic'] },
          tools: [
            { type: 'function', function: { name: 'lookup_customer', description: 'v2' } },
            { type: 'router:web_search' },
            { type: 'function', function: { name: 'send' } },
          ],
          messages: [
            { role: 'system', content: 'You write short emails.' },
            { role: 'system', content: 'Sign as Ada.' },
            { role: 'user', content: 'Welcome Bob.' },
          ],
        },
        model: 'anthropic/claude-sonnet-4.5',
        provider: 'Amazon Bedrock',
        stream: false,
        generationId: ID,
        script: null,
      },
    })
  })

  it('takes the model the request names beside the preset (the preset field, and model@preset/slug)', async () => {
    const simulator = presetSimulator()
    const field = await metaOf(simulator, '/chat/completions', {
      model: 'openai/gpt-4o-mini',
      preset: 'email-copywriter',
      messages,
    })
    expect(field.inference).toMatchObject({
      requestedModel: 'openai/gpt-4o-mini',
      preset: { slug: 'email-copywriter', form: 'field', version: 2 },
      model: 'openai/gpt-4o-mini',
      provider: 'Amazon Bedrock',
    })
    expect(field.inference?.effectiveRequest).not.toHaveProperty('preset')
    const suffix = await metaOf(simulator, '/chat/completions', {
      model: 'openai/gpt-4o@preset/email-copywriter',
      messages,
    })
    expect(suffix.inference).toMatchObject({
      requestedModel: 'openai/gpt-4o@preset/email-copywriter',
      preset: { slug: 'email-copywriter', form: 'model-suffix' },
      model: 'openai/gpt-4o',
    })
    expect(suffix.inference?.effectiveRequest.model).toBe('openai/gpt-4o')
  })

  it('answers a request without a preset from its own model, or the default model', async () => {
    const simulator = presetSimulator()
    const own = await postJson(simulator, '/chat/completions', {
      model: 'mistralai/mistral-large',
      messages,
    })
    expect(own.body).toMatchObject({ model: 'mistralai/mistral-large', provider: 'Mistral' })
    const none = await postJson(simulator, '/chat/completions', { messages })
    expect(none.body).toMatchObject({ model: 'openai/gpt-4o-mini', provider: 'OpenAI' })
  })

  it("names an author that is an Object.prototype key as any other author, never the prototype's value", async () => {
    const simulator = presetSimulator()
    for (const [model, provider] of [
      ['constructor/some-model', 'Constructor'],
      ['toString/m', 'Tostring'],
      ['__proto__/m', '__proto__'],
    ] as const) {
      const answer = await postJson(simulator, '/chat/completions', { model, messages })
      expect(answer.status).toBe(200)
      expect(answer.body).toMatchObject({ model, provider })
      const ordered = await postJson(simulator, '/chat/completions', {
        model: 'openai/gpt-4o',
        messages,
        provider: { order: [model.slice(0, model.indexOf('/'))] },
      })
      expect(ordered.body).toMatchObject({ provider })
    }
  })
})

describe('errors of a chat completion', () => {
  // Message before code, and the key owner's user id after the error, as recorded (test/recordings/openrouter/
  // errors.json, `no-endpoints`: {"error":{"message":"No endpoints found for …","code":404},"user_id":"user_…"}).
  const notFound = JSON.stringify({
    error: { message: 'Preset not found', code: 404 },
    user_id: users.alice,
  })

  it('answers an unknown, disabled, archived or other workspace preset 404 Preset not found', async () => {
    const simulator = presetSimulator()
    for (const slug of ['nope', 'paused', 'retired', 'team-only']) {
      const answer = await post(simulator, '/chat/completions', {
        model: `@preset/${slug}`,
        messages,
      })
      expect([slug, answer.status, answer.text]).toEqual([slug, 404, notFound])
    }
    const teamB = await post(
      simulator,
      '/chat/completions',
      { model: '@preset/team-only', messages },
      keys.teamB,
    )
    expect(teamB.status).toBe(200)
  })

  // As recorded (errors.json, `no-key` and `unknown-key`): no user id, the key's owner being unknown.
  it('answers 401 without credentials and with an unknown key, before anything else', async () => {
    const simulator = presetSimulator()
    const none = await post(simulator, '/chat/completions', '{not json', null)
    expect([none.status, none.text]).toEqual([
      401,
      '{"error":{"message":"No cookie auth credentials found","code":401}}',
    ])
    const unknown = await post(simulator, '/chat/completions', { messages }, 'sk-or-v1-nope')
    expect([unknown.status, unknown.text]).toEqual([
      401,
      '{"error":{"message":"User not found.","code":401}}',
    ])
  })

  it('answers 400 naming every problem: the body, the slug, the preset field', async () => {
    const simulator = presetSimulator()
    const cases: Array<[unknown, string, Array<{ path: string; message: string }>]> = [
      ['{not json', 'body: is not valid JSON', [{ path: 'body', message: 'is not valid JSON' }]],
      [
        { model: '@preset/email-copywriter', messages: [], temperature: 3 },
        'messages: must contain at least 1 item; temperature: must be at most 2',
        [
          { path: 'messages', message: 'must contain at least 1 item' },
          { path: 'temperature', message: 'must be at most 2' },
        ],
      ],
      [
        { model: '@preset/bad slug', messages },
        'model: names a preset whose slug must be 1 to 128 characters from A-Z a-z 0-9 - . _ ~',
        [
          {
            path: 'model',
            message:
              'names a preset whose slug must be 1 to 128 characters from A-Z a-z 0-9 - . _ ~',
          },
        ],
      ],
      [
        { model: '@preset/email-copywriter', preset: 'paused', messages },
        'preset: names another preset than model (@preset/email-copywriter)',
        [{ path: 'preset', message: 'names another preset than model (@preset/email-copywriter)' }],
      ],
      [
        { model: 'a/b', preset: 7, messages },
        'preset: must be a string',
        [{ path: 'preset', message: 'must be a string' }],
      ],
    ]
    for (const [body, message, issues] of cases) {
      const answer = await postJson(simulator, '/chat/completions', body)
      expect([answer.status, answer.text]).toEqual([
        400,
        JSON.stringify({
          error: {
            message: `Invalid request parameters: ${message}`,
            code: 400,
            metadata: { issues },
          },
          user_id: users.alice,
        }),
      ])
    }
  })

  it('answers another method 405 with Allow, as the router does', async () => {
    const response = await presetSimulator().fetch(
      'https://openrouter.ai/api/v1/chat/completions',
      {
        headers: { authorization: `Bearer ${keys.inference}` },
      },
    )
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('POST')
    expect(await response.text()).toBe('{"error":{"message":"Method Not Allowed","code":405}}')
  })
})
