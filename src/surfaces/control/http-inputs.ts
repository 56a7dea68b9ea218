/**
 * One schema per control operation of the control surface's own over HTTP (`routes.ts`; a service's are in
 * its `control.ts`): its body (a JSON object) or its query. Unknown fields are
 * refused (`x: unknown field`), so a typo is a 400 rather than a silent no-op. The field rules are those
 * of the in-process methods, from where each is defined (`faults/schema.ts`, `faults/latency.ts`,
 * `operations/faults.ts`, `core/ids.ts`, `core/clock.ts`); the methods check again what only they know
 * (a scenario's definition, a snapshot).
 * @module
 */

import { advanceSchema, timeSchema } from '../../engine/core/clock.js'
import { seedSchema } from '../../engine/core/ids.js'
import { rule } from '../../engine/core/input-error.js'
import * as z from '../../engine/core/zod.js'
import { latencySchema } from '../../engine/faults/latency.js'
import { pathPatternField } from '../../engine/faults/path-pattern.js'
import { checkFaultEffects, faultRuleFields } from '../../engine/faults/schema.js'
import { jsonStubSchema } from '../../engine/faults/stub-schema.js'
import {
  checkOperation,
  checkServiceFaultFields,
  serviceField,
} from '../../simulator/operations/faults.js'
import { stubServiceField } from '../../simulator/operations/stubs.js'

const optionalString = z.optional(
  rule<string>((value) => typeof value === 'string', 'must be a string'),
)

/** `PUT /scenario`: a built-in scenario's name or a definition. */
export const scenarioBody = z
  .strictObject({
    name: z.optional(rule<string>((value) => typeof value === 'string', 'must be a string')),
    definition: z.optional(
      rule<object>(
        (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
        'must be an object',
      ),
    ),
  })
  .check(
    z.superRefine((body, context) => {
      if ((body.name === undefined) === (body.definition === undefined)) {
        context.addIssue({
          code: 'custom',
          path: [],
          message: 'give "name" or "definition" (one of them)',
        })
      }
    }),
  )

/**
 * `POST /faults`: a fault; `path` an exact path, or `pathPattern` a regular expression in RE2 syntax,
 * compiled by a linear-time engine (no backreferences or lookaround).
 */
export const faultBody = z.pipe(
  z
    .strictObject({
      service: serviceField,
      ...faultRuleFields,
      path: optionalString,
      pathPattern: pathPatternField(),
    })
    .check(
      z.superRefine((fault, context) => {
        if (fault.path !== undefined && fault.pathPattern !== undefined) {
          context.addIssue({
            code: 'custom',
            path: ['pathPattern'],
            message: 'give either path or pathPattern, not both',
          })
        }
        checkOperation(fault, context)
        checkFaultEffects(fault, context)
        checkServiceFaultFields(fault, context)
      }),
    ),
  z.transform(({ pathPattern, ...fault }) =>
    pathPattern === undefined ? fault : { ...fault, path: pathPattern },
  ),
)

/** `POST /stubs`: a stub as JSON; `pathPattern` (RE2 syntax) compiled into `path`. */
export const stubBody = z.pipe(
  jsonStubSchema(stubServiceField, pathPatternField()),
  z.transform(({ pathPattern, ...stub }) =>
    pathPattern === undefined ? stub : { ...stub, path: pathPattern },
  ),
)

/** `PUT /latency`. */
export const latencyBody = z.strictObject({ latency: latencySchema })

/** `POST /clock`: set, then advance (either or both; the result must be a time a `Date` can hold). */
export const clockBody = z.strictObject({
  set: z.optional(timeSchema),
  advanceMs: z.optional(advanceSchema),
})

/** `PUT /seed`. */
export const seedBody = z.strictObject({ seed: seedSchema })

/** `PUT /snapshot`: any JSON object; the restore checks it whole (400 naming every problem). */
export const snapshotBody = z.custom<object>()

/**
 * A query string's parameters as an object: a parameter given once is its value, one given more than once
 * all of its values (which `journalQuery` refuses, rather than silently keep the last).
 */
export function queryFields(query: URLSearchParams): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {}
  for (const [name, value] of query) {
    const earlier = fields[name]
    fields[name] =
      earlier === undefined ? value : [...(Array.isArray(earlier) ? earlier : [earlier]), value]
  }
  return fields
}

/** Refuses a parameter given more than once (`service=router&service=messaging`), naming it. */
const eachOnce = z.custom<Record<string, unknown>>().check(
  z.superRefine((fields, context) => {
    for (const [name, value] of Object.entries(fields)) {
      if (Array.isArray(value))
        context.addIssue({ code: 'custom', path: [name], message: 'is given more than once' })
    }
  }),
)

/**
 * `GET /journal`, `GET /journal/count` and `GET /journal.har`: the filter, as query parameters (from
 * `queryFields`), each at most once (an unknown service or operation id refused, as in process).
 */
export const journalQuery = z.pipe(
  eachOnce,
  z
    .strictObject({
      service: serviceField,
      tenant: optionalString,
      operation: optionalString,
      method: optionalString,
      status: z.optional(
        z.pipe(
          z.custom<string>((value) => typeof value === 'string' && /^[0-9]{1,3}$/.test(value), {
            error: 'must be a number',
          }),
          z.transform(Number),
        ),
      ),
      since: z.optional(
        z.pipe(
          rule<string>(isTime, 'must be an ISO time or epoch milliseconds'),
          z.transform(epochOf),
        ),
      ),
      until: z.optional(
        z.pipe(
          rule<string>(isTime, 'must be an ISO time or epoch milliseconds'),
          z.transform(epochOf),
        ),
      ),
      preset: optionalString,
      presetVersion: z.optional(
        z.pipe(
          rule<string>(
            (value) => typeof value === 'string' && /^[1-9][0-9]{0,8}$/.test(value),
            'must be a version number from 1',
          ),
          z.transform(Number),
        ),
      ),
      model: optionalString,
      scripted: z.optional(
        z.pipe(
          rule<string>((value) => value === 'true' || value === 'false', 'must be true or false'),
          z.transform((value) => value === 'true'),
        ),
      ),
    })
    .check(z.superRefine(checkOperation)),
)

function epochOf(value: string): number {
  return /^[0-9]+$/.test(value) ? Number(value) : Date.parse(value)
}

function isTime(value: unknown): boolean {
  return typeof value === 'string' && Number.isFinite(epochOf(value))
}
