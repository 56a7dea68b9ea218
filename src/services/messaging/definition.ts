/**
 * The messaging service as the simulator registers it (`src/services/registry.ts`): its URLs in process and on the
 * standalone server, its scenario and snapshot parts, and how discovery, the banner and the inspector
 * show it.
 * @module
 */

import { journalTypes, type ServiceDefinition, settingTypes } from '../../engine/core/service.js'
import * as z from '../../engine/core/zod.js'
import type { MessagingOperation } from './context.js'
import { messagingControlRoutes } from './control.js'
import { internalError, nginxBadRequest } from './errors.js'
import type { inspectMessaging } from './inspect.js'
import type { MessagingErrorBody, MessagingExchanges } from './journal-types.js'
import { messagingMatchers } from './matchers.js'
import { messagingScenarioSchema } from './scenario-schema.js'
import {
  createMessagingService,
  type MessagingOrganizationView,
  type MessagingService,
  type MessagingUserView,
} from './service.js'
import { type MessagingSettings, messagingSettings } from './settings.js'
import { checkMessagingSnapshot, messagingSnapshotSchema } from './snapshot.js'
import { verifyPart } from './verify/source.js'

/** The default base URL of each messaging organization; `{subdomain}` is replaced by the organization's. */
export const DEFAULT_MESSAGING_BASE_URL = 'https://{subdomain}.zulipchat.com'

/** The messaging service's options of `createSimulator` (`messaging: { baseUrl, featureLevel }`). */
export interface MessagingOptions {
  /** Each organization's base URL, with `{subdomain}` standing for its subdomain. Default `https://{subdomain}.zulipchat.com`. */
  baseUrl?: string | undefined
  /** The feature level every organization emulates unless its scenario entry sets one. Default `DEFAULT_FEATURE_LEVEL` (500, Zulip 12.2). */
  featureLevel?: number | undefined
}

/** The messaging service's part of `describe()`: every organization with its accounts (no passwords). */
export interface MessagingDiscovery {
  baseUrl: string
  organizations: Array<
    Omit<MessagingOrganizationView, 'users'> & { users: Array<Omit<MessagingUserView, 'password'>> }
  >
}

/** The messaging service's registration, answering with `operations` (`handlers/messaging/`). */
export function messagingDefinition<const Operations extends readonly MessagingOperation[]>(
  operations: Operations,
) {
  return {
    name: 'messaging',
    defaultBaseUrl: DEFAULT_MESSAGING_BASE_URL,
    inProcessPrefix: '/api',
    serverPrefix: '/messaging',
    serverBaseUrl: (prefixUrl) => `${prefixUrl}/{subdomain}`,
    operations,
    scenarioSchema: z._default(messagingScenarioSchema, { organizations: [] }),
    snapshot: { schema: messagingSnapshotSchema, check: checkMessagingSnapshot },
    /** An error body is also an HTML page (a text) for a body the server cannot parse, or one over nginx's limit. */
    journalTypes: journalTypes<MessagingExchanges, MessagingErrorBody | string>(),
    create: (context, options) => createMessagingService(context, options, operations),
    discover: (messaging): MessagingDiscovery => ({
      baseUrl: messaging.baseUrl,
      organizations: messaging.organizations().map((organization) => ({
        ...organization,
        users: organization.users.map(({ password: _password, ...user }) => user),
      })),
    }),
    urls: (messaging) =>
      Object.fromEntries(
        messaging
          .organizations()
          .map((organization) => [organization.subdomain, organization.baseUrl]),
      ),
    accounts: (view) =>
      view.organizations.flatMap((organization) =>
        organization.users
          .filter((user) => !user.systemBot)
          .map((user) => {
            const traits = [
              user.role,
              user.bot ? 'bot' : '',
              user.canCreateUsers ? 'can_create_users' : '',
              user.isActive ? '' : 'deactivated',
            ]
            return `  messaging ${organization.subdomain} (level ${organization.featureLevel}): ${user.email} ${user.apiKey}  (${traits.filter(Boolean).join(', ')})`
          }),
      ),
    tenants: (inspected) =>
      inspected.organizations.map(
        (organization) => [organization.subdomain, organization.name] as const,
      ),
    inspector: {
      sections: [{ id: 'organizations', title: 'Messaging organizations' }],
      script: () =>
        import('./inspector-panel.generated.js').then((module) => module.INSPECTOR_PANEL_SCRIPT),
    },
    server: { internalError, badRequest: nginxBadRequest },
    // Its part of `verify`: static in Node, a chunk of its own in a browser (`verify/source.ts`).
    verify: verifyPart,
    control: messagingControlRoutes,
    matchers: messagingMatchers,
    settings: messagingSettings,
    settingTypes: settingTypes<MessagingSettings>(),
  } as const satisfies ServiceDefinition<
    'messaging',
    MessagingService,
    MessagingOptions,
    MessagingDiscovery,
    ReturnType<typeof inspectMessaging>,
    Operations
  >
}
