import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { useSimulator } from '../../src/entries/node/index.js'
import { call, createPreset, keys, routerOptions, versionBody } from '../support/router.js'

const simulator = useSimulator({ beforeAll, afterEach, afterAll }, routerOptions)

const chat = (model: string) => ({ messages: [{ role: 'system', content: `Use ${model}` }], model })

describe('GET /presets/{slug}/versions', () => {
  it('lists versions oldest first with the total count', async () => {
    const first = (await createPreset('v', chat('a/1'))).body as any
    simulator.clock.advance(500)
    await createPreset('v', chat('a/2'))
    const { status, body } = await call('GET', '/presets/v/versions')
    expect(status).toBe(200)
    expect(body).toEqual({
      data: [
        versionBody(1, { model: 'a/1' }, 'Use a/1', { preset_id: first.data.id }),
        versionBody(2, { model: 'a/2' }, 'Use a/2', {
          preset_id: first.data.id,
          created_at: '2026-01-01T00:00:00.500Z',
          updated_at: '2026-01-01T00:00:00.500Z',
        }),
      ],
      total_count: 2,
    })
  })

  it('pages versions', async () => {
    for (let i = 1; i <= 3; i++) await createPreset('paged', chat(`m/${i}`))
    const { body } = await call('GET', '/presets/paged/versions?offset=2&limit=5')
    expect((body as any).data.map((v: any) => v.version)).toEqual([3])
    expect((body as any).total_count).toBe(3)
  })

  it('answers 404 for an unknown slug and for another workspace', async () => {
    await createPreset('mine')
    for (const key of [keys.inference, keys.teamB]) {
      const path = key === keys.inference ? '/presets/unknown/versions' : '/presets/mine/versions'
      const { status, body } = await call('GET', path, { key })
      expect(status).toBe(404)
      expect(body).toEqual({ error: { code: 404, message: 'Preset not found' } })
    }
  })

  it('answers 400 for bad paging before looking the preset up', async () => {
    const { status, body } = await call('GET', '/presets/unknown/versions?limit=500')
    expect(status).toBe(400)
    expect(body).toEqual({
      error: {
        code: 400,
        message: 'Invalid request parameters: limit: must be at most 100',
        metadata: { issues: [{ path: 'limit', message: 'must be at most 100' }] },
      },
    })
  })
})
