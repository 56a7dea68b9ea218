/**
 * The messaging service's matcher as a runner's `expect` types it (`toHaveUser`), merged into the services'
 * matcher types (`src/engine/core/matchers.ts`), and what it expects: public types of `understudy-mock/vitest`
 * and `understudy-mock/jest` (`src/services/matcher-types.ts`).
 * @module
 */
import type { DeepPartial } from '../../engine/core/matchers.js'
import type { MessagingUserView } from './service.js'

/** What `toHaveUser` needs of a simulator. */
export interface MessagingHolder {
  readonly messaging: {
    organizations(): ReadonlyArray<{ readonly subdomain: string }>
    users(subdomain: string): MessagingUserView[]
  }
}

/** What `toHaveUser` expects of an account (as `simulator.messaging.users()` shows it). */
export type UserExpectation = DeepPartial<Omit<MessagingUserView, 'email'>>

declare module '../../engine/core/matchers.js' {
  interface ServiceMatcherTypes<R, T> {
    /**
     * Passes when the messaging organization has an account with this e-mail (any case), matching
     * `expected` (deep partial, as `simulator.messaging.users()` shows accounts).
     * @example expect(simulator).toHaveUser('acme', 'romeo@acme.example', { role: 'member', isActive: true })
     */
    toHaveUser: T extends MessagingHolder
      ? (organization: string, email: string, expected?: UserExpectation) => R
      : never
  }
  interface ServiceAsymmetricMatcherTypes<R> {
    /** A simulator whose messaging organization has this account. */
    toHaveUser(organization: string, email: string, expected?: UserExpectation): R
  }
}
