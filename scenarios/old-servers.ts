/**
 * Scenarios whose organization runs an older server: the default accounts at another feature level.
 * @module
 */

import { defineScenario, type ScenarioDefinition } from '../src/services/scenario.js'
import { acmeOrganization as acme } from './default/messaging.js'
import { defaultRouter } from './default/router.js'

function atLevel(name: string, featureLevel: number, description: string): ScenarioDefinition {
  return defineScenario({
    name,
    description,
    router: defaultRouter,
    messaging: { organizations: [{ ...acme, featureLevel }] },
  })
}

/** `zulip-4`: `acme` at feature level 35 (Zulip 4.0 development): any administrator may create users. */
export const zulip4 = atLevel(
  'zulip-4',
  35,
  'The default accounts on a Zulip 4.0-era server (feature level 35): every administrator may create users, no ignored_parameters_unsupported, no welcome-message endpoint.',
)

/** `zulip-7`: `acme` at feature level 185 (Zulip 7.0): unsupported parameters are listed, no welcome test. */
export const zulip7 = atLevel(
  'zulip-7',
  185,
  'The default accounts on a Zulip 7.0 server (feature level 185): can_create_users is required and unsupported parameters are listed, but there is no welcome-message endpoint and the older error wording applies.',
)
