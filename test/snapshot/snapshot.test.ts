/**
 * `simulator.snapshot()` and `simulator.restore(snapshot)` in process: the whole state as plain JSON, the
 * same answers after a restore into a fresh simulator, what reset does afterwards, and refusals naming
 * every problem.
 */
import { describe, expect, it } from 'vitest'
import { createSimulator, type Simulator, type Snapshot } from '../../src/entries/index.js'
import { accounts, keys, workspaces } from '../support/credentials.js'
import {
  type Answer,
  createUser,
  FEATURE_LEVEL,
  NOW,
  RATE_LIMIT,
  replay,
  type Target,
  writeBefore,
  writePreset,
} from './support.js'

const ROUTER = 'https://openrouter.ai/api/v1'
const ACME = 'https://acme.zulipchat.com'

const target = (simulator: Simulator): Target => ({
  fetch: (url, init) => simulator.fetch(url, init),
  router: ROUTER,
  acme: ACME,
  advance: (ms) => simulator.clock.advance(ms),
})

/** A simulator with writes across both services, rate limiting and a feature level set. */
async function written(): Promise<{ simulator: Simulator; before: Answer[] }> {
  const simulator = createSimulator({ seed: 'snapshot-tests', now: NOW })
  simulator.messaging.setRateLimit('acme', RATE_LIMIT)
  simulator.messaging.setFeatureLevel('acme', FEATURE_LEVEL)
  const before = await writeBefore(target(simulator))
  return { simulator, before }
}

/** The snapshot as it would travel: through JSON text. */
const overJson = (snapshot: Snapshot): Snapshot => JSON.parse(JSON.stringify(snapshot))

describe('a snapshot restored into a fresh simulator', () => {
  it('gives byte-identical answers to the same later requests, across both services', async () => {
    const { simulator, before } = await written()
    expect(before.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200])
    const snapshot = overJson(simulator.snapshot())

    // Another seed, the real clock and another scenario: the snapshot replaces all of them.
    const fresh = createSimulator({ seed: 'another-seed', scenario: 'empty' })
    await fresh.restore(snapshot)
    const expected = await replay(target(simulator))
    const actual = await replay(target(fresh))
    expect(actual).toEqual(expected)

    // What the comparison covers: new ids, the rate limit's window, the clock, the records written before.
    expect(expected.map((answer) => answer.status)).toEqual([
      200, 200, 200, 200, 200, 200, 200, 429, 200, 200, 200, 200,
    ])
    const gamma = JSON.parse(expected[0]?.body ?? '{}').data
    expect(gamma.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(gamma.created_at).toBe('2026-01-01T00:00:03.000Z')
    expect(expected[7]?.headers).toContainEqual(['retry-after', '57.5'])
    expect(expected[10]?.body).toContain('"email":"juliet@acme.example"')
    expect(expected[11]?.body).toContain(`"zulip_feature_level":${FEATURE_LEVEL}`)
  })

  it('differs from a fresh simulator without the restore (the comparison can fail)', async () => {
    const { simulator } = await written()
    const fresh = createSimulator({ seed: 'snapshot-tests', now: NOW })
    fresh.messaging.setRateLimit('acme', RATE_LIMIT)
    fresh.messaging.setFeatureLevel('acme', FEATURE_LEVEL)
    const expected = await replay(target(simulator))
    const actual = await replay(target(fresh))
    expect(actual.map((answer) => answer.body)).not.toEqual(expected.map((answer) => answer.body))
  })

  it('gives the next id the snapshotted simulator would have given', async () => {
    const { simulator } = await written()
    const fresh = createSimulator({ seed: 1 })
    await fresh.restore(simulator.snapshot())
    const [mine, theirs] = await Promise.all([
      createUser(target(simulator), 'mercutio@acme.example', 'Mercutio', accounts.provisioner),
      createUser(target(fresh), 'mercutio@acme.example', 'Mercutio', accounts.provisioner),
    ])
    expect(mine.status).toBe(200)
    expect(fresh.messaging.apiKeyOf('acme', 'mercutio@acme.example')).toBe(
      simulator.messaging.apiKeyOf('acme', 'mercutio@acme.example'),
    )
    expect(theirs.body).toBe(mine.body)
  })
})

