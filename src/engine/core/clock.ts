/**
 * The simulator's clock: the real time by default, or a fixed instant that only moves when told to.
 * Every instant it holds is one a `Date` can represent (±8.64e15 ms from 1970): an input that would take
 * it outside is refused before anything changes.
 * @module
 */

import { InputRangeError, parseInput, rule } from './input-error.js'
import * as z from './zod.js'

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
  /** Back to how the clock was created: fixed at its start, or the real time with no offset. */
  reset(): void
  /** Whether the clock is fixed (moves only through `advance` and `set`). */
  readonly fixed: boolean
  /**
   * The instant the clock started at (epoch ms): its fixed start, or the real time when it was created.
   * Seeded data takes its timestamps from it, so a reset gives the same data whatever the clock did since.
   */
  readonly start: number
  /** Where the clock stands, as plain JSON: a snapshot's `clock` (`simulator.snapshot()`). */
  state(): ClockState
}

/**
 * A clock's whole state: its start, how it was created (so that a reset still goes back to it), and
 * where it stands now (fixed at an instant, or the real time plus an offset).
 */
export interface ClockState {
  /** The instant the clock started at (epoch ms); seeded data takes its timestamps from it. */
  start: number
  /** `fixed`: created at a fixed instant (`now`), which a reset fixes it at again; `real`: the real time. */
  created: 'fixed' | 'real'
  /** The instant the clock is fixed at (epoch ms), or `null` when it follows the real time. */
  fixedAt: number | null
  /** What `advance` added to the real time (ms); not used while fixed. */
  offsetMs: number
}

/** A clock whose state can be replaced: only `simulator.restore` does, with a state it validated. */
export interface RestorableClock extends Clock {
  restoreState(state: ClockState): void
}

/** The largest distance from 1970 a `Date` can represent, in ms (±8.64e15, about 273,790 years). */
export const MAX_TIME_MS = 8.64e15

/** Epoch ms of a time input within Date's range, or `undefined`. */
function epochOf(time: unknown): number | undefined {
  const ms =
    time instanceof Date
      ? time.getTime()
      : typeof time === 'number'
        ? time
        : typeof time === 'string'
          ? Date.parse(time)
          : Number.NaN
  return Number.isFinite(ms) && Math.abs(ms) <= MAX_TIME_MS ? ms : undefined
}

/** A time input (ISO 8601, epoch ms or a Date) within Date's range, as epoch ms. */
export const timeSchema = z.pipe(
  rule<TimeInput>(
    (value) => epochOf(value) !== undefined,
    'must be an ISO 8601 time, epoch milliseconds or a Date, within ±8.64e15 ms of 1970',
  ),
  z.transform((value) => epochOf(value) as number),
)

/** Milliseconds to advance by: a number >= 0 (the sum with the current time is checked by `checkAdvance`). */
export const advanceSchema = rule<number>(
  (value) =>
    typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 2 * MAX_TIME_MS,
  'must be a number of milliseconds >= 0',
)

/** Parses a time input into epoch milliseconds, throwing a clear error for a bad value. */
function toEpochMs(time: TimeInput): number {
  return parseInput(timeSchema, time, 'set the clock')
}

/** Checks that `from + ms` is an instant a `Date` can hold; throws a clear `RangeError` when not. */
export function checkAdvance(from: number, ms: number): void {
  parseInput(advanceSchema, ms, 'advance the clock', InputRangeError)
  if (from + ms > MAX_TIME_MS) {
    throw new InputRangeError(
      `[understudy] Failed to advance the clock: ${ms} ms from ${new Date(from).toISOString()} would pass the latest time a Date can hold (+275760-09-13T00:00:00.000Z).`,
    )
  }
}

/** Creates a clock: fixed at `start` when given, otherwise following the real time. */
export function createClock(start?: TimeInput): RestorableClock {
  let initial = start === undefined ? undefined : toEpochMs(start)
  let startedAt = initial ?? Date.now()
  let fixedAt = initial
  let offset = 0
  // The ISO string of the last instant asked for: requests in the same millisecond share it.
  let isoAt = Number.NaN
  let isoText = ''
  const clock: RestorableClock = {
    // The real clock with an offset could pass Date's range as real time goes on: it stops at either end.
    now: () =>
      fixedAt === undefined
        ? Math.max(-MAX_TIME_MS, Math.min(Date.now() + offset, MAX_TIME_MS))
        : fixedAt,
    iso: () => {
      const now = clock.now()
      if (now !== isoAt) {
        isoAt = now
        isoText = new Date(now).toISOString()
      }
      return isoText
    },
    advance(ms) {
      checkAdvance(clock.now(), ms)
      if (fixedAt === undefined) offset += ms
      else fixedAt += ms
    },
    set(time) {
      fixedAt = toEpochMs(time)
    },
    reset() {
      fixedAt = initial
      offset = 0
    },
    get fixed() {
      return fixedAt !== undefined
    },
    get start() {
      return startedAt
    },
    state: () => ({
      start: startedAt,
      created: initial === undefined ? 'real' : 'fixed',
      fixedAt: fixedAt ?? null,
      offsetMs: offset,
    }),
    restoreState(state) {
      startedAt = state.start
      initial = state.created === 'fixed' ? state.start : undefined
      fixedAt = state.fixedAt ?? undefined
      offset = state.offsetMs
    },
  }
  return clock
}
