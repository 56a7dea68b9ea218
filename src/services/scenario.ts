/**
 * A scenario: a named, typed seed state for every service. Its schema is composed from the registry: each
 * registered service's part (`scenarioSchema` of its definition, written in its `scenario-schema.ts`) under
 * its name, beside the scenario's name, description and stubs. The built-in scenarios (`scenarios/`) are
 * data written against it.
 * @module
 */

import { InputTypeError, rule } from '../engine/core/input-error.js'
import * as z from '../engine/core/zod.js'
import { pathPatternSourceField } from '../engine/faults/path-pattern.js'
import { jsonStubSchema } from '../engine/faults/stub-schema.js'
import { MAX_STUB_BODIES_BYTES, MAX_STUBS, stubBodiesBytes } from '../engine/faults/stubs.js'
import { type DefinitionOf, perService, type ServiceName, serviceNames } from './registry.js'

/** Each service's part of a scenario, under its name (each registered service brings its own). */
const serviceSlices = perService((definition) => definition.scenarioSchema) as {
  [N in ServiceName]: DefinitionOf<N>['scenarioSchema']
}

/**
 * A scenario's stub: a fixed answer for a service's method and path (`path`, or `pathPattern` in RE2
 * syntax, kept as text so the scenario stays JSON; see src/engine/faults/stubs.ts).
 */
const scenarioStub = jsonStubSchema(
  rule<ServiceName>(
    (value) => serviceNames.includes(value as ServiceName),
    `must be ${serviceNames.map((name) => JSON.stringify(name)).join(' or ')}`,
  ),
  pathPatternSourceField(),
)

export const scenarioSchema = z.strictObject({
  name: z.string().check(z.minLength(1)),
  description: z._default(z.string(), ''),
  ...serviceSlices,
  stubs: z._default(
    z.array(scenarioStub).check(
      z.maxLength(MAX_STUBS, `must hold at most ${MAX_STUBS} stubs`),
      z.superRefine((stubs, context) => {
        if (stubBodiesBytes(stubs) > MAX_STUB_BODIES_BYTES) {
          context.addIssue({
            code: 'custom',
            message: `must hold bodies of at most ${MAX_STUB_BODIES_BYTES} bytes together`,
          })
        }
      }),
    ),
    [],
  ),
})

/** A scenario as written (defaults may be left out). */
export type ScenarioDefinition = z.input<typeof scenarioSchema>
/** A scenario after validation, with every default filled in. */
export type Scenario = z.output<typeof scenarioSchema>

/**
 * Declares a scenario with its type checked.
 * @example export default defineScenario({ name: 'mine', router: { workspaces: [] } })
 */
export function defineScenario(definition: ScenarioDefinition): ScenarioDefinition {
  return definition
}

/** Validates a scenario definition, throwing an error that lists every problem. */
export function parseScenario(definition: unknown): Scenario {
  const result = scenarioSchema.safeParse(definition)
  if (result.success) return result.data
  const name =
    typeof definition === 'object' && definition !== null && 'name' in definition
      ? String((definition as { name: unknown }).name)
      : '(unnamed)'
  const problems = result.error.issues
    .map((issue) => `${issue.path.length ? issue.path.join('.') : '(root)'}: ${issue.message}`)
    .join('; ')
  throw new InputTypeError(`[understudy] Failed to load scenario "${name}": ${problems}.`)
}
