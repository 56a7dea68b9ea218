/**
 * `source.ts` for browsers (the package's `browser` field puts this module in its place): the router's inference
 * loads as a chunk of its own with the first inference request (`dispatch.ts` waits for it), not with the page
 * (`core/on-demand.ts`, decisions/browser-bundle.md).
 * @module
 */
import { type OnDemand, onDemandPart } from '../../../engine/core/on-demand.js'
import type * as Inference from './infer.js'

/** The router's inference (`routerInference.get()`), loaded by the first `routerInference.loading()`. */
export const routerInference: OnDemand<typeof Inference> = onDemandPart(
  "The router's inference",
  () => import('./infer.js'),
)
