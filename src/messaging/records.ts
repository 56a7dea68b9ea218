/**
 * The messaging service's stored records, as zod schemas (each table validates its records against them on insert).
 * Field names are internal; `serialize.ts` turns records into the wire's shapes.
 * @module
 */
import { z } from 'zod'

/** An organization (Zulip calls it a realm). */
export const organizationRecord = z.object({
  /** The realm id (1 is the real server's internal realm, so organizations count from 2). */
  id: z.number().int(),
  subdomain: z.string(),
  name: z.string(),
  description: z.string(),
  /** The emulated server's API feature level; changeable at run time. */
  featureLevel: z.number().int(),
  deactivated: z.boolean(),
  emailsRestrictedToDomains: z.boolean(),
  allowedDomains: z.array(z.object({ domain: z.string(), allowSubdomains: z.boolean() })),
  disallowDisposableEmailAddresses: z.boolean(),
  requireUniqueNames: z.boolean(),
  passwordPolicy: z.enum(['production', 'development']),
  /** The `api_by_user` rate limits in force, or `null` when rate limiting is off (`rate-limit.ts`). */
  rateLimit: z.object({ perMinute: z.number().int(), perHour: z.number().int() }).nullable(),
  /** Position in the scenario (0-based). */
  position: z.number().int(),
})

/** A user or a bot of one organization. */
export const userRecord = z.object({
  id: z.number().int(),
  /** The organization's subdomain. */
  organization: z.string(),
  /** The delivery e-mail address (also the display address: visibility is "everyone"). */
  email: z.string(),
  fullName: z.string(),
  /** 100 owner, 200 administrator, 300 moderator, 400 member, 600 guest. */
  role: z.number().int(),
  apiKey: z.string(),
  password: z.string().nullable(),
  canCreateUsers: z.boolean(),
  isActive: z.boolean(),
  /** `null` for a human; 1 generic, 2 incoming webhook, 3 outgoing webhook, 4 embedded. */
  botType: z.number().int().nullable(),
  botOwnerId: z.number().int().nullable(),
  /** A cross-realm system bot (Welcome Bot): shown in no user list, authenticates on no organization. */
  isSystemBot: z.boolean(),
  /** Epoch milliseconds. */
  dateJoined: z.number(),
  timezone: z.string(),
  avatarVersion: z.number().int(),
})

/** A direct message between two users of one organization. */
export const messageRecord = z.object({
  id: z.number().int(),
  organization: z.string(),
  senderId: z.number().int(),
  recipientId: z.number().int(),
  /** The raw Markdown. */
  content: z.string(),
  /** The HTML as rendered when the message was sent. */
  renderedContent: z.string(),
  /** Epoch milliseconds. */
  sentAt: z.number(),
  /** The sending client's name (`Internal` for messages the server sends itself). */
  client: z.string(),
})

export type OrganizationRecord = z.output<typeof organizationRecord>
export type UserRecord = z.output<typeof userRecord>
export type MessageRecord = z.output<typeof messageRecord>

/** Zulip's role values. */
export const ROLES = {
  owner: 100,
  administrator: 200,
  moderator: 300,
  member: 400,
  guest: 600,
} as const
/** Zulip's bot type values. */
export const BOT_TYPES = {
  generic: 1,
  'incoming-webhook': 2,
  'outgoing-webhook': 3,
  embedded: 4,
} as const

export type RoleName = keyof typeof ROLES
export type BotTypeName = keyof typeof BOT_TYPES

/** The role's name for a role value. */
export function roleName(value: number): RoleName {
  const found = (Object.keys(ROLES) as RoleName[]).find((name) => ROLES[name] === value)
  return found ?? 'member'
}

/** The bot type's name for a bot type value. */
export function botTypeName(value: number | null): BotTypeName | null {
  if (value === null) return null
  return (Object.keys(BOT_TYPES) as BotTypeName[]).find((name) => BOT_TYPES[name] === value) ?? null
}

/** Owners and administrators (`is_realm_admin`). */
export function isAdministrator(user: UserRecord): boolean {
  return user.role === ROLES.owner || user.role === ROLES.administrator
}

/** The e-mail address of Zulip's Welcome Bot (`INTERNAL_BOT_DOMAIN` is `zulip.com`). */
export const WELCOME_BOT_EMAIL = 'welcome-bot@zulip.com'
