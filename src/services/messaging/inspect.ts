/**
 * The messaging service's part of the inspector's state, read from the store with only what the page
 * shows: each organization's newest users and messages with their counts, field by field (an account's
 * API key and password never leave the simulator this way), for the first organizations and within totals
 * across them (`STATE_TOTAL_LIMITS`). A poll costs what it shows, however many organizations, accounts and
 * messages are stored.
 * @module
 */
import { clip, FIELD_PREVIEW, newest, ShownTotals } from '../../engine/core/inspect-limits.js'
import { zulipVersion } from './feature-levels.js'
import type { MessagingStore } from './store.js'
import { userSummary } from './user-view.js'

export function inspectMessaging(store: MessagingStore, urlOf: (subdomain: string) => string) {
  const totals = new ShownTotals()
  const organizations = store.organizations.all()
  return {
    organizationCount: organizations.length,
    organizations: totals.tenants(organizations).map((organization) => {
      const users = store.usersOf(organization.subdomain)
      const messages = store.messagesOf(organization.subdomain)
      const shownUsers = totals.take('users', users.length)
      const shownMessages = totals.take('messages', messages.length)
      return {
        subdomain: organization.subdomain,
        name: organization.name,
        baseUrl: urlOf(organization.subdomain),
        featureLevel: organization.featureLevel,
        zulipVersion: zulipVersion(organization.featureLevel),
        userCount: users.length,
        users: newest(users, shownUsers).map(userSummary),
        messageCount: messages.length,
        messages: newest(messages, shownMessages).map((message) => ({
          id: message.id,
          // A channel message goes to its channel and topic.
          recipientEmail:
            message.channelId === null
              ? (store.user(message.recipientId)?.email ?? '')
              : `#${organization.channels.find((channel) => channel.id === message.channelId)?.name ?? ''} > ${message.topic}`,
          sentAt: new Date(message.sentAt).toISOString(),
          content: clip(message.content, FIELD_PREVIEW),
        })),
      }
    }),
  }
}
