/**
 * The messaging service's control routes, below `/__understudy/messaging/` on the standalone server (its
 * registration's `control`; `engine/core/control-route.ts`): an organization's feature level and rate
 * limit, as `simulator.messaging.setFeatureLevel()` and `setRateLimit()` set them in process.
 * @module
 */
import { type ControlRoute, controlRoute } from '../../engine/core/control-route.js'
import { rule } from '../../engine/core/input-error.js'
import * as z from '../../engine/core/zod.js'
import type { MessagingService } from './service.js'

/** A field that must be there, whatever its value (the service checks the value). */
const required = rule<unknown>((value) => value !== undefined, 'is required')

/** `{"featureLevel": 36}` (the level's range is the service's to check). */
const featureLevelBody = z.strictObject({ featureLevel: required })

/** `{"rateLimit": true}`, `false` or `{"perMinute": 5}` (the setting is the service's to check). */
const rateLimitBody = z.strictObject({ rateLimit: required })

export const messagingControlRoutes: readonly ControlRoute<MessagingService>[] = [
  controlRoute({
    method: 'PUT',
    path: '{subdomain}/feature-level',
    input: { body: featureLevelBody, action: 'set the feature level' },
    description: 'set an organization\'s feature level: `{"featureLevel": 36}`',
    run: (messaging: MessagingService, { input, params }) => {
      const subdomain = params.subdomain as string
      messaging.setFeatureLevel(subdomain, input.featureLevel as number)
      return { json: { subdomain, featureLevel: messaging.featureLevel(subdomain) } }
    },
  }),
  controlRoute({
    method: 'PUT',
    path: '{subdomain}/rate-limit',
    input: { body: rateLimitBody, action: 'set the rate limit' },
    description:
      'set an organization\'s rate limit: `{"rateLimit": true}`, `false` or `{"perMinute": 5}`',
    run: (messaging: MessagingService, { input, params }) => {
      const subdomain = params.subdomain as string
      messaging.setRateLimit(
        subdomain,
        input.rateLimit as Parameters<MessagingService['setRateLimit']>[1],
      )
      return { json: { subdomain, rateLimit: messaging.rateLimit(subdomain) } }
    },
  }),
]
