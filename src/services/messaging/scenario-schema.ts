/**
 * The messaging (organization administration) part of a scenario: organizations and their accounts.
 * @module
 */
import * as z from '../../engine/core/zod.js'
import { FEATURE_LEVEL_RANGE } from './feature-levels.js'

/**
 * E-mail address visibility (`email_address_visibility`): who sees a user's real address. The names of the
 * real setting's values: everyone (1), members (2, admins, moderators and members), admins (3),
 * nobody (4), moderators (5, admins and moderators).
 */
const emailVisibilitySchema = z.enum(['everyone', 'members', 'moderators', 'admins', 'nobody'])

const messagingUserSchema = z.strictObject({
  email: z.string().check(z.minLength(1)),
  fullName: z.string().check(z.minLength(1)),
  role: z._default(z.enum(['owner', 'administrator', 'moderator', 'member', 'guest']), 'member'),
  /** 32 alphanumeric characters, like the real keys. */
  apiKey: z.string().check(z.regex(/^[A-Za-z0-9]{32}$/, 'must be 32 characters from A-Z a-z 0-9')),
  password: z.optional(z.string()),
  canCreateUsers: z._default(z.boolean(), false),
  isActive: z._default(z.boolean(), true),
  /** `null` for a human; otherwise the bot type. */
  bot: z._default(
    z.nullable(z.enum(['generic', 'incoming-webhook', 'outgoing-webhook', 'embedded'])),
    null,
  ),
  /** A bot's owner: the e-mail address of a human of the same organization. */
  botOwner: z.optional(z.string()),
  /**
   * A cross-realm system bot, like Zulip's Welcome Bot: it belongs to the server's internal realm, so
   * it is left out of `GET /users` and its key is refused on every organization.
   */
  systemBot: z._default(z.boolean(), false),
  /**
   * The user's own `email_address_visibility`. Default: the organization's for a human, `everyone` for a
   * bot (as the real server gives bots).
   */
  emailAddressVisibility: z.optional(emailVisibilitySchema),
})

/**
 * Rate limiting (Zulip's `api_by_user`): `false` (default) off; `true` the real limits, 200 requests a
 * minute and 2000 an hour per user; an object replaces either limit (the other keeps its default).
 */
const messagingRateLimitSchema = z.union([
  z.boolean(),
  z.strictObject({
    perMinute: z.optional(z.number().check(z.int(), z.gte(1))),
    perHour: z.optional(z.number().check(z.int(), z.gte(1))),
  }),
])

/** A control character (C0 or DEL), which the real server refuses in a channel name. */
const isControl = (char: string) => char.charCodeAt(0) < 0x20 || char === '\u007f'

/**
 * A channel (Zulip's stream). Its name is what a channel link names, exactly (`#**general**`; case
 * counts, as on the real server); at most 60 characters, as the real server's. Without an `id`, a
 * channel gets the lowest id no channel of the scenario has, in scenario order.
 */
const messagingChannelSchema = z.strictObject({
  name: z.string().check(
    z.minLength(1),
    z.maxLength(60),
    z.refine((name) => name.trim() === name && ![...name].some(isControl), {
      message: 'must have no leading or trailing spaces and no control characters',
    }),
  ),
  id: z.optional(z.number().check(z.int(), z.gte(1))),
})

