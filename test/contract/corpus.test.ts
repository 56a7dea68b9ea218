/**
 * A broad corpus through the public entry point (`simulator.fetch`), so that every operation of both services is
 * answered, in success and in error, at messaging levels each description judges (324, 420, 442, 500, 512): the setup
 * file (`observe.setup.ts`) checks each answer and each accepted request against the description; here the
 * corpus also asserts that the checks ran (a corpus the descriptions did not judge would prove nothing).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createSimulator } from '../../src/entries/index.js'
import { keys } from '../support/credentials.js'
import { NOW } from '../support/time.js'
import { check, type Exchange } from './check.js'

const simulator = createSimulator({ seed: 'contract-corpus', now: NOW })
beforeAll(() => {})
afterEach(() => simulator.reset())
afterAll(() => {})

const ROUTER = 'https://openrouter.ai/api/v1'
const ZULIP = 'https://acme.zulipchat.com/api/v1'
const iago = `Basic ${Buffer.from('iago@acme.example:oCLrZ3aWZkSBvrjn9Wvgfygw2wMqZcUD').toString('base64')}`
const hamlet = `Basic ${Buffer.from('hamlet@acme.example:xkxwnQrS7RPeMOkIUpkDyr7OSJoRu1XX').toString('base64')}`
const desdemona = `Basic ${Buffer.from('desdemona@acme.example:OhbVrpoiVgRV5IfLBcbfnoGMbJmTPSIA').toString('base64')}`
const basic = (email: string, key: string) =>
  `Basic ${Buffer.from(`${email}:${key}`).toString('base64')}`

function router(method: string, path: string, body?: unknown, key: string | null = keys.inference) {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (key !== null) headers.authorization = `Bearer ${key}`
  return simulator.fetch(`${ROUTER}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  })
}

function zulip(
  method: string,
  path: string,
  form?: Record<string, string>,
  auth: string | null = iago,
) {
  const headers: Record<string, string> = {}
  if (auth !== null) headers.authorization = auth
  return simulator.fetch(`${ZULIP}${path}`, {
    method,
    headers,
    body: form === undefined ? undefined : new URLSearchParams(form),
  })
}

/** Every exchange the corpus made, checked here too, to assert the descriptions judged them. */
async function judged(): Promise<{ checked: number; requests: number; files: Set<string> }> {
  const files = new Set<string>()
  let checked = 0
  let requests = 0
  for (const entry of simulator.journal.entries()) {
    const exchange: Exchange = {
      ...(entry as unknown as Exchange),
      query: (entry.query ?? {}) as Exchange['query'],
      level:
        entry.service === 'messaging' && entry.tenant
          ? simulator.messaging.featureLevel(entry.tenant)
          : undefined,
    }
    const verdict = await check(exchange)
    if (verdict.checked) {
      checked += 1
      files.add(verdict.file)
      if (verdict.requestChecked) requests += 1
    }
  }
  return { checked, requests, files }
}

describe('router corpus', () => {
  it('answers every preset operation, in success and in error, as the description says', async () => {
    const chat = {
      messages: [
        { role: 'system', content: 'S' },
        { role: 'user', content: 'Hi' },
      ],
    }
    const rich = {
      ...chat,
      model: 'openai/gpt-5.4',
      models: ['a/b'],
      temperature: 0.7,
      provider: { sort: 'price', order: ['openai'], max_price: { prompt: '1' } },
      plugins: [
        { id: 'web', max_results: 3 },
        { id: 'fusion', analysis_models: ['a/b'] },
      ],
      tools: [
        { type: 'function', function: { name: 'f', parameters: { type: 'object' } } },
        { type: 'openrouter:web_search', parameters: { mode: 'fast' } },
      ],
      tool_choice: 'auto',
      response_format: { type: 'json_schema', json_schema: { name: 'n', schema: {} } },
      reasoning: { effort: 'low' },
      stop: ['x'],
      trace: { trace_name: 't' },
      metadata: { a: 'b' },
    }
    const statuses = [
      (await router('POST', '/presets/corpus/chat/completions', chat)).status,
      (await router('POST', '/presets/corpus/chat/completions', rich)).status,
      (
        await router('POST', '/presets/corpus/messages', {
          model: 'anthropic/claude',
          messages: [{ role: 'user', content: [{ type: 'text', text: 'x' }] }],
          system: [{ type: 'text', text: 'S' }],
          max_tokens: 10,
          thinking: { type: 'enabled', budget_tokens: 100 },
        })
      ).status,
      (
        await router('POST', '/presets/corpus/responses', {
          model: 'openai/gpt-5.4',
          input: [{ role: 'user', content: 'x' }],
          instructions: 'S',
          include: ['reasoning.encrypted_content'],
          tools: [{ type: 'function', name: 'f', parameters: {} }],
        })
      ).status,
      (await router('GET', '/presets?limit=1&offset=0')).status,
      (await router('GET', '/presets/corpus')).status,
      (await router('GET', '/presets/corpus/versions?limit=2')).status,
      (await router('GET', '/presets/corpus/versions/2')).status,
      // errors
      (await router('POST', '/presets/corpus/chat/completions', { messages: [] })).status,
      (await router('POST', '/presets/corpus/chat/completions', chat, null)).status,
      (await router('POST', '/presets/corpus/chat/completions', chat, 'sk-or-v1-nobody')).status,
      (await router('POST', '/presets/x/chat/completions', chat, keys.lockedInference)).status,
      (await router('GET', '/presets/missing')).status,
      (await router('GET', '/presets/corpus/versions/99')).status,
      (await router('GET', '/presets?limit=500')).status,
    ]
    expect(statuses).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 400, 401, 401, 403, 404, 404, 400,
    ])
    const { checked, requests, files } = await judged()
    expect(files).toEqual(new Set(['openrouter-presets.openapi.json']))
    expect(checked).toBe(statuses.length)
    expect(requests).toBe(8)
  })
})

