/**
 * The messaging service's in-memory data: organizations, users and messages, with O(1) lookups.
 * API keys are unique across the whole simulator (as on one real server hosting several organizations),
 * so a key sent to the wrong organization is recognised and refused.
 * @module
 */

import type { ServiceContext } from '../../engine/core/service.js'
import { Table } from '../../engine/core/table.js'
import { onboardingChannelMessages, onboardingGreeting } from './onboarding.js'
import { pyStrip } from './python.js'
import { rateLimitRules } from './rate-limit.js'
import {
  BOT_TYPES,
  type ChannelRecord,
  type MessageRecord,
  NEW_ORGANIZATION_CHANNELS,
  type OrganizationRecord,
  type ReactionRecord,
  ROLES,
  type UserRecord,
  WELCOME_BOT_EMAIL,
} from './records.js'
import type { MessagingScenario } from './scenario-schema.js'
import { EMAIL_VISIBILITY, newOrganizationEmailVisibility } from './visibility.js'

/** An account's e-mail as its organization's index files it (the stored string itself when already so). */
const emailKey = (email: string) => pyStrip(email).toLowerCase()

/**
 * A system bot's key: it belongs to the server's internal realm, not to the organization, so a member of
 * the organization may have the same address (`welcome-bot@zulip.com` can be created).
 */
const systemBotKey = (email: string) => ['\u0001system', emailKey(email)].join('\u0000')

/** The key of a user's address in the store's index. */
const userEmailKey = (user: UserRecord) =>
  user.isSystemBot ? systemBotKey(user.email) : emailKey(user.email)

/** `UserManager.normalize_email`: stripped, with the domain lower-cased. */
function normalizeEmail(email: string): string {
  const stripped = pyStrip(email)
  const at = stripped.lastIndexOf('@')
  return at < 0 ? stripped : `${stripped.slice(0, at)}@${stripped.slice(at + 1).toLowerCase()}`
}

/** What a new user is made of. */
export interface NewUser {
  organization: string
  email: string
  fullName: string
  password: string | null
  role: number
  /** The organization's default for new users. */
  emailAddressVisibility: number
}

/** What a new message is made of: a direct message, or with `channel` a message in that channel. */
export interface NewMessage {
  organization: string
  senderId: number
  /** The recipient's user id (the sender's for a channel message). */
  recipientId: number
  content: string
  renderedContent: string
  client: string
  channel?: ChannelRecord | undefined
  topic?: string | undefined
  starred?: boolean | undefined
  reactions?: ReactionRecord[] | undefined
}

/** The messaging service's records, in insertion order, and its id counters: part of a snapshot. */
export interface MessagingStoreState {
  organizations: OrganizationRecord[]
  users: UserRecord[]
  messages: MessageRecord[]
  /** The last user id given (the next user gets the one after). */
  lastUserId: number
  /** The last message id given. */
  lastMessageId: number
}

/**
 * Each organization's channels with their ids: a channel the scenario gives no id gets the lowest id no
 * channel of the scenario has, in scenario order (the default three: 1, 2, 3 in the first organization).
 */
function channelsOf(scenario: MessagingScenario): Array<Array<Omit<ChannelRecord, 'recipientId'>>> {
  const claimed = new Set<number>()
  for (const organization of scenario.organizations)
    for (const channel of organization.channels ?? [])
      if (channel.id !== undefined) claimed.add(channel.id)
  let last = 0
  return scenario.organizations.map((organization) =>
    (organization.channels ?? NEW_ORGANIZATION_CHANNELS.map((name) => ({ name }))).map(
      (channel: { name: string; id?: number | undefined }) => {
        if (channel.id !== undefined) return { id: channel.id, name: channel.name }
        do last += 1
        while (claimed.has(last))
        return { id: last, name: channel.name }
      },
    ),
  )
}

/** The key of the one-to-one conversation of two users (in either direction). */
const conversationKey = (a: number, b: number) => (a < b ? `${a},${b}` : `${b},${a}`)

