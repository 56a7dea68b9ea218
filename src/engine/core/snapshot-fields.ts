/**
 * The field schemas a snapshot's parts share (the snapshot's own, `src/simulator/snapshot/schema.ts`, and
 * each service's, `src/services/<service>/snapshot.ts`, for `Restorable`): times, counts and ids, and copied
 * JSON objects. The checks across a part's records are `snapshot-checks.ts`.
 * @module
 */

import { MAX_TIME_MS } from './clock.js'
import * as z from './zod.js'

export const epochMs = z
  .number()
  .check(
    z.gte(-MAX_TIME_MS, 'must be a time a Date can hold (epoch ms)'),
    z.lte(MAX_TIME_MS, 'must be a time a Date can hold (epoch ms)'),
  )
/** An ISO 8601 UTC time as `Date#toISOString` writes it (years past 9999 included). */
export const isoTime = z.string().check(
  z.refine((value) => {
    const time = Date.parse(value)
    return Number.isFinite(time) && new Date(time).toISOString() === value
  }, 'must be an ISO 8601 UTC time with milliseconds (2026-01-01T00:00:00.000Z)'),
)
export const count = z.number().check(z.int(), z.gte(0))
export const id = z.number().check(z.int(), z.gte(1))
export const word = z.number().check(z.int(), z.gte(0), z.lte(0xffffffff))
/** A JSON object, kept as given (a preset version's `config`) but copied, so the store shares nothing. */
export const plainObject = z.pipe(
  z.custom<Record<string, unknown>>(
    (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
    'must be an object',
  ),
  z.transform((value: Record<string, unknown>) => structuredClone(value)),
)
export const oneOf = <T extends number>(values: readonly T[], what: string) =>
  z.custom<T>((value) => values.includes(value as T), `must be ${what}`)
