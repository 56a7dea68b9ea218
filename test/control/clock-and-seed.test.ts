/**
 * Time and identity: read, advance and set the simulator's clock; set the id seed; with a fixed clock and
 * seed every response is byte-for-byte reproducible: across simulators, after a reset, over HTTP, and
 * between in process and the standalone server.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createSimulator, type PlainResponse, type Simulator } from '../../src/entries/index.js'
import { useSimulator } from '../../src/entries/node/index.js'
import { type RunningServer, startServer } from '../../src/entries/server/index.js'
import type { CliServer } from '../support/cli.js'
import {
  ACME,
  accounts,
  basic,
  control,
  controlOptions,
  createPreset,
  createUser,
  dispatchPlain,
  keys,
  messagingCall,
  NOW,
  ROUTER,
  routerCall,
  startServerCli,
  workspaces,
} from './support.js'

/** Answers a request through `dispatch` (the handlers' own path), for simulators without msw. */
async function send(
  sim: Simulator,
  method: string,
  url: string,
  options: { json?: unknown; form?: Record<string, string>; auth?: string } = {},
): Promise<PlainResponse> {
  const headers: Record<string, string> = {}
  let body: Uint8Array | undefined
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json'
    body = new TextEncoder().encode(JSON.stringify(options.json))
  }
  if (options.form !== undefined) {
    headers['content-type'] = 'application/x-www-form-urlencoded'
    body = new TextEncoder().encode(new URLSearchParams(options.form).toString())
  }
  if (options.auth !== undefined) headers.authorization = options.auth
  return dispatchPlain(sim, method, url, { headers, ...(body === undefined ? {} : { body }) })
}

/** The same mixed run on a simulator: presets, versions, a user, a message; every response whole. */
async function run(sim: Simulator) {
  const bearer = `Bearer ${keys.inference}`
  const chat = (content: string) => ({ messages: [{ role: 'system', content }], model: 'm/x' })
  const out: PlainResponse[] = []
  out.push(
    await send(sim, 'POST', `${ROUTER}/presets/r/chat/completions`, {
      json: chat('one'),
      auth: bearer,
    }),
  )
  sim.clock.advance(1_234)
  out.push(
    await send(sim, 'POST', `${ROUTER}/presets/r/chat/completions`, {
      json: chat('two'),
      auth: bearer,
    }),
  )
  out.push(await send(sim, 'GET', `${ROUTER}/presets/r/versions`, { auth: bearer }))
  out.push(
    await send(sim, 'POST', `${ACME}/api/v1/users`, {
      form: { email: 'romeo@acme.example', password: 'xkcd-936!', full_name: 'Romeo' },
      auth: basic(accounts.iago),
    }),
  )
  out.push(
    await send(sim, 'POST', `${ACME}/api/v1/realm/test_welcome_bot_custom_message`, {
      form: { welcome_message_custom_text: 'Hi' },
      auth: basic(accounts.desdemona),
    }),
  )
  out.push(await send(sim, 'GET', `${ACME}/api/v1/messages/1`, { auth: basic(accounts.desdemona) }))
  out.push(await send(sim, 'GET', `${ACME}/api/v1/users`, { auth: basic(accounts.iago) }))
  return {
    responses: JSON.stringify(out),
    apiKey: sim.messaging.apiKeyOf('acme', 'romeo@acme.example'),
  }
}

