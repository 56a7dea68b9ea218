/**
 * A reset is a reset: the state after `reset()` is a function of the scenario, the seed and the clock's
 * start alone, whatever control calls and requests came before. The same requests give the same bytes
 * after any sequence of clock moves, seed changes, scenario switches and writes followed by a reset; a
 * real clock goes back to the real time, and seeded times come from the clock's start.
 */
import { describe, expect, it } from 'vitest'
import { createSimulator, type ScenarioName, type Simulator } from '../../src/entries/index.js'
import { ACME, accounts, basic, dispatchPlain, keys, NOW, ROUTER } from './support.js'

/** Answers a request through `dispatch`, with headers and a body. */
const send = (
  simulator: Simulator,
  method: string,
  url: string,
  headers: Record<string, string> = {},
  body?: string,
) => dispatchPlain(simulator, method, url, { headers, ...(body === undefined ? {} : { body }) })

const router = { authorization: `Bearer ${keys.inference}` }
const iago = { authorization: basic(accounts.iago) }
const form = { ...iago, 'content-type': 'application/x-www-form-urlencoded' }

/** Nine requests that read and write both services; their statuses, headers and bodies as one text. */
async function probe(simulator: Simulator): Promise<string> {
  const answers = [
    await send(simulator, 'GET', `${ROUTER}/presets`, router),
    await send(simulator, 'GET', `${ACME}/api/v1/users`, iago),
    await send(simulator, 'GET', `${ACME}/api/v1/users/me`, iago),
    await send(simulator, 'GET', `${ACME}/api/v1/server_settings`),
    await send(
      simulator,
      'POST',
      `${ROUTER}/presets/probe/chat/completions`,
      { ...router, 'content-type': 'application/json' },
      JSON.stringify({ messages: [{ role: 'system', content: 'Hi' }], model: 'a/b' }),
    ),
    await send(simulator, 'GET', `${ROUTER}/presets/probe`, router),
    await send(
      simulator,
      'POST',
      `${ACME}/api/v1/users`,
      form,
      'email=probe%40acme.example&password=pr0be-pass!&full_name=Probe',
    ),
    await send(simulator, 'GET', `${ACME}/api/v1/users/8`, iago),
    await send(simulator, 'GET', `${ACME}/api/v1/users/welcome-bot@zulip.com`, iago),
  ]
  return JSON.stringify(answers)
}

/** Control calls and writes that change everything a reset must put back. */
async function meddle(simulator: Simulator, seed: string, scenario: ScenarioName) {
  simulator.clock.advance(86_400_000)
  await send(
    simulator,
    'POST',
    `${ROUTER}/presets/meddled/chat/completions`,
    { ...router, 'content-type': 'application/json' },
    JSON.stringify({ messages: [{ role: 'system', content: 'x' }], model: 'a/b' }),
  )
  simulator.setSeed('another seed')
  await simulator.useScenario('zulip-7')
  simulator.clock.set('2030-05-05T00:00:00Z')
  await send(
    simulator,
    'POST',
    `${ACME}/api/v1/users`,
    form,
    'email=m%40acme.example&password=m3ddle-pass!&full_name=M',
  )
  simulator.messaging.setFeatureLevel('acme', 36)
  simulator.messaging.setRateLimit('acme', { perMinute: 1 })
  simulator.faults.inject({ status: 503 })
  simulator.latency.set(5)
  await simulator.useScenario(scenario)
  simulator.clock.advance(1_000)
  simulator.setSeed(seed)
}

// `presets-history` seeds presets, whose ids come from the seed: its load draws ids, as a create does.
describe.each<ScenarioName>(['default', 'presets-history'])(
  'reset with a fixed clock, %s',
  (scenario) => {
    it('gives byte-identical answers to the same requests after any control calls and a reset', async () => {
      const fresh = createSimulator({ seed: 'purity', now: NOW, scenario })
      const expected = await probe(fresh)
      expect(expected).toContain('"status":200')

      const simulator = createSimulator({ seed: 'purity', now: NOW, scenario })
      await probe(simulator)
      await meddle(simulator, 'purity', scenario)
      await simulator.reset()
      expect(await probe(simulator)).toBe(expected)

      // A reset right after a seed change and back, with nothing written in between.
      simulator.setSeed('other')
      await simulator.reset()
      simulator.setSeed('purity')
      await simulator.reset()
      expect(await probe(simulator)).toBe(expected)

      // Only reads and a clock move since the last reset.
      await simulator.reset()
      simulator.clock.advance(3_600_000)
      await send(simulator, 'GET', `${ROUTER}/presets`, router)
      await simulator.reset()
      expect(await probe(simulator)).toBe(expected)
    })

    it('answers as a fresh simulator with the new seed after a seed change and a reset', async () => {
      const fresh = createSimulator({ seed: 'second', now: NOW, scenario })
      const expected = await probe(fresh)
      const simulator = createSimulator({ seed: 'first', now: NOW, scenario })
      await meddle(simulator, 'second', scenario)
      await simulator.reset()
      expect(await probe(simulator)).toBe(expected)
    })
  },
)

describe('reset with the real clock', () => {
  it('takes seeded times from the clock’s start, and goes back to the real time without offset', async () => {
    const simulator = createSimulator({ seed: 'real' })
    const joined = () => simulator.messaging.users('acme').map((user) => user.dateJoined)
    const start = new Date(simulator.clock.start).toISOString()
    expect(new Set(joined())).toEqual(new Set([start]))

    simulator.clock.advance(7 * 86_400_000)
    await simulator.useScenario('zulip-7')
    await simulator.useScenario('default')
    expect(new Set(joined())).toEqual(new Set([start]))
    expect(simulator.clock.fixed).toBe(false)
    expect(Math.abs(simulator.clock.now() - Date.now())).toBeLessThan(1_000)

    simulator.clock.set('2031-01-01T00:00:00Z')
    await simulator.reset()
    expect(simulator.clock.fixed).toBe(false)
    expect(Math.abs(simulator.clock.now() - Date.now())).toBeLessThan(1_000)
    expect(new Set(joined())).toEqual(new Set([start]))
  })
})
