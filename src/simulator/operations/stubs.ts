/**
 * Stubs as the registered services name them: a stub's `service` narrowed to their names (types), and the
 * schema `stubs.add` checks one with (the path a string or a regular expression), with the field rules
 * of `faults/stub-schema.ts` that `POST /stubs` (`control/http-inputs.ts`) and a scenario's `stubs` share.
 * @module
 */

import { rule, showValue } from '../../engine/core/input-error.js'
import * as z from '../../engine/core/zod.js'
import { pathField } from '../../engine/faults/schema.js'
import { checkStub, stubRuleFields } from '../../engine/faults/stub-schema.js'
import type { Added, StubFields } from '../../engine/faults/stubs.js'
import { type ServiceName, serviceNames } from '../../services/registry.js'

/** A stub to add: a fixed answer for a service's method and path. */
export type StubDefinition = Omit<StubFields, 'service'> & {
  /** The service whose requests it answers (its base URL is where `path` starts). */
  service: ServiceName
}

/** A stub as listed. */
export type AddedStub = Added<StubDefinition>

/** The `service` of a stub: required, a registered service's name. */
export const stubServiceField = rule<ServiceName>(
  (value) => serviceNames.includes(value as ServiceName),
  `must be ${serviceNames.map((name) => JSON.stringify(name)).join(' or ')}`,
)

/** A stub in process: the path is an exact string or a regular expression. */
export const stubDefinitionSchema = z
  .strictObject(
    {
      service: stubServiceField,
      ...stubRuleFields,
      path: pathField,
    },
    { error: (issue) => `give an object (got ${showValue(issue.input)})` },
  )
  .check(z.superRefine(checkStub))
