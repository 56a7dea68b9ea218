import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { useSimulator } from '../../src/entries/node/index.js'
import {
  call,
  createPreset,
  invalid,
  presetBody,
  routerOptions,
  versionBody,
  workspaces,
} from '../support/router.js'
import { messages } from './dialects/messages.js'

const simulator = useSimulator({ beforeAll, afterEach, afterAll }, routerOptions)

const user = [{ role: 'user', content: 'Hello!' }]

const example = messages.example.body

function create(slug: string, body: unknown, key?: string | null) {
  return call('POST', `/presets/${slug}/messages`, { body, key })
}

describe('POST /presets/{slug}/messages', () => {
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
