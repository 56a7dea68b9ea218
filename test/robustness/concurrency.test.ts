/**
 * Concurrency in process, through msw: no write is lost or repeated, duplicate checks hold under a burst,
 * and the journal records every request exactly once. (The same over HTTP: `concurrency-server.test.ts`.)
 */
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createSimulator } from '../../src/simulator/simulator.js'
import { burstOnOneEmail, burstOnOneSlug } from './bursts.js'
import { ACME, accounts, basic, keys, NOW, ROUTER, workspaces } from './support.js'

const simulator = createSimulator({ seed: 'robust-concurrency', now: NOW })
const server = setupServer(...simulator.handlers)
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterEach(async () => {
  await simulator.reset()
  simulator.journal.clear()
})
afterAll(() => server.close())

describe('concurrent requests in process (msw)', () => {
  it('500 concurrent creates on one slug give versions 1..500, each exactly once', async () => {
    await burstOnOneSlug(simulator, ROUTER, 500)
  })

  it('200 concurrent creates of one address give one success and 199 duplicates', async () => {
    await burstOnOneEmail(simulator, `${ACME}/api/v1`, 200)
  })

  it('a mixed burst keeps every sequence contiguous and journals every request once', async () => {
    const slugs = Array.from({ length: 10 }, (_, i) => `slug-${i}`)
    const requests: Array<Promise<Response>> = []
    for (let i = 0; i < 400; i++) {
      const kind = i % 5
      if (kind === 0 || kind === 1) {
        requests.push(
          fetch(`${ROUTER}/presets/${slugs[i % 10]}/chat/completions`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${i % 2 ? keys.inference : keys.teamB}`,
              'content-type': 'application/json',
            },
            body: JSON.stringify({ messages: [{ role: 'user', content: `${i}` }] }),
          }),
        )
      } else if (kind === 2) {
        requests.push(
          fetch(`${ACME}/api/v1/users`, {
            method: 'POST',
            headers: { authorization: basic(accounts.iago) },
            body: new URLSearchParams({
              email: `u${i}@acme.example`,
              password: 'correct-horse',
              full_name: `U ${i}`,
            }),
          }),
        )
      } else if (kind === 3) {
        requests.push(
          fetch(`${ACME}/api/v1/realm/test_welcome_bot_custom_message`, {
            method: 'POST',
            headers: { authorization: basic(i % 2 ? accounts.iago : accounts.desdemona) },
            body: new URLSearchParams({ welcome_message_custom_text: `Hi ${i}` }),
          }),
        )
      } else {
        requests.push(
          fetch(`${ROUTER}/presets/${slugs[i % 10]}/versions?limit=100`, {
            headers: { authorization: `Bearer ${keys.inference}` },
          }),
        )
      }
    }
    const statuses = (await Promise.all(requests)).map((r) => r.status)
    expect(statuses.filter((s) => s !== 200 && s !== 404)).toEqual([])

    for (const workspace of [workspaces.default, workspaces.teamB]) {
      for (const preset of simulator.router.presets(workspace)) {
        expect(preset.versions.map((v) => v.version)).toEqual(preset.versions.map((_, i) => i + 1))
      }
    }
    const total = (workspace: string) =>
      simulator.router.presets(workspace).reduce((sum, p) => sum + p.versions.length, 0)
    expect(total(workspaces.default) + total(workspaces.teamB)).toBe(160)
    const users = simulator.messaging.users('acme')
    expect(users.map((u) => u.userId)).toEqual(users.map((_, i) => i + 1))
    expect(users).toHaveLength(7 + 80)
    const messages = simulator.messaging.messages('acme')
    // acme's 16 onboarding messages, then a greeting for each of the 80 users and the 80 test messages.
    expect(messages.map((m) => m.id)).toEqual(Array.from({ length: 16 + 160 }, (_, i) => i + 1))
    expect(simulator.journal.count()).toBe(400)
    expect(new Set(simulator.journal.entries().map((e) => e.seq)).size).toBe(400)
  })

  it('two workspaces writing one slug at once each get their own versions 1..100', async () => {
    await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        fetch(`${ROUTER}/presets/shared/chat/completions`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${i % 2 ? keys.inference : keys.teamB}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ messages: [{ role: 'user', content: 'x' }] }),
        }),
      ),
    )
    for (const workspace of [workspaces.default, workspaces.teamB]) {
      const [preset, ...others] = simulator.router.presets(workspace)
      expect(others).toEqual([])
      expect(preset?.workspace_id).toBe(workspace)
      expect(preset?.versions.map((v) => v.version)).toEqual(
        Array.from({ length: 100 }, (_, i) => i + 1),
      )
    }
  })
})
