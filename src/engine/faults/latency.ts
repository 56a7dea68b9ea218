/**
 * A global latency added before every answer: fixed, or drawn uniformly from a range. Also the longest
 * wait a timer holds, which a fault's delay shares.
 * @module
 */

import { InputRangeError, parseInput, rule } from '../core/input-error.js'
import * as z from '../core/zod.js'

/** The longest wait a timer can hold (2^31 − 1 ms, 24.8 days): `setTimeout` fires after 1 ms for more. */
export const MAX_TIMER_MS = 2 ** 31 - 1

/** A latency setting: milliseconds, or a range to draw from. `0` turns it off. */
export type LatencySetting = number | { min: number; max: number }

/** Whether a value is a number of milliseconds a timer can wait. */
export const isMs = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= MAX_TIMER_MS

/**
 * A latency setting: milliseconds, or a `{ min, max }` range to draw from. One schema for
 * `latency.set`, the control surface's `PUT /latency` and a snapshot's `latency`.
 */
export const latencySchema = z.pipe(
  rule<LatencySetting>((value) => {
    if (isMs(value)) return true
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
    const keys = Object.keys(value)
    const { min, max } = value as { min?: unknown; max?: unknown }
    return keys.length === 2 && isMs(min) && isMs(max) && min <= max
  }, `must be a number of milliseconds from 0 to ${MAX_TIMER_MS}, or { min, max } with 0 <= min <= max <= ${MAX_TIMER_MS}`),
  z.transform((value) => (typeof value === 'number' ? value : { min: value.min, max: value.max })),
)

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