/** Creates the messaging tables of one simulator. */
export function createMessagingStore(context: ServiceContext) {
  const organizations = new Table({
    subdomain: { key: (o: OrganizationRecord) => o.subdomain, unique: true },
  })
  const users = new Table({
    id: { key: (u: UserRecord) => u.id, unique: true },
    email: {
      within: (u: UserRecord) => u.organization,
      key: userEmailKey,
      unique: true,
    },
    apiKey: { key: (u: UserRecord) => u.apiKey, unique: true },
    organization: { key: (u: UserRecord) => u.organization, unique: false },
  })
  const messages = new Table({
    id: { key: (m: MessageRecord) => m.id, unique: true },
    organization: { key: (m: MessageRecord) => m.organization, unique: false },
  })
  let lastUserId = 0
  let lastMessageId = 0
  /** The last recipient id given (users' personal recipients and conversations share the sequence). */
  let lastRecipientId = 0
  /** Each one-to-one conversation's recipient id, by `conversationKey` (rebuilt from the messages). */
  const conversations = new Map<string, number>()

  const nextRecipientId = () => {
    lastRecipientId += 1
    return lastRecipientId
  }

  /** The recipient id of two users' conversation, given on its first message. */
  function conversationRecipientId(a: number, b: number): number {
    const key = conversationKey(a, b)
    let id = conversations.get(key)
    if (id === undefined) {
      id = nextRecipientId()
      conversations.set(key, id)
    }
    return id
  }

  /** Stores a user created through the API: active, no bot, a fresh key. Callers serialise per organization. */
  function addUser(input: NewUser): UserRecord {
    lastUserId += 1
    return users.insert({
      id: lastUserId,
      organization: input.organization,
      email: normalizeEmail(input.email),
      fullName: input.fullName,
      role: input.role,
      apiKey: freshApiKey(),
      password: input.password,
      canCreateUsers: false,
      isActive: true,
      botType: null,
      botOwnerId: null,
      isSystemBot: false,
      dateJoined: context.clock.now(),
      timezone: '',
      avatarVersion: 1,
      emailAddressVisibility: input.emailAddressVisibility,
      recipientId: nextRecipientId(),
    })
  }

  function freshApiKey(): string {
    for (;;) {
      const key = context.ids().alphanumeric(32)
      if (!users.get('apiKey', key)) return key
    }
  }

  /** Stores a message and gives it the next id (sent now, or at `sentAt`). */
  function addMessage(input: NewMessage, sentAt = context.clock.now()): MessageRecord {
    lastMessageId += 1
    return messages.insert({
      id: lastMessageId,
      organization: input.organization,
      senderId: input.senderId,
      recipientId: input.recipientId,
      channelId: input.channel?.id ?? null,
      topic: input.topic ?? '',
      starred: input.starred ?? false,
      reactions: input.reactions ?? [],
      content: input.content,
      renderedContent: input.renderedContent,
      client: input.client,
      sentAt,
      conversationRecipientId: input.channel
        ? input.channel.recipientId
        : conversationRecipientId(input.senderId, input.recipientId),
    })
  }

  /**
   * Welcome Bot's greeting to a new human account (`send_initial_direct_messages_to_user`), starred for
   * it, in an organization with onboarding.
   */
  function greet(user: UserRecord, sentAt = context.clock.now()): MessageRecord | undefined {
    const organization = organizations.get('subdomain', user.organization)
    const bot = welcomeBotOf(user.organization)
    if (!organization?.onboarding || !bot || user.botType !== null) return undefined
    const tracked = messages
      .list('organization', user.organization)
      .some((message) => message.channelId !== null && message.senderId === bot.id)
    const greeting = onboardingGreeting(organization.featureLevel, {
      administrator: user.role === ROLES.owner || user.role === ROLES.administrator,
      tracked,
    })
    return addMessage(
      {
        organization: user.organization,
        senderId: bot.id,
        recipientId: user.id,
        content: greeting.content,
        renderedContent: greeting.rendered,
        client: 'Internal',
        starred: true,
      },
      sentAt,
    )
  }

  /**
   * A new organization's onboarding (`send_initial_realm_messages`, then each account's greeting): Welcome
   * Bot's messages in its channels, the first of each topic starred, then a greeting to every human, in
   * id order. A channel the organization lacks gets none of its messages.
   */
  function sendOnboarding(organization: OrganizationRecord, at: number): void {
    const bot = welcomeBotOf(organization.subdomain)
    if (!bot) return
    const channelIds = new Map(organization.channels.map((channel) => [channel.name, channel.id]))
    for (const message of onboardingChannelMessages(organization.featureLevel, channelIds)) {
      const channel = organization.channels.find((c) => c.name === message.channel)
      if (!channel) continue
      addMessage(
        {
          organization: organization.subdomain,
          senderId: bot.id,
          recipientId: bot.id,
          content: message.content,
          renderedContent: message.rendered,
          client: 'Internal',
          channel,
          topic: message.topic,
          starred: message.starred,
          reactions: message.reactions.map((reaction) => ({ ...reaction, userId: bot.id })),
        },
        at,
      )
    }
    for (const user of users.list('organization', organization.subdomain)) greet(user, at)
  }

  /** The organization's Welcome Bot. */
  function welcomeBotOf(organization: string): UserRecord | undefined {
    return users.get('email', systemBotKey(WELCOME_BOT_EMAIL), organization)
  }

  return {
    organizations,
    users,
    messages,
    addUser,
    addMessage,
    greet,

    /** Deactivates a user and the bots they own (`do_deactivate_user`). */
    deactivate(user: UserRecord): void {
      for (const bot of users.list('organization', user.organization)) {
        if (bot.botOwnerId === user.id && bot.isActive && bot.id !== user.id)
          users.patch(bot, { isActive: false })
      }
      users.patch(user, { isActive: false })
    },

    /** Deletes a message. */
    deleteMessage(message: MessageRecord): void {
      messages.delete(message)
    },

    organization(subdomain: string): OrganizationRecord | undefined {
      return organizations.get('subdomain', subdomain)
    },
    user(id: number): UserRecord | undefined {
      return users.get('id', id)
    },
    userByKey(apiKey: string): UserRecord | undefined {
      return users.get('apiKey', apiKey)
    },
    /**
     * The user of an organization with this real e-mail address (stripped, case-insensitive); system bots
     * are not the organization's.
     */
    userByEmail(organization: string, email: string): UserRecord | undefined {
      return users.get('email', emailKey(email), organization)
    },
    /** An organization's users in id order. */
    usersOf(organization: string): readonly UserRecord[] {
      return users.list('organization', organization)
    },
    message(id: number): MessageRecord | undefined {
      return messages.get('id', id)
    },
    /** An organization's messages in id order. */
    messagesOf(organization: string): readonly MessageRecord[] {
      return messages.list('organization', organization)
    },
    /** The organization's Welcome Bot (`welcome-bot@zulip.com`; `load` adds one where the scenario has none). */
    welcomeBot: welcomeBotOf,

    /** Copies of every record (nested values too: the copy shares nothing with the store). */
    exportState(): MessagingStoreState {
      return {
        organizations: organizations.all().map((organization) => ({
          ...organization,
          allowedDomains: organization.allowedDomains.map((domain) => ({ ...domain })),
          rateLimit: organization.rateLimit && { ...organization.rateLimit },
          channels: organization.channels.map((channel) => ({ ...channel })),
        })),
        users: users.all().map((user) => ({ ...user })),
        messages: messages.all().map((message) => ({
          ...message,
          reactions: message.reactions.map((reaction) => ({ ...reaction })),
        })),
        lastUserId,
        lastMessageId,
      }
    },
    /** Replaces every record with these (taken as they are: the snapshot's schema validated them). */
    importState(state: MessagingStoreState): void {
      for (const table of [organizations, users, messages]) table.clear()
      conversations.clear()
      lastRecipientId = 0
      for (const organization of state.organizations)
        for (const channel of organization.channels)
          lastRecipientId = Math.max(lastRecipientId, channel.recipientId)
      for (const user of state.users) lastRecipientId = Math.max(lastRecipientId, user.recipientId)
      for (const message of state.messages)
        lastRecipientId = Math.max(lastRecipientId, message.conversationRecipientId)
      // A snapshot written before recipient ids were kept has 0s: they are given now, in order.
      for (const user of state.users)
        users.insert(user.recipientId > 0 ? user : { ...user, recipientId: nextRecipientId() })
      for (const organization of state.organizations) {
        organizations.insert({
          ...organization,
          channels: organization.channels.map((channel) =>
            channel.recipientId > 0 ? channel : { ...channel, recipientId: nextRecipientId() },
          ),
        })
      }
      const channelRecipients = new Map<number, number>()
      for (const organization of organizations.all())
        for (const channel of organization.channels)
          channelRecipients.set(channel.id, channel.recipientId)
      for (const message of state.messages) {
        const key = conversationKey(message.senderId, message.recipientId)
        if (message.channelId === null && message.conversationRecipientId > 0)
          conversations.set(key, message.conversationRecipientId)
      }
      for (const message of state.messages) {
        if (message.channelId !== null) {
          const recipientId = channelRecipients.get(message.channelId) ?? 0
          messages.insert({ ...message, conversationRecipientId: recipientId })
          continue
        }
        messages.insert(
          message.conversationRecipientId > 0
            ? message
            : {
                ...message,
                conversationRecipientId: conversationRecipientId(
                  message.senderId,
                  message.recipientId,
                ),
              },
        )
      }
      lastUserId = state.lastUserId
      lastMessageId = state.lastMessageId
    },

    /** Clears everything and seeds a scenario (synchronously); `featureLevel` applies where an organization sets none. */
    load(scenario: MessagingScenario, defaultFeatureLevel: number): void {
      for (const table of [organizations, users, messages]) table.clear()
      conversations.clear()
      lastUserId = 0
      lastMessageId = 0
      lastRecipientId = 0
      // The clock's start, not the current time: a reset gives the same data whatever the clock did since.
      const at = context.clock.start
      const channels = channelsOf(scenario)
      for (const [position, organization] of scenario.organizations.entries()) {
        const featureLevel = organization.featureLevel ?? defaultFeatureLevel
        const visibility =
          organization.emailAddressVisibility === 'server-default'
            ? newOrganizationEmailVisibility(featureLevel)
            : EMAIL_VISIBILITY[organization.emailAddressVisibility]
        organizations.insert({
          id: position + 2,
          subdomain: organization.subdomain,
          name: organization.name,
          description: organization.description,
          featureLevel,
          deactivated: organization.deactivated,
          emailsRestrictedToDomains: organization.emailsRestrictedToDomains,
          allowedDomains: organization.allowedDomains,
          disallowDisposableEmailAddresses: organization.disallowDisposableEmailAddresses,
          requireUniqueNames: organization.requireUniqueNames,
          passwordPolicy: organization.passwordPolicy,
          rateLimit: rateLimitRules(organization.rateLimit, `of "${organization.subdomain}"`),
          position,
          emailAddressVisibility: visibility,
          channels: [],
          onboarding: organization.onboarding,
        })
        const seeded: UserRecord[] = []
        for (const user of organization.users) {
          lastUserId += 1
          seeded.push(
            users.insert({
              id: lastUserId,
              organization: organization.subdomain,
              email: pyStrip(user.email),
              fullName: user.fullName,
              role: ROLES[user.role],
              apiKey: user.apiKey,
              password: user.password ?? null,
              canCreateUsers: user.canCreateUsers,
              isActive: user.isActive,
              botType: user.bot === null ? null : BOT_TYPES[user.bot],
              botOwnerId: null,
              isSystemBot: user.systemBot,
              dateJoined: at,
              timezone: '',
              avatarVersion: 1,
              emailAddressVisibility:
                user.emailAddressVisibility !== undefined
                  ? EMAIL_VISIBILITY[user.emailAddressVisibility]
                  : user.bot === null
                    ? visibility
                    : EMAIL_VISIBILITY.everyone,
              recipientId: nextRecipientId(),
            }),
          )
        }
        organization.users.forEach((user, i) => {
          if (user.botOwner === undefined) return
          const owner = users.get('email', emailKey(user.botOwner), organization.subdomain)
          if (owner) users.patch(seeded[i] as UserRecord, { botOwnerId: owner.id })
        })
        if (!users.get('email', systemBotKey(WELCOME_BOT_EMAIL), organization.subdomain)) {
          lastUserId += 1
          users.insert({
            id: lastUserId,
            organization: organization.subdomain,
            email: WELCOME_BOT_EMAIL,
            fullName: 'Welcome Bot',
            role: ROLES.member,
            apiKey: freshApiKey(),
            password: null,
            canCreateUsers: false,
            isActive: true,
            botType: BOT_TYPES.generic,
            botOwnerId: null,
            isSystemBot: true,
            dateJoined: at,
            timezone: '',
            avatarVersion: 1,
            emailAddressVisibility: EMAIL_VISIBILITY.everyone,
            recipientId: nextRecipientId(),
          })
        }
        const record = organizations.get('subdomain', organization.subdomain) as OrganizationRecord
        organizations.patch(record, {
          channels: (channels[position] ?? []).map((channel) => ({
            ...channel,
            recipientId: nextRecipientId(),
          })),
        })
        if (record.onboarding) sendOnboarding(record, at)
      }
    },
  }
}

export type MessagingStore = ReturnType<typeof createMessagingStore>
