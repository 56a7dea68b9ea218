/**
 * `empty`: accounts only. Every router workspace and key and every messaging account of `default`, and
 * nothing else: no presets, no created users, no messages.
 * @module
 */
import { defaultMessaging } from './default/messaging.js'
import { defaultRouter } from './default/router.js'
import { defineScenario } from './schema/index.js'

export default defineScenario({
  name: 'empty',
  description: 'The default accounts and keys only: no presets, no created users, no messages.',
  router: defaultRouter,
  messaging: defaultMessaging,
})
