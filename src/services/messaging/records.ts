/**
 * The messaging service's stored records. Field names are internal; `serialize.ts` turns records into the wire's
 * shapes. They are plain types, not schemas: a table stores what the operations build from input already validated
 * where it came in (request parameters in the operations, scenarios by `scenario-schema.ts`), and checks nothing again
 * (see `src/engine/core/table.ts`).
 * @module
 */

/** An organization (Zulip calls it a realm). */
export interface OrganizationRecord {
  /** The realm id (1 is the real server's internal realm, so organizations count from 2). */
  id: number
  subdomain: string
  name: string
  description: string
  /** The emulated server's API feature level; changeable at run time. */
  featureLevel: number
  deactivated: boolean
  emailsRestrictedToDomains: boolean
  allowedDomains: { domain: string; allowSubdomains: boolean }[]
  disallowDisposableEmailAddresses: boolean
  requireUniqueNames: boolean
  passwordPolicy: 'production' | 'development'
  /** The `api_by_user` rate limits in force, or `null` when rate limiting is off (`rate-limit.ts`). */
  rateLimit: { perMinute: number; perHour: number } | null
  /** Position in the scenario (0-based). */
  position: number
  /** The `email_address_visibility` new users get (`RealmUserDefault`; values in `visibility.ts`). */
  emailAddressVisibility: number
  /** The organization's channels (Zulip's streams), in creation order: what channel links name. */
  channels: ChannelRecord[]
  /**
   * Whether the organization holds the onboarding messages of a new real organization and Welcome Bot
   * greets every account created in it (`onboarding.ts`); `false` for a bare organization.
   */
  onboarding: boolean
}

/**
 * The stand-in for a subdomain no organization has, at the service's default feature level: never stored, it only
 * carries the level a request to such a subdomain is answered at (every account belongs to another organization).
 */
export function unknownOrganization(subdomain: string, featureLevel: number): OrganizationRecord {
  return {
    id: 0,
    subdomain,
    name: '',
    description: '',
    featureLevel,
    deactivated: false,
    emailsRestrictedToDomains: false,
    allowedDomains: [],
    disallowDisposableEmailAddresses: false,
    requireUniqueNames: false,
    passwordPolicy: 'production',
    rateLimit: null,
    position: -1,
    emailAddressVisibility: 1,
    channels: [],
    onboarding: false,
  }
}

/**
 * A channel (Zulip's stream): its id, unique across the server as the real server's are, and its name,
 * unique in its organization whatever the case. Only what rendering a channel link needs.
 */
export interface ChannelRecord {
  id: number
  name: string
  /** The channel's recipient id (the real server's `Recipient` of the stream), numbered with the users'. */
  recipientId: number
}

/**
 * The channels a new real organization gets, in the order `do_create_realm` creates them (the real 384
 * and 442 servers: `Zulip`, `sandbox`, `general`, so ids 1, 2, 3 on a server whose first organization it is).
 */
export const NEW_ORGANIZATION_CHANNELS = ['Zulip', 'sandbox', 'general'] as const

/** A user or a bot of one organization. */
export interface UserRecord {
  id: number
  /** The organization's subdomain. */
  organization: string
  /** The real (delivery) e-mail address; what the API shows depends on `emailAddressVisibility`. */
  email: string
  fullName: string
  /** 100 owner, 200 administrator, 300 moderator, 400 member, 600 guest. */
  role: number
  apiKey: string
  password: string | null
  canCreateUsers: boolean
  isActive: boolean
  /** `null` for a human; 1 generic, 2 incoming webhook, 3 outgoing webhook, 4 embedded. */
  botType: number | null
  botOwnerId: number | null
  /** A cross-realm system bot (Welcome Bot): shown in no user list, authenticates on no organization. */
  isSystemBot: boolean
  /** Epoch milliseconds. */
  dateJoined: number
  timezone: string
  avatarVersion: number
  /** Who may see `email` (`email_address_visibility`: 1 everyone … 5 moderators, `visibility.ts`). */
  emailAddressVisibility: number
  /**
   * The id of the user's personal recipient (the real server's `Recipient`, numbered apart from users:
   * recipients count users and one-to-one conversations in the order they appear).
   */
  recipientId: number
}

/** A reaction to a message: an emoji and who added it. */
export interface ReactionRecord {
  emojiName: string
  emojiCode: string
  reactionType: string
  userId: number
}

/** A direct message between two users of one organization, or a message in one of its channels. */
export interface MessageRecord {
  id: number
  organization: string
  senderId: number
  /** The recipient's user id; for a channel message the sender's (a channel message has no user recipient). */
  recipientId: number
  /** The channel of a channel message, `null` for a direct message. */
  channelId: number | null
  /** A channel message's topic (`""` for a direct message). */
  topic: string
  /**
   * Starred for whoever received it (`UserMessage.flags.starred`): Welcome Bot's greeting, and the first
   * onboarding message of each topic, for the humans that received them.
   */
  starred: boolean
  reactions: ReactionRecord[]
  /** The raw Markdown. */
  content: string
  /** The HTML as rendered when the message was sent. */
  renderedContent: string
  /** Epoch milliseconds. */
  sentAt: number
  /** The sending client's name (`Internal` for messages the server sends itself). */
  client: string
  /**
   * The recipient id of the conversation of its two users (the real server's one-to-one
   * `DirectMessageGroup`, which `recipient_id` shows from feature level 482), shared by every message
   * between them in either direction.
   */
  conversationRecipientId: number
}

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
