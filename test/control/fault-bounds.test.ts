/**
 * What one armed fault can cost a request is bounded (issue 21 §5): a `pathPattern` compiles to at most
 * 500 re2js instructions (a 24-character pattern of 3,003 instructions made every request wait 0.4-0.6 s),
 * a pattern is tested against paths of at most 2,048 characters, and at most 100 faults are armed.
 */
import { describe, expect, it } from 'vitest'
import { createSimulator } from '../../src/entries/index.js'
import { startServer } from '../../src/entries/server/index.js'
import { useServer } from '../support/server.js'
import { control, routerCall } from './support.js'

const problem = (message: string) => ({ error: { message } })

describe('over HTTP', () => {
  const server = useServer({ seed: 'fault-bounds' })

  it('refuses a short pattern whose program is too large, naming its size', async () => {
    const answer = await control(server.url, 'POST', '/faults', {
      status: 503,
      pathPattern: '(?:a?){1000}a{1000}[0-9]',
    })
    expect([answer.status, answer.body]).toEqual([
      400,
      problem(
        '[understudy] Failed to inject a fault: pathPattern: compiles to 3003 instructions, more than the 500 a pattern may take (a large repetition such as {1000} costs one per repeat).',
      ),
    ])
    expect((await control(server.url, 'GET', '/faults')).body).toEqual([])
  })

  it('takes a pattern of up to 500 instructions, and tests it only against paths of up to 2,048 characters', async () => {
    const armed = await control(server.url, 'POST', '/faults', {
      service: 'router',
      status: 503,
      pathPattern: '^/presets/a+$',
    })
    expect(armed.status).toBe(201)
    const base = `${server.url}/router/api/v1`
    const at = async (length: number) =>
      (await routerCall(base, 'GET', `/presets/${'a'.repeat(length - '/presets/'.length)}`)).status
    expect(await at(2_048)).toBe(503)
    // One character longer: not tested, so the router answers (its own 400: a slug is 128 characters at most).
    expect(await at(2_049)).toBe(400)
    await control(server.url, 'DELETE', '/faults')
  })
})

describe('the number of faults', () => {
  it('is at most 100 armed at once; clearing one makes room', () => {
    const simulator = createSimulator({ seed: 'fault-bounds' })
    const ids = Array.from({ length: 100 }, (_, i) =>
      simulator.faults.inject({ path: `/presets/p${i}`, status: 500 }),
    )
    expect(() => simulator.faults.inject({ status: 500 })).toThrow(
      new RangeError(
        '[understudy] Failed to inject a fault: 100 faults are armed, the most there may be; clear one first.',
      ),
    )
    expect(simulator.faults.list()).toHaveLength(100)
    simulator.faults.clear(ids[0])
    expect(simulator.faults.inject({ status: 500 })).toBe(101)
  })

  it('answers 400 over HTTP past the bound', async () => {
    const server = await startServer({ port: 0, seed: 'fault-bounds' })
    try {
      for (let i = 0; i < 100; i++) server.simulator.faults.inject({ status: 500, times: 1 })
      const answer = await control(server.url, 'POST', '/faults', { status: 500 })
      expect([answer.status, answer.body]).toEqual([
        400,
        problem(
          '[understudy] Failed to inject a fault: 100 faults are armed, the most there may be; clear one first.',
        ),
      ])
    } finally {
      await server.close()
    }
  })
})
