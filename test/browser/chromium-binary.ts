/**
 * Where the browser tests find Chromium. Without it they are skipped, and `global-setup.ts` says why once, or,
 * in CI, fails the run.
 */
import { existsSync } from 'node:fs'

/** The Chromium the tests drive (Debian's package; another binary through `UNDERSTUDY_CHROMIUM`). */
export const CHROMIUM = process.env.UNDERSTUDY_CHROMIUM ?? '/usr/bin/chromium'
export const hasChromium = existsSync(CHROMIUM)
