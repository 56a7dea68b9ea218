/**
 * `GET /api/v1/users/me`: the caller's own user object (Gravatar URL included) with `max_message_id`, at
 * the top level. `get_profile_backend` is a plain view, not a `typed_endpoint`, so at no level does it list
 * ignored parameters (the real 384 and 442 servers answer `?bogus=1` and `?client_gravatar=false` without
 * `ignored_parameters_unsupported`).
 * @module
 */
import { actorOf, type MessagingOperation } from '../../src/services/messaging/context.js'
import { zulipSuccess } from '../../src/services/messaging/errors.js'
import { messagingParts } from '../../src/services/messaging/operation-parts/source.js'

export const getOwnUser = {
  name: 'get-own-user' as const,
  method: 'GET',
  path: '/api/v1/users/me',
  access: 'rest',
  handle(call) {
    const actor = actorOf(call)
    const { newestMessageId, userToWire, wireContext } = messagingParts.get()
    const own = userToWire(actor, {
      ...wireContext(call),
      clientGravatar: false,
      includeCustomProfileFields: true,
    })
    // Added in place (a fresh object): growing a spread copy is slow on Node 20.
    own.max_message_id = newestMessageId(call.store, actor)
    return zulipSuccess(own)
  },
} satisfies MessagingOperation
