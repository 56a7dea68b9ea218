/**
 * Imported right after msw: puts back Node's `localStorage` accessor that `hide-web-storage.ts` hid while msw
 * loaded.
 * @module
 */
import { restoreWebStorage } from './hide-web-storage.js'

restoreWebStorage()
