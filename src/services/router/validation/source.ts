/**
 * Where the router's request-body validation (`index.ts`: the skins' rules, the described schemas) comes from.
 * Here, for Node and every bundle built for it: a static import, loaded with the module, so nothing waits. A
 * browser bundler takes `source.browser.ts` in this module's place instead (the package's `browser` field), which
 * loads it, about 140 KB of a bundle, with the router's first operation (`core/on-demand.ts`,
 * decisions/browser-bundle.md).
 * @module
 */
import { loadedPart, type OnDemand } from '../../../engine/core/on-demand.js'
import * as validation from './index.js'

/** The router's validation (`routerValidation.get()`), loaded with this module. */
export const routerValidation: OnDemand<typeof validation> = loadedPart(validation)
