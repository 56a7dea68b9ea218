import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { useSimulator } from '../../src/entries/node/index.js'
import { call, createPreset, keys, presetBody, routerOptions } from '../support/router.js'

const simulator = useSimulator({ beforeAll, afterEach, afterAll }, routerOptions)

const at = (seconds: number) =>
  new Date(Date.parse('2026-01-01T00:00:00.000Z') + seconds * 1000).toISOString()

async function seedThree() {
  await createPreset('alpha')
  simulator.clock.advance(1000)
  await createPreset('beta')
  simulator.clock.advance(1000)
  await createPreset('gamma')
  simulator.clock.advance(1000)
  await createPreset('alpha')
}

describe('GET /presets', () => {
  it('lists presets most recently updated first with the total count', async () => {
    await seedThree()
    const { status, body } = await call('GET', '/presets')
    expect(status).toBe(200)
    expect(body).toEqual({
      data: [
        presetBody('alpha', { updated_at: at(3) }),
        presetBody('gamma', { created_at: at(2), updated_at: at(2) }),
        presetBody('beta', { created_at: at(1), updated_at: at(1) }),
      ],
      total_count: 3,
    })
  })

  it('orders presets updated in the same millisecond by the latest write', async () => {
    await createPreset('one')
    await createPreset('two')
    await createPreset('one')
    const { body } = await call('GET', '/presets')
    expect((body as any).data.map((p: any) => p.slug)).toEqual(['one', 'two'])
  })

  it('pages with offset and limit and counts before paging', async () => {
    await seedThree()
    const { body } = await call('GET', '/presets?offset=1&limit=1')
    expect(body).toEqual({
      data: [presetBody('gamma', { created_at: at(2), updated_at: at(2) })],
      total_count: 3,
    })
    const past = await call('GET', '/presets?offset=5&limit=100')
    expect(past.body).toEqual({ data: [], total_count: 3 })
  })

  it('lists only the key’s own workspace', async () => {
    await seedThree()
    const { body } = await call('GET', '/presets', { key: keys.teamB })
    expect(body).toEqual({ data: [], total_count: 0 })
  })

  it.each([
    ['limit=0', [{ path: 'limit', message: 'must be at least 1' }]],
    ['limit=101', [{ path: 'limit', message: 'must be at most 100' }]],
    ['limit=abc', [{ path: 'limit', message: 'must be an integer' }]],
    ['offset=-1', [{ path: 'offset', message: 'must be at least 0' }]],
    [
      'offset=1.5&limit=',
      [
        { path: 'offset', message: 'must be an integer' },
        { path: 'limit', message: 'must be an integer' },
      ],
    ],
  ])('answers 400 for %s', async (query, issues) => {
    const { status, body } = await call('GET', `/presets?${query}`)
    expect(status).toBe(400)
    expect(body).toEqual({
      error: {
        code: 400,
        message: `Invalid request parameters: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`,
        metadata: { issues },
      },
    })
  })

  it('accepts the boundaries limit=1, limit=100 and offset=0', async () => {
    for (const query of ['limit=1', 'limit=100', 'offset=0']) {
      expect((await call('GET', `/presets?${query}`)).status).toBe(200)
    }
  })

  it('answers 401 for a disabled key', async () => {
    const { status, body } = await call('GET', '/presets', { key: keys.disabled })
    expect(status).toBe(401)
    expect(body).toEqual({ error: { code: 401, message: 'User not found.' } })
  })
})
