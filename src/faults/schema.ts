/**
 * The rules for every control input, one schema each, shared by the in-process methods
 * (`faults.inject`, `latency.set`, `setSeed`) and the HTTP control surface (`http-inputs.ts`), so both
 * refuse the same values with the same message: `[understudy] Failed to <action>: <field>: must be … (got …)`.
 * The clock's rules live with the clock (`core/clock.ts`).
 * @module
 */
import { z } from 'zod'
import { rule, showValue } from '../core/input-error.js'
import { operationProblem } from '../operations/ids.js'
import { type ServiceName, serviceNames } from '../services.js'

/** The longest wait a timer can hold (2^31 − 1 ms, 24.8 days): `setTimeout` fires after 1 ms for more. */
export const MAX_TIMER_MS = 2 ** 31 - 1

/**
 * Statuses a fault may answer with: 200 to 599 but those that carry no body (204, 205, 304), since a
 * fault answers with the service's error body. 1xx are interim answers: a client would wait for the real one.
 */
const FAULT_STATUS_RANGE = { min: 200, max: 599, without: [204, 205, 304] } as const

const isString = (value: unknown): value is string => typeof value === 'string'
const isMs = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= MAX_TIMER_MS
const MS = `must be a number of milliseconds from 0 to ${MAX_TIMER_MS}`

/** Anything a fault can test a request path with: a `RegExp`, or another object with `source` and `test`. */
export interface PathTest {
  readonly source: string
  test(path: string): boolean
}

const isPathTest = (value: unknown): value is PathTest =>
  value instanceof RegExp ||
  (typeof value === 'object' &&
    value !== null &&
    typeof (value as PathTest).source === 'string' &&
    typeof (value as PathTest).test === 'function')

/** The fields of a fault definition but its path, as both ways in take them. */
export const faultFields = {
  service: rule<ServiceName>(
    (value) => serviceNames.includes(value as ServiceName),
    `must be ${serviceNames.map((name) => JSON.stringify(name)).join(' or ')}`,
  ).optional(),
  operation: rule<string>(isString, 'must be a string').optional(),
  method: rule<string>(isString, 'must be a string').optional(),
  status: rule<number>(
    (value) =>
      Number.isInteger(value) &&
      (value as number) >= FAULT_STATUS_RANGE.min &&
      (value as number) <= FAULT_STATUS_RANGE.max &&
      !(FAULT_STATUS_RANGE.without as readonly unknown[]).includes(value),
    'must be an HTTP status from 200 to 599 other than 204, 205 and 304, which carry no body',
  ).optional(),
  message: rule<string>(isString, 'must be a string').optional(),
  retryAfter: rule<number>(
    (value) =>
      typeof value === 'number' &&
      Number.isFinite(value) &&
      value >= 0 &&
      value <= MAX_TIMER_MS / 1000,
    `must be a number of seconds from 0 to ${MAX_TIMER_MS / 1000}`,
  ).optional(),
  delayMs: rule<number>(isMs, MS).optional(),
  network: rule<'reset' | 'hang'>(
    (value) => value === 'reset' || value === 'hang',
    'must be "reset" or "hang"',
  ).optional(),
  times: rule<number>(
    (value) => Number.isSafeInteger(value) && (value as number) >= 1,
    `must be a whole number from 1 to ${Number.MAX_SAFE_INTEGER}`,
  ).optional(),
}

/**
 * The rule across `service` and `operation` (of a fault, a journal filter): an operation id that the
 * service has (either service, when none is given), or the issue naming the known ids.
 */
export function checkOperation(
  value: { service?: unknown; operation?: unknown },
  context: z.RefinementCtx,
): void {
  const problem = operationProblem(value.service, value.operation)
  if (problem) context.addIssue({ code: 'custom', path: ['operation'], message: problem })
}

/** The rules across a fault's fields: one effect at most of status and network, and at least one effect. */
export function checkFaultEffects(
  fault: { status?: unknown; network?: unknown; delayMs?: unknown },
  context: z.RefinementCtx,
): void {
  if (fault.status !== undefined && fault.network !== undefined) {
    context.addIssue({
      code: 'custom',
      path: [],
      message: 'give either a status or a network fault, not both',
    })
  } else if (
    fault.status === undefined &&
    fault.network === undefined &&
    fault.delayMs === undefined
  ) {
    context.addIssue({
      code: 'custom',
      path: [],
      message: 'give a status, a network fault or a delay',
    })
  }
}

/** A fault definition in process: the path is an exact string or a regular expression. */
export const faultDefinitionSchema = z
  .strictObject(
    {
      ...faultFields,
      path: rule<string | PathTest>(
        (value) => isString(value) || isPathTest(value),
        'must be a string or a regular expression',
      ).optional(),
    },
    { error: (issue) => `give an object (got ${showValue(issue.input)})` },
  )
  .superRefine((fault, context) => {
    checkOperation(fault, context)
    checkFaultEffects(fault, context)
  })

/** A latency setting: milliseconds, or a `{ min, max }` range to draw from. */
export const latencySchema = rule<number | { min: number; max: number }>((value) => {
  if (isMs(value)) return true
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const keys = Object.keys(value)
  const { min, max } = value as { min?: unknown; max?: unknown }
  return keys.length === 2 && isMs(min) && isMs(max) && min <= max
}, `must be a number of milliseconds from 0 to ${MAX_TIMER_MS}, or { min, max } with 0 <= min <= max <= ${MAX_TIMER_MS}`).transform(
  (value) => (typeof value === 'number' ? value : { min: value.min, max: value.max }),
)

/** An id seed: a non-empty string or a number. */
export const seedSchema = rule<string | number>(
  (value) =>
    (isString(value) && value !== '') || (typeof value === 'number' && Number.isFinite(value)),
  'must be a non-empty string or a finite number',
)
