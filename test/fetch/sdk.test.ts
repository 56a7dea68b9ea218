/**
 * The real `@openrouter/sdk` with `simulator.fetch` as its fetcher (`new HTTPClient({ fetcher })`), no msw:
 * the wire bodies the SDK sends (as the journal recorded them), its typed results and errors, and an
 * injected reset seen by the SDK as a connection error. zulip-js takes no fetch (it calls isomorphic-fetch
 * itself), so its calls are tested through msw (test/messaging/zulip-js.test.ts) and here as plain calls.
 */
import { HTTPClient, OpenRouter } from '@openrouter/sdk'
import { ConnectionError, NotFoundResponseError } from '@openrouter/sdk/models/errors'
import { describe, expect, it } from 'vitest'
import { keys, users, workspaces } from '../support/credentials.js'
import { fetchSimulator, NOW } from './support.js'

const sdkFor = (simulator: ReturnType<typeof fetchSimulator>, apiKey = keys.inference) =>
  new OpenRouter({
    apiKey,
    httpClient: new HTTPClient({ fetcher: simulator.fetch }),
    retryConfig: { strategy: 'none' },
  })

const chatRequest = {
  messages: [
    { role: 'system' as const, content: 'You are a helpful assistant.' },
    { role: 'user' as const, content: 'Hello!' },
  ],
  model: 'openai/gpt-5.4',
  temperature: 0.7,
}

/** The journal entry of a create the SDK sent: the chat request as written, plus the SDK's own `stream: false`. */
const created = (temperature: number) => ({
  method: 'POST',
  path: '/presets/sdk-fetch/chat/completions',
  query: {},
  body: {
    messages: [
      { role: 'system', content: 'You are a helpful assistant.' },
      { role: 'user', content: 'Hello!' },
    ],
    model: 'openai/gpt-5.4',
    stream: false,
    temperature,
  },
  status: 200,
  operation: 'createPresetsChatCompletions',
})

describe('@openrouter/sdk with simulator.fetch as its fetcher', () => {
  it('creates, versions and reads presets; the journal holds the exact bodies it sent', async () => {
    const simulator = fetchSimulator()
    const client = sdkFor(simulator)
    const first = await client.presets.createPresetsChatCompletions({
      slug: 'sdk-fetch',
      chatRequest,
    })
    expect(first.data).toMatchObject({
      slug: 'sdk-fetch',
      creatorUserId: users.alice,
      workspaceId: workspaces.default,
      createdAt: NOW,
      designatedVersion: {
        version: 1,
        config: { model: 'openai/gpt-5.4', temperature: 0.7 },
        systemPrompt: 'You are a helpful assistant.',
      },
    })
    await client.presets.createPresetsChatCompletions({
      slug: 'sdk-fetch',
      chatRequest: { ...chatRequest, temperature: 0.2 },
    })
    const got = await client.presets.get({ slug: 'sdk-fetch' })
    expect(got.data.designatedVersion?.version).toBe(2)
    const list = await client.presets.list({})
    expect(list.result.data.map((preset) => preset.slug)).toEqual(['sdk-fetch'])

    expect(
      simulator.journal.entries().map(({ method, path, query, body, status, operation }) => ({
        method,
        path,
        query,
        body,
        status,
        operation,
      })),
    ).toEqual([
      created(0.7),
      created(0.2),
      {
        method: 'GET',
        path: '/presets/sdk-fetch',
        query: {},
        body: null,
        status: 200,
        operation: 'getPreset',
      },
      {
        method: 'GET',
        path: '/presets',
        query: { limit: '50', offset: '0' },
        body: null,
        status: 200,
        operation: 'listPresets',
      },
    ])
    expect(simulator.router.presets(workspaces.default)[0]?.versions).toHaveLength(2)
  })

  it('raises the SDK’s typed 404', async () => {
    const simulator = fetchSimulator()
    const missing = sdkFor(simulator).presets.get({ slug: 'missing' })
    await expect(missing).rejects.toBeInstanceOf(NotFoundResponseError)
    await expect(missing).rejects.toMatchObject({ statusCode: 404, message: 'Preset not found' })
  })

  it('sees an injected reset as a connection error', async () => {
    const simulator = fetchSimulator()
    simulator.faults.inject({ operation: 'listPresets', network: 'reset', times: 1 })
    await expect(sdkFor(simulator).presets.list({})).rejects.toBeInstanceOf(ConnectionError)
    expect(simulator.journal.last()?.fault?.kind).toBe('network-error')
  })

  it('sees an unknown URL (a server URL the simulator does not answer) as a connection error', async () => {
    const simulator = fetchSimulator()
    const client = new OpenRouter({
      apiKey: keys.inference,
      serverURL: 'https://elsewhere.example/api/v1',
      httpClient: new HTTPClient({ fetcher: simulator.fetch }),
      retryConfig: { strategy: 'none' },
    })
    const error = await client.presets.list({}).catch((e) => e)
    expect(error).toBeInstanceOf(ConnectionError)
    expect(String(error.message)).toContain(
      'TypeError: Failed to fetch GET https://elsewhere.example/api/v1/presets?limit=50&offset=0: [understudy] no simulated service answers this URL.',
    )
  })
})
