/**
 * A snapshot's format, version 1: the type (`Snapshot`) and the zod schema that `restore` checks a snapshot
 * with. Records are listed with their fields in the order the stores create them, so a snapshot restored and
 * taken again is the same JSON text. Each service's part, with its checks across records (ids unique,
 * references that resolve), is in its registration (`src/services/<service>/snapshot.ts`).
 * @module
 */

import { type ClockState, MAX_TIME_MS } from '../../engine/core/clock.js'
import { type IdPosition, seedSchema } from '../../engine/core/ids.js'
import { epochMs, word } from '../../engine/core/snapshot-fields.js'
import * as z from '../../engine/core/zod.js'
import { type LatencySetting, latencySchema } from '../../engine/faults/latency.js'
import {
  type DefinitionOf,
  perService,
  type ServiceName,
  serviceDefinitions,
} from '../../services/registry.js'
import { type Scenario, scenarioSchema } from '../../services/scenario.js'

/** The format version this version of the package writes and reads. */
export const SNAPSHOT_FORMAT_VERSION = 1

/**
 * The whole state of a simulator as plain JSON (see docs/state.md): the scenario (reset goes back to it),
 * the seed and the id source's position, the clock, the latency, and every service's records.
 */
export interface Snapshot {
  formatVersion: typeof SNAPSHOT_FORMAT_VERSION
  /** The scenario in force, validated and with its defaults filled in: `reset()` goes back to it. */
  scenario: Scenario
  seed: string | number
  /** Where the id source stands: the next generated id is the one the snapshotted simulator would give. */
  ids: IdPosition
  clock: ClockState
  latency: LatencySetting
  /** Each service's records, under its name. */
  services: { [N in ServiceName]: z.output<DefinitionOf<N>['snapshot']['schema']> }
}

/** Each service's part of a snapshot, under its name. */
const serviceParts = perService((definition) => definition.snapshot.schema) as {
  [N in ServiceName]: DefinitionOf<N>['snapshot']['schema']
}

/**
 * The checks across records, which the stores rely on and a field's schema cannot see: each service's
 * own (ids and keys unique where its store indexes them, references that resolve, counters past every id).
 */
function checkReferences(snapshot: Snapshot, context: z.core.$RefinementCtx): void {
  for (const definition of serviceDefinitions) {
    const check = definition.snapshot.check as (
      state: unknown,
      context: z.core.$RefinementCtx,
      base: Array<string | number>,
    ) => void
    check(snapshot.services[definition.name], context, ['services', definition.name])
  }
}

/**
 * A clock's state. The time it gives must be one a `Date` can hold: its fixed instant, or its start plus the
 * offset (the real time plus the offset is kept within range as real time goes on, `core/clock.ts`), so
 * that a restored clock never makes every later answer fail with `Invalid time value`.
 */
const clockSchema = z
  .strictObject({
    start: epochMs,
    created: z.enum(['fixed', 'real']),
    fixedAt: z.nullable(epochMs),
    offsetMs: z.number().check(z.gte(-2 * MAX_TIME_MS), z.lte(2 * MAX_TIME_MS)),
  })
  .check(
    z.superRefine((clock, context) => {
      if (Math.abs(clock.start + clock.offsetMs) <= MAX_TIME_MS) return
      context.addIssue({
        code: 'custom',
        path: ['offsetMs'],
        message: `with the start ${clock.start} it gives ${clock.start + clock.offsetMs}, not a time a Date can hold (within ±8.64e15 ms of 1970)`,
      })
    }),
  )

/** A snapshot of format version 1, with every record's fields and the references between records checked. */
export const snapshotSchema = z
  .strictObject(
    {
      formatVersion: z.literal(SNAPSHOT_FORMAT_VERSION, {
        error: `must be ${SNAPSHOT_FORMAT_VERSION}`,
      }),
      scenario: scenarioSchema,
      seed: seedSchema,
      ids: z.tuple([word, word, word, word]),
      clock: clockSchema,
      latency: latencySchema,
      services: z.strictObject(serviceParts),
    },
    {
      error: (issue) =>
        issue.code === 'invalid_type' ? 'must be a snapshot (a JSON object)' : undefined,
    },
  )
  .check(z.superRefine(checkReferences)) satisfies z.ZodMiniType<Snapshot>
