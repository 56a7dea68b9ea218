/**
 * The simulator's clock: the real time by default, or a fixed instant that only moves when told to.
 * @module
 */

/** A time given as a `Date`, epoch milliseconds or an ISO 8601 string. */
export type TimeInput = Date | number | string

/** The simulator's clock. */
export interface Clock {
  /** The current time in epoch milliseconds. */
  now(): number
  /** The current time as ISO 8601 UTC with milliseconds (`2026-01-01T00:00:00.000Z`). */
  iso(): string
  /** Moves a fixed clock forward; on the real clock it adds an offset. */
  advance(ms: number): void
  /** Fixes the clock at an instant. */
  set(time: TimeInput): void
  /** Whether the clock is fixed (moves only through `advance` and `set`). */
  readonly fixed: boolean
}

/** Parses a time input into epoch milliseconds, throwing a clear error for a bad value. */
export function toEpochMs(time: TimeInput): number {
  const ms =
    time instanceof Date ? time.getTime() : typeof time === 'number' ? time : Date.parse(time)
  if (!Number.isFinite(ms)) {
    throw new TypeError(
      `[understudy] Failed to set the clock: "${String(time)}" is not a valid time.`,
    )
  }
  return ms
}

/** Creates a clock: fixed at `start` when given, otherwise following the real time. */
export function createClock(start?: TimeInput): Clock {
  let fixedAt: number | undefined = start === undefined ? undefined : toEpochMs(start)
  let offset = 0
  // The ISO string of the last instant asked for: requests in the same millisecond share it.
  let isoAt = Number.NaN
  let isoText = ''
  const clock: Clock = {
    now: () => (fixedAt === undefined ? Date.now() + offset : fixedAt),
    iso: () => {
      const now = clock.now()
      if (now !== isoAt) {
        isoAt = now
        isoText = new Date(now).toISOString()
      }
      return isoText
    },
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) {
        throw new RangeError(
          `[understudy] Failed to advance the clock: ${ms} is not a non-negative number.`,
        )
      }
      if (fixedAt === undefined) offset += ms
      else fixedAt += ms
    },
    set(time) {
      fixedAt = toEpochMs(time)
    },
    get fixed() {
      return fixedAt !== undefined
    },
  }
  return clock
}
