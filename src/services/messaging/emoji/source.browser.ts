/**
 * `source.ts` for browsers (the package's `browser` field puts this module in its place): the emoji table (about
 * 50 KB) loads as a chunk of its own when a welcome text may first hold an emoji (the Welcome Bot operation waits
 * for it), not with the page nor with the messaging operations' parts (`core/on-demand.ts`,
 * decisions/browser-bundle.md).
 * @module
 */
import { type OnDemand, onDemandPart } from '../../../engine/core/on-demand.js'
import type * as Table from './emoji-table.js'

/** The emoji table (`emojiPart.get().emojiTable`), loaded by the first `emojiPart.loading()`. */
export const emojiPart: OnDemand<typeof Table> = onDemandPart(
  'The emoji table',
  () => import('./emoji-table.js'),
)
