/**
 * The messaging service's matcher (its registration's `matchers`, `definition.ts`): `toHaveUser`, over an organization's
 * accounts. Its type: `matcher-types.ts`.
 * @module
 */
import type { ServiceMatcher } from '../../engine/core/matchers.js'
import type { MessagingHolder, UserExpectation } from './matcher-types.js'

/** `expect(simulator).toHaveUser(organization, email, expected)`: the organization has that account, so. */
const toHaveUser: ServiceMatcher<
  MessagingHolder['messaging'],
  [organization: string, email: string, expected?: UserExpectation]
> = {
  reads: 'service',
  expected: 'organization, email, expected',
  match(messaging, tools, organization, email, expected = {}) {
    const organizations = messaging.organizations().map((o) => o.subdomain)
    if (!organizations.includes(organization)) {
      const known = organizations.join(', ') || '(none)'
      return tools.absent(
        `${tools.head}No messaging organization "${organization}". Organizations: ${known}.`,
      )
    }
    const users = messaging.users(organization)
    const user = users.find((u) => u.email.toLowerCase() === email.toLowerCase())
    if (!user) {
      const emails = users.map((u) => u.email).join(', ') || '(none)'
      return tools.absent(
        `${tools.head}Expected an account ${email} in "${organization}"; it has: ${emails}.`,
      )
    }
    return tools.compared(`the account ${user.email} of "${organization}"`, user, expected)
  },
}

/** The messaging service's matchers. */
export const messagingMatchers = { toHaveUser }
