/**
 * The real `@openrouter/sdk`, at its default base URL, against the simulator through setupServer.
 * Any response the SDK cannot parse throws ResponseValidationError and fails the test.
 */
import { OpenRouter } from '@openrouter/sdk'
import {
  BadRequestResponseError,
  ForbiddenResponseError,
  NotFoundResponseError,
  UnauthorizedResponseError,
} from '@openrouter/sdk/models/errors'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { useSimulator } from '../../src/entries/node/index.js'
import { keys, routerOptions, users, workspaces } from '../support/router.js'
import { NOW } from '../support/time.js'

useSimulator({ beforeAll, afterEach, afterAll }, routerOptions)

const sdk = (apiKey: string) => new OpenRouter({ apiKey, retryConfig: { strategy: 'none' } })

const chatRequest = {
  messages: [
    { role: 'system' as const, content: 'You are a helpful assistant.' },
    { role: 'user' as const, content: 'Hello!' },
  ],
  model: 'openai/gpt-5.4',
  temperature: 0.7,
}

describe('the real OpenRouter SDK', () => {
  it('creates, versions and reads back presets', async () => {
    const client = sdk(keys.inference)
    const first = await client.presets.createPresetsChatCompletions({
      slug: 'sdk-preset',
      chatRequest,
    })
    expect(first.data.slug).toBe('sdk-preset')
    expect(first.data.designatedVersion?.version).toBe(1)
    expect(first.data.designatedVersion?.config).toEqual({
      model: 'openai/gpt-5.4',
      temperature: 0.7,
    })
    expect(first.data.designatedVersion?.systemPrompt).toBe('You are a helpful assistant.')
    expect(first.data.creatorUserId).toBe(users.alice)
    expect(first.data.workspaceId).toBe(workspaces.default)
    expect(first.data.createdAt).toBe(NOW)

    const second = await client.presets.createPresetsChatCompletions({
      slug: 'sdk-preset',
      chatRequest: { ...chatRequest, temperature: 0.2 },
    })
    expect(second.data.id).toBe(first.data.id)
    expect(second.data.designatedVersion?.version).toBe(2)
    expect(second.data.designatedVersionId).toBe(second.data.designatedVersion?.id)

    const got = await client.presets.get({ slug: 'sdk-preset' })
    expect(got.data.designatedVersion?.config).toEqual({
      model: 'openai/gpt-5.4',
      temperature: 0.2,
    })

    const list = await client.presets.list({})
    expect(list.result.totalCount).toBe(1)
    expect(list.result.data.map((p) => p.slug)).toEqual(['sdk-preset'])

    const versions = await client.presets.listVersions({ slug: 'sdk-preset' })
    expect(versions.result.data.map((v) => v?.version)).toEqual([1, 2])
    expect(versions.result.totalCount).toBe(2)

    const version = await client.presets.getVersion({ slug: 'sdk-preset', version: '1' })
    expect(version.data?.config).toEqual({ model: 'openai/gpt-5.4', temperature: 0.7 })
  })

  it('creates presets from messages and responses bodies', async () => {
    const client = sdk(keys.inference)
    const messages = await client.presets.createPresetsMessages({
      slug: 'from-messages',
      messagesRequest: {
        model: 'anthropic/claude-sonnet-4.5',
        maxTokens: 1024,
        system: 'Be brief.',
        messages: [{ role: 'user', content: 'Hi' }],
      },
    })
    expect(messages.data.designatedVersion?.config).toEqual({
      model: 'anthropic/claude-sonnet-4.5',
      max_tokens: 1024,
    })
    expect(messages.data.designatedVersion?.systemPrompt).toBe('Be brief.')
    const responses = await client.presets.createPresetsResponses({
      slug: 'from-responses',
      responsesRequest: {
        model: 'openai/gpt-5.4',
        instructions: 'Answer in French.',
        input: 'Bonjour',
      },
    })
    // The SDK itself adds `service_tier: 'auto'` to every responses body; the preset keeps what was sent.
    expect(responses.data.designatedVersion?.config).toEqual({
      model: 'openai/gpt-5.4',
      service_tier: 'auto',
    })
    expect(responses.data.designatedVersion?.systemPrompt).toBe('Answer in French.')
  })

  it('pages through every preset with for await', async () => {
    const client = sdk(keys.inference)
    for (let i = 0; i < 5; i++) {
      await client.presets.createPresetsChatCompletions({ slug: `paged-${i}`, chatRequest })
    }
    const slugs: string[] = []
    for await (const page of await client.presets.list({ limit: 2 })) {
      slugs.push(...page.result.data.map((p) => p.slug))
    }
    expect(slugs.sort()).toEqual(['paged-0', 'paged-1', 'paged-2', 'paged-3', 'paged-4'])
  })

  it('raises the typed 400, 401, 403 and 404 errors', async () => {
    const bad = sdk(keys.inference).presets.createPresetsChatCompletions({
      slug: 'bad',
      chatRequest: { ...chatRequest, temperature: 3 },
    })
    await expect(bad).rejects.toBeInstanceOf(BadRequestResponseError)
    await expect(bad).rejects.toMatchObject({ statusCode: 400 })

    const unauthorized = sdk('sk-or-v1-wrong').presets.list({})
    await expect(unauthorized).rejects.toBeInstanceOf(UnauthorizedResponseError)
    await expect(unauthorized).rejects.toMatchObject({ message: 'User not found.' })

    const forbidden = sdk(keys.lockedInference).presets.createPresetsChatCompletions({
      slug: 'x',
      chatRequest,
    })
    await expect(forbidden).rejects.toBeInstanceOf(ForbiddenResponseError)
    await expect(forbidden).rejects.toMatchObject({
      message: 'Only management keys can perform this operation',
    })

    const missing = sdk(keys.inference).presets.get({ slug: 'missing' })
    await expect(missing).rejects.toBeInstanceOf(NotFoundResponseError)
    await expect(missing).rejects.toMatchObject({ message: 'Preset not found' })
  })
})
