/**
 * Real clients, unmodified, using a preset end to end: `@openrouter/sdk` (presets, `chat.send`, streaming
 * included), the `openai` client with its base URL pointed at Understudy (chat completions and responses,
 * streaming included) and `@openrouter/ai-sdk-provider` with the Vercel AI SDK (`generateText`,
 * `streamText`, tool calls). Each through msw (`setupServer`), `simulator.fetch` and the standalone server.
 * Whatever a client's own schemas refuse (e.g. `system_fingerprint: null` in a chunk) fails its test.
 */
import { createOpenRouter } from '@openrouter/ai-sdk-provider'
import { HTTPClient, OpenRouter } from '@openrouter/sdk'
import { generateText, jsonSchema, streamText, tool } from 'ai'
import { setupServer } from 'msw/node'
import OpenAI from 'openai'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createSimulator, type Simulator } from '../../../src/entries/index.js'
import { keys } from '../../support/credentials.js'
import { useServer } from '../../support/server.js'

const NOW = '2026-04-01T00:00:00.000Z'
const SECONDS = Date.parse(NOW) / 1000
const IN_PROCESS = 'https://openrouter.ai/api/v1'

/** How a client reaches Understudy: its base URL and fetch, and the simulator to script. */
interface Transport {
  name: string
  baseUrl(): string
  fetch(): typeof fetch
  simulator(): Pick<Simulator, 'router'>
}

/** Node's own fetch, taken before msw patches it: the standalone server's clients are other processes' (not msw's). */
const nodeFetch = globalThis.fetch
const mswSimulator = createSimulator({ seed: 'clients', now: NOW })
const msw = setupServer(...mswSimulator.handlers)
const fetchSimulator = createSimulator({ seed: 'clients', now: NOW })
const server = useServer({ seed: 'clients', now: NOW })

beforeAll(() => msw.listen({ onUnhandledFrame: 'error' }))
afterEach(async () => {
  await mswSimulator.reset()
  await fetchSimulator.reset()
  await server.simulator.reset()
})
afterAll(() => msw.close())

const transports: Transport[] = [
  {
    name: 'msw',
    baseUrl: () => IN_PROCESS,
    fetch: () => globalThis.fetch,
    simulator: () => mswSimulator,
  },
  {
    name: 'simulator.fetch',
    baseUrl: () => IN_PROCESS,
    fetch: () => fetchSimulator.fetch,
    simulator: () => fetchSimulator,
  },
  {
    name: 'the standalone server',
    baseUrl: () => server.services.router,
    fetch: () => nodeFetch,
    simulator: () => server.simulator,
  },
]

const messages = [{ role: 'user' as const, content: 'Write the welcome email.' }]

