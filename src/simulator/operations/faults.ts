/**
 * Faults as the registered services name them: a fault's match narrowed to their service names and
 * operation ids (types), and the schema `faults.inject` checks a definition with: the fields of
 * `faults/schema.ts`, plus `service` and the operation id, checked against the registry, and the fault
 * fields only one service answers, checked by that service's rule (its definition's `faultFields`).
 * @module
 */

import { rule, showValue } from '../../engine/core/input-error.js'
import type { ServiceDefinition } from '../../engine/core/service.js'
import * as z from '../../engine/core/zod.js'
import type { Armed, FaultEffect, FaultMatchFields } from '../../engine/faults/faults.js'
import { checkFaultEffects, faultRuleFields, pathField } from '../../engine/faults/schema.js'
import { type ServiceName, serviceDefinitions, serviceNames } from '../../services/registry.js'
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

/** Each fault field only one service answers, with that service and the field's rule (its definition's). */
const serviceFaultFields = serviceDefinitions.flatMap((definition) => {
  const {
    name,
    faultFields = {},
  }: { name: ServiceName; faultFields?: ServiceDefinition['faultFields'] } = definition
  return Object.entries(faultFields).map(([field, rule]) => ({ service: name, field, rule }))
})

/**
 * The rules of the fault fields only one service answers (the router's `availability`: one of its codes,
 * with that code's status): given on a fault that names another service, or with a value the rule refuses,
 * an issue at the field.
 */
export function checkServiceFaultFields(
  fault: { service?: unknown; status?: unknown } & Record<string, unknown>,
  context: z.core.$RefinementCtx,
): void {
  for (const { service, field, rule } of serviceFaultFields) {
    const value = fault[field]
    if (value === undefined) continue
    const problem =
      fault.service !== undefined && fault.service !== service
        ? rule.elsewhere
        : rule.problem(value, fault)
    if (problem) context.addIssue({ code: 'custom', path: [field], message: problem })
  }
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
      checkServiceFaultFields(fault, context)
    }),
  )
