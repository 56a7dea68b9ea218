/**
 * The packed package as a consumer installs it: `understudy-mock/node`'s `useSimulator` with vitest's hooks,
 * the real `@openrouter/sdk` and `zulip-js` at their default base URLs, answered by msw in process.
 */
import { createServer } from 'node:http'
import { OpenRouter } from '@openrouter/sdk'
import { mswMajor, useSimulator } from 'understudy-mock/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import zulip from 'zulip-js'

const NOW = '2026-01-01T00:00:00.000Z'
const simulator = useSimulator({ beforeAll, afterEach, afterAll }, { seed: 'pack-check', now: NOW })

const sdk = () =>
  new OpenRouter({
    apiKey: 'sk-or-v1-understudy-default-inference',
    retryConfig: { strategy: 'none' },
  })
const iago = () =>
  zulip({
    username: 'iago@acme.example',
    apiKey: 'oCLrZ3aWZkSBvrjn9Wvgfygw2wMqZcUD',
    realm: 'https://acme.zulipchat.com',
  })
const chatRequest = {
  model: 'openai/gpt-5.4',
  messages: [{ role: 'system', content: 'Be brief.' }],
}

describe('the environment this run was meant to have', () => {
  it('runs the expected msw major and Node major', () => {
    const msw = process.env.PACK_CHECK_MSW
    if (msw) expect(mswMajor()).toBe(Number(msw))
    const node = process.env.PACK_CHECK_NODE
    if (node) expect(process.versions.node.split('.')[0]).toBe(node)
  })

  it("passes useSimulator's unhandled-request strategy 'error' to this msw major", async () => {
    // A real local server: under 'warn' or 'bypass' the request would reach it and get 200.
    const local = createServer((_request, response) => response.end('reached'))
    await new Promise((resolve) => local.listen(0, '127.0.0.1', () => resolve(undefined)))
    try {
      const { port } = local.address()
      await expect(fetch(`http://127.0.0.1:${port}/unhandled`)).rejects.toThrow()
    } finally {
      await new Promise((resolve) => local.close(() => resolve(undefined)))
    }
  })
})

describe('@openrouter/sdk through understudy-mock/node', () => {
  it('creates a preset twice (version 2) and reads it back', async () => {
    const client = sdk()
    const first = await client.presets.createPresetsChatCompletions({
      slug: 'pack-check',
      chatRequest,
    })
    expect(first.data.designatedVersion?.version).toBe(1)
    expect(first.data.createdAt).toBe(NOW)
    const second = await client.presets.createPresetsChatCompletions({
      slug: 'pack-check',
      chatRequest: { ...chatRequest, temperature: 0.2 },
    })
    expect(second.data.id).toBe(first.data.id)
    expect(second.data.designatedVersion?.version).toBe(2)
    const got = await client.presets.get({ slug: 'pack-check' })
    expect(got.data.slug).toBe('pack-check')
    expect(got.data.designatedVersion?.version).toBe(2)
    expect(got.data.designatedVersion?.config).toEqual({
      model: 'openai/gpt-5.4',
      temperature: 0.2,
    })
    expect(simulator.journal.entries({ service: 'router' })).toHaveLength(3)
  })

  it('starts the next test from the scenario again (reset after each)', async () => {
    const list = await sdk().presets.list({})
    expect(list.result.totalCount).toBe(0)
    expect(simulator.journal.entries()).toHaveLength(1)
  })
})

describe('zulip-js through understudy-mock/node', () => {
  const romeo = {
    email: 'romeo@acme.example',
    password: 'correct-horse',
    full_name: 'Romeo Montague',
  }

  it('creates a user, then gets the duplicate error', async () => {
    const client = await iago()
    const created = await client.users.create(romeo)
    expect(created).toMatchObject({ result: 'success', msg: '' })
    expect(created.user_id).toEqual(expect.any(Number))
    expect(await client.users.create(romeo)).toMatchObject({
      result: 'error',
      msg: 'Email is already in use.',
    })
  })

  it('sends the Welcome Bot test message and reads the server settings', async () => {
    const client = await iago()
    const sent = await client.callEndpoint('/realm/test_welcome_bot_custom_message', 'POST', {
      welcome_message_custom_text: 'Hi',
    })
    expect(sent).toMatchObject({ result: 'success', message_id: expect.any(Number) })
    const settings = await client.server.settings()
    expect(settings.zulip_feature_level).toBe(500)
  })
})
