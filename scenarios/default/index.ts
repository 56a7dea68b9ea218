/**
 * `default`: the scenario `npm start` and `createSimulator()` load when none is named.
 * @module
 */
import { defineScenario } from '../../src/services/scenario.js'
import { defaultMessaging } from './messaging.js'
import { defaultRouter } from './router.js'

export default defineScenario({
  name: 'default',
  description:
    'Three router workspaces (one with inference, management and disabled keys; a second with its own key; one where only management keys write presets) and one messaging organization with every kind of account.',
  router: defaultRouter,
  messaging: defaultMessaging,
})
