/**
 * What the user reads share (`GET /users`, `/users/{user_id}`, `/users/{email}`): their two options, the
 * reader's context, the lookups of one user, and the answer for one user.
 * @module
 */
import type { PlainResponse } from '../../engine/core/http.js'
import { actorOf, type MessagingCall, success } from './context.js'
import { badRequest, messagingMessages } from './errors.js'
import { LEVELS } from './feature-levels.js'
import { isResponse, readParams } from './params.js'
import { pyStrip } from './python.js'
import type { UserRecord } from './records.js'
import { apiEmail, type UserWireOptions, userToWire, type WireContext } from './serialize.js'
import { dummyEmailUserId, fakeEmailDomain, roleMaySee } from './visibility.js'

/** Who reads the answer of an authenticated call, and where. */
export function wireContext(call: MessagingCall): WireContext {
  return {
    featureLevel: call.featureLevel,
    organization: call.organization,
    reader: actorOf(call),
    baseUrl: call.baseUrl,
    fakeDomain: fakeEmailDomain(call.baseUrl),
  }
}

/**
 * The readers of `include_custom_profile_fields` and `client_gravatar` (defaults false and
 * `clientGravatarDefault`), in the views' signature order, for `readParams`.
 */
export function userOptionReaders(call: MessagingCall, clientGravatarDefault: boolean) {
  return {
    include_custom_profile_fields: () =>
      call.params.jsonBoolean('include_custom_profile_fields', false),
    client_gravatar: () => call.params.jsonBoolean('client_gravatar', clientGravatarDefault),
  }
}

/** The options of the user objects of one answer, from the values `userOptionReaders` read. */
export function userWireOptions(
  call: MessagingCall,
  read: { include_custom_profile_fields: boolean; client_gravatar: boolean },
): UserWireOptions {
  return {
    ...wireContext(call),
    clientGravatar: read.client_gravatar,
    includeCustomProfileFields: read.include_custom_profile_fields,
  }
}

/**
 * `access_user_by_id`: a user of the caller's organization (deactivated users and bots included; system
 * bots belong to the server's internal realm, so they are not found).
 */
export function userById(call: MessagingCall, id: number): UserRecord | undefined {
  const user = Number.isSafeInteger(id) ? call.store.user(id) : undefined
  if (!user || user.organization !== call.organization.subdomain || user.isSystemBot)
    return undefined
  return user
}

/**
 * `access_user_by_email`. From feature level 302: a dummy address (`user<id>@<fake domain>`) names a user
 * by id; any other is a real address (stripped, any case), found only when the reader's role may see the
 * user's address. Below 302: the address the API shows (`email`), any case.
 */
export function userByEmail(call: MessagingCall, email: string): UserRecord | undefined {
  const context = wireContext(call)
  if (call.featureLevel < LEVELS.getUserByRealEmail) {
    const wanted = pyStrip(email).toLowerCase()
    return call.store
      .usersOf(call.organization.subdomain)
      .find((user) => !user.isSystemBot && apiEmail(user, context).toLowerCase() === wanted)
  }
  const id = dummyEmailUserId(email, context.fakeDomain)
  if (id !== undefined) return userById(call, id)
  const user = call.store.userByEmail(call.organization.subdomain, email)
  return user && roleMaySee(context.reader.role, user.emailAddressVisibility) ? user : undefined
}

/** Answers one user of the caller's organization as `{ user: {...} }`, or `No such user`. */
export function oneUser(
  call: MessagingCall,
  find: (call: MessagingCall) => UserRecord | undefined,
): PlainResponse {
  const read = readParams(call.featureLevel, userOptionReaders(call, true))
  if (isResponse(read)) return read
  const user = find(call)
  if (!user) return badRequest(messagingMessages.noSuchUser)
  return success(call, { user: userToWire(user, userWireOptions(call, read)) })
}
