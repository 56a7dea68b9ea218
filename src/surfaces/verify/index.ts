/**
 * `understudy-mock/verify` (Node only): hold Understudy against the real service. `verifyHar` replays a
 * recording (a HAR from a browser, Playwright, a proxy, or `journal.toHAR()`) against a simulator set up
 * to match it and reports every difference; `livePlan` and `runLive` record a short fixed script against
 * the real service and verify it. See docs/verify.md.
 * @module
 */

export type { Created } from '../../engine/core/verify-part.js'
export { formatReport } from './format.js'
export { VerifyInputError } from './har-input.js'
export {
  LiveFailure,
  type LiveOptions,
  type LivePlan,
  type LiveResult,
  livePlan,
  runLive,
} from './live/live.js'
export type {
  Difference,
  DifferenceKind,
  SkippedExchange,
  VerifyReport,
  VerifySetup,
} from './report.js'
export { type VerifyOptions, verifyHar } from './verify-har.js'
