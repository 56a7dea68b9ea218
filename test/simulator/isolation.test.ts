/**
 * Simulators are independent worlds, and a fixed seed and clock make every response reproducible.
 */
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSimulator } from '../../src/entries/index.js'

const first = createSimulator({
  seed: 'same',
  now: '2026-03-01T00:00:00Z',
  router: { baseUrl: 'https://one.example/api/v1' },
})
const second = createSimulator({
  seed: 'same',
  now: '2026-03-01T00:00:00Z',
  router: { baseUrl: 'https://two.example/api/v1' },
})
const third = createSimulator({
  seed: 'different',
  now: '2026-03-01T00:00:00Z',
  router: { baseUrl: 'https://three.example/api/v1' },
})
const server = setupServer(...first.handlers, ...second.handlers, ...third.handlers)
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterAll(() => server.close())

const post = (base: string, slug: string) =>
  fetch(`${base}/presets/${slug}/chat/completions`, {
    method: 'POST',
    headers: {
      authorization: 'Bearer sk-or-v1-understudy-default-inference',
      'content-type': 'application/json',
    },
    body: JSON.stringify({ messages: [{ role: 'user', content: 'x' }], model: 'm' }),
  }).then((response) => response.text())

describe('simulators', () => {
  it('never share data', async () => {
    await post('https://one.example/api/v1', 'only-in-one')
    expect(first.router.presets('6f1d3a52-8c4e-4b7a-9d2f-1a0b3c4d5e01').map((p) => p.slug)).toEqual(
      ['only-in-one'],
    )
    expect(second.router.presets('6f1d3a52-8c4e-4b7a-9d2f-1a0b3c4d5e01')).toEqual([])
  })

  it('give byte-identical responses for the same seed and clock', async () => {
    await first.reset()
    await second.reset()
    const a = [
      await post('https://one.example/api/v1', 'p'),
      await post('https://one.example/api/v1', 'p'),
    ]
    const b = [
      await post('https://two.example/api/v1', 'p'),
      await post('https://two.example/api/v1', 'p'),
    ]
    expect(a).toEqual(b)
    expect(a[0]).not.toEqual(a[1])
  })

  it('give the same ids again after a reset', async () => {
    await first.reset()
    const before = await post('https://one.example/api/v1', 'again')
    await first.reset()
    expect(await post('https://one.example/api/v1', 'again')).toBe(before)
  })

  it('give different ids for different seeds', async () => {
    await first.reset()
    const a = JSON.parse(await post('https://one.example/api/v1', 'seeded'))
    const c = JSON.parse(await post('https://three.example/api/v1', 'seeded'))
    expect(c.data.id).not.toBe(a.data.id)
    expect({
      ...c.data,
      id: a.data.id,
      designated_version_id: a.data.designated_version_id,
      designated_version: null,
    }).toEqual({
      ...a.data,
      designated_version: null,
    })
  })

  it('give the ids a seed has always given (fixtures pin them)', async () => {
    const simulator = createSimulator({ seed: 'golden', now: '2026-01-01T00:00:00.000Z' })
    const preset = await simulator.fetch(
      'https://openrouter.ai/api/v1/presets/g/chat/completions',
      {
        method: 'POST',
        headers: {
          authorization: 'Bearer sk-or-v1-understudy-default-inference',
          'content-type': 'application/json',
        },
        body: JSON.stringify({ messages: [{ role: 'user', content: 'x' }] }),
      },
    )
    const user = await simulator.fetch('https://acme.zulipchat.com/api/v1/users', {
      method: 'POST',
      headers: {
        authorization: `Basic ${btoa('iago@acme.example:oCLrZ3aWZkSBvrjn9Wvgfygw2wMqZcUD')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'email=g%40acme.example&password=correct-horse&full_name=G',
    })
    const { data } = await preset.json()
    expect([data.id, data.designated_version_id]).toEqual([
      '247c5b5e-cbb3-4d3f-9d38-9addf48e7183',
      '8b28ed55-26fa-4921-b5be-6aa1c53642fb',
    ])
    expect(await user.json()).toMatchObject({ result: 'success', user_id: 8 })
    expect(simulator.messaging.apiKeyOf('acme', 'g@acme.example')).toBe(
      'sCQ8RRQuJahqGmXFPPJge2nlCiWUvCiG',
    )
  })

  it('refuses an unknown scenario name and an invalid scenario with a message saying what is wrong', () => {
    expect(() => createSimulator({ scenario: 'nope' as 'default' })).toThrow(
      '[understudy] Failed to load scenario "nope": no such scenario. Known scenarios: default, empty, presets-history, restricted-domains, zulip-4, zulip-7.',
    )
    expect(() =>
      createSimulator({
        scenario: {
          name: 'broken',
          router: { workspaces: [{ id: 'not-a-uuid', name: 'W', keys: [] }] },
        },
      }),
    ).toThrow(
      '[understudy] Failed to load scenario "broken": router.workspaces.0.id: Invalid UUID.',
    )
  })
})
