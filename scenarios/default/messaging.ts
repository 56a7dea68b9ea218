/**
 * The default scenario's messaging organization. Every account here is listed in docs/messaging.md
 * (Default scenario credentials).
 * Ids follow the order below: Desdemona 1, Iago 2, Othello 3, King Hamlet 4, Cordelia 5,
 * Provisioner 6, Welcome Bot 7. Welcome Bot is a system bot, as on the real server: its type is
 * generic (1) and its key is refused on every organization.
 *
 * E-mail addresses are visible to everyone (`emailAddressVisibility: 'everyone'`), as in an organization
 * whose administrators chose so (or one created before Zulip 11.0): `email` is each account's real
 * address. A new organization on a real 11.0 or newer server shows `user<id>@<domain>` instead
 * (`'server-default'`, docs/messaging.md).
 * @module
 */
import type { MessagingScenarioInput } from '../../src/services/messaging/scenario-schema.js'

type OrganizationInput = MessagingScenarioInput['organizations'][number]

/** The organization `acme`. */
export const acmeOrganization = {
  subdomain: 'acme',
  name: 'Acme',
  description: 'The default organization of the Understudy simulator.',
  emailAddressVisibility: 'everyone',
  users: [
    {
      email: 'desdemona@acme.example',
      fullName: 'Desdemona',
      role: 'owner',
      apiKey: 'OhbVrpoiVgRV5IfLBcbfnoGMbJmTPSIA',
      password: 'desdemona-password',
    },
    {
      email: 'iago@acme.example',
      fullName: 'Iago',
      role: 'administrator',
      canCreateUsers: true,
      apiKey: 'oCLrZ3aWZkSBvrjn9Wvgfygw2wMqZcUD',
      password: 'iago-password',
    },
    {
      email: 'othello@acme.example',
      fullName: 'Othello',
      role: 'administrator',
      apiKey: 'Ih7yfJs1ON43xKmTecQoXsf2o3gyrDO1',
      password: 'othello-password',
    },
    {
      email: 'hamlet@acme.example',
      fullName: 'King Hamlet',
      role: 'member',
      apiKey: 'xkxwnQrS7RPeMOkIUpkDyr7OSJoRu1XX',
      password: 'hamlet-password',
    },
    {
      email: 'cordelia@acme.example',
      fullName: 'Cordelia',
      role: 'member',
      isActive: false,
      apiKey: 'do0cZuzren68K4TunPFz46PDjqipVJIq',
      password: 'cordelia-password',
    },
    {
      email: 'provisioner-bot@acme.example',
      fullName: 'Provisioner',
      role: 'administrator',
      canCreateUsers: true,
      bot: 'generic',
      botOwner: 'desdemona@acme.example',
      apiKey: 'VLB5LzxoiGFfWd3hjOkYRBMeyyMDHqJ3',
    },
    {
      email: 'welcome-bot@zulip.com',
      fullName: 'Welcome Bot',
      role: 'member',
      bot: 'generic',
      systemBot: true,
      apiKey: '8aRUhR4IWrXPvhsBkDa9U4UqGWlG6g3O',
    },
  ],
} satisfies OrganizationInput

export const defaultMessaging = {
  organizations: [acmeOrganization],
} satisfies MessagingScenarioInput
