import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { useSimulator } from '../../src/entries/node/index.js'
import { call, createPreset, keys, routerOptions, versionBody } from '../support/router.js'

useSimulator({ beforeAll, afterEach, afterAll }, routerOptions)

describe('GET /presets/{slug}/versions/{version}', () => {
  it('returns one version', async () => {
    const first = (
      await createPreset('gv', { messages: [{ role: 'user', content: 'x' }], temperature: 1 })
    ).body as any
    await createPreset('gv', { messages: [{ role: 'user', content: 'x' }], temperature: 2 })
    const { status, body } = await call('GET', '/presets/gv/versions/1')
    expect(status).toBe(200)
    expect(body).toEqual({
      data: versionBody(1, { temperature: 1 }, null, {
        id: first.data.designated_version_id,
        preset_id: first.data.id,
      }),
    })
    const second = await call('GET', '/presets/gv/versions/2')
    expect((second.body as any).data.config).toEqual({ temperature: 2 })
  })

  it('answers 404 for a version that does not exist', async () => {
    await createPreset('gv')
    for (const version of ['2', '999999999']) {
      const { status, body } = await call('GET', `/presets/gv/versions/${version}`)
      expect(status).toBe(404)
      expect(body).toEqual({ error: { code: 404, message: 'Preset version not found' } })
    }
  })

  it.each(['0', '-1', 'abc', '1.0', '01', '%20'])(
    'answers 400 for the version "%s"',
    async (version) => {
      await createPreset('gv')
      const { status, body } = await call('GET', `/presets/gv/versions/${version}`)
      expect(status).toBe(400)
      expect(body).toEqual({
        error: {
          code: 400,
          message: 'Invalid request parameters: version: must be a positive integer',
          metadata: { issues: [{ path: 'version', message: 'must be a positive integer' }] },
        },
      })
    },
  )

  it("answers 404 for another workspace's version", async () => {
    await createPreset('gv')
    const { status } = await call('GET', '/presets/gv/versions/1', { key: keys.teamB })
    expect(status).toBe(404)
  })
})
