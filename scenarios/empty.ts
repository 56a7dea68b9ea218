/**
 * `empty`: accounts only. Every router workspace and key and every messaging account of `default`, and
 * nothing else: no presets, no created users, no messages (its organizations are bare: `onboarding: false`,
 * so not even Welcome Bot's onboarding messages).
 * @module
 */

import { defineScenario } from '../src/services/scenario.js'
import { defaultMessaging } from './default/messaging.js'
import { defaultRouter } from './default/router.js'

export default defineScenario({
  name: 'empty',
  description: 'The default accounts and keys only: no presets, no created users, no messages.',
  router: defaultRouter,
  messaging: {
    organizations: defaultMessaging.organizations.map((organization) => ({
      ...organization,
      onboarding: false,
    })),
  },
})
