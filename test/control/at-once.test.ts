/**
 * Every control method works right after `createSimulator()` returns: the scenario is loaded
 * synchronously, `ready` is already settled, and `reset()`/`useScenario()` take effect when called (their
 * promises are kept for code that awaits them).
 */
import { describe, expect, it } from 'vitest'
import { createSimulator } from '../../src/entries/index.js'
import { NOW } from './support.js'

describe('control methods at once', () => {
  it('sets a feature level right after creation', () => {
    const simulator = createSimulator({ seed: 'at-once', now: NOW })
    simulator.messaging.setFeatureLevel('acme', 36)
    expect(simulator.messaging.featureLevel('acme')).toBe(36)
    expect(simulator.messaging.users('acme').length).toBeGreaterThan(0)
    expect(simulator.router.workspaces().length).toBeGreaterThan(0)
    simulator.messaging.setRateLimit('acme', true)
    expect(simulator.messaging.rateLimit('acme')).toEqual({ perMinute: 200, perHour: 2000 })
  })

  it('resolves ready at once (already settled)', async () => {
    const simulator = createSimulator({ seed: 'at-once', now: NOW })
    const order: string[] = []
    void simulator.ready.then(() => order.push('ready'))
    await Promise.resolve()
    order.push('next turn')
    expect(order).toEqual(['ready', 'next turn'])
  })

  it('resets and switches scenario when called, before the promise is awaited', () => {
    const simulator = createSimulator({ seed: 'at-once', now: NOW })
    simulator.messaging.setFeatureLevel('acme', 36)
    const reset = simulator.reset()
    expect(simulator.messaging.featureLevel('acme')).toBe(500)
    const switched = simulator.useScenario('zulip-7')
    expect([simulator.scenario.name, simulator.messaging.featureLevel('acme')]).toEqual([
      'zulip-7',
      185,
    ])
    return Promise.all([reset, switched])
  })

  it('refuses an unknown scenario through the promise, keeping the current one', async () => {
    const simulator = createSimulator({ seed: 'at-once', now: NOW })
    await expect(simulator.useScenario('nope' as 'default')).rejects.toThrow(TypeError)
    expect(simulator.scenario.name).toBe('default')
  })
})