describe('the snapshot itself', () => {
  it('is plain JSON, and a restored simulator gives back the same JSON text', async () => {
    const { simulator } = await written()
    const snapshot = simulator.snapshot()
    const text = JSON.stringify(snapshot)
    expect(overJson(snapshot)).toEqual(snapshot)
    const fresh = createSimulator()
    await fresh.restore(JSON.parse(text))
    expect(JSON.stringify(fresh.snapshot())).toBe(text)
  })

  it('holds the format version, scenario, seed, id position, clock, latency and every record', async () => {
    const { simulator } = await written()
    simulator.latency.set({ min: 0, max: 1 })
    const snapshot = simulator.snapshot()
    expect(snapshot.formatVersion).toBe(1)
    expect(snapshot.scenario.name).toBe('default')
    expect(snapshot.seed).toBe('snapshot-tests')
    expect(snapshot.ids).toHaveLength(4)
    expect(snapshot.clock).toEqual({
      start: Date.parse(NOW),
      created: 'fixed',
      fixedAt: Date.parse(NOW) + 3_000,
      offsetMs: 0,
    })
    expect(snapshot.latency).toEqual({ min: 0, max: 1 })
    const router = snapshot.services.router
    expect(router.presets.map((preset) => preset.slug)).toEqual(['alpha', 'beta'])
    expect(router.versions.map((version) => version.version)).toEqual([1, 2, 1])
    expect(router.keys.map((key) => key.key)).toContain(keys.inference)
    const messaging = snapshot.services.messaging
    expect(messaging.users.map((user) => user.email)).toContain('romeo@acme.example')
    // acme's 16 onboarding messages, Welcome Bot's greeting to Romeo and the test message.
    expect(messaging.messages).toHaveLength(18)
    expect(messaging.organizations[0]).toMatchObject({
      featureLevel: FEATURE_LEVEL,
      rateLimit: { perMinute: 5, perHour: 2000 },
    })
    expect(messaging.rateLimitHistories).toEqual([
      {
        organization: 'acme',
        userId: accounts.iago.id,
        times: [1_000, 3_000, 3_000].map((ms) => Date.parse(NOW) + ms),
      },
    ])
  })

  it('shares nothing with the simulator: later writes leave it alone, and it can be restored twice', async () => {
    const { simulator } = await written()
    const snapshot = simulator.snapshot()
    const text = JSON.stringify(snapshot)
    await writePreset(target(simulator), 'alpha', 'changed after')
    simulator.messaging.setRateLimit('acme', false)
    expect(JSON.stringify(snapshot)).toBe(text)

    await simulator.restore(snapshot)
    await writePreset(target(simulator), 'alpha', 'changed after the restore')
    await writePreset(target(simulator), 'delta', 'new')
    expect(JSON.stringify(snapshot)).toBe(text)
    await simulator.restore(snapshot)
    expect(JSON.stringify(simulator.snapshot())).toBe(text)
  })
})

