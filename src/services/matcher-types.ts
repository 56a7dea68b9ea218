/**
 * The services' matcher types that `understudy-mock/vitest` and `understudy-mock/jest` export by name (what each
 * matcher expects, and what it needs of a simulator). Re-exporting them also brings each service's declarations
 * merged into `ServiceMatcherTypes` (`src/engine/core/matchers.ts`) into a consumer's program, which is how a
 * runner's `expect` gets the services' matchers. A service with matchers adds its line here.
 * @module
 */
export type { MessagingHolder, UserExpectation } from './messaging/matcher-types.js'
export type {
  InferenceExpectation,
  PresetExpectation,
  RouterHolder,
} from './router/matcher-types.js'