const messagingOrganizationSchema = z.strictObject({
  /** The organization's key: its subdomain in process, its path segment on the standalone server. */
  subdomain: z
    .string()
    .check(z.regex(/^[a-z0-9-]{1,63}$/, 'must be 1 to 63 characters from a-z 0-9 -')),
  name: z.string().check(z.minLength(1)),
  description: z._default(z.string(), ''),
  /** The emulated server's feature level (default 421, Zulip 11.0), from 1 to the newest the simulator models. */
  featureLevel: z.optional(
    z
      .number()
      .check(
        z.int(),
        z.gte(FEATURE_LEVEL_RANGE.min),
        z.lte(
          FEATURE_LEVEL_RANGE.max,
          `must be at most ${FEATURE_LEVEL_RANGE.max}, the newest feature level the simulator models`,
        ),
      ),
  ),
  deactivated: z._default(z.boolean(), false),
  emailsRestrictedToDomains: z._default(z.boolean(), false),
  allowedDomains: z._default(
    z.array(
      z.strictObject({
        domain: z.string().check(z.minLength(1)),
        allowSubdomains: z._default(z.boolean(), false),
      }),
    ),
    [],
  ),
  disallowDisposableEmailAddresses: z._default(z.boolean(), true),
  requireUniqueNames: z._default(z.boolean(), false),
  /** `production`: minimum length 6 plus a strength heuristic; `development`: only empty passwords fail. */
  passwordPolicy: z._default(z.enum(['production', 'development']), 'production'),
  /** Per-user rate limiting with the real 429 and `X-RateLimit-*` headers; off by default. */
  rateLimit: z._default(messagingRateLimitSchema, false),
  /**
   * The `email_address_visibility` the organization gives its users (`RealmUserDefault`). Default
   * `server-default`: what a real server at the organization's feature level gives a new organization
   * (`admins` from 421, Zulip 11.0; `everyone` before).
   */
  emailAddressVisibility: z._default(
    z.union([emailVisibilitySchema, z.literal('server-default')]),
    'server-default',
  ),
  /**
   * The organization's accounts, given ids 1, 2, … in scenario order across all organizations. An
   * organization without Welcome Bot (`welcome-bot@zulip.com`, a system bot) gets one appended.
   */
  users: z.array(messagingUserSchema),
  /**
   * The organization's channels, in creation order. Default: the three a new real organization gets,
   * `Zulip`, `sandbox` and `general` (ids 1, 2, 3 in the first organization, 4, 5, 6 in the second, …).
   */
  channels: z.optional(z.array(messagingChannelSchema)),
  /**
   * `true` (default): the organization holds what a new real organization holds, Welcome Bot's onboarding
   * messages in its channels and a greeting to each human account, and Welcome Bot greets every account
   * created later (docs/messaging.md, Onboarding messages). `false`: a bare organization, no messages at all.
   */
  onboarding: z._default(z.boolean(), true),
})

export const messagingScenarioSchema = z
  .strictObject({
    organizations: z.array(messagingOrganizationSchema),
  })
  .check(
    z.superRefine((scenario, context) => {
      const subdomains = new Set<string>()
      const keys = new Set<string>()
      const channelIds = new Set<number>()
      scenario.organizations.forEach((organization, o) => {
        const channelNames = new Set<string>()
        organization.channels?.forEach((channel, c) => {
          const path = ['organizations', o, 'channels', c]
          // The real server's names are unique in an organization whatever the case.
          const name = channel.name.toLowerCase()
          if (channelNames.has(name))
            context.addIssue({
              code: 'custom',
              path: [...path, 'name'],
              message: 'is used by another channel of the organization',
            })
          channelNames.add(name)
          if (channel.id !== undefined && channelIds.has(channel.id))
            context.addIssue({
              code: 'custom',
              path: [...path, 'id'],
              message: 'is used by another channel',
            })
          if (channel.id !== undefined) channelIds.add(channel.id)
        })
        if (subdomains.has(organization.subdomain)) {
          context.addIssue({
            code: 'custom',
            path: ['organizations', o, 'subdomain'],
            message: 'is used by another organization',
          })
        }
        subdomains.add(organization.subdomain)
        const emails = new Map<string, (typeof organization.users)[number]>()
        for (const user of organization.users)
          if (!user.systemBot) emails.set(user.email.trim().toLowerCase(), user)
        const seen = new Set<string>()
        organization.users.forEach((user, u) => {
          const path = ['organizations', o, 'users', u]
          // A system bot belongs to the server's internal realm: a member may have its address.
          const email = `${user.systemBot ? 'system:' : ''}${user.email.trim().toLowerCase()}`
          if (seen.has(email))
            context.addIssue({
              code: 'custom',
              path: [...path, 'email'],
              message: 'is used by another user of the organization',
            })
          seen.add(email)
          if (keys.has(user.apiKey))
            context.addIssue({
              code: 'custom',
              path: [...path, 'apiKey'],
              message: 'is used by another user',
            })
          keys.add(user.apiKey)
          if (user.systemBot && user.bot === null)
            context.addIssue({
              code: 'custom',
              path: [...path, 'systemBot'],
              message: 'only a bot can be a system bot',
            })
          if (user.botOwner !== undefined) {
            const owner = emails.get(user.botOwner.trim().toLowerCase())
            if (user.bot === null)
              context.addIssue({
                code: 'custom',
                path: [...path, 'botOwner'],
                message: 'only a bot has an owner',
              })
            else if (!owner || owner.bot !== null) {
              context.addIssue({
                code: 'custom',
                path: [...path, 'botOwner'],
                message: 'must be the e-mail address of a human of the same organization',
              })
            }
          }
        })
      })
    }),
  )

export type MessagingScenario = z.output<typeof messagingScenarioSchema>
export type MessagingScenarioInput = z.input<typeof messagingScenarioSchema>