describe('restore', () => {
  it('is a reset to the snapshot: no faults, no journal entries, the snapshot’s latency', async () => {
    const { simulator } = await written()
    const snapshot = simulator.snapshot()
    simulator.faults.inject({ service: 'router', status: 503 })
    simulator.latency.set(25)
    expect(simulator.journal.count()).toBe(6)
    await simulator.restore(snapshot)
    expect(simulator.faults.list()).toEqual([])
    expect(simulator.journal.count()).toBe(0)
    expect(simulator.latency.get()).toBe(0)
  })

  it('keeps the reset: back to the snapshot’s scenario, seed and clock start, as the original would', async () => {
    const custom = {
      name: 'one-workspace',
      router: {
        workspaces: [
          {
            id: workspaces.default,
            name: 'Solo',
            keys: [{ key: 'sk-solo', label: 'Solo', kind: 'inference' as const, userId: 'user_1' }],
          },
        ],
      },
    }
    const original = createSimulator({ scenario: custom, seed: 's', now: NOW })
    await writePreset(target(original), 'kept', 'x', 'sk-solo')
    original.clock.advance(60_000)
    const fresh = createSimulator({ seed: 'other', now: '2030-06-01T00:00:00.000Z' })
    await fresh.restore(original.snapshot())
    expect(fresh.scenario.name).toBe('one-workspace')
    expect(fresh.seed).toBe('s')

    await original.reset()
    await fresh.reset()
    expect(fresh.snapshot()).toEqual(original.snapshot())
    expect(fresh.clock.iso()).toBe(NOW)
    expect(fresh.router.workspaces().map((workspace) => workspace.name)).toEqual(['Solo'])
    expect(fresh.router.presets(workspaces.default)).toEqual([])
  })

  it('restores the real clock with its offset, and its reset goes back to the real time', async () => {
    const original = createSimulator({ seed: 'real' })
    original.clock.advance(3_600_000)
    const fresh = createSimulator({ now: NOW })
    await fresh.restore(original.snapshot())
    expect(fresh.clock.fixed).toBe(false)
    // Generous bounds, no benchmark: an hour ahead of the real time, give or take a minute.
    expect(Math.abs(fresh.clock.now() - (Date.now() + 3_600_000))).toBeLessThan(60_000)
    await fresh.reset()
    expect(fresh.clock.fixed).toBe(false)
    expect(Math.abs(fresh.clock.now() - Date.now())).toBeLessThan(60_000)
  })
})

