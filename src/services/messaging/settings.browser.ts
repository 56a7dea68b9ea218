/**
 * `settings.ts` for browsers (the package's `browser` field puts this module in its place): the settings are the
 * standalone server's and the CLI's, and a page has neither, so its bundle carries none of them.
 * @module
 */
import type { ServiceSetting } from '../../engine/core/service.js'

export const messagingSettings: readonly ServiceSetting[] = []
