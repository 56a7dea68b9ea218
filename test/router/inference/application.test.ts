/**
 * Issue 24's "done when", end to end: an application creates a preset with `@openrouter/sdk`, uses it by
 * each documented form (the three on chat completions, the model forms on messages and responses) through its
 * real clients (`@openrouter/sdk`, `openai`, `@openrouter/ai-sdk-provider` with the AI SDK, `fetch` for the
 * Anthropic dialect), streams every answer, and checks what was applied with `toHaveInferred` and the
 * journal's filters: in process (msw's `setupServer`) and against the standalone server (there also over
 * `GET /__understudy/journal`).
 */
import { createOpenRouter } from '@openrouter/ai-sdk-provider'
import { HTTPClient, OpenRouter } from '@openrouter/sdk'
import { streamText } from 'ai'
import { setupServer } from 'msw/node'
import OpenAI from 'openai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSimulator, type SimulatorCore } from '../../../src/entries/index.js'
import '../../../src/entries/vitest/index.js'
import { keys } from '../../support/credentials.js'
import { useServer } from '../../support/server.js'

const NOW = '2026-04-01T00:00:00.000Z'
/** Node's own fetch, taken before msw patches it (the standalone server is another process's to a client). */
const nodeFetch = globalThis.fetch

const inProcess = createSimulator({ seed: 'application', now: NOW })
const msw = setupServer(...inProcess.handlers)
beforeAll(() => msw.listen({ onUnhandledFrame: 'error' }))
afterAll(() => msw.close())
const server = useServer({ seed: 'application', now: NOW })

const transports = [
  {
    name: 'in process (msw)',
    baseUrl: () => 'https://openrouter.ai/api/v1',
    fetch: () => globalThis.fetch,
    simulator: (): SimulatorCore => inProcess,
    controlUrl: () => undefined,
  },
  {
    name: 'the standalone server',
    baseUrl: () => server.services.router,
    fetch: () => nodeFetch,
    simulator: (): SimulatorCore => server.simulator,
    controlUrl: () => `${server.url}/__understudy`,
  },
]

const user = 'Write the welcome email for Ada.'

