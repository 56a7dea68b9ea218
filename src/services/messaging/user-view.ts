/**
 * An account as the simulator shows it, built in one place: `userSummary` is who it is and what it may do
 * (the inspector's state shows that, never a credential), `userView` adds its bot owner, its credentials and
 * when it joined (`simulator.messaging.users()`, `describe()` without the password).
 * @module
 */
import {
  type BotTypeName,
  botTypeName,
  type RoleName,
  roleName,
  type UserRecord,
} from './records.js'

/** An account as the inspector shows it: no API key and no password. */
export interface MessagingUserSummary {
  userId: number
  email: string
  fullName: string
  role: RoleName
  canCreateUsers: boolean
  isActive: boolean
  /** `null` for a human. */
  bot: BotTypeName | null
}

/** An account as the control interface shows it, credentials included. */
export interface MessagingUserView extends MessagingUserSummary {
  botOwnerId: number | null
  /** A cross-realm system bot (Welcome Bot). */
  systemBot: boolean
  /** The key for `Authorization: Basic base64(email:apiKey)`. */
  apiKey: string
  password: string | null
  /** ISO 8601 UTC with milliseconds. */
  dateJoined: string
}

export function userSummary(user: UserRecord): MessagingUserSummary {
  return {
    userId: user.id,
    email: user.email,
    fullName: user.fullName,
    role: roleName(user.role),
    canCreateUsers: user.canCreateUsers,
    isActive: user.isActive,
    bot: botTypeName(user.botType),
  }
}

export function userView(user: UserRecord): MessagingUserView {
  return {
    ...userSummary(user),
    botOwnerId: user.botOwnerId,
    systemBot: user.isSystemBot,
    apiKey: user.apiKey,
    password: user.password,
    dateJoined: new Date(user.dateJoined).toISOString(),
  }
}
