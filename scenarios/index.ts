/**
 * The named scenarios that ship with Understudy.
 * @module
 */
import defaultScenario from './default/index.js'
import presetsHistory from './presets-history.js'
import type { ScenarioDefinition } from './schema/index.js'

export type { Scenario, ScenarioDefinition } from './schema/index.js'
export { defineScenario, parseScenario } from './schema/index.js'

/** Every built-in scenario by name. */
export const scenarios = {
  default: defaultScenario,
  'presets-history': presetsHistory,
} satisfies Record<string, ScenarioDefinition>

/** The name of a built-in scenario. */
export type ScenarioName = keyof typeof scenarios
