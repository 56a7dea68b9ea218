/**
 * A global latency added before every answer: fixed, or drawn uniformly from a range.
 * @module
 */

/** A latency setting: milliseconds, or a range to draw from. `0` turns it off. */
export type LatencySetting = number | { min: number; max: number }

/** Validates a latency setting (any value, as it may come from JSON), throwing a clear error for a bad one. */
export function checkLatency(setting: LatencySetting): LatencySetting {
  const ok = (value: unknown): value is number =>
    typeof value === 'number' && Number.isFinite(value) && value >= 0
  const candidate = setting as unknown
  if (ok(candidate)) return candidate
  if (typeof candidate === 'object' && candidate !== null) {
    const { min, max } = candidate as { min?: unknown; max?: unknown }
    if (ok(min) && ok(max) && min <= max) return { min, max }
  }
  throw new RangeError(
    `[understudy] Failed to set the latency: ${JSON.stringify(setting) ?? String(setting)} is not a number of milliseconds >= 0 or a { min, max } range with min <= max.`,
  )
}

/** The milliseconds to wait for one request. */
export function drawLatency(setting: LatencySetting): number {
  return typeof setting === 'number'
    ? setting
    : setting.min + Math.random() * (setting.max - setting.min)
}

/** Waits `ms` milliseconds (not at all for 0). */
export function sleep(ms: number): Promise<void> {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve()
}
