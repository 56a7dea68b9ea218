/**
 * `GET /api/v1/users`: the organization's accounts in id order, `{ members: [...] }`. Deactivated accounts
 * and bots are included; system bots (Welcome Bot) are left out, as the real server lists only the
 * organization's own accounts.
 * @module
 */
import { actorOf, type MessagingOperation, success } from '../../src/messaging/context.js'
import { isResponse } from '../../src/messaging/params.js'
import { userToWire } from '../../src/messaging/serialize.js'
import { userOptions } from '../../src/messaging/user-options.js'

export const getUsers = {
  name: 'get-users' as const,
  method: 'GET',
  path: '/api/v1/users',
  access: 'rest',
  handle(call) {
    actorOf(call)
    const options = userOptions(call, true)
    if (isResponse(options)) return options
    const members = call.store
      .usersOf(call.organization.subdomain)
      .filter((user) => !user.isSystemBot)
      .map((user) => userToWire(user, options))
    return success(call, { members })
  },
} satisfies MessagingOperation
