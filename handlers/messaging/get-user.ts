/**
 * `GET /api/v1/users/{user_id}`: one account of the organization by id, `{ user: {...} }`, or `No such
 * user` (also for system bots such as Welcome Bot, which belong to the server's internal realm).
 * @module
 */
import type { MessagingOperation } from '../../src/services/messaging/context.js'
import { messagingParts } from '../../src/services/messaging/operation-parts/source.js'

export const getUser = {
  name: 'get-user' as const,
  method: 'GET',
  path: '/api/v1/users/:user_id',
  converters: { user_id: 'int' },
  access: 'rest',
  handle(call, request) {
    const { oneUser, userById } = messagingParts.get()
    return oneUser(call, () => userById(call, Number(request.params.user_id)))
  },
} satisfies MessagingOperation
