/**
 * A scenario: a named, typed seed state for every service.
 * @module
 */
import { z } from 'zod'
import { InputTypeError } from '../../src/core/input-error.js'
import { type DefinitionOf, perService, type ServiceName } from '../../src/services.js'

/** Each service's part of a scenario, under its name (each registered service brings its own). */
const serviceSlices = perService((definition) => definition.scenarioSchema) as {
  [N in ServiceName]: DefinitionOf<N>['scenarioSchema']
}

export const scenarioSchema = z.strictObject({
  name: z.string().min(1),
  description: z.string().default(''),
  ...serviceSlices,
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
