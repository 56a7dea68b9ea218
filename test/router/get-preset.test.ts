import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { useSimulator } from '../../src/entries/node/index.js'
import {
  call,
  createPreset,
  keys,
  presetBody,
  routerOptions,
  versionBody,
} from '../support/router.js'

const simulator = useSimulator({ beforeAll, afterEach, afterAll }, routerOptions)

describe('GET /presets/{slug}', () => {
  it('returns the preset with its designated version inline', async () => {
    const created = (
      await createPreset('reader', { messages: [{ role: 'user', content: 'x' }], model: 'm/1' })
    ).body as any
    simulator.clock.advance(1000)
    await createPreset('reader', { messages: [{ role: 'user', content: 'x' }], model: 'm/2' })
    const { status, body } = await call('GET', '/presets/reader')
    expect(status).toBe(200)
    const at = '2026-01-01T00:00:01.000Z'
    expect(body).toEqual({
      data: {
        ...presetBody('reader', { id: created.data.id, updated_at: at }),
        designated_version: versionBody(2, { model: 'm/2' }, null, {
          preset_id: created.data.id,
          created_at: at,
          updated_at: at,
        }),
      },
    })
  })

  it('answers 404 for an unknown slug', async () => {
    const { status, body } = await call('GET', '/presets/nope')
    expect(status).toBe(404)
    expect(body).toEqual({ error: { code: 404, message: 'Preset not found' } })
  })

  it("answers 404 for another workspace's preset", async () => {
    await createPreset('private')
    const { status, body } = await call('GET', '/presets/private', { key: keys.teamB })
    expect(status).toBe(404)
    expect(body).toEqual({ error: { code: 404, message: 'Preset not found' } })
  })

  it('answers 400 for an invalid slug and 401 without credentials', async () => {
    const bad = await call('GET', '/presets/a%20b')
    expect(bad.status).toBe(400)
    expect(bad.body).toEqual({
      error: {
        code: 400,
        message:
          'Invalid request parameters: slug: must be 1 to 128 characters from A-Z a-z 0-9 - . _ ~',
        metadata: {
          issues: [
            { path: 'slug', message: 'must be 1 to 128 characters from A-Z a-z 0-9 - . _ ~' },
          ],
        },
      },
    })
    const anonymous = await call('GET', '/presets/a%20b', { key: null })
    expect(anonymous.status).toBe(401)
    expect(anonymous.body).toEqual({
      error: { code: 401, message: 'No cookie auth credentials found' },
    })
  })

  it('lets an inference key read where only management keys may write', async () => {
    await createPreset('locked-read', undefined, keys.lockedManagement)
    const { status } = await call('GET', '/presets/locked-read', { key: keys.lockedInference })
    expect(status).toBe(200)
  })
})

describe('other methods on preset paths', () => {
  it('answers 405 with the allowed methods', async () => {
    const { status, body, headers } = await call('DELETE', '/presets/reader')
    expect(status).toBe(405)
    expect(headers.get('allow')).toBe('GET')
    expect(body).toEqual({ error: { code: 405, message: 'Method Not Allowed' } })
    const put = await call('PUT', '/presets/reader/chat/completions', { body: {} })
    expect(put.status).toBe(405)
    expect(put.headers.get('allow')).toBe('POST')
  })

  it('answers 404 in the router shape for an unknown path below /presets', async () => {
    const { status, body } = await call('GET', '/presets/a/b/c/d')
    expect(status).toBe(404)
    expect(body).toEqual({ error: { code: 404, message: 'Not Found' } })
  })
})
