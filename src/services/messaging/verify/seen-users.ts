/**
 * What the answers of a recording reveal of its users: user objects (`GET /users`, `/users/{id}`,
 * `/users/{email}`, `/users/me`), message senders and the people of `display_recipient`, each as a
 * `SeenUser`, merged per user as the answers show more of it.
 * @module
 */
import { asObject } from '../../../engine/core/verify-part.js'

/** What the answers reveal of one user. */
export interface SeenUser {
  id: number | undefined
  email: string
  fullName: string | undefined
  role: number | undefined
  isActive: boolean | undefined
  botType: number | null | undefined
  botOwnerId: number | null | undefined
  isSystemBot: boolean
  dateJoined: string | undefined
  timezone: string | undefined
  avatarVersion: number | undefined
}

export const str = (value: unknown) => (typeof value === 'string' ? value : undefined)
export const num = (value: unknown) => (typeof value === 'number' ? value : undefined)

const DUMMY = /^user(\d+)@([^@\s]+)$/

/**
 * The domain of a dummy address of user `id` (`user<id>@<fake domain>`, what Zulip shows for a hidden
 * address), or `undefined` when the address is not one.
 */
export function dummyDomain(email: string, id: number | undefined): string | undefined {
  const match = DUMMY.exec(email)
  return match && id !== undefined && Number(match[1]) === id ? match[2] : undefined
}

/** Walks a JSON value, calling `visit` on every object. */
export function eachObject(value: unknown, visit: (object: Record<string, unknown>) => void): void {
  if (Array.isArray(value)) {
    for (const item of value) eachObject(item, visit)
    return
  }
  const object = asObject(value)
  if (!object) return
  visit(object)
  for (const item of Object.values(object)) eachObject(item, visit)
}

/** The users an answer reveals: user objects, message senders and recipients. */
export function usersIn(json: unknown): SeenUser[] {
  const found: SeenUser[] = []
  const blank = (id: number | undefined, email: string): SeenUser => ({
    id,
    email,
    fullName: undefined,
    role: undefined,
    isActive: undefined,
    botType: undefined,
    botOwnerId: undefined,
    isSystemBot: false,
    dateJoined: undefined,
    timezone: undefined,
    avatarVersion: undefined,
  })
  eachObject(json, (object) => {
    const id = num(object.user_id)
    const email = str(object.delivery_email) ?? str(object.email)
    if (id !== undefined && email !== undefined && typeof object.full_name === 'string') {
      found.push({
        ...blank(id, email),
        fullName: object.full_name,
        role: num(object.role),
        isActive: typeof object.is_active === 'boolean' ? object.is_active : undefined,
        botType: object.is_bot === true ? (num(object.bot_type) ?? 1) : null,
        botOwnerId: object.is_bot === true ? (num(object.bot_owner_id) ?? null) : null,
        isSystemBot: object.is_system_bot === true,
        dateJoined: str(object.date_joined),
        timezone: str(object.timezone),
        avatarVersion: num(object.avatar_version),
      })
    }
    const senderId = num(object.sender_id)
    const senderEmail = str(object.sender_email)
    if (senderId !== undefined && senderEmail !== undefined) {
      found.push({
        ...blank(senderId, senderEmail),
        fullName: str(object.sender_full_name),
        isSystemBot: object.sender_realm_str === 'zulipinternal',
        botType: object.sender_realm_str === 'zulipinternal' ? 1 : undefined,
      })
    }
    if (Array.isArray(object.display_recipient)) {
      for (const person of object.display_recipient) {
        const entry = asObject(person)
        const personId = num(entry?.id)
        const personEmail = str(entry?.email)
        if (personId !== undefined && personEmail !== undefined) {
          found.push({ ...blank(personId, personEmail), fullName: str(entry?.full_name) })
        }
      }
    }
  })
  return found
}

/** Merges what is known of one user; earlier, fuller facts are kept. */
export function merge(into: SeenUser, more: SeenUser): void {
  for (const key of Object.keys(more) as Array<keyof SeenUser>) {
    if (into[key] === undefined && more[key] !== undefined) {
      ;(into as unknown as Record<string, unknown>)[key] = more[key]
    }
  }
  if (more.isSystemBot) into.isSystemBot = true
  // A real address beats the fake `user<id>@<host>` shown when addresses are hidden.
  const id = into.id ?? more.id
  if (dummyDomain(into.email, id) !== undefined && dummyDomain(more.email, id) === undefined)
    into.email = more.email
}
