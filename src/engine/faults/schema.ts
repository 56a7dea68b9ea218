/**
 * The rules of a fault's fields that do not depend on which services are registered, shared by the
 * in-process `faults.inject` (`operations/faults.ts` adds `service` and the operation id check) and the
 * control surface's `POST /faults` (`control/http-inputs.ts`), so both refuse the same values with the same
 * message: `[understudy] Failed to inject a fault: <field>: must be … (got …)`.
 * @module
 */

import { rule } from '../core/input-error.js'
import * as z from '../core/zod.js'
import { customBodyField, requestHeadersField, responseHeadersField } from './fields.js'
import { isMs, MAX_TIMER_MS } from './latency.js'

/**
 * Statuses a fault may answer with: 200 to 599 but those that carry no body (204, 205, 304), since a
 * fault answers with the service's error body. 1xx are interim answers: a client would wait for the real one.
 */
const FAULT_STATUS_RANGE = { min: 200, max: 599, without: [204, 205, 304] } as const

const isString = (value: unknown): value is string => typeof value === 'string'
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

/** A fault's path in process: an exact string, or a regular expression (anything with `source` and `test`). */
export const pathField = z.optional(
  rule<string | PathTest>(
    (value) => isString(value) || isPathTest(value),
    'must be a string or a regular expression',
  ),
)

/** The fields of a fault definition after `service` and before `path`, as both ways in take them. */
export const faultRuleFields = {
  operation: z.optional(rule<string>(isString, 'must be a string')),
  tenant: z.optional(
    rule<string>(
      (value) => isString(value) && value.length <= 256,
      'must be a string of at most 256 characters',
    ),
  ),
  headers: requestHeadersField(),
  method: z.optional(rule<string>(isString, 'must be a string')),
  status: z.optional(
    rule<number>(
      (value) =>
        Number.isInteger(value) &&
        (value as number) >= FAULT_STATUS_RANGE.min &&
        (value as number) <= FAULT_STATUS_RANGE.max &&
        !(FAULT_STATUS_RANGE.without as readonly unknown[]).includes(value),
      'must be an HTTP status from 200 to 599 other than 204, 205 and 304, which carry no body',
    ),
  ),
  message: z.optional(
    rule<string>(
      (value) => isString(value) && value.length <= 10_000,
      'must be a string of at most 10000 characters',
    ),
  ),
  body: customBodyField(),
  responseHeaders: responseHeadersField(),
  availability: z.optional(
    rule<string>(
      (value) => isString(value) && value.length <= 64,
      'must be a string of at most 64 characters',
    ),
  ),
  retryAfter: z.optional(
    rule<number>(
      (value) =>
        typeof value === 'number' &&
        Number.isFinite(value) &&
        value >= 0 &&
        value <= MAX_TIMER_MS / 1000,
      `must be a number of seconds from 0 to ${MAX_TIMER_MS / 1000}`,
    ),
  ),
  delayMs: z.optional(rule<number>(isMs, MS)),
  network: z.optional(
    rule<'reset' | 'hang'>(
      (value) => value === 'reset' || value === 'hang',
      'must be "reset" or "hang"',
    ),
  ),
  times: z.optional(
    rule<number>(
      (value) => Number.isSafeInteger(value) && (value as number) >= 1,
      `must be a whole number from 1 to ${Number.MAX_SAFE_INTEGER}`,
    ),
  ),
}

/**
 * The rules across a fault's fields: one effect at most of status and network, and at least one effect;
 * a body or headers of your own only with a status, and a body or a message, not both.
 */
export function checkFaultEffects(
  fault: {
    status?: unknown
    network?: unknown
    delayMs?: unknown
    message?: unknown
    body?: unknown
    responseHeaders?: unknown
    availability?: unknown
  },
  context: z.core.$RefinementCtx,
): void {
  for (const field of [
    'body',
    'responseHeaders',
    'message',
    'retryAfter',
    'availability',
  ] as const) {
    if ((fault as Record<string, unknown>)[field] !== undefined && fault.status === undefined) {
      context.addIssue({ code: 'custom', path: [field], message: 'needs a status to answer with' })
      return
    }
  }
  for (const field of ['message', 'availability'] as const) {
    if (fault.body !== undefined && fault[field] !== undefined) {
      context.addIssue({
        code: 'custom',
        path: [field],
        message: `give either a body of your own or a${field === 'message' ? '' : 'n'} ${field} in the service’s body, not both`,
      })
      return
    }
  }
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