describe('in process, through msw', () => {
  const simulator = useSimulator({ beforeAll, afterEach, afterAll }, controlOptions)

  describe('the clock in process', () => {
    it('reads the fixed clock in ms and ISO', () => {
      expect([simulator.clock.now(), simulator.clock.iso(), simulator.clock.fixed]).toEqual([
        Date.parse(NOW),
        NOW,
        true,
      ])
      expect(simulator.describe().clock).toEqual({ now: NOW, fixed: true })
    })

    it('advances the clock and stamps responses, records and the journal with it', async () => {
      simulator.clock.advance(90_000)
      expect(simulator.clock.iso()).toBe('2026-01-01T00:01:30.000Z')
      const created = await createPreset(ROUTER, 'later')
      expect([
        created.body.data.created_at,
        created.body.data.designated_version.created_at,
      ]).toEqual(['2026-01-01T00:01:30.000Z', '2026-01-01T00:01:30.000Z'])
      await createUser(ACME, 'romeo@acme.example', 'Romeo')
      expect(simulator.messaging.users('acme').at(-1)?.dateJoined).toBe('2026-01-01T00:01:30.000Z')
      expect(simulator.journal.entries().map((e) => e.time)).toEqual([
        '2026-01-01T00:01:30.000Z',
        '2026-01-01T00:01:30.000Z',
      ])
    })

    it('does not move a fixed clock by itself', async () => {
      await routerCall(ROUTER, 'GET', '/presets')
      await new Promise((resolve) => setTimeout(resolve, 20))
      expect(simulator.clock.iso()).toBe(NOW)
    })

    it('sets the clock from an ISO string, a Date or epoch milliseconds', () => {
      simulator.clock.set('2027-05-05T12:00:00+02:00')
      expect(simulator.clock.iso()).toBe('2027-05-05T10:00:00.000Z')
      simulator.clock.set(new Date('2028-01-01T00:00:00Z'))
      expect(simulator.clock.iso()).toBe('2028-01-01T00:00:00.000Z')
      simulator.clock.set(0)
      expect(simulator.clock.iso()).toBe('1970-01-01T00:00:00.000Z')
    })

    it('puts a fixed clock back to its start on reset', async () => {
      simulator.clock.advance(5_000)
      await simulator.reset()
      expect(simulator.clock.iso()).toBe(NOW)
    })

    it('refuses a negative or non-finite advance and an invalid time', () => {
      expect(() => simulator.clock.advance(-1)).toThrow(
        new RangeError(
          '[understudy] Failed to advance the clock: must be a number of milliseconds >= 0 (got -1).',
        ),
      )
      expect(() => simulator.clock.advance(Number.POSITIVE_INFINITY)).toThrow(RangeError)
      expect(() => simulator.clock.set('not a time')).toThrow(
        new TypeError(
          '[understudy] Failed to set the clock: must be an ISO 8601 time, epoch milliseconds or a Date, within ±8.64e15 ms of 1970 (got "not a time").',
        ),
      )
      expect(simulator.clock.iso()).toBe(NOW)
    })

    it('refuses a time a Date cannot hold, and leaves the clock as it was', () => {
      expect(() => simulator.clock.advance(1e16)).toThrow(
        new RangeError(
          '[understudy] Failed to advance the clock: 10000000000000000 ms from 2026-01-01T00:00:00.000Z would pass the latest time a Date can hold (+275760-09-13T00:00:00.000Z).',
        ),
      )
      expect(() => simulator.clock.set(1e16)).toThrow(
        new TypeError(
          '[understudy] Failed to set the clock: must be an ISO 8601 time, epoch milliseconds or a Date, within ±8.64e15 ms of 1970 (got 10000000000000000).',
        ),
      )
      expect(() => simulator.clock.set(-8.64e15 - 1)).toThrow(TypeError)
      expect(() => simulator.clock.set(new Date(Number.NaN))).toThrow(TypeError)
      expect(() => createSimulator({ now: 1e16 })).toThrow(TypeError)
      expect(simulator.clock.iso()).toBe(NOW)
      // The edges themselves are times.
      simulator.clock.set(8.64e15)
      expect(simulator.clock.iso()).toBe('+275760-09-13T00:00:00.000Z')
      expect(() => simulator.clock.advance(1)).toThrow(RangeError)
      simulator.clock.advance(0)
      simulator.clock.set(-8.64e15)
      expect(simulator.clock.iso()).toBe('-271821-04-20T00:00:00.000Z')
    })

    it('refuses an advance of a real clock past Date’s range, keeping its offset', () => {
      const real = createSimulator({ seed: 1 })
      real.clock.advance(60_000)
      expect(() => real.clock.advance(8.64e15)).toThrow(RangeError)
      expect(Math.abs(real.clock.now() - (Date.now() + 60_000))).toBeLessThan(1_000)
    })

    it('puts a real clock back to the real time, without offset, on reset and on a scenario switch', async () => {
      const real = createSimulator({ seed: 1 })
      real.clock.advance(3_600_000)
      await real.reset()
      expect(Math.abs(real.clock.now() - Date.now())).toBeLessThan(1_000)
      expect(real.clock.fixed).toBe(false)
      real.clock.set(NOW)
      await real.useScenario('empty')
      expect(real.clock.fixed).toBe(false)
      expect(Math.abs(real.clock.now() - Date.now())).toBeLessThan(1_000)
    })

    it('follows the real time without a fixed start, and advances by an offset', () => {
      const real = createSimulator({ seed: 1 })
      expect(real.clock.fixed).toBe(false)
      expect(Math.abs(real.clock.now() - Date.now())).toBeLessThan(1_000)
      real.clock.advance(3_600_000)
      expect(Math.abs(real.clock.now() - (Date.now() + 3_600_000))).toBeLessThan(1_000)
      expect(real.describe().clock.fixed).toBe(false)
      real.clock.set(NOW)
      expect([real.clock.fixed, real.clock.iso()]).toEqual([true, NOW])
    })
  })

  describe('the seed in process', () => {
    const presetIds = async (slug: string) => {
      const created = await createPreset(ROUTER, slug)
      return [created.body.data.id, created.body.data.designated_version_id]
    }

    it('draws the same ids from the same seed and others from another', async () => {
      simulator.setSeed('alpha')
      await simulator.reset()
      const alpha = await presetIds('p')
      await simulator.reset()
      expect(await presetIds('p')).toEqual(alpha)
      simulator.setSeed('beta')
      await simulator.reset()
      const beta = await presetIds('p')
      expect(beta[0]).not.toBe(alpha[0])
      expect(simulator.seed).toBe('beta')
      expect(simulator.describe().seed).toBe('beta')
      simulator.setSeed('control-tests')
    })

    it('draws ids from the new seed at once, without a reset', async () => {
      const other = createSimulator({ seed: 'gamma', now: NOW })
      const expected = JSON.parse(
        (
          await send(other, 'POST', `${ROUTER}/presets/p/chat/completions`, {
            json: { messages: [{ role: 'system', content: 'Hi' }], model: 'openai/gpt-5.4' },
            auth: `Bearer ${keys.inference}`,
          })
        ).body,
      ).data.id
      simulator.setSeed('gamma')
      expect((await presetIds('p'))[0]).toBe(expected)
      simulator.setSeed('control-tests')
    })

    it('takes a number or a string seed, the same ids for 42 and "42"', async () => {
      const numeric = createSimulator({ seed: 42, now: NOW })
      const text = createSimulator({ seed: '42', now: NOW })
      expect((await run(numeric)).responses).toBe((await run(text)).responses)
      expect(numeric.seed).toBe(42)
    })

    it('refuses an empty or missing seed and keeps the current one', () => {
      for (const [bad, shown] of [
        ['', '""'],
        [undefined, 'nothing'],
        [null, 'null'],
        [{}, '{}'],
        [Number.NaN, 'NaN'],
      ] as const) {
        expect(() => simulator.setSeed(bad as unknown as string)).toThrow(
          new TypeError(
            `[understudy] Failed to set the seed: must be a non-empty string or a finite number (got ${shown}).`,
          ),
        )
      }
      expect(simulator.seed).toBe('control-tests')
    })

    it('keeps preset ids unique when the same seed is set again mid-run', async () => {
      simulator.setSeed('again')
      const [first] = await presetIds('one')
      simulator.setSeed('again')
      const [second] = await presetIds('two')
      simulator.setSeed('control-tests')
      expect(second).not.toBe(first)
      expect(
        simulator.router.presets(workspaces.default).map((p) => [p.slug, p.versions.length]),
      ).toEqual([
        ['two', 1],
        ['one', 1],
      ])
    })

    it('keeps a created preset’s id apart from the scenario’s seeded ones after setSeed', async () => {
      await simulator.useScenario('presets-history')
      const seeded = simulator.router.presets(workspaces.default).map((p) => p.id)
      simulator.setSeed(simulator.seed)
      const [created] = await presetIds('fresh')
      await simulator.useScenario('default')
      expect(seeded).not.toContain(created)
    })
  })

  describe('reproducible responses in process', () => {
    it('gives byte-identical responses for the same seed and clock', async () => {
      const a = createSimulator({ seed: 'repro', now: NOW })
      const b = createSimulator({ seed: 'repro', now: NOW })
      const first = await run(a)
      expect(await run(b)).toEqual(first)
      expect(first.apiKey).toMatch(/^[A-Za-z0-9]{32}$/)
      expect(JSON.stringify(a.describe())).toBe(JSON.stringify(b.describe()))
    })

    it('gives other ids, and the same times, for another seed', async () => {
      const a = await run(createSimulator({ seed: 'repro', now: NOW }))
      const c = await run(createSimulator({ seed: 'other', now: NOW }))
      expect(c.responses).not.toBe(a.responses)
      expect(c.apiKey).not.toBe(a.apiKey)
      const times = (text: string) => text.match(/20\d\d-\d\d-\d\dT[\d:.]+Z/g)
      expect(times(c.responses)).toEqual(times(a.responses))
    })

    it('gives the same bytes again after a reset', async () => {
      const sim = createSimulator({ seed: 'repro', now: NOW })
      const first = await run(sim)
      await sim.reset()
      expect(await run(sim)).toEqual(first)
    })
  })
})

