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

const example = {
  model: 'openai/gpt-5.4',
  instructions: 'Answer in French.',
  input: 'Hello!',
  temperature: 0.2,
  max_output_tokens: 256,
}

function create(slug: string, body: unknown, key?: string | null) {
  return call('POST', `/presets/${slug}/responses`, { body, key })
}

describe('POST /presets/{slug}/responses', () => {
  it('creates a preset with version 1 from a responses body', async () => {
    const { status, body, headers } = await create('my-preset', example)
    expect(status).toBe(200)
    expect(headers.get('content-type')).toBe('application/json')
    expect(body).toEqual({
      data: {
        ...presetBody('my-preset'),
        designated_version: versionBody(
          1,
          { model: 'openai/gpt-5.4', temperature: 0.2, max_output_tokens: 256 },
          'Answer in French.',
        ),
      },
    })
    const data = (body as { data: Record<string, any> }).data
    expect(data.designated_version_id).toBe(data.designated_version.id)
    expect(data.designated_version.preset_id).toBe(data.id)
  })

  it('accepts an empty body object: no field is required', async () => {
    const { status, body } = await create('empty', {})
    expect(status).toBe(200)
    expect((body as any).data.designated_version).toEqual(versionBody(1, {}, null))
  })

  it.each([
    ['instructions', { instructions: 'Be brief.' }, 'Be brief.'],
    ['null instructions', { instructions: null }, null],
    ['no instructions', {}, null],
    [
      'instructions only, never a system item of input',
      { input: [{ role: 'system', content: 'not the prompt' }] },
      null,
    ],
  ])('takes the system prompt from %s', async (_, fields, expected) => {
    const { status, body } = await create('prompted', { input: 'Hi', ...fields })
    expect(status).toBe(200)
    expect((body as any).data.designated_version.system_prompt).toBe(expected)
  })

  it('keeps only the persisted keys, verbatim and in the order sent', async () => {
    const { status, body } = await create('kept', {
      stream: false,
      input: [{ role: 'user', content: 'Hi' }],
      model: 'openai/gpt-5.4',
      instructions: 'I',
      models: ['openai/gpt-5.4-mini'],
      metadata: { team: 'search' },
      temperature: 0.5,
      top_p: 0.9,
      top_k: 20,
      frequency_penalty: 0.1,
      presence_penalty: -0.1,
      top_logprobs: 3,
      max_output_tokens: 512,
      max_tool_calls: 4,
      include: ['reasoning.encrypted_content'],
      tools: [{ type: 'function', name: 'f', parameters: {} }],
      tool_choice: 'auto',
      parallel_tool_calls: true,
      provider: { sort: 'latency' },
      plugins: [{ id: 'web', max_results: 3 }],
      reasoning: { effort: 'medium', summary: 'auto', enabled: true, max_tokens: 100 },
      text: { format: { type: 'text' }, verbosity: 'low' },
      service_tier: 'flex',
      modalities: ['text', 'image'],
      image_config: { aspect_ratio: '1:1' },
      route: 'sort',
      truncation: 'auto',
      previous_response_id: null,
      prompt: { id: 'pmpt_1' },
      prompt_cache_key: 'k',
      prompt_cache_options: { mode: 'explicit' },
      cache_control: { type: 'ephemeral' },
      debug: { echo_upstream_body: false },
      trace: {},
      stop_server_tools_when: [{ type: 'max_cost', max_cost_in_dollars: 1 }],
      session_id: 's',
      safety_identifier: 'h',
      user: 'u',
      store: false,
      background: false,
      unknown_key: 1,
    })
    expect(status).toBe(200)
    const config = (body as any).data.designated_version.config
    expect(config).toEqual({
      model: 'openai/gpt-5.4',
      models: ['openai/gpt-5.4-mini'],
      temperature: 0.5,
      top_p: 0.9,
      top_k: 20,
      frequency_penalty: 0.1,
      presence_penalty: -0.1,
      top_logprobs: 3,
      max_output_tokens: 512,
      max_tool_calls: 4,
      tools: [{ type: 'function', name: 'f', parameters: {} }],
      tool_choice: 'auto',
      parallel_tool_calls: true,
      provider: { sort: 'latency' },
      plugins: [{ id: 'web', max_results: 3 }],
      reasoning: { effort: 'medium', summary: 'auto', enabled: true, max_tokens: 100 },
      text: { format: { type: 'text' }, verbosity: 'low' },
      service_tier: 'flex',
      modalities: ['text', 'image'],
      image_config: { aspect_ratio: '1:1' },
      route: 'sort',
      truncation: 'auto',
    })
    expect(Object.keys(config)).toEqual([
      'model',
      'models',
      'temperature',
      'top_p',
      'top_k',
      'frequency_penalty',
      'presence_penalty',
      'top_logprobs',
      'max_output_tokens',
      'max_tool_calls',
      'tools',
      'tool_choice',
      'parallel_tool_calls',
      'provider',
      'plugins',
      'reasoning',
      'text',
      'service_tier',
      'modalities',
      'image_config',
      'route',
      'truncation',
    ])
    expect((body as any).data.designated_version.system_prompt).toBe('I')
  })

  it.each<[string, Fields, Fields]>([
    ['store false', { store: false }, {}],
    ['a null previous_response_id', { previous_response_id: null }, {}],
    ['metadata null', { metadata: null }, {}],
    ['reasoning null', { reasoning: null }, { reasoning: null }],
    ['truncation disabled', { truncation: 'disabled' }, { truncation: 'disabled' }],
    [
      'a tool_choice object',
      { tool_choice: { type: 'web_search' } },
      { tool_choice: { type: 'web_search' } },
    ],
    ['input as text items', { input: [{ type: 'message', role: 'user', content: 'x' }] }, {}],
  ])('accepts %s', async (_, fields, config) => {
    const { status, body } = await create('skin', fields)
    expect(status).toBe(200)
    expect((body as any).data.designated_version.config).toEqual(config)
  })

  it.each<[string, Fields, string, string]>([
    ['store true', { store: true }, 'store', 'must be false'],
    [
      'a previous_response_id',
      { previous_response_id: 'resp_123' },
      'previous_response_id',
      'must be null',
    ],
    ['modalities audio', { modalities: ['audio'] }, 'modalities[0]', 'must be one of: text, image'],
    [
      'an unknown truncation',
      { truncation: 'middle' },
      'truncation',
      'must be one of: auto, disabled or null',
    ],
    [
      'an unknown tool_choice string',
      { tool_choice: 'any' },
      'tool_choice',
      'must be one of: auto, none, required',
    ],
    ['input as a number', { input: 1 }, 'input', 'must be a string or an array'],
    ['a numeric instructions', { instructions: 1 }, 'instructions', 'must be a string or null'],
    [
      'max_output_tokens 1.5',
      { max_output_tokens: 1.5 },
      'max_output_tokens',
      'must be an integer or null',
    ],
    ['top_logprobs 21', { top_logprobs: 21 }, 'top_logprobs', 'must be at most 20'],
    [
      'an unknown reasoning.effort',
      { reasoning: { effort: 'extreme' } },
      'reasoning.effort',
      'must be one of: max, xhigh, high, medium, low, minimal, none or null',
    ],
    [
      'metadata with a 513-character value',
      { metadata: { k: 'v'.repeat(513) } },
      'metadata.k',
      'must be at most 512 characters',
    ],
    ['a prompt without an id', { prompt: {} }, 'prompt.id', 'is required'],
  ])('refuses %s', async (_, fields, path, message) => {
    const { status, body } = await create('skin', fields)
    expect(status).toBe(400)
    expect(body).toEqual(invalid({ path, message }))
    expect(simulator.router.presets(workspaces.default)).toEqual([])
  })

  it('answers 401 for an unknown key', async () => {
    const { status, body } = await create('p', example, 'sk-or-v1-nope')
    expect(status).toBe(401)
    expect(body).toEqual({ error: { code: 401, message: 'User not found.' } })
  })

  it('answers 403 to an inference key where only management keys write presets', async () => {
    const { status, body } = await create('p', example, keys.lockedInference)
    expect(status).toBe(403)
    expect(body).toEqual({
      error: { code: 403, message: 'Only management keys can perform this operation' },
    })
  })

  it('continues the version numbers of a slug written through the chat and messages skins', async () => {
    const first = (
      await createPreset('mixed', { messages: [{ role: 'user', content: 'x' }], model: 'a/1' })
    ).body as { data: Record<string, any> }
    await call('POST', '/presets/mixed/messages', {
      body: { model: 'a/2', messages: [], system: 'S' },
    })
    simulator.clock.advance(2000)
    const { status, body } = await create('mixed', example)
    expect(status).toBe(200)
    const later = '2026-01-01T00:00:02.000Z'
    expect(body).toEqual({
      data: {
        ...presetBody('mixed', { id: first.data.id, updated_at: later }),
        designated_version: versionBody(
          3,
          { model: 'openai/gpt-5.4', temperature: 0.2, max_output_tokens: 256 },
          'Answer in French.',
          { preset_id: first.data.id, created_at: later, updated_at: later },
        ),
      },
    })
    const versions = (await call('GET', '/presets/mixed/versions')).body as any
    expect(versions.data.map((v: any) => [v.version, v.config.model, v.system_prompt])).toEqual([
      [1, 'a/1', null],
      [2, 'a/2', 'S'],
      [3, 'openai/gpt-5.4', 'Answer in French.'],
    ])
  })
})
