import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { useSimulator } from '../../src/entries/node/index.js'
import {
  BASE,
  call,
  createPreset,
  invalid,
  keys,
  presetBody,
  routerOptions,
  users,
  versionBody,
  workspaces,
} from '../support/router.js'
import { chat } from './dialects/chat.js'

const simulator = useSimulator({ beforeAll, afterEach, afterAll }, routerOptions)

const specExample = chat.example.body

describe('POST /presets/{slug}/chat/completions', () => {
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
