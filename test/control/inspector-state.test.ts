/**
 * `GET /__understudy/state`, what the inspector page polls, on the standalone server: the operations a
 * fault can target, journal rows with actor, redacted body and message, tenants by name, no secret
 * anywhere, and an answer that stays small whatever was recorded.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { STATE_LIST_LIMITS } from '../../src/engine/core/inspect-limits.js'
import { useServer } from '../support/server.js'
import { secretsOf } from './secrets.js'
import { accounts, basic, keys, NOW } from './support.js'

const server = useServer({ seed: 'inspector-state', now: NOW })

afterEach(async () => {
  await server.simulator.reset()
})

async function readState() {
  const response = await fetch(`${server.url}/__understudy/state`)
  expect(response.status).toBe(200)
  const text = await response.text()
  return { text, bytes: Buffer.byteLength(text), state: JSON.parse(text) }
}

const createPreset = (slug: string, content: string, key: string | null = keys.inference) =>
  fetch(`${server.services.router}/presets/${slug}/chat/completions`, {
    method: 'POST',
    headers: {
      ...(key === null ? {} : { authorization: `Bearer ${key}` }),
      'content-type': 'application/json',
    },
    body: JSON.stringify({ model: 'openai/gpt-5.4', messages: [{ role: 'system', content }] }),
  })
const createUser = (email: string, fullName: string, password = 'correct horse battery') =>
  fetch(`${server.services.messaging.acme}/api/v1/users`, {
    method: 'POST',
    headers: { authorization: basic(accounts.iago) },
    body: new URLSearchParams({ email, password, full_name: fullName }),
  })

describe('the state', () => {
  it("lists each service's operation ids with the method and path they answer", async () => {
    const { state } = await readState()
    expect(state.operations).toEqual({
      router: [
        {
          name: 'createPresetsChatCompletions',
          method: 'POST',
          path: '/presets/:slug/chat/completions',
        },
        { name: 'createPresetsMessages', method: 'POST', path: '/presets/:slug/messages' },
        { name: 'createPresetsResponses', method: 'POST', path: '/presets/:slug/responses' },
        { name: 'listPresets', method: 'GET', path: '/presets' },
        { name: 'getPreset', method: 'GET', path: '/presets/:slug' },
        { name: 'listPresetVersions', method: 'GET', path: '/presets/:slug/versions' },
        { name: 'getPresetVersion', method: 'GET', path: '/presets/:slug/versions/:version' },
        { name: 'sendChatCompletionRequest', method: 'POST', path: '/chat/completions' },
        { name: 'createMessages', method: 'POST', path: '/messages' },
        { name: 'createResponses', method: 'POST', path: '/responses' },
        { name: 'getModels', method: 'GET', path: '/models' },
      ],
      messaging: [
        { name: 'get-users', method: 'GET', path: '/api/v1/users' },
        { name: 'create-user', method: 'POST', path: '/api/v1/users' },
        { name: 'get-own-user', method: 'GET', path: '/api/v1/users/me' },
        { name: 'deactivate-own-user', method: 'DELETE', path: '/api/v1/users/me' },
        { name: 'get-user', method: 'GET', path: '/api/v1/users/:user_id' },
        { name: 'update-user', method: 'PATCH', path: '/api/v1/users/:user_id' },
        { name: 'deactivate-user', method: 'DELETE', path: '/api/v1/users/:user_id' },
        { name: 'get-user-by-email', method: 'GET', path: '/api/v1/users/:email' },
        { name: 'update-user-by-email', method: 'PATCH', path: '/api/v1/users/:email' },
        { name: 'get-message', method: 'GET', path: '/api/v1/messages/:message_id' },
        { name: 'update-message', method: 'PATCH', path: '/api/v1/messages/:message_id' },
        { name: 'delete-message', method: 'DELETE', path: '/api/v1/messages/:message_id' },
        {
          name: 'test-welcome-bot-custom-message',
          method: 'POST',
          path: '/api/v1/realm/test_welcome_bot_custom_message',
        },
        { name: 'get-server-settings', method: 'GET', path: '/api/v1/server_settings' },
      ],
    })
  })

  it('shows each request with its actor, redacted body, message and tenant name, newest first', async () => {
    const users = await fetch(`${server.services.messaging.acme}/api/v1/users`, {
      headers: { authorization: basic(accounts.iago) },
    })
    expect(users.status).toBe(200)
    const { members } = await users.json()
    expect((await createPreset('support-bot', 'Be brief.')).status).toBe(200)
    expect((await createPreset('support-bot', 'Be briefer.')).status).toBe(200)
    expect((await createPreset('nobody', 'Hi', 'sk-or-v1-not-a-key')).status).toBe(401)
    expect((await createUser('new@acme.example', 'New Person')).status).toBe(200)
    expect((await createUser('new@acme.example', 'New Person')).status).toBe(400)
    const welcome = await fetch(
      `${server.services.messaging.acme}/api/v1/realm/test_welcome_bot_custom_message`,
      {
        method: 'POST',
        headers: { authorization: basic(accounts.iago) },
        body: new URLSearchParams({ welcome_message_custom_text: 'Welcome!' }),
      },
    )
    expect(welcome.status).toBe(200)
    const missing = await fetch(`${server.services.messaging.acme}/api/v1/nothing`)
    expect(missing.status).toBe(404)

    const { state } = await readState()
    const rows = state.journal.latest.map(
      (entry: Record<string, unknown>) =>
        `${entry.seq} ${entry.status} ${entry.service} ${entry.tenantName} ${entry.operation} ${entry.actor}: ${entry.message}`,
    )
    expect(rows).toEqual([
      '8 404 messaging Acme null null: Page not found | Zulip',
      '7 200 messaging Acme test-welcome-bot-custom-message iago@acme.example: message_id 18',
      '6 400 messaging Acme create-user iago@acme.example: Email is already in use.',
      '5 200 messaging Acme create-user iago@acme.example: user_id 8',
      '4 401 router null createPresetsChatCompletions null: User not found.',
      '3 200 router Default createPresetsChatCompletions Default workspace inference key: support-bot v2',
      '2 200 router Default createPresetsChatCompletions Default workspace inference key: support-bot v1',
      `1 200 messaging Acme get-users iago@acme.example: ${members.length} members`,
    ])
    const [, , , created, , second] = state.journal.latest
    expect(created).toMatchObject({
      tenant: 'acme',
      method: 'POST',
      path: '/api/v1/users',
      query: {},
      body: { email: 'new@acme.example', password: '[redacted]', full_name: 'New Person' },
      response: { result: 'success', msg: '', user_id: 8 },
      fault: null,
    })
    expect(second.tenant).toBe(server.simulator.router.workspaces()[0]?.id)
    expect(second.body).toEqual({
      model: 'openai/gpt-5.4',
      messages: [{ role: 'system', content: 'Be briefer.' }],
    })
    expect(second.response.data.designated_version.system_prompt).toBe('Be briefer.')
    expect(typeof second.durationMs).toBe('number')
  })

  it('says which fault answered, and how', async () => {
    server.simulator.faults.inject({
      service: 'router',
      operation: 'listPresets',
      network: 'reset',
    })
    server.simulator.faults.inject({ service: 'messaging', status: 503, times: 1 })
    await fetch(`${server.services.router}/presets`).catch(() => undefined)
    await fetch(`${server.services.messaging.acme}/api/v1/users`)
    const { state } = await readState()
    expect(
      state.journal.latest.map((entry: Record<string, unknown>) => [
        entry.status,
        entry.message,
        entry.fault,
      ]),
    ).toEqual([
      [503, 'Error 503', { id: 2, kind: 'status', status: 503 }],
      [0, 'connection reset by fault 1', { id: 1, kind: 'network-error' }],
    ])
    expect(state.faults).toEqual([
      {
        id: 1,
        service: 'router',
        operation: 'listPresets',
        network: 'reset',
        remaining: null,
        hits: 1,
      },
    ])
  })

  it('shows what each inference applied, and the first 50 router scripts with their count', async () => {
    expect((await createPreset('support-bot', 'Be brief.')).status).toBe(200)
    for (let i = 1; i <= 60; i++)
      server.simulator.router.script({
        name: `s${i}`,
        match: { userMessage: `#${i}#` },
        response: `${i}`,
      })
    const ask = (content: string, stream: boolean) =>
      fetch(`${server.services.router}/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${keys.inference}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          model: '@preset/support-bot',
          stream,
          messages: [{ role: 'user', content }],
        }),
      }).then((response) => response.text())
    const streamed = await ask('#2#', true)
    await ask('plain', false)
    const { state } = await readState()
    const [plain, scripted, created] = state.journal.latest
    expect(created.inference).toBeUndefined()
    expect(scripted.inference).toEqual({
      endpoint: 'chat',
      requestedModel: '@preset/support-bot',
      preset: { slug: 'support-bot', version: 1, form: 'model' },
      model: 'openai/gpt-5.4',
      provider: 'OpenAI',
      stream: true,
      script: { id: 2, name: 's2', answer: 0 },
      effectiveRequest:
        '{"model":"openai/gpt-5.4","stream":true,"messages":[{"role":"system","content":"Be brief."},{"role":"user","content":"#2#"}]}',
    })
    expect(scripted.message).toBe(`event stream, ${(streamed.length / 1024).toFixed(1)} KB`)
    expect(plain.inference).toMatchObject({ stream: false, script: null })
    expect(state.router.scriptCount).toBe(60)
    expect(state.router.scripts).toHaveLength(50)
    expect(state.router.scripts[1]).toEqual({
      id: 2,
      name: 's2',
      source: 'test',
      calls: 1,
      match: '{"userMessage":"#2#"}',
      responses: 1,
    })
  })

  it('carries no API key, password or Authorization value, and neither does the page', async () => {
    await createPreset('support-bot', 'Be brief.')
    await createUser('new@acme.example', 'New Person', 'a-secret-password-1')
    await fetch(`${server.services.messaging.acme}/api/v1/users/me`, {
      headers: { authorization: basic(accounts.hamlet) },
    })
    const secrets = [...secretsOf(server.simulator), 'a-secret-password-1']
    expect(secrets).toContain(keys.inference)
    expect(secrets).toContain(accounts.hamlet.key)
    expect(secrets).toContain(basic(accounts.hamlet))
    const { text } = await readState()
    const page = await (await fetch(`${server.url}/__understudy/inspector`)).text()
    expect(page).toContain('<title>Understudy inspector</title>')
    expect(text).toContain('"password":"[redacted]"')
    for (const secret of secrets) {
      expect(text).not.toContain(secret)
      expect(page).not.toContain(secret)
    }
    expect(text).not.toMatch(/apiKey|api_key|"key"|authorization|Bearer |Basic /i)
  })

  it('shows the newest presets, versions, users and messages of each tenant, with their counts', async () => {
    const long = 'x'.repeat(5000)
    for (let version = 1; version <= STATE_LIST_LIMITS.versions + 2; version += 1) {
      expect((await createPreset('many-versions', `${version} ${long}`)).status).toBe(200)
    }
    for (let index = 0; index < STATE_LIST_LIMITS.presets + 1; index += 1) {
      expect((await createPreset(`preset-${index}`, 'Hi')).status).toBe(200)
    }
    const { state } = await readState()
    const workspace = state.router.workspaces[0]
    expect([workspace.name, workspace.presetCount, workspace.presets.length]).toEqual([
      'Default',
      STATE_LIST_LIMITS.presets + 2,
      STATE_LIST_LIMITS.presets,
    ])
    // Most recently updated first: the last preset created leads, the one with many versions is left out.
    expect(workspace.presets[0].slug).toBe(`preset-${STATE_LIST_LIMITS.presets}`)
    expect(workspace.presets.map((preset: { slug: string }) => preset.slug)).not.toContain(
      'many-versions',
    )
    const many = server.simulator.router
      .presets(workspace.id)
      .find((preset) => preset.slug === 'many-versions')
    expect(many?.versions.length).toBe(STATE_LIST_LIMITS.versions + 2)

    await createPreset('many-versions', `again ${long}`)
    const again = (await readState()).state.router.workspaces[0].presets[0]
    expect(again.slug).toBe('many-versions')
    expect(again.versionCount).toBe(STATE_LIST_LIMITS.versions + 3)
    expect(again.versions.map((version: { version: number }) => version.version)).toEqual(
      Array.from({ length: STATE_LIST_LIMITS.versions }, (_, index) => index + 4),
    )
    // A long system prompt is shown as its first 1000 characters, with its length.
    expect(again.versions.at(-1).system_prompt).toBe(
      `${`again ${long}`.slice(0, 1000)}… (${long.length + 6} characters)`,
    )
  })
})

describe('the state after 50 POSTs of 8 MB bodies', { timeout: 120_000 }, () => {
  it('stays under 200 KB, each body a preview with its size', async () => {
    const eight = 8 * 1024 * 1024
    const prompt = 'x'.repeat(eight)
    const statuses: number[] = []
    for (let index = 0; index < 25; index += 1) {
      // Answered 401 before the body matters, and 400 after reading it.
      statuses.push((await createPreset(`big-${index}`, prompt, null)).status)
      statuses.push((await createUser(`big-${index}@acme.example`, prompt)).status)
    }
    expect(new Set(statuses)).toEqual(new Set([401, 400]))
    // An answer longer than the preview: the list of every account, one more than the scenario's.
    expect((await createUser('small@acme.example', 'Small')).status).toBe(200)
    const list = await fetch(`${server.services.messaging.acme}/api/v1/users`, {
      headers: { authorization: basic(accounts.iago) },
    })
    const listed = await list.text()
    expect(listed.length).toBeGreaterThan(2048)
    expect(server.simulator.journal.count()).toBe(52)

    const { bytes, state } = await readState()
    expect(bytes).toBeLessThan(200_000)
    expect(state.journal.latest).toHaveLength(50)
    const [users, , ...big] = state.journal.latest
    expect(users).toMatchObject({
      operation: 'get-users',
      response: listed.slice(0, 2048),
      responseTruncated: true,
      responseSize: Buffer.byteLength(listed),
      message: `success, ${(Buffer.byteLength(listed) / 1024).toFixed(1)} KB answer`,
    })
    for (const entry of big) {
      // A 401 keeps no body (it did not matter); a 400 keeps a preview, saying how large it was.
      expect(entry.truncated).toBe(true)
      expect(entry.bodySize).toBeGreaterThan(eight)
      expect(typeof (entry.body ?? '')).toBe('string')
      expect(Buffer.byteLength(entry.body ?? '')).toBeLessThanOrEqual(2048)
    }
    const refused = big.find((entry: { operation: string }) => entry.operation === 'create-user')
    expect(refused.message).toBe('Name too long!')
    expect(big).toHaveLength(48)
    expect(refused.body).toMatch(/^email=big-24%40acme.example&password=\[redacted\]&full_name=x+$/)
  })
})
