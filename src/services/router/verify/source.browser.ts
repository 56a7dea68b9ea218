/**
 * `source.ts` for browsers (the package's `browser` field puts this module in its place): verify does not run in a
 * page, so its part stays out of the page's bundle, a chunk loaded only if something asks for it.
 * @module
 */
import { type OnDemand, onDemandPart } from '../../../engine/core/on-demand.js'
import type { VerifyPart } from '../../../engine/core/verify-part.js'

/** This service's part of `verify`, loaded by the first `verifyPart.loading()`. */
export const verifyPart: OnDemand<VerifyPart> = onDemandPart("The router's part of verify", () =>
  import('./part.js').then((part) => part.routerVerify),
)
