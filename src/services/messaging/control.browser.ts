/**
 * `control.ts` for browsers (the package's `browser` field puts this module in its place): the control routes are
 * the standalone server's, and a page has no server, so its bundle carries none of them.
 * @module
 */
import type { ControlRoute } from '../../engine/core/control-route.js'
import type { MessagingService } from './service.js'

export const messagingControlRoutes: readonly ControlRoute<MessagingService>[] = []
