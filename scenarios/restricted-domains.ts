/**
 * `restricted-domains`: the default router workspaces and one organization, `restricted`, that admits
 * only addresses at `acme.example` and at `partner.example` or its subdomains, with the `development`
 * password policy (only an empty password is too weak).
 * @module
 */

import { defineScenario } from '../src/services/scenario.js'
import { acmeOrganization as acme } from './default/messaging.js'
import { defaultRouter } from './default/router.js'

export default defineScenario({
  name: 'restricted-domains',
  description:
    'Organization `restricted` (the default accounts) admits only acme.example and partner.example with its subdomains, refuses + addresses, and has the development password policy.',
  router: defaultRouter,
  messaging: {
    organizations: [
      {
        ...acme,
        subdomain: 'restricted',
        name: 'Restricted',
        description: 'Only acme.example and partner.example addresses may join.',
        emailsRestrictedToDomains: true,
        allowedDomains: [
          { domain: 'acme.example', allowSubdomains: false },
          { domain: 'partner.example', allowSubdomains: true },
        ],
        passwordPolicy: 'development',
      },
    ],
  },
})