describe.each(transports)('an application using a preset, $name', (transport) => {
  it('creates it, uses it by every form with its real clients, streams, and checks what was applied', async () => {
    const simulator = transport.simulator()
    await simulator.reset()
    const baseURL = transport.baseUrl()
    const fetch = transport.fetch()
    const sdk = new OpenRouter({
      apiKey: keys.inference,
      serverURL: baseURL,
      httpClient: new HTTPClient({ fetcher: fetch }),
      retryConfig: { strategy: 'none' },
    })
    const openai = new OpenAI({ apiKey: keys.inference, baseURL, fetch })

    // The application's preset: model, temperature, a system prompt.
    const created = await sdk.presets.createPresetsChatCompletions({
      slug: 'email-copywriter',
      chatRequest: {
        model: 'anthropic/claude-sonnet-4.5',
        temperature: 0.2,
        messages: [{ role: 'system', content: 'You write short emails.' }],
      },
    })
    expect(created.data.slug).toBe('email-copywriter')
    simulator.router.script({
      name: 'welcome',
      match: { preset: 'email-copywriter', userMessage: 'welcome' },
      response: { content: 'Dear Ada, welcome aboard.', chunkSize: 8 },
    })
    const expected = 'Dear Ada, welcome aboard.'

    // Chat, form 1 (`@preset/<slug>`), @openrouter/sdk streaming.
    const stream = await sdk.chat.send({
      chatRequest: {
        model: '@preset/email-copywriter',
        messages: [{ role: 'user', content: user }],
        stream: true,
      },
    })
    if (!(Symbol.asyncIterator in stream)) throw new Error('chat.send did not stream')
    let text = ''
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? ''
    expect(text).toBe(expected)

    // Chat, form 2 (`preset` field) and form 3 (`<model>@preset/<slug>`), openai streaming.
    for (const body of [
      { model: 'openai/gpt-4o', preset: 'email-copywriter' },
      { model: 'openai/gpt-4o-mini@preset/email-copywriter' },
    ]) {
      const chunks = await openai.chat.completions.create({
        ...(body as { model: string }),
        messages: [{ role: 'user', content: user }],
        stream: true,
      })
      let streamed = ''
      for await (const chunk of chunks) streamed += chunk.choices[0]?.delta.content ?? ''
      expect(streamed).toBe(expected)
    }

    // The AI SDK's provider, form 1, streaming.
    const provider = createOpenRouter({ apiKey: keys.inference, baseURL, fetch })
    const streamed = streamText({ model: provider('@preset/email-copywriter'), prompt: user })
    expect(await streamed.text).toBe(expected)

    // Responses, both model forms, openai streaming.
    for (const model of ['@preset/email-copywriter', 'openai/gpt-4.1@preset/email-copywriter']) {
      const events = await openai.responses.create({ model, input: user, stream: true })
      let output = ''
      for await (const event of events)
        if (event.type === 'response.output_text.delta') output += event.delta
      expect(output).toBe(expected)
    }

    // Messages (Anthropic's dialect), both model forms, streamed with fetch.
    for (const model of [
      '@preset/email-copywriter',
      'anthropic/claude-haiku-4.5@preset/email-copywriter',
    ]) {
      const response = await fetch(`${baseURL}/messages`, {
        method: 'POST',
        headers: {
          'x-api-key': keys.inference,
          authorization: `Bearer ${keys.inference}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          model,
          max_tokens: 200,
          stream: true,
          messages: [{ role: 'user', content: user }],
        }),
      })
      expect(response.headers.get('content-type')).toBe('text/event-stream')
      const deltas = (await response.text())
        .split('\n')
        .filter((line) => line.startsWith('data: ') && line.includes('"text_delta"'))
        .map((line) => JSON.parse(line.slice(6)).delta.text)
      expect(deltas.join('')).toBe(expected)
    }

    // What was applied: every request used version 1 of the preset, streamed, and the script answered.
    expect(simulator.journal.count({ preset: 'email-copywriter', presetVersion: 1 })).toBe(8)
    expect(simulator.journal.count({ preset: 'email-copywriter', scripted: true })).toBe(8)
    const applied = { preset: 'email-copywriter', version: 1, stream: true, script: 'welcome' }
    const system = { role: 'system', content: 'You write short emails.' }
    expect(simulator).toHaveInferred({
      ...applied,
      endpoint: 'chat',
      form: 'model',
      model: 'anthropic/claude-sonnet-4.5',
      request: { temperature: 0.2, messages: [system, { role: 'user', content: user }] },
    })
    expect(simulator).toHaveInferred({
      ...applied,
      form: 'field',
      model: 'openai/gpt-4o',
      request: { temperature: 0.2 },
    })
    expect(simulator).toHaveInferred({
      ...applied,
      form: 'model-suffix',
      model: 'openai/gpt-4o-mini',
      provider: 'OpenAI',
    })
    expect(simulator).toHaveInferred({
      ...applied,
      endpoint: 'responses',
      form: 'model-suffix',
      model: 'openai/gpt-4.1',
      request: { instructions: 'You write short emails.', temperature: 0.2 },
    })
    expect(simulator).toHaveInferred({
      ...applied,
      endpoint: 'messages',
      form: 'model',
      model: 'anthropic/claude-sonnet-4.5',
      request: { system: 'You write short emails.', temperature: 0.2, max_tokens: 200 },
    })
    expect(simulator).toHaveInferred({ ...applied, endpoint: 'messages', form: 'model-suffix' })
    expect(simulator).not.toHaveInferred({ stream: false })

    // A non-JS application asks the control surface the same.
    const control = transport.controlUrl()
    if (control !== undefined) {
      const answer = await nodeFetch(
        `${control}/journal?preset=email-copywriter&presetVersion=1&model=openai%2Fgpt-4o&scripted=true`,
      )
      const { entries, count } = (await answer.json()) as {
        entries: Array<{ inference: { preset: { form: string }; effectiveRequest: object } }>
        count: number
      }
      expect(count).toBe(1)
      expect(entries[0]?.inference.preset.form).toBe('field')
      expect(entries[0]?.inference.effectiveRequest).toMatchObject({ temperature: 0.2 })
    }
  })
})
