/**
 * The rules of a stub's fields that do not depend on which services are registered, shared by the
 * in-process `stubs.add` (`operations/stubs.ts` adds `service` and the path), the control surface's
 * `POST /stubs` and a scenario's `stubs` (both with `path` or `pathPattern`), so all refuse the same
 * values with the same message.
 * @module
 */

import { rule } from '../core/input-error.js'
import * as z from '../core/zod.js'
import { customBodyField, requestHeadersField, responseHeadersField } from './fields.js'
import { isMs, MAX_TIMER_MS } from './latency.js'

const shortText = (most: number) =>
  z.optional(
    rule<string>(
      (value) => typeof value === 'string' && value.length <= most,
      `must be a string of at most ${most} characters`,
    ),
  )

/** Statuses that carry no body. */
const BODILESS = [204, 205, 304]

/** The fields of a stub besides `service` and its path. */
export const stubRuleFields = {
  name: shortText(200),
  tenant: shortText(256),
  method: z.optional(
    rule<string>(
      (value) => typeof value === 'string' && /^[!#$%&'*+\-.^_`|~0-9A-Za-z]{1,32}$/.test(value),
      'must be an HTTP method',
    ),
  ),
  headers: requestHeadersField(),
  status: z.optional(
    rule<number>(
      (value) => Number.isInteger(value) && (value as number) >= 200 && (value as number) <= 599,
      'must be an HTTP status from 200 to 599',
    ),
  ),
  body: customBodyField(),
  responseHeaders: responseHeadersField(),
  delayMs: z.optional(
    rule<number>(isMs, `must be a number of milliseconds from 0 to ${MAX_TIMER_MS}`),
  ),
}

/** The rules across a stub's fields: a path (one of `path` and `pathPattern` where both exist); no body on 204, 205, 304. */
export function checkStub(
  stub: { path?: unknown; pathPattern?: unknown; status?: unknown; body?: unknown },
  context: z.core.$RefinementCtx,
): void {
  if (stub.path !== undefined && stub.pathPattern !== undefined) {
    context.addIssue({
      code: 'custom',
      path: ['pathPattern'],
      message: 'give either path or pathPattern, not both',
    })
  } else if (stub.path === undefined && stub.pathPattern === undefined) {
    context.addIssue({
      code: 'custom',
      path: ['path'],
      message: 'give the path to answer (path, or pathPattern for a regular expression)',
    })
  }
  if (BODILESS.includes(stub.status as number) && stub.body !== undefined && stub.body !== '') {
    context.addIssue({
      code: 'custom',
      path: ['body'],
      message: `must be left out: a ${String(stub.status)} carries no body`,
    })
  }
}

/** An exact path: below the service's base URL, so it starts with `/`. */
const stubPathField = z.optional(
  rule<string>(
    (value) => typeof value === 'string' && value.startsWith('/') && value.length <= 2_048,
    'must be a path starting with / (below the service’s base URL), of at most 2048 characters',
  ),
)

/**
 * A stub as JSON (over HTTP, in a scenario): `service` by the given rule, `path` exact or `pathPattern` by
 * the given rule (compiled over HTTP, kept as text in a scenario).
 */
export function jsonStubSchema<Service extends z.ZodMiniType, Pattern extends z.ZodMiniType>(
  service: Service,
  pathPattern: Pattern,
) {
  return z
    .strictObject({ service, ...stubRuleFields, path: stubPathField, pathPattern })
    .check(z.superRefine(checkStub))
}
