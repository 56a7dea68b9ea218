import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { useSimulator } from '../../src/entries/node/index.js'
import { call, createPreset, routerOptions } from '../support/router.js'

useSimulator({ beforeAll, afterEach, afterAll }, { ...routerOptions, scenario: 'presets-history' })

describe('the presets-history scenario', () => {
  it('starts with presets that have several versions, newest update first', async () => {
    const { body } = await call('GET', '/presets')
    expect((body as any).data.map((p: any) => [p.slug, p.status])).toEqual([
      ['summarizer', 'active'],
      ['support-bot', 'active'],
      ['legacy-helper', 'disabled'],
      ['retired', 'archived'],
    ])
    const versions = await call('GET', '/presets/support-bot/versions')
    expect((versions.body as any).data.map((v: any) => [v.version, v.created_at])).toEqual([
      [1, '2026-01-01T09:00:00.000Z'],
      [2, '2026-01-02T09:00:00.000Z'],
      [3, '2026-01-03T09:00:00.000Z'],
    ])
    const preset = await call('GET', '/presets/support-bot')
    expect((preset.body as any).data).toMatchObject({
      created_at: '2026-01-01T09:00:00.000Z',
      updated_at: '2026-01-03T09:00:00.000Z',
      designated_version: {
        version: 3,
        system_prompt: 'You answer support questions politely and briefly.',
      },
    })
  })

  it('answers 404 to a new version of an archived preset and keeps its versions', async () => {
    const { status, body } = await createPreset('retired')
    expect(status).toBe(404)
    expect(body).toEqual({ error: { code: 404, message: 'Preset not found' } })
    expect((await call('GET', '/presets/retired/versions')).body).toMatchObject({ total_count: 2 })
  })

  it('adds a version to a disabled preset and leaves its status alone', async () => {
    const { status, body } = await createPreset('legacy-helper')
    expect(status).toBe(200)
    expect((body as any).data).toMatchObject({
      status: 'disabled',
      status_updated_at: '2025-06-01T09:00:00.000Z',
      designated_version: { version: 2 },
    })
  })
})
