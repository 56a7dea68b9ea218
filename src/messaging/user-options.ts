/**
 * What the user reads share (`GET /users`, `/users/{user_id}`, `/users/{email}`): their two options, and
 * the answer for one user.
 * @module
 */
import type { PlainResponse } from '../core/http.js'
import { type MessagingCall, success } from './context.js'
import { badRequest, messagingMessages } from './errors.js'
import { isResponse } from './params.js'
import type { UserRecord } from './records.js'
import { userToWire } from './serialize.js'

/** Reads `include_custom_profile_fields` and `client_gravatar` (defaults false and `clientGravatarDefault`). */
export function userOptions(call: MessagingCall, clientGravatarDefault: boolean) {
  const includeCustomProfileFields = call.params.jsonBoolean('include_custom_profile_fields', false)
  if (isResponse(includeCustomProfileFields)) return includeCustomProfileFields
  const clientGravatar = call.params.jsonBoolean('client_gravatar', clientGravatarDefault)
  if (isResponse(clientGravatar)) return clientGravatar
  return { featureLevel: call.featureLevel, clientGravatar, includeCustomProfileFields }
}

/** Answers one user of the caller's organization as `{ user: {...} }`, or `No such user`. */
export function oneUser(call: MessagingCall, user: UserRecord | undefined): PlainResponse {
  const options = userOptions(call, true)
  if (isResponse(options)) return options
  if (!user || user.organization !== call.organization.subdomain)
    return badRequest(messagingMessages.noSuchUser)
  return success(call, { user: userToWire(user, options) })
}
