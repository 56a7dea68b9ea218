/**
 * The named scenarios that ship with Understudy: data only. What a scenario is (its schema, `defineScenario`,
 * `parseScenario`) is `src/services/scenario.ts`, composed from each registered service's part.
 * @module
 */

import type { ScenarioDefinition } from '../src/services/scenario.js'
import defaultScenario from './default/index.js'
import empty from './empty.js'
import { zulip4, zulip7 } from './old-servers.js'
import presetsHistory from './presets-history.js'
import restrictedDomains from './restricted-domains.js'

/** Every built-in scenario by name. */
export const scenarios = {
  default: defaultScenario,
  empty,
  'presets-history': presetsHistory,
  'restricted-domains': restrictedDomains,
  'zulip-4': zulip4,
  'zulip-7': zulip7,
} satisfies Record<string, ScenarioDefinition>

/** The name of a built-in scenario. */
export type ScenarioName = keyof typeof scenarios

/** The built-in scenarios' names and descriptions, in order (`understudy-mock scenarios`, `GET /__understudy/scenarios`). */
export function scenarioList(): Array<{ name: ScenarioName; description: string }> {
  return (Object.keys(scenarios) as ScenarioName[]).map((name) => ({
    name,
    description: scenarios[name].description ?? '',
  }))
}
