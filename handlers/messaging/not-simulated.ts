/**
 * Methods of real routes that the simulator does not carry out: `PATCH /users/{user_id}`, `PATCH
 * /users/{email}` and `PATCH /messages/{message_id}`. The real server authenticates first (the
 * dispatcher does: 401s, rate limit), then looks up the target as its view does (`No such user` /
 * `Insufficient permission`, `Invalid message(s)`); the simulator does the same, and then, where the
 * real server would validate the change and make it, answers the REST dispatcher's 405 listing the
 * route's real methods, so a test sees that the change was not made rather than a success that did
 * nothing. The views' parameter checks are not run.
 * @module
 */
import type { PlainResponse } from '../../src/core/http.js'
import {
  actorOf,
  type MessagingCall,
  type MessagingOperation,
} from '../../src/messaging/context.js'
import {
  badRequest,
  messagingMessages,
  restMethodNotAllowed,
  withNeverCache,
} from '../../src/messaging/errors.js'
import { LEVELS } from '../../src/messaging/feature-levels.js'
import { readableMessage } from '../../src/messaging/message-access.js'
import type { UserRecord } from '../../src/messaging/records.js'
import { mayAdminister } from '../../src/messaging/user-access.js'
import { userByEmail, userById } from '../../src/messaging/user-options.js'

/** The real methods of each route, in `allowed_methods` order. */
const USER_BY_ID_METHODS = ['GET', 'PATCH', 'DELETE', 'HEAD']
const USER_BY_EMAIL_METHODS = ['GET', 'PATCH', 'HEAD']
// PATCH /users/{email} exists from 313: below it that route has GET only (and no 405 path here).
const MESSAGE_METHODS = ['GET', 'PATCH', 'DELETE', 'HEAD']

function notCarriedOut(call: MessagingCall, methods: readonly string[]): PlainResponse {
  return withNeverCache(restMethodNotAllowed(methods), call.clock.now())
}

/** `access_user_by_*(for_admin=True, allow_deactivated=True, allow_bots=True)`, then the 405. */
function updateUser(
  call: MessagingCall,
  target: UserRecord | undefined,
  methods: readonly string[],
): PlainResponse {
  const actor = actorOf(call)
  if (!target) return badRequest(messagingMessages.noSuchUser)
  if (!mayAdminister(actor, target)) return badRequest(messagingMessages.insufficientPermission)
  return notCarriedOut(call, methods)
}

export const updateUserOperation = {
  name: 'update-user' as const,
  method: 'PATCH',
  path: '/api/v1/users/:user_id',
  converters: { user_id: 'int' },
  access: 'rest',
  handle: (call, request) =>
    updateUser(call, userById(call, Number(request.params.user_id)), USER_BY_ID_METHODS),
} satisfies MessagingOperation

export const updateUserByEmailOperation = {
  name: 'update-user-by-email' as const,
  method: 'PATCH',
  path: '/api/v1/users/:email',
  converters: { email: 'str' },
  since: LEVELS.updateUserByEmail,
  access: 'rest',
  handle: (call, request) =>
    updateUser(call, userByEmail(call, request.params.email ?? ''), USER_BY_EMAIL_METHODS),
} satisfies MessagingOperation

export const updateMessageOperation = {
  name: 'update-message' as const,
  method: 'PATCH',
  path: '/api/v1/messages/:message_id',
  converters: { message_id: 'int' },
  access: 'rest',
  handle(call, request) {
    if (!readableMessage(call, Number(request.params.message_id)))
      return badRequest(messagingMessages.invalidMessages)
    return notCarriedOut(call, MESSAGE_METHODS)
  },
} satisfies MessagingOperation
