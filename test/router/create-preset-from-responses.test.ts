import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { useSimulator } from '../../src/entries/node/index.js'
import { call, createPreset, presetBody, routerOptions, versionBody } from '../support/router.js'
import { responses } from './dialects/responses.js'

const simulator = useSimulator({ beforeAll, afterEach, afterAll }, routerOptions)

const example = responses.example.body

function create(slug: string, body: unknown, key?: string | null) {
  return call('POST', `/presets/${slug}/responses`, { body, key })
}

describe('POST /presets/{slug}/responses', () => {
  it('accepts an empty body object: no field is required', async () => {
    const { status, body } = await create('empty', {})
    expect(status).toBe(200)
    expect((body as any).data.designated_version).toEqual(versionBody(1, {}, null))
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