/** Where a standalone server answers: its origin, the router's and each organization's base URL. */
type Urls = Pick<CliServer, 'origin' | 'router' | 'messaging'>

describe('the clock and the seed over HTTP', () => {
  /** The CLI as a child process. */
  let one: CliServer
  /** The same server started in this process with the same seed and clock. */
  let twoServer: RunningServer
  let two: Urls
  /** A standalone server on the real clock. */
  let real: RunningServer

  beforeAll(async () => {
    ;[one, twoServer, real] = await Promise.all([
      startServerCli(['--seed', 'repro', '--now', NOW]),
      startServer({ port: 0, seed: 'repro', now: NOW }),
      startServer({ port: 0 }),
    ])
    two = {
      origin: twoServer.url,
      router: twoServer.services.router,
      messaging: twoServer.services.messaging,
    }
  }, 60_000)
  afterAll(async () => {
    await Promise.all([one?.stop(), twoServer?.close(), real?.close()])
  })

  /** The same mixed run against a server; its origin taken out of every text. */
  async function runOver(server: Urls) {
    await control(server.origin, 'POST', '/reset')
    const acme = server.messaging.acme as string
    const texts: string[] = []
    texts.push((await createPreset(server.router, 'r', 'one')).text)
    await control(server.origin, 'POST', '/clock', { advanceMs: 1_234 })
    texts.push((await createPreset(server.router, 'r', 'two')).text)
    texts.push((await routerCall(server.router, 'GET', '/presets/r/versions')).text)
    texts.push((await createUser(acme, 'romeo@acme.example', 'Romeo')).text)
    texts.push(
      (
        await messagingCall(acme, 'POST', '/api/v1/realm/test_welcome_bot_custom_message', {
          as: accounts.desdemona,
          form: { welcome_message_custom_text: 'Hi' },
        })
      ).text,
    )
    texts.push(
      (await messagingCall(acme, 'GET', '/api/v1/messages/1', { as: accounts.desdemona })).text,
    )
    texts.push((await messagingCall(acme, 'GET', '/api/v1/users')).text)
    texts.push((await control(server.origin, 'GET')).text)
    return texts.map((text) => text.split(server.origin).join('<origin>'))
  }

  it('reads the clock', async () => {
    const clock = await control(one.origin, 'GET', '/clock')
    expect([clock.status, clock.body]).toEqual([200, { now: NOW, fixed: true }])
    const moving = (await control(real.url, 'GET', '/clock')).body
    expect(moving.fixed).toBe(false)
    expect(Math.abs(Date.parse(moving.now) - Date.now())).toBeLessThan(5_000)
  })

  it('advances and sets the clock, and responses carry its time', async () => {
    const advanced = await control(one.origin, 'POST', '/clock', { advanceMs: 61_000 })
    expect([advanced.status, advanced.body]).toEqual([
      200,
      { now: '2026-01-01T00:01:01.000Z', fixed: true },
    ])
    expect((await createPreset(one.router, 'timed')).body.data.created_at).toBe(
      '2026-01-01T00:01:01.000Z',
    )
    const set = await control(one.origin, 'POST', '/clock', { set: '2030-06-01T00:00:00Z' })
    expect(set.body).toEqual({ now: '2030-06-01T00:00:00.000Z', fixed: true })
    const both = await control(one.origin, 'POST', '/clock', {
      set: '2030-06-01T00:00:00Z',
      advanceMs: 500,
    })
    expect(both.body).toEqual({ now: '2030-06-01T00:00:00.500Z', fixed: true })
    expect((await createPreset(one.router, 'timed')).body.data.updated_at).toBe(
      '2030-06-01T00:00:00.500Z',
    )
    await control(one.origin, 'POST', '/reset')
    expect((await control(one.origin, 'GET', '/clock')).body).toEqual({ now: NOW, fixed: true })
  })

  it('fixes a real clock when set over HTTP', async () => {
    const set = await control(real.url, 'POST', '/clock', { set: NOW })
    expect(set.body).toEqual({ now: NOW, fixed: true })
  })

  it('gives byte-identical responses on two servers with the same seed and clock, CLI or not', async () => {
    const [a, b] = [await runOver(one), await runOver(two)]
    expect(b).toEqual(a)
    expect(a[3]).toBe('{"result":"success","msg":"","user_id":8}\n')
  })

  it('gives the same bytes again after POST /reset', async () => {
    expect(await runOver(one)).toEqual(await runOver(one))
  })

  it('sets the seed over HTTP: ids as in process with that seed', async () => {
    const seeded = await control(two.origin, 'PUT', '/seed', { seed: 'delta' })
    expect([seeded.status, seeded.body]).toEqual([200, { seed: 'delta' }])
    await control(two.origin, 'POST', '/reset')
    const over = (await createPreset(two.router, 'p', 'Hi')).text
    const local = createSimulator({ seed: 'delta', now: NOW })
    const inProcess = await send(local, 'POST', `${ROUTER}/presets/p/chat/completions`, {
      json: { messages: [{ role: 'system', content: 'Hi' }], model: 'openai/gpt-5.4' },
      auth: `Bearer ${keys.inference}`,
    })
    expect(over).toBe(inProcess.body)
    const numeric = await control(two.origin, 'PUT', '/seed', { seed: 7 })
    expect(numeric.body).toEqual({ seed: 7 })
    expect((await control(two.origin, 'GET')).body.seed).toBe(7)
    await control(two.origin, 'PUT', '/seed', { seed: 'repro' })
  })
})
