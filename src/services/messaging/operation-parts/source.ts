/**
 * Where the messaging operations' parts (`index.ts`: Markdown, wire forms, the password policy, lookups) come
 * from. Here, for Node and every bundle built for it: a static import, so nothing waits. A browser bundler takes
 * `source.browser.ts` in this module's place (the package's `browser` field), which loads them with the
 * service's first operation (`core/on-demand.ts`, decisions/browser-bundle.md).
 * @module
 */
import { loadedPart, type OnDemand } from '../../../engine/core/on-demand.js'
import * as parts from './index.js'

/** The messaging operations' parts (`messagingParts.get()`), loaded with this module. */
export const messagingParts: OnDemand<typeof parts> = loadedPart(parts)
