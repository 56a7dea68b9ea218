/**
 * Every operation of the messaging service, in the order URLs are matched (the real server's `urls.py`
 * order). Operations on the same path form one route; their order is the order of `allowed_methods` (the
 * `rest_path` keyword order of `zproject/urls.py`).
 */
import type { MessagingOperation } from '../../src/services/messaging/context.js'
import { createUser } from './create-user.js'
import { deactivateOwnUser } from './deactivate-own-user.js'
import { deactivateUser } from './deactivate-user.js'
import { deleteMessageOperation } from './delete-message.js'
import { getMessage } from './get-message.js'
import { getOwnUser } from './get-own-user.js'
import { getServerSettings } from './get-server-settings.js'
import { getUser } from './get-user.js'
import { getUserByEmail } from './get-user-by-email.js'
import { getUsers } from './get-users.js'
import { testWelcomeBotCustomMessage } from './test-welcome-bot-custom-message.js'
import { updateMessage } from './update-message.js'
import { updateUser } from './update-user.js'
import { updateUserByEmail } from './update-user-by-email.js'

export const messagingOperations = [
  getUsers,
  createUser,
  getOwnUser,
  deactivateOwnUser,
  getUser,
  updateUser,
  deactivateUser,
  getUserByEmail,
  updateUserByEmail,
  getMessage,
  updateMessage,
  deleteMessageOperation,
  testWelcomeBotCustomMessage,
  getServerSettings,
] as const satisfies readonly MessagingOperation[]
