/**
 * Faults as the registered services name them: a fault's match narrowed to their service names and
 * operation ids (types), and the schema `faults.inject` checks a definition with: the fields of
 * `faults/schema.ts`, plus `service` and the operation id, checked against the registry.
 * @module
 */

import { rule, showValue } from '../../engine/core/input-error.js'
import * as z from '../../engine/core/zod.js'
import type { Armed, FaultEffect, FaultMatchFields } from '../../engine/faults/faults.js'
import { checkFaultEffects, faultRuleFields, pathField } from '../../engine/faults/schema.js'
import { type ServiceName, serviceNames } from '../../services/registry.js'
import { AVAILABILITY_CODES, availabilityStatus } from '../../services/router/availability.js'
import { type OperationMatch, operationProblem } from './ids.js'

/**
 * Which requests a fault applies to. Every given field must match. `operation` is the real API's operation
 * id (e.g. `createPresetsChatCompletions`, `create-user`), of `service` when one is given; an unknown id is
 * refused.
 */
export type FaultMatch = OperationMatch<FaultMatchFields>

/** A fault to inject. */
export type FaultDefinition = FaultMatch &
  FaultEffect & {
    /** How many matching requests it answers; default: every one until cleared. */
    times?: number
  }

/** An injected fault as listed. */
export type InjectedFault = Armed<FaultDefinition>

/** The `service` field of a fault or a journal filter: a registered service's name. */
export const serviceField = z.optional(
  rule<ServiceName>(
    (value) => serviceNames.includes(value as ServiceName),
    `must be ${serviceNames.map((name) => JSON.stringify(name)).join(' or ')}`,
  ),
)

/**
 * The rule across `service` and `operation` (of a fault, a journal filter): an operation id that the
 * service has (either service, when none is given), or the issue naming the known ids.
 */
export function checkOperation(
  value: { service?: unknown; operation?: unknown },
  context: z.core.$RefinementCtx,
): void {
  const problem = operationProblem(value.service, value.operation)
  if (problem) context.addIssue({ code: 'custom', path: ['operation'], message: problem })
}

/**
 * The rule of a fault's `availability` (`error.availability.code`, the router's): one of the 11 codes, with
 * the status that code comes with, on the router (or on no service named).
 */
export function checkAvailability(
  fault: { service?: unknown; status?: unknown; availability?: unknown },
  context: z.core.$RefinementCtx,
): void {
  const { availability } = fault
  if (availability === undefined) return
  const issue = (message: string) =>
    context.addIssue({ code: 'custom', path: ['availability'], message })
  if (fault.service !== undefined && fault.service !== 'router') {
    issue('only the router answers model-availability errors')
    return
  }
  const code = AVAILABILITY_CODES.find((known) => known === availability)
  if (code === undefined) {
    issue(`must be one of: ${AVAILABILITY_CODES.join(', ')}`)
    return
  }
  if (fault.status !== availabilityStatus(code))
    issue(`comes with status ${availabilityStatus(code)}: give that status`)
}

/** A fault definition in process: the path is an exact string or a regular expression. */
export const faultDefinitionSchema = z
  .strictObject(
    { service: serviceField, ...faultRuleFields, path: pathField },
    { error: (issue) => `give an object (got ${showValue(issue.input)})` },
  )
  .check(
    z.superRefine((fault, context) => {
      checkOperation(fault, context)
      checkFaultEffects(fault, context)
      checkAvailability(fault, context)
    }),
  )
