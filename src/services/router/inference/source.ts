/**
 * Where the router's inference (`infer.ts`: the preset reference, the merge, the three wire dialects) comes from.
 * Here, for Node and every bundle built for it: a static import, so nothing waits. A browser bundler takes
 * `source.browser.ts` in this module's place (the package's `browser` field), which loads it with the first
 * inference request (`core/on-demand.ts`, decisions/browser-bundle.md).
 * @module
 */
import { loadedPart, type OnDemand } from '../../../engine/core/on-demand.js'
import * as inference from './infer.js'

/** The router's inference (`routerInference.get()`), loaded with this module. */
export const routerInference: OnDemand<typeof inference> = loadedPart(inference)
