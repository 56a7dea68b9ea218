/**
 * A global latency added before every answer: fixed, or drawn uniformly from a range.
 * @module
 */
import { InputRangeError, parseInput } from '../core/input-error.js'
import { latencySchema, MAX_TIMER_MS } from './schema.js'

/** A latency setting: milliseconds, or a range to draw from. `0` turns it off. */
export type LatencySetting = number | { min: number; max: number }

/** Validates a latency setting (any value, as it may come from JSON), throwing a clear error for a bad one. */
export function checkLatency(setting: LatencySetting): LatencySetting {
  return parseInput(latencySchema, setting, 'set the latency', InputRangeError)
}

/** The milliseconds to wait for one request. */
export function drawLatency(setting: LatencySetting): number {
  return typeof setting === 'number'
    ? setting
    : setting.min + Math.random() * (setting.max - setting.min)
}

/**
 * Waits `ms` milliseconds (not at all for 0). Longer than a timer holds (a latency plus a fault's delay
 * can be), it waits in steps rather than let `setTimeout` fire after 1 ms.
 */
export function sleep(ms: number): Promise<void> {
  if (!(ms > 0)) return Promise.resolve()
  if (ms <= MAX_TIMER_MS) return new Promise((resolve) => setTimeout(resolve, ms))
  return new Promise<void>((resolve) => setTimeout(resolve, MAX_TIMER_MS)).then(() =>
    sleep(ms - MAX_TIMER_MS),
  )
}