describe.each(transports)('real clients through $name', (transport) => {
  const sdk = () =>
    new OpenRouter({
      apiKey: keys.inference,
      serverURL: transport.baseUrl(),
      httpClient: new HTTPClient({ fetcher: transport.fetch() }),
      retryConfig: { strategy: 'none' },
    })
  const openai = () =>
    new OpenAI({ apiKey: keys.inference, baseURL: transport.baseUrl(), fetch: transport.fetch() })
  const provider = () =>
    createOpenRouter({
      apiKey: keys.inference,
      baseURL: transport.baseUrl(),
      fetch: transport.fetch(),
    })

  it('@openrouter/sdk: models.list parses the catalog (every model of the list), and chat.send refuses an unknown model', async () => {
    const page = await sdk().models.list()
    expect(page.result.data).toHaveLength(368)
    expect(page.result.data.find((model) => model.id === 'openai/gpt-4o-mini')).toMatchObject({
      name: 'OpenAI: GPT-4o-mini',
      contextLength: 128000,
      pricing: { prompt: '0.00000015', completion: '0.0000006' },
    })
    const refused = sdk().chat.send({ chatRequest: { model: 'nosuch/model', messages } })
    await expect(refused).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('nosuch/model is not a valid model ID'),
    })
  })

  /** Creates the preset every test uses: its model, temperature and system prompt. */
  const createPreset = () =>
    sdk().presets.createPresetsChatCompletions({
      slug: 'email-copywriter',
      chatRequest: {
        model: 'anthropic/claude-sonnet-4.5',
        temperature: 0.2,
        messages: [
          { role: 'system', content: 'You write short emails.' },
          { role: 'user', content: 'ignored' },
        ],
      },
    })

  it('@openrouter/sdk: chat.send with @preset/<slug> answers from the preset model', async () => {
    await createPreset()
    const result = await sdk().chat.send({
      chatRequest: { model: '@preset/email-copywriter', messages },
    })
    expect(result).toMatchObject({
      id: expect.stringMatching(new RegExp(`^gen-${SECONDS}-[A-Za-z0-9]{20}$`)),
      object: 'chat.completion',
      created: SECONDS,
      model: 'anthropic/claude-sonnet-4.5',
      systemFingerprint: null,
      choices: [
        {
          index: 0,
          finishReason: 'stop',
          message: {
            role: 'assistant',
            content: 'This is a simulated answer from anthropic/claude-sonnet-4.5.',
          },
        },
      ],
      // "You write short emails." (23) + "Write the welcome email." (24): 47 characters, 12 tokens;
      // anthropic/claude-sonnet-4.5 costs $3 and $15 per million tokens.
      usage: { promptTokens: 12, completionTokens: 15, totalTokens: 27, cost: 0.000261 },
    })
  })

  it('@openrouter/sdk: chat.send streams the chunks, the usage last', async () => {
    await createPreset()
    const stream = await sdk().chat.send({
      chatRequest: { model: '@preset/email-copywriter', messages, stream: true },
    })
    if (!(Symbol.asyncIterator in stream)) throw new Error('chat.send did not stream')
    const chunks = []
    for await (const chunk of stream) chunks.push(chunk)
    const text = chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('')
    expect(text).toBe('This is a simulated answer from anthropic/claude-sonnet-4.5.')
    expect(chunks.map((chunk) => chunk.choices[0]?.finishReason ?? null)).toEqual([
      null,
      null,
      null,
      'stop',
      'stop',
    ])
    expect(chunks.at(-1)?.usage).toMatchObject({ promptTokens: 12, completionTokens: 15 })
    expect(chunks.slice(0, -1).every((chunk) => chunk.usage === undefined)).toBe(true)
    expect(new Set(chunks.map((chunk) => chunk.model))).toEqual(
      new Set(['anthropic/claude-sonnet-4.5']),
    )
  })

  it('openai: chat completions by each documented form, and streamed', async () => {
    await createPreset()
    const client = openai()
    const direct = await client.chat.completions.create({
      model: '@preset/email-copywriter',
      messages,
    })
    expect(direct.model).toBe('anthropic/claude-sonnet-4.5')
    const combined = await client.chat.completions.create({
      model: 'openai/gpt-4o@preset/email-copywriter',
      messages,
    })
    expect(combined.model).toBe('openai/gpt-4o')
    const field = await client.chat.completions.create({
      model: 'openai/gpt-4o-mini',
      messages,
      // @ts-expect-error: `preset` is OpenRouter's own field, sent as written
      preset: 'email-copywriter',
    })
    expect(field.model).toBe('openai/gpt-4o-mini')
    expect(field.choices[0]?.message.content).toBe(
      'This is a simulated answer from openai/gpt-4o-mini.',
    )

    const stream = await client.chat.completions.create({
      model: '@preset/email-copywriter',
      messages,
      stream: true,
    })
    let text = ''
    let usage: unknown
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? ''
      if (chunk.usage) usage = chunk.usage
    }
    expect(text).toBe('This is a simulated answer from anthropic/claude-sonnet-4.5.')
    expect(usage).toMatchObject({ prompt_tokens: 12, completion_tokens: 15, total_tokens: 27 })
  })

  it('openai: responses with the preset, and streamed', async () => {
    await createPreset()
    const client = openai()
    const response = await client.responses.create({
      model: '@preset/email-copywriter',
      input: 'Write the welcome email.',
    })
    expect(response.model).toBe('anthropic/claude-sonnet-4.5')
    expect(response.instructions).toBe('You write short emails.')
    expect(response.temperature).toBe(0.2)
    expect(response.output_text).toBe(
      'This is a simulated answer from anthropic/claude-sonnet-4.5.',
    )

    const stream = await client.responses.create({
      model: '@preset/email-copywriter',
      input: 'Write the welcome email.',
      stream: true,
    })
    const types: string[] = []
    let text = ''
    for await (const event of stream) {
      types.push(event.type)
      if (event.type === 'response.output_text.delta') text += event.delta
    }
    expect(text).toBe('This is a simulated answer from anthropic/claude-sonnet-4.5.')
    expect(types[0]).toBe('response.created')
    expect(types.at(-1)).toBe('response.completed')
  })

  it('the AI SDK provider: generateText and streamText with the preset', async () => {
    await createPreset()
    const model = provider()('@preset/email-copywriter')
    const generated = await generateText({ model, prompt: 'Write the welcome email.' })
    expect(generated.text).toBe('This is a simulated answer from anthropic/claude-sonnet-4.5.')
    expect(generated.response.modelId).toBe('anthropic/claude-sonnet-4.5')
    expect(generated.usage.inputTokens).toBe(12)
    expect(generated.usage.outputTokens).toBe(15)

    const streamed = streamText({ model, prompt: 'Write the welcome email.' })
    expect(await streamed.text).toBe('This is a simulated answer from anthropic/claude-sonnet-4.5.')
    expect((await streamed.usage).outputTokens).toBe(15)
    expect(await streamed.finishReason).toBe('stop')
  })

  it('the AI SDK provider: a scripted tool call, then the answer to its result', async () => {
    const simulator = transport.simulator()
    await createPreset()
    simulator.router.script({
      match: { preset: 'email-copywriter', hasToolResult: false },
      response: {
        toolCalls: [{ name: 'lookup_customer', arguments: { email: 'ada@example.com' } }],
      },
    })
    simulator.router.script({
      match: { preset: 'email-copywriter', hasToolResult: true },
      response: 'Dear Ada, welcome aboard.',
    })
    const lookups: unknown[] = []
    const result = await generateText({
      model: provider()('@preset/email-copywriter'),
      prompt: 'Write the welcome email for ada@example.com.',
      tools: {
        lookup_customer: tool({
          inputSchema: jsonSchema<{ email: string }>({
            type: 'object',
            properties: { email: { type: 'string' } },
            required: ['email'],
          }),
          execute: async (input) => {
            lookups.push(input)
            return { name: 'Ada' }
          },
        }),
      },
      stopWhen: ({ steps }) => steps.length >= 2,
    })
    expect(lookups).toEqual([{ email: 'ada@example.com' }])
    expect(result.text).toBe('Dear Ada, welcome aboard.')
    expect(result.steps.map((step) => step.finishReason)).toEqual(['tool-calls', 'stop'])
  })
})
