/**
 * The messaging (organization administration) part of a scenario: organizations and their accounts.
 * @module
 */
import { z } from 'zod'

/** Zulip's roles by their numeric value. */
export const roleValues = {
  owner: 100,
  administrator: 200,
  moderator: 300,
  member: 400,
  guest: 600,
} as const

export const messagingUserSchema = z.strictObject({
  email: z.string().min(1),
  fullName: z.string().min(1),
  role: z.enum(['owner', 'administrator', 'moderator', 'member', 'guest']).default('member'),
  /** 32 alphanumeric characters, like the real keys. */
  apiKey: z.string().regex(/^[A-Za-z0-9]{32}$/, 'must be 32 characters from A-Z a-z 0-9'),
  password: z.string().optional(),
  canCreateUsers: z.boolean().default(false),
  isActive: z.boolean().default(true),
  /** `null` for a human; otherwise the bot type. */
  bot: z
    .enum(['generic', 'incoming-webhook', 'outgoing-webhook', 'embedded'])
    .nullable()
    .default(null),
})

export const messagingOrganizationSchema = z.strictObject({
  /** The organization's key: its subdomain in process, its path segment on the standalone server. */
  subdomain: z.string().regex(/^[a-z0-9-]{1,63}$/, 'must be 1 to 63 characters from a-z 0-9 -'),
  name: z.string().min(1),
  description: z.string().default(''),
  /** The emulated server's feature level (default 421, Zulip 11.0). */
  featureLevel: z.number().int().min(1).optional(),
  deactivated: z.boolean().default(false),
  emailsRestrictedToDomains: z.boolean().default(false),
  allowedDomains: z
    .array(
      z.strictObject({ domain: z.string().min(1), allowSubdomains: z.boolean().default(false) }),
    )
    .default([]),
  disallowDisposableEmailAddresses: z.boolean().default(true),
  requireUniqueNames: z.boolean().default(false),
  /** `production`: minimum length 6 plus a strength heuristic; `development`: only empty passwords fail. */
  passwordPolicy: z.enum(['production', 'development']).default('production'),
  users: z.array(messagingUserSchema),
})

export const messagingScenarioSchema = z.strictObject({
  organizations: z.array(messagingOrganizationSchema),
})

export type MessagingScenario = z.output<typeof messagingScenarioSchema>
export type MessagingScenarioInput = z.input<typeof messagingScenarioSchema>
