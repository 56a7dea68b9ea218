/**
 * `source.ts` for browsers (the package's `browser` field puts this module in its place): the router's
 * request-body validation, with the described schemas about 140 KB of a bundle, loads as a chunk of its own when
 * the router first answers with an operation (`dispatch.ts` waits for it), not with the page
 * (`core/on-demand.ts`, decisions/browser-bundle.md).
 * @module
 */
import { type OnDemand, onDemandPart } from '../../../engine/core/on-demand.js'
import type * as Validation from './index.js'

/** The router's validation (`routerValidation.get()`), loaded by the first `routerValidation.loading()`. */
export const routerValidation: OnDemand<typeof Validation> = onDemandPart(
  "The router's validation",
  () => import('./index.js'),
)
