/**
 * `GET /api/v1/users/{user_id}`: one account by id, `{ user: {...} }`, or `No such user`. System bots are
 * found too (the real server looks up cross-realm bots as well).
 * @module
 */
import { actorOf, type MessagingOperation } from '../../src/messaging/context.js'
import { oneUser } from '../../src/messaging/user-options.js'

export const getUser = {
  name: 'get-user' as const,
  method: 'GET',
  path: '/api/v1/users/:user_id',
  converters: { user_id: 'int' },
  access: 'rest',
  handle(call, request) {
    actorOf(call)
    const id = Number(request.params.user_id ?? '')
    return oneUser(call, Number.isSafeInteger(id) ? call.store.user(id) : undefined)
  },
} satisfies MessagingOperation
