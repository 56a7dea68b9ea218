/**
 * `matchers.ts` for browsers (the package's `browser` field puts this module in its place): the matchers are the
 * test runners' (`understudy-mock/vitest`, `/jest`, Node only), so a page's bundle carries none of them.
 * @module
 */
import type { ServiceMatcher } from '../../engine/core/matchers.js'

export const messagingMatchers: Readonly<Record<string, ServiceMatcher>> = {}
