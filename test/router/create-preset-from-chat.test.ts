import { describe, expect, it } from 'vitest'
import {
  BASE,
  call,
  createPreset,
  invalid,
  keys,
  presetBody,
  useRouterSimulator,
  users,
  versionBody,
  workspaces,
} from '../support/router.js'

const simulator = useRouterSimulator()

const specExample = {
  messages: [
    { role: 'system', content: 'You are a helpful assistant.' },
    { role: 'user', content: 'Hello!' },
  ],
  model: 'openai/gpt-5.4',
  temperature: 0.7,
}

describe('POST /presets/{slug}/chat/completions', () => {
  it('creates a preset with version 1 from the documented example', async () => {
    const { status, body, headers } = await createPreset('my-preset', specExample)
    expect(status).toBe(200)
    expect(headers.get('content-type')).toBe('application/json')
    expect(body).toEqual({
      data: {
        ...presetBody('my-preset'),
        designated_version: versionBody(
          1,
          { model: 'openai/gpt-5.4', temperature: 0.7 },
          'You are a helpful assistant.',
        ),
      },
    })
    const data = (body as { data: Record<string, any> }).data
    expect(data.designated_version_id).toBe(data.designated_version.id)
    expect(data.designated_version.preset_id).toBe(data.id)
  })

  it('creates version 2 on an existing slug, designates it and bumps updated_at only', async () => {
    const first = (await createPreset('my-preset', specExample)).body as {
      data: Record<string, any>
    }
    simulator.clock.advance(60_000)
    const { status, body } = await createPreset('my-preset', {
      messages: [{ role: 'user', content: 'x' }],
      model: 'anthropic/claude-sonnet-4.5',
    })
    expect(status).toBe(200)
    const later = '2026-01-01T00:01:00.000Z'
    expect(body).toEqual({
      data: {
        ...presetBody('my-preset', { id: first.data.id, updated_at: later }),
        designated_version: versionBody(2, { model: 'anthropic/claude-sonnet-4.5' }, null, {
          preset_id: first.data.id,
          created_at: later,
          updated_at: later,
        }),
      },
    })
    const data = (body as { data: Record<string, any> }).data
    expect(data.designated_version_id).not.toBe(first.data.designated_version_id)
    expect(data.designated_version_id).toBe(data.designated_version.id)
  })

  it('keeps only the persisted keys, verbatim and in the order sent', async () => {
    const { body } = await createPreset('kept', {
      stream: false,
      user: 'end-user-1',
      session_id: 'abc',
      metadata: { team: 'search' },
      messages: [{ role: 'user', content: 'Hi' }],
      provider: { sort: 'price', order: ['anthropic'], custom_future_key: undefined },
      max_tokens: 1024,
      route: 'fallback',
      stream_options: { include_usage: true },
      tools: [{ type: 'openrouter:web_search', parameters: { max_results: 3 } }],
      unknown_key: 1,
      plugins: [{ id: 'web', max_results: 5 }],
    })
    expect((body as any).data.designated_version.config).toEqual({
      provider: { sort: 'price', order: ['anthropic'] },
      max_tokens: 1024,
      route: 'fallback',
      tools: [{ type: 'openrouter:web_search', parameters: { max_results: 3 } }],
      plugins: [{ id: 'web', max_results: 5 }],
    })
    expect(Object.keys((body as any).data.designated_version.config)).toEqual([
      'provider',
      'max_tokens',
      'route',
      'tools',
      'plugins',
    ])
  })

  it('joins every system and developer message into the system prompt', async () => {
    const { body } = await createPreset('prompted', {
      messages: [
        { role: 'system', content: 'First.' },
        { role: 'user', content: 'ignored' },
        {
          role: 'developer',
          content: [
            { type: 'text', text: 'Line A' },
            { type: 'text', text: 'Line B' },
          ],
        },
      ],
    })
    expect((body as any).data.designated_version.system_prompt).toBe('First.\n\nLine A\nLine B')
  })

  it('accepts every character of the unreserved set in a slug, percent-encoded or not', async () => {
    const slug = 'My.Preset_~-1'
    const { status, body } = await call('POST', `/presets/My.Preset_%7E-1/chat/completions`, {
      body: { messages: [{ role: 'user', content: 'x' }] },
    })
    expect(status).toBe(200)
    expect((body as any).data.slug).toBe(slug)
  })

  it('accepts a 128-character slug and refuses a 129-character one', async () => {
    expect((await createPreset('a'.repeat(128))).status).toBe(200)
    const { status, body } = await createPreset('a'.repeat(129))
    expect(status).toBe(400)
    expect(body).toEqual(
      invalid({ path: 'slug', message: 'must be 1 to 128 characters from A-Z a-z 0-9 - . _ ~' }),
    )
  })

  it.each([
    ['an empty slug', '/presets//chat/completions'],
    ['a space', '/presets/my%20preset/chat/completions'],
    ['an encoded slash', '/presets/a%2Fb/chat/completions'],
    ['an encoded NUL', '/presets/a%00b/chat/completions'],
    ['a malformed escape', '/presets/a%zzb/chat/completions'],
    ['an at sign', '/presets/%40preset/chat/completions'],
  ])('refuses a slug with %s', async (_, path) => {
    const { status, body } = await call('POST', path, {
      body: { messages: [{ role: 'user', content: 'x' }] },
    })
    expect(status).toBe(400)
    expect(body).toEqual(
      invalid({ path: 'slug', message: 'must be 1 to 128 characters from A-Z a-z 0-9 - . _ ~' }),
    )
  })

  it.each([
    ['malformed JSON', { rawBody: '{"messages": [' }, 'is not valid JSON'],
    ['an empty body', { rawBody: '' }, 'is required'],
    [
      'a text/plain body',
      { rawBody: '{"messages":[]}', contentType: 'text/plain' },
      'Content-Type must be application/json',
    ],
    [
      'a form body',
      { rawBody: 'a=1', contentType: 'application/x-www-form-urlencoded' },
      'Content-Type must be application/json',
    ],
  ])('answers 400 for %s', async (_, options, message) => {
    const { status, body } = await call('POST', '/presets/p/chat/completions', options)
    expect(status).toBe(400)
    expect(body).toEqual(invalid({ path: 'body', message }))
  })

  it('answers 400 for an array body and stores nothing', async () => {
    const { status, body } = await call('POST', '/presets/p/chat/completions', {
      body: [{ role: 'user' }],
    })
    expect(status).toBe(400)
    expect(body).toEqual(invalid({ path: 'body', message: 'must be a JSON object' }))
    expect(simulator.router.presets(workspaces.default)).toEqual([])
  })

  it('accepts a JSON body sent with a charset parameter or no content type', async () => {
    const body = { messages: [{ role: 'user', content: 'x' }] }
    expect(
      (
        await call('POST', '/presets/a/chat/completions', {
          body,
          contentType: 'application/json; charset=utf-8',
        })
      ).status,
    ).toBe(200)
    const bytes = new TextEncoder().encode(JSON.stringify(body))
    const response = await fetch(`${BASE}/presets/b/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${keys.inference}` },
      body: bytes,
    })
    expect(response.status).toBe(200)
  })

  it('answers 401 without credentials before looking at the body', async () => {
    const { status, body } = await call('POST', '/presets//chat/completions', {
      key: null,
      rawBody: '{',
    })
    expect(status).toBe(401)
    expect(body).toEqual({ error: { code: 401, message: 'No auth credentials found' } })
  })

  it('answers 401 for an unknown key and for a disabled key', async () => {
    for (const key of ['sk-or-v1-nope', keys.disabled]) {
      const { status, body } = await createPreset('p', undefined, key)
      expect(status).toBe(401)
      expect(body).toEqual({ error: { code: 401, message: 'User not found.' } })
    }
  })

  it('answers 403 to an inference key where only management keys write presets', async () => {
    const { status, body } = await createPreset('p', undefined, keys.lockedInference)
    expect(status).toBe(403)
    expect(body).toEqual({
      error: { code: 403, message: 'Only management keys can perform this operation' },
    })
    const allowed = await createPreset('p', undefined, keys.lockedManagement)
    expect(allowed.status).toBe(200)
    expect((allowed.body as any).data.workspace_id).toBe(workspaces.locked)
    expect((allowed.body as any).data.creator_user_id).toBe(users.carol)
  })

  it('lets a management key write presets in a workspace without the restriction', async () => {
    expect((await createPreset('p', undefined, keys.management)).status).toBe(200)
  })

  it('keeps workspaces apart: the same slug is a separate preset in another workspace', async () => {
    await createPreset('shared', specExample)
    await createPreset('shared', specExample)
    const { body } = await createPreset('shared', specExample, keys.teamB)
    expect((body as any).data.designated_version.version).toBe(1)
    expect((body as any).data.workspace_id).toBe(workspaces.teamB)
    expect((body as any).data.creator_user_id).toBe(users.bob)
  })

  it('numbers 100 concurrent creates on one slug 1 to 100, each exactly once', async () => {
    const results = await Promise.all(Array.from({ length: 100 }, () => createPreset('busy')))
    const numbers = results
      .map((r) => (r.body as any).data.designated_version.version)
      .sort((a, b) => a - b)
    expect(numbers).toEqual(Array.from({ length: 100 }, (_, i) => i + 1))
    expect(simulator.router.presets(workspaces.default)[0]?.versions.map((v) => v.version)).toEqual(
      numbers,
    )
  })
})