describe('a snapshot that does not validate', () => {
  const refusal = async (simulator: Simulator, snapshot: unknown) => {
    const before = JSON.stringify(simulator.snapshot())
    const error = await simulator.restore(snapshot as Snapshot).then(
      () => undefined,
      (thrown: unknown) => thrown as Error,
    )
    // Refused as a whole: nothing changed.
    expect(JSON.stringify(simulator.snapshot())).toBe(before)
    return error
  }

  it('is refused with a TypeError naming every problem by its path', async () => {
    const { simulator } = await written()
    const bad = overJson(simulator.snapshot()) as any
    bad.seed = ''
    bad.clock.created = 'sometimes'
    bad.services.router.presets[0].id = 'not-a-uuid'
    bad.services.router.versions[1].created_at = 'yesterday'
    bad.services.messaging.users[0].role = 500
    bad.services.messaging.users[1].nickname = 'Iaguito'
    delete bad.services.messaging.lastMessageId
    const error = await refusal(simulator, bad)
    expect(error).toBeInstanceOf(TypeError)
    expect(error?.message).toBe(
      '[understudy] Failed to restore the snapshot: ' +
        'seed: must be a non-empty string or a finite number (got ""); ' +
        'clock.created: Invalid option: expected one of "fixed"|"real"; ' +
        'services.router.presets.0.id: Invalid UUID; ' +
        'services.router.versions.1.created_at: must be an ISO 8601 UTC time with milliseconds (2026-01-01T00:00:00.000Z); ' +
        'services.messaging.users.0.role: must be a role value (100, 200, 300, 400, 600); ' +
        'services.messaging.users.1.nickname: unknown field; ' +
        'services.messaging.lastMessageId: Invalid input: expected number, received undefined.',
    )
  })

  it('is refused when records do not hold together, naming each broken reference', async () => {
    const { simulator } = await written()
    const bad = overJson(simulator.snapshot()) as any
    const router = bad.services.router
    const messaging = bad.services.messaging
    router.keys[0].workspaceId = 'no-such-workspace'
    router.presets[1].slug = 'alpha'
    router.versions[1].version = 3
    router.presets[0].designated_version_id = router.versions[2].id
    messaging.users[1].apiKey = messaging.users[0].apiKey
    messaging.users[2].email = ` ${messaging.users[0].email.toUpperCase()}`
    messaging.messages[0].senderId = 99
    messaging.lastUserId = 3
    messaging.rateLimitHistories[0].times.reverse()
    const error = await refusal(simulator, bad)
    expect(error?.message).toBe(
      '[understudy] Failed to restore the snapshot: ' +
        'services.router.keys.0.workspaceId: is no workspace; ' +
        'services.router.presets.1.slug: is used by another preset of the workspace; ' +
        "services.router.versions.1.version: must be 2: a preset's versions are numbered 1, 2, … in the order listed; " +
        'services.router.presets.0.designated_version_id: is no version of the preset; ' +
        'services.messaging.users.2.email: is used by another user of the organization; ' +
        'services.messaging.users.1.apiKey: is used by another user; ' +
        `services.messaging.lastUserId: must be at least ${messaging.users.length}, the highest user id; ` +
        'services.messaging.messages.0.senderId: is no user; ' +
        'services.messaging.rateLimitHistories.0.times: must be in order, oldest first.',
    )
  })

  it('is refused naming every other record that breaks a check across records, in order', async () => {
    const { simulator } = await written()
    const bad = overJson(simulator.snapshot()) as any
    const router = bad.services.router
    const messaging = bad.services.messaging
    router.workspaces.push({ ...router.workspaces[0] })
    router.keys.push({ ...router.keys[0] })
    router.presets.push({ ...router.presets[0], slug: 'gamma' })
    router.presets[1].workspace_id = 'no-such-workspace'
    router.versions.push({ ...router.versions[2], version: 2 })
    router.versions.push({
      ...router.versions[0],
      id: '7c0a4f5e-0000-4000-8000-000000000001',
      preset_id: 'no-such-preset',
    })
    router.seq = 1
    messaging.organizations.push({ ...messaging.organizations[0] })
    messaging.users.push({
      ...messaging.users[1],
      email: 'copy@acme.example',
      apiKey: 'A'.repeat(32),
    })
    messaging.users[0].organization = 'no-such-organization'
    messaging.users[5].botOwnerId = 99
    messaging.messages.push({ ...messaging.messages[0] })
    messaging.messages[1].organization = 'no-such-organization'
    messaging.messages[2].recipientId = 99
    messaging.messages[3].channelId = 99
    messaging.messages[6].reactions[0].userId = 99
    messaging.lastMessageId = 5
    messaging.rateLimitHistories.push({ ...messaging.rateLimitHistories[0] })
    messaging.rateLimitHistories.push({
      organization: 'no-such-organization',
      userId: 99,
      times: [],
    })
    const error = await refusal(simulator, bad)
    expect(error?.message).toBe(
      '[understudy] Failed to restore the snapshot: ' +
        'services.router.workspaces.3.id: is used by another workspace; ' +
        'services.router.keys.6.key: is used by another key; ' +
        'services.router.presets.2.id: is used by another preset; ' +
        'services.router.versions.3.id: is used by another version; ' +
        'services.router.versions.4.preset_id: is no preset; ' +
        'services.router.presets.1.workspace_id: is no workspace; ' +
        'services.router.seq: must be at least 3, the highest seq of a preset; ' +
        'services.messaging.organizations.1.subdomain: is used by another organization; ' +
        'services.messaging.organizations.1.id: is used by another organization; ' +
        'services.messaging.organizations.1.channels.0.id: is used by another channel; ' +
        'services.messaging.organizations.1.channels.1.id: is used by another channel; ' +
        'services.messaging.organizations.1.channels.2.id: is used by another channel; ' +
        'services.messaging.users.8.id: is used by another user; ' +
        'services.messaging.users.0.organization: is no organization; ' +
        'services.messaging.users.5.botOwnerId: is no user; ' +
        'services.messaging.messages.18.id: is used by another message; ' +
        'services.messaging.messages.1.organization: is no organization; ' +
        "services.messaging.messages.1.channelId: is no channel of the message's organization; " +
        'services.messaging.messages.2.recipientId: is no user; ' +
        "services.messaging.messages.3.channelId: is no channel of the message's organization; " +
        'services.messaging.messages.6.reactions.0.userId: is no user; ' +
        'services.messaging.lastMessageId: must be at least 18, the highest message id; ' +
        'services.messaging.rateLimitHistories.1.userId: has another history in the organization; ' +
        'services.messaging.rateLimitHistories.2.organization: is no organization; ' +
        'services.messaging.rateLimitHistories.2.userId: is no user.',
    )
  })

  it('is refused when its clock would give a time a Date cannot hold, and the clock still works', async () => {
    const simulator = createSimulator({ now: NOW })
    const real = { ...overJson(simulator.snapshot()) } as any
    real.clock = { start: Date.parse(NOW), created: 'real', fixedAt: null, offsetMs: -1.7e16 }
    const error = await refusal(simulator, real)
    expect(error).toBeInstanceOf(TypeError)
    expect(error?.message).toBe(
      `[understudy] Failed to restore the snapshot: clock.offsetMs: with the start ${Date.parse(NOW)} it gives ${Date.parse(NOW) - 1.7e16}, not a time a Date can hold (within ±8.64e15 ms of 1970).`,
    )
    expect(simulator.clock.iso()).toBe(NOW)
    expect(
      (
        await simulator.fetch(`${ROUTER}/presets`, {
          headers: { authorization: `Bearer ${keys.inference}` },
        })
      ).status,
    ).toBe(200)

    // Start plus offset within the range is restored; the real time plus the offset stops at its end.
    await simulator.restore({ ...real, clock: { ...real.clock, start: 8e15, offsetMs: -1.6e16 } })
    expect(simulator.clock.iso()).toBe('-271821-04-20T00:00:00.000Z')
    expect(simulator.describe().clock.now).toBe('-271821-04-20T00:00:00.000Z')
  })

  it('of a newer format is refused with that one problem', async () => {
    const simulator = createSimulator()
    const error = await refusal(simulator, { ...simulator.snapshot(), formatVersion: 2, x: 1 })
    expect(error?.message).toBe(
      '[understudy] Failed to restore the snapshot: formatVersion: 2 is newer than this version of understudy-mock reads (1); upgrade understudy-mock to restore it.',
    )
  })

  it('that is not an object, or empty, is refused naming what is missing', async () => {
    const simulator = createSimulator()
    expect((await refusal(simulator, null))?.message).toBe(
      '[understudy] Failed to restore the snapshot: (root): must be a snapshot (a JSON object).',
    )
    expect((await refusal(simulator, {}))?.message).toBe(
      '[understudy] Failed to restore the snapshot: formatVersion: must be 1; ' +
        'scenario: Invalid input: expected object, received undefined; ' +
        'seed: must be a non-empty string or a finite number (got nothing); ' +
        'ids: Invalid input: expected tuple, received undefined; ' +
        'clock: Invalid input: expected object, received undefined; ' +
        'latency: must be a number of milliseconds from 0 to 2147483647, or { min, max } with 0 <= min <= max <= 2147483647 (got nothing); ' +
        'services: Invalid input: expected object, received undefined.',
    )
  })

  it('lists at most 100 problems, and counts the rest', async () => {
    const simulator = createSimulator()
    const bad = overJson(simulator.snapshot()) as any
    bad.services.messaging.messages = Array.from({ length: 150 }, () => ({}))
    const message = (await refusal(simulator, bad))?.message ?? ''
    expect(message.split('; ')).toHaveLength(101)
    expect(message).toMatch(/; and \d+ more problems\.$/)
  })
})
