/**
 * The retry headers of an injected router fault: `Retry-After` in whole seconds (HTTP's delta-seconds has
 * no fraction), `retry-after-ms` with the exact wait where the SDK needs one.
 */
import { describe, expect, it } from 'vitest'
import { createSimulator } from '../../src/entries/index.js'

const KEY = 'sk-or-v1-understudy-default-inference'

async function faulted(fault: { status: number; retryAfter?: number }) {
  const simulator = createSimulator({ seed: 'fault-headers', now: '2026-01-01T00:00:00.000Z' })
  simulator.faults.inject({ service: 'router', operation: 'listPresets', ...fault })
  const response = await simulator.fetch('https://openrouter.ai/api/v1/presets', {
    headers: { authorization: `Bearer ${KEY}` },
  })
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    retryAfterMs: response.headers.get('retry-after-ms'),
    body: await response.text(),
  }
}

describe('retry headers of injected router faults', () => {
  it('rounds a fractional retryAfter up to whole seconds in Retry-After, and gives the ms exactly', async () => {
    expect(await faulted({ status: 503, retryAfter: 0.02 })).toEqual({
      status: 503,
      retryAfter: '1',
      retryAfterMs: '20',
      body: '{"error":{"message":"Service unavailable","code":503}}',
    })
    expect(await faulted({ status: 429, retryAfter: 2.5 })).toMatchObject({
      status: 429,
      retryAfter: '3',
      retryAfterMs: '2500',
    })
  })

  it('keeps whole seconds as given, with no retry-after-ms on a 4xx', async () => {
    expect(await faulted({ status: 429, retryAfter: 2 })).toMatchObject({
      retryAfter: '2',
      retryAfterMs: null,
    })
    expect(await faulted({ status: 429 })).toMatchObject({ retryAfter: '1', retryAfterMs: null })
    expect(await faulted({ status: 503 })).toMatchObject({ retryAfter: '1', retryAfterMs: '10' })
    expect(await faulted({ status: 503, retryAfter: 0 })).toMatchObject({
      retryAfter: '0',
      retryAfterMs: '0',
    })
  })
})
