/**
 * Where this service's part of `verify` (`part.ts`) comes from. Here, for Node (verify is Node-only): a static
 * import, so verify has every part at once and `understudy-mock/verify` loads without a top-level `await`
 * (`require()` of it keeps working). A browser bundler takes `source.browser.ts` in this module's place (the
 * package's `browser` field), so a page's simulator carries none of it (`core/on-demand.ts`).
 * @module
 */
import { loadedPart, type OnDemand } from '../../../engine/core/on-demand.js'
import type { VerifyPart } from '../../../engine/core/verify-part.js'
import { routerVerify } from './part.js'

/** This service's part of `verify` (`.get()`), loaded with this module. */
export const verifyPart: OnDemand<VerifyPart> = loadedPart(routerVerify)
