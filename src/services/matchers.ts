/**
 * Each service's matchers on a runner's `expect(simulator)` (`understudy-mock/vitest`, `understudy-mock/jest`), by
 * its name in the registry, in the order the runners list them; their types are each service's declarations
 * merged into `ServiceMatcherTypes` (`matcher-types.ts`). Kept beside the registry, not in each registration
 * (`ServiceDefinition`): a browser page bundles the registry, and the matchers would add 3.1 KB to it (past its
 * budget, `test/browser/bundle-size.test.ts`); only the runners' entries import this. A service with matchers adds
 * its line here.
 * @module
 */
import type { ServiceMatcher } from '../engine/core/matchers.js'
import { messagingMatchers } from './messaging/matchers.js'
import type { ServiceName } from './registry.js'
import { routerMatchers } from './router/matchers.js'

/** Each service's matchers, by name (a service with none has no entry). */
export const serviceMatchers: {
  readonly [N in ServiceName]?: Readonly<Record<string, ServiceMatcher>>
} = { router: routerMatchers, messaging: messagingMatchers }
