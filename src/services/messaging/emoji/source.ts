/**
 * Where the real server's emoji table (`emoji-table.ts`) comes from. Here, for Node and every bundle built for it: a
 * static import, so nothing waits. A browser bundler takes `source.browser.ts` in this module's place (the
 * package's `browser` field), which loads it when a welcome text may first hold an emoji (`core/on-demand.ts`,
 * decisions/browser-bundle.md).
 * @module
 */
import { loadedPart, type OnDemand } from '../../../engine/core/on-demand.js'
import * as table from './emoji-table.js'

/** The emoji table (`emojiPart.get().emojiTable`), loaded with this module. */
export const emojiPart: OnDemand<typeof table> = loadedPart(table)
