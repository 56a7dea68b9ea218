import { describe, expect, it } from 'vitest'
import {
  call,
  createPreset,
  invalid,
  keys,
  presetBody,
  useRouterSimulator,
  versionBody,
  workspaces,
} from '../support/router.js'

const simulator = useRouterSimulator()

type Fields = Record<string, unknown>

const user = [{ role: 'user', content: 'Hello!' }]

const example = {
  model: 'anthropic/claude-sonnet-4.5',
  max_tokens: 1024,
  system: 'You are a helpful assistant.',
  messages: user,
  temperature: 0.7,
}

function create(slug: string, body: unknown, key?: string | null) {
  return call('POST', `/presets/${slug}/messages`, { body, key })
}

describe('POST /presets/{slug}/messages', () => {
  it('creates a preset with version 1 from a messages body', async () => {
    const { status, body, headers } = await create('my-preset', example)
    expect(status).toBe(200)
    expect(headers.get('content-type')).toBe('application/json')
    expect(body).toEqual({
      data: {
        ...presetBody('my-preset'),
        designated_version: versionBody(
          1,
          { model: 'anthropic/claude-sonnet-4.5', max_tokens: 1024, temperature: 0.7 },
          'You are a helpful assistant.',
        ),
      },
    })
    const data = (body as { data: Record<string, any> }).data
    expect(data.designated_version_id).toBe(data.designated_version.id)
    expect(data.designated_version.preset_id).toBe(data.id)
  })

  it.each([
    ['a string system', 'Be brief.', 'Be brief.'],
    [
      'text blocks joined by a newline',
      [
        { type: 'text', text: 'Line A', cache_control: { type: 'ephemeral' } },
        { type: 'text', text: 'Line B', citations: null },
      ],
      'Line A\nLine B',
    ],
    ['no system', undefined, null],
  ])('takes the system prompt from %s', async (_, system, expected) => {
    const { status, body } = await create('prompted', {
      model: 'm/1',
      messages: [
        { role: 'system', content: 'not the prompt' },
        { role: 'user', content: 'Hi' },
      ],
      system,
    })
    expect(status).toBe(200)
    expect((body as any).data.designated_version.system_prompt).toBe(expected)
  })

  it('keeps only the persisted keys, verbatim and in the order sent', async () => {
    const { status, body } = await create('kept', {
      stream: true,
      model: 'anthropic/claude-sonnet-4.5',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
      system: 'S',
      metadata: { user_id: 'u-1' },
      max_tokens: 2048,
      temperature: 1,
      top_p: 0.9,
      top_k: 40,
      stop_sequences: ['END'],
      tools: [{ name: 'get_weather', input_schema: { type: 'object' } }],
      tool_choice: { type: 'auto', disable_parallel_tool_use: true },
      thinking: { type: 'enabled', budget_tokens: 1024, display: 'summarized' },
      output_config: { effort: 'high' },
      service_tier: 'auto',
      speed: 'fast',
      fallbacks: [{ model: 'openai/gpt-5.4' }],
      provider: { order: ['anthropic'] },
      plugins: [{ id: 'response-healing' }],
      route: 'fallback',
      session_id: 's-1',
      user: 'end-user-1',
      stop_server_tools_when: [{ type: 'step_count_is', step_count: 2 }],
      cache_control: { type: 'ephemeral' },
      trace: { id: 't' },
      context_management: null,
      unknown_key: 1,
    })
    expect(status).toBe(200)
    const config = (body as any).data.designated_version.config
    expect(config).toEqual({
      model: 'anthropic/claude-sonnet-4.5',
      max_tokens: 2048,
      temperature: 1,
      top_p: 0.9,
      top_k: 40,
      stop_sequences: ['END'],
      tools: [{ name: 'get_weather', input_schema: { type: 'object' } }],
      tool_choice: { type: 'auto', disable_parallel_tool_use: true },
      thinking: { type: 'enabled', budget_tokens: 1024, display: 'summarized' },
      output_config: { effort: 'high' },
      service_tier: 'auto',
      speed: 'fast',
      fallbacks: [{ model: 'openai/gpt-5.4' }],
      provider: { order: ['anthropic'] },
      plugins: [{ id: 'response-healing' }],
      route: 'fallback',
    })
    expect(Object.keys(config)).toEqual([
      'model',
      'max_tokens',
      'temperature',
      'top_p',
      'top_k',
      'stop_sequences',
      'tools',
      'tool_choice',
      'thinking',
      'output_config',
      'service_tier',
      'speed',
      'fallbacks',
      'provider',
      'plugins',
      'route',
    ])
  })

  it('stores models when no fallbacks are sent', async () => {
    const { body } = await create('models', {
      model: 'm/1',
      messages: user,
      models: ['m/2', 'm/3'],
      fallbacks: null,
    })
    expect((body as any).data.designated_version.config).toEqual({
      model: 'm/1',
      models: ['m/2', 'm/3'],
      fallbacks: null,
    })
  })

  it.each([
    ['a missing model', { messages: user }, [{ path: 'model', message: 'is required' }]],
    ['a missing messages', { model: 'm/1' }, [{ path: 'messages', message: 'is required' }]],
    [
      'an empty body object',
      {},
      [
        { path: 'model', message: 'is required' },
        { path: 'messages', message: 'is required' },
      ],
    ],
    [
      'a numeric model',
      { model: 1, messages: user },
      [{ path: 'model', message: 'must be a string' }],
    ],
  ])('answers 400 for %s and stores nothing', async (_, fields, issues) => {
    const { status, body } = await create('required', fields)
    expect(status).toBe(400)
    expect(body).toEqual(invalid(...issues))
    expect(simulator.router.presets(workspaces.default)).toEqual([])
  })

  it.each<[string, Fields, Fields]>([
    ['thinking disabled', { thinking: { type: 'disabled' } }, { thinking: { type: 'disabled' } }],
    [
      'thinking adaptive',
      { thinking: { type: 'adaptive', display: 'omitted' } },
      { thinking: { type: 'adaptive', display: 'omitted' } },
    ],
    ['tool_choice any', { tool_choice: { type: 'any' } }, { tool_choice: { type: 'any' } }],
    ['tool_choice none', { tool_choice: { type: 'none' } }, { tool_choice: { type: 'none' } }],
    [
      'a named tool_choice',
      { tool_choice: { type: 'tool', name: 'get_weather' } },
      { tool_choice: { type: 'tool', name: 'get_weather' } },
    ],
    [
      '3 fallbacks',
      { fallbacks: [{ model: 'a' }, { model: 'b' }, { model: 'c' }] },
      { fallbacks: [{ model: 'a' }, { model: 'b' }, { model: 'c' }] },
    ],
    ['speed standard', { speed: 'standard' }, { speed: 'standard' }],
    ['an empty messages array', { messages: [] }, {}],
    ['messages null', { messages: null }, {}],
  ])('accepts %s', async (_, fields, config) => {
    const { status, body } = await create('skin', { model: 'm/1', messages: user, ...fields })
    expect(status).toBe(200)
    expect((body as any).data.designated_version.config).toEqual({ model: 'm/1', ...config })
  })

  it.each<[string, Fields, string, string]>([
    [
      'thinking enabled without budget_tokens',
      { thinking: { type: 'enabled' } },
      'thinking.budget_tokens',
      'is required',
    ],
    [
      'an unknown thinking type',
      { thinking: { type: 'on' } },
      'thinking.type',
      'must be one of: enabled, disabled, adaptive',
    ],
    [
      'an unknown thinking display',
      { thinking: { type: 'adaptive', display: 'full' } },
      'thinking.display',
      'must be one of: summarized, omitted or null',
    ],
    ['a tool_choice string', { tool_choice: 'auto' }, 'tool_choice', 'must be an object'],
    [
      'an unknown tool_choice type',
      { tool_choice: { type: 'required' } },
      'tool_choice.type',
      'must be one of: auto, any, none, tool',
    ],
    [
      'a named tool_choice without a name',
      { tool_choice: { type: 'tool' } },
      'tool_choice.name',
      'is required',
    ],
    [
      'fallbacks together with models',
      { models: ['m/2'], fallbacks: [{ model: 'm/3' }] },
      'fallbacks',
      'cannot be combined with models',
    ],
    [
      '4 fallbacks',
      { fallbacks: [{ model: 'a' }, { model: 'b' }, { model: 'c' }, { model: 'd' }] },
      'fallbacks',
      'must contain at most 3 items',
    ],
    ['a fallback without a model', { fallbacks: [{}] }, 'fallbacks[0].model', 'is required'],
    [
      'a tool message role',
      { messages: [{ role: 'tool', content: 'x' }] },
      'messages[0].role',
      'must be one of: user, assistant, system',
    ],
    [
      'a content block without a type',
      { messages: [{ role: 'user', content: [{ text: 'x' }] }] },
      'messages[0].content[0].type',
      'is required',
    ],
    [
      'a system block of another type',
      { system: [{ type: 'image', text: 'x' }] },
      'system[0].type',
      'must be text',
    ],
    ['a numeric system', { system: 1 }, 'system', 'must be a string or an array'],
    ['temperature null', { temperature: null }, 'temperature', 'must be a number'],
    ['top_p 1.01', { top_p: 1.01 }, 'top_p', 'must be at most 1'],
    ['max_tokens 1.5', { max_tokens: 1.5 }, 'max_tokens', 'must be an integer'],
    ['an unknown speed', { speed: 'slow' }, 'speed', 'must be one of: fast, standard or null'],
    ['a 257-character user', { user: 'u'.repeat(257) }, 'user', 'must be at most 256 characters'],
    [
      'a numeric metadata.user_id',
      { metadata: { user_id: 1 } },
      'metadata.user_id',
      'must be a string or null',
    ],
  ])('refuses %s', async (_, fields, path, message) => {
    const { status, body } = await create('skin', { model: 'm/1', messages: user, ...fields })
    expect(status).toBe(400)
    expect(body).toEqual(invalid({ path, message }))
    expect(simulator.router.presets(workspaces.default)).toEqual([])
  })

  it('answers 401 without credentials', async () => {
    const { status, body } = await create('p', example, null)
    expect(status).toBe(401)
    expect(body).toEqual({ error: { code: 401, message: 'No auth credentials found' } })
  })

  it('answers 403 to an inference key where only management keys write presets', async () => {
    const { status, body } = await create('p', example, keys.lockedInference)
    expect(status).toBe(403)
    expect(body).toEqual({
      error: { code: 403, message: 'Only management keys can perform this operation' },
    })
  })

  it('creates version 2 on a slug first created through the chat skin', async () => {
    const first = (
      await createPreset('mixed', {
        messages: [{ role: 'system', content: 'Chat prompt.' }],
        model: 'openai/gpt-5.4',
      })
    ).body as { data: Record<string, any> }
    simulator.clock.advance(1000)
    const { status, body } = await create('mixed', example)
    expect(status).toBe(200)
    const later = '2026-01-01T00:00:01.000Z'
    expect(body).toEqual({
      data: {
        ...presetBody('mixed', { id: first.data.id, updated_at: later }),
        designated_version: versionBody(
          2,
          { model: 'anthropic/claude-sonnet-4.5', max_tokens: 1024, temperature: 0.7 },
          'You are a helpful assistant.',
          { preset_id: first.data.id, created_at: later, updated_at: later },
        ),
      },
    })
  })
})
