/**
 * `source.ts` for browsers (the package's `browser` field puts this module in its place): the messaging
 * operations' parts load as a chunk of their own with the service's first operation (`dispatch.ts` waits for
 * them), not with the page (`core/on-demand.ts`, decisions/browser-bundle.md).
 * @module
 */
import { type OnDemand, onDemandPart } from '../../../engine/core/on-demand.js'
import type * as Parts from './index.js'

/** The messaging operations' parts (`messagingParts.get()`), loaded by the first `messagingParts.loading()`. */
export const messagingParts: OnDemand<typeof Parts> = onDemandPart(
  "The messaging operations' parts",
  () => import('./index.js'),
)
