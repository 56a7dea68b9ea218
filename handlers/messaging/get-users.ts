/**
 * `GET /api/v1/users`: the organization's accounts in id order, `{ members: [...] }`. Deactivated accounts
 * and bots are included; system bots (Welcome Bot) are left out, as they belong to the server's internal
 * realm. From feature level 384 `user_ids` (a JSON list of ids) keeps only those accounts; ids of no
 * account of the organization are left out silently. Below 384 it is an unknown parameter.
 *
 * The parameters are validated in the view's signature order, which the real server changed (384:
 * `user_ids, include_custom_profile_fields, client_gravatar`; 442: `client_gravatar,
 * include_custom_profile_fields, user_ids`): the first invalid one answers.
 * @module
 */
import type { PlainResponse } from '../../src/engine/core/http.js'
import {
  type MessagingCall,
  type MessagingOperation,
  success,
} from '../../src/services/messaging/context.js'
import { LEVELS } from '../../src/services/messaging/feature-levels.js'
import { messagingParts } from '../../src/services/messaging/operation-parts/source.js'
import { isResponse, readParams } from '../../src/services/messaging/params.js'

function listUsers(call: MessagingCall): PlainResponse {
  const { userOptionReaders, userToWire, userWireOptions } = messagingParts.get()
  const read = readParams(call.featureLevel, {
    ...(call.featureLevel >= LEVELS.getUsersByIds
      ? { user_ids: () => call.params.jsonIntegerList('user_ids') }
      : {}),
    ...userOptionReaders(call, true),
  })
  if (isResponse(read)) return read
  const options = userWireOptions(call, read)
  const wanted = read.user_ids && new Set(read.user_ids)
  const members = call.store
    .usersOf(call.organization.subdomain)
    .filter((user) => !user.isSystemBot && (!wanted || wanted.has(user.id)))
    .map((user) => userToWire(user, options))
  return success(call, { members })
}

export const getUsers = {
  name: 'get-users' as const,
  method: 'GET',
  path: '/api/v1/users',
  access: 'rest',
  handle: listUsers,
} satisfies MessagingOperation
