/**
 * The concurrency checks shared by the in-process (msw) and HTTP suites: bursts sent with `fetch`
 * against a simulator's base URLs.
 */
import { expect } from 'vitest'
import type { SimulatorCore as Simulator } from '../../src/simulator/simulator.js'
import { accounts, basic, keys, workspaces } from './support.js'

const skins = [
  [
    'chat/completions',
    { messages: [{ role: 'user', content: 'x' }] },
    'createPresetsChatCompletions',
  ],
  ['messages', { model: 'm', messages: [{ role: 'user', content: 'x' }] }, 'createPresetsMessages'],
  ['responses', { input: 'x' }, 'createPresetsResponses'],
] as const

/** `count` concurrent creates on one slug, across the three skins: versions 1..count, each once. */
export async function burstOnOneSlug(
  sim: Simulator,
  routerBase: string,
  count: number,
): Promise<void> {
  const responses = await Promise.all(
    Array.from({ length: count }, (_, i) => {
      const [path, body] = skins[i % 3] as (typeof skins)[number]
      return fetch(`${routerBase}/presets/burst/${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${keys.inference}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ...body, seed: i }),
      }).then(async (response) => ({ status: response.status, body: await response.json() }))
    }),
  )
  expect(responses.filter((r) => r.status !== 200)).toEqual([])
  const versions = responses.map((r) => r.body.data.designated_version.version as number)
  expect([...versions].sort((a, b) => a - b)).toEqual(
    Array.from({ length: count }, (_, i) => i + 1),
  )
  // Each stored version holds the body of the request that got its number.
  const [preset] = sim.router.presets(workspaces.default)
  expect(preset?.versions.map((v) => v.version)).toEqual(
    Array.from({ length: count }, (_, i) => i + 1),
  )
  for (const response of responses) {
    const { version, config } = response.body.data.designated_version
    expect(preset?.versions[version - 1]?.config).toEqual(config)
  }
  expect(preset?.designated_version_id).toBe(preset?.versions.at(-1)?.id)
  const journaled = skins.map(([, , operation]) => sim.journal.count({ operation }))
  expect(journaled).toEqual(skins.map((_, s) => Math.floor(count / 3) + (s < count % 3 ? 1 : 0)))
  expect(new Set(sim.journal.entries().map((e) => e.seq)).size).toBe(count)
}

/** 200 creates of one address (in varying case and padding): one success, 199 duplicates. */
export async function burstOnOneEmail(
  sim: Simulator,
  apiBase: string,
  count: number,
): Promise<void> {
  const variants = [
    'dup@acme.example',
    'DUP@acme.example',
    ' dup@ACME.example ',
    'Dup@Acme.Example',
  ]
  const before = sim.messaging.users('acme').length
  const responses = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      fetch(`${apiBase}/users`, {
        method: 'POST',
        headers: { authorization: basic(accounts.iago) },
        body: new URLSearchParams({
          email: variants[i % variants.length] as string,
          password: 'correct-horse',
          full_name: `Duplicate ${i}`,
        }),
      }).then(async (response) => ({ status: response.status, body: await response.json() })),
    ),
  )
  expect(responses.filter((r) => r.status === 200)).toHaveLength(1)
  expect(
    responses.filter((r) => r.status === 400 && r.body.msg === 'Email is already in use.'),
  ).toHaveLength(count - 1)
  const users = sim.messaging.users('acme')
  expect(users).toHaveLength(before + 1)
  expect(users.filter((u) => u.email.toLowerCase() === 'dup@acme.example')).toHaveLength(1)
  expect(sim.journal.count({ operation: 'create-user' })).toBe(count)
  expect(sim.journal.count({ operation: 'create-user', status: 200 })).toBe(1)
  expect(sim.journal.count({ operation: 'create-user', status: 400 })).toBe(count - 1)
}
