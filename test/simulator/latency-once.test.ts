/**
 * The latency is waited once per request, whichever service answers it: `dispatch` without a service offers the
 * request to each service in turn, and a service that does not own it passes it on before any wait (it waited the
 * latency first, so a messaging request through `dispatch` waited twice). Timers are faked: the test advances the
 * clock and looks at whether the answer has come, no wall-clock bound.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createSimulator } from '../../src/entries/index.js'
import { plainRequest } from '../control/support.js'
import { accounts, basic } from '../support/credentials.js'
import { NOW } from '../support/time.js'

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout'] })
})
afterEach(() => {
  vi.useRealTimers()
})

describe('a latency of 1,000 ms through dispatch without a service', () => {
  it.each([
    ['router', 'https://openrouter.ai/api/v1/presets', { authorization: 'Bearer none' }],
    [
      'messaging',
      'https://acme.zulipchat.com/api/v1/users/me',
      { authorization: basic(accounts.iago) },
    ],
  ])(
    'answers a %s request after one wait, not one per service before it',
    async (_, url, headers) => {
      const simulator = createSimulator({ seed: 'latency-once', now: NOW, latency: 1000 })
      let answered = false
      const outcome = simulator.dispatch(plainRequest('GET', url, { headers }), 'in-process')
      void outcome.then(() => {
        answered = true
      })
      await vi.advanceTimersByTimeAsync(999)
      expect(answered).toBe(false)
      await vi.advanceTimersByTimeAsync(1)
      expect(answered).toBe(true)
      expect(await outcome).toMatchObject({ status: expect.any(Number) })
    },
  )
})