/** The levels the messaging corpus runs at, and the descriptions that judge each (`ZULIP_LEVELS`). */
const MESSAGING_LEVELS: ReadonlyArray<readonly [level: number, files: readonly string[]]> = [
  [324, ['zulip-fl324.openapi.yaml']],
  [420, ['zulip-fl420-normalized.openapi.yaml']],
  // the oracle's level: DELETE /users/{user_id} is judged by the level-420 file until `actions` (459)
  [442, ['zulip-fl469-extract.openapi.yaml', 'zulip-fl420-normalized.openapi.yaml']],
  [500, ['zulip-fl469-extract.openapi.yaml']],
  [512, ['zulip-fl469-extract.openapi.yaml']],
]

describe.each(MESSAGING_LEVELS)('messaging corpus at level %i', (level, files) => {
  it('answers every operation, in success and in error, as the descriptions say', async () => {
    simulator.messaging.setFeatureLevel('acme', level)
    const created = await zulip('POST', '/users', {
      email: 'new@acme.example',
      password: 'correct-horse',
      full_name: 'New Person',
    })
    expect(created.status).toBe(200)
    const { user_id: id } = (await created.json()) as { user_id: number }
    const calls: Array<[string, string, Record<string, string>?, string?]> = [
      ['GET', '/server_settings'],
      ['GET', '/users'],
      ['GET', '/users?client_gravatar=false&include_custom_profile_fields=true'],
      ['GET', `/users/${id}`],
      ['GET', '/users/new@acme.example'],
      ['GET', '/users/me'],
      ['GET', '/users/me', undefined, hamlet],
      // errors
      ['POST', '/users', { email: 'new@acme.example', password: 'correct-horse', full_name: 'X' }],
      ['POST', '/users', { email: 'bad', password: 'correct-horse', full_name: 'X' }],
      ['POST', '/users', { email: 'b@acme.example', password: 'x', full_name: 'X' }],
      ['POST', '/users', { email: 'c@acme.example', password: 'correct-horse' }],
      [
        'POST',
        '/users',
        { email: 'd@acme.example', password: 'correct-horse', full_name: 'D' },
        hamlet,
      ],
      ['GET', '/users/99999'],
      ['GET', '/messages/99999'],
      ['DELETE', '/messages/99999'],
      ['DELETE', '/users/99999'],
      ['DELETE', '/users/1'],
      ['DELETE', '/users/me', undefined, desdemona],
    ]
    if (level >= 384) calls.push(['GET', `/users?user_ids=[${id}]`])
    if (level >= 416) {
      calls.push([
        'POST',
        '/realm/test_welcome_bot_custom_message',
        { welcome_message_custom_text: 'Hi **all**' },
      ])
    }
    for (const [method, path, form, auth] of calls) await zulip(method, path, form, auth)
    if (level >= 416) {
      const last = simulator.journal.last({ operation: 'test-welcome-bot-custom-message' })
      const messageId = (last?.response as { message_id: number } | undefined)?.message_id
      expect((await zulip('GET', `/messages/${messageId}`)).status).toBe(200)
      expect((await zulip('DELETE', `/messages/${messageId}`)).status).toBe(200)
    }
    const deactivate = level >= 459 ? '?actions={"delete_profile":false}' : ''
    expect((await zulip('DELETE', `/users/${id}${deactivate}`)).status).toBe(200)
    const newcomer = basic('new2@acme.example', await createdKey(level))
    expect((await zulip('DELETE', '/users/me', undefined, newcomer)).status).toBe(200)
    const { checked, requests, files: judgedBy } = await judged()
    expect(judgedBy).toEqual(new Set(files))
    expect(checked).toBeGreaterThanOrEqual(calls.length)
    expect(requests).toBeGreaterThanOrEqual(10)
  })
})

/** Creates a second member and answers their API key. */
async function createdKey(level: number): Promise<string> {
  const created = await zulip('POST', '/users', {
    email: 'new2@acme.example',
    password: 'correct-horse',
    full_name: `Newcomer ${level}`,
  })
  expect(created.status).toBe(200)
  const key = simulator.messaging.apiKeyOf('acme', 'new2@acme.example')
  if (key === undefined) throw new Error('the new member has no API key')
  return key
}
