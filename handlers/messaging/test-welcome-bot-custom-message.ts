/**
 * `POST /realm/test_welcome_bot_custom_message` (feature level 416): Welcome Bot sends the acting
 * administrator a direct message quoting the custom text, and the response carries its id.
 *
 * Checks, in order: owner or administrator (`UNAUTHORIZED_PRINCIPAL`); `welcome_message_custom_text`
 * present; at most 8000 characters (code points); not empty (no stripping: `" "` is sent). A NUL
 * character, or a text whose HTML passes the real server's limit (`MAX_RENDERED_LENGTH`: its
 * `MarkdownRenderingError`), makes the real server's message check fail, the message is not sent and an
 * assertion fails: 500 `Internal server error`.
 * @module
 */
import type { PlainResponse } from '../../src/engine/core/http.js'
import {
  actorOf,
  type MessagingCall,
  type MessagingOperation,
  success,
} from '../../src/services/messaging/context.js'
import { emojiPart } from '../../src/services/messaging/emoji/source.js'
import {
  badRequest,
  internalError,
  messagingMessages,
  zulipError,
} from '../../src/services/messaging/errors.js'
import { LEVELS } from '../../src/services/messaging/feature-levels.js'
import type { MarkdownContext } from '../../src/services/messaging/markdown.js'
import { messagingParts } from '../../src/services/messaging/operation-parts/source.js'
import { isResponse } from '../../src/services/messaging/params.js'
import { codePointLength } from '../../src/services/messaging/python.js'
import { isAdministrator } from '../../src/services/messaging/records.js'

/** `Realm.MAX_REALM_WELCOME_MESSAGE_CUSTOM_TEXT_LENGTH`. */
const MAX_WELCOME_TEXT_LENGTH = 8000
const PARAM = 'welcome_message_custom_text'

/**
 * Mentions by full name find a user of the organization (any case; none when two share the name), by
 * `name|id` or `|id` the user with that id (system bots are not the organization's); channel links find a
 * channel of the organization by its exact name.
 */
function markdownContext(call: MessagingCall): MarkdownContext {
  const users = () =>
    call.store.usersOf(call.organization.subdomain).filter((user) => !user.isSystemBot)
  return {
    realmId: call.organization.id,
    userByName(name) {
      const wanted = name.toLowerCase()
      const found = users().filter((user) => user.fullName.toLowerCase() === wanted)
      return found.length === 1 ? found[0] : undefined
    },
    userById(id) {
      return users().find((user) => user.id === id)
    },
    channelIdByName(name) {
      return call.organization.channels.find((channel) => channel.name === name)?.id
    },
  }
}

/**
 * Sends the test message, or answers the first failing check. Synchronous from the checks to the write,
 * so no other request can come between them (no lock needed).
 */
function sendTestWelcomeMessage(call: MessagingCall): PlainResponse {
  const actor = actorOf(call)
  if (!isAdministrator(actor))
    return zulipError(400, 'UNAUTHORIZED_PRINCIPAL', messagingMessages.notAdministrator)
  const text = call.params.required(PARAM)
  if (isResponse(text)) return text
  // A text of at most 8000 UTF-16 units has at most 8000 code points.
  if (text.length > MAX_WELCOME_TEXT_LENGTH && codePointLength(text) > MAX_WELCOME_TEXT_LENGTH)
    return badRequest(messagingMessages.tooLong(PARAM, MAX_WELCOME_TEXT_LENGTH))
  if (text.length === 0) return badRequest(messagingMessages.messageEmpty)
  if (text.includes('\u0000')) return internalError()

  const { organization, store } = call
  const bot = store.welcomeBot(organization.subdomain)
  if (!bot) return internalError()
  const { renderWelcomeMessage, welcomeMessageContent } = messagingParts.get()
  // HTML over the real server's limit fails its rendering: the message is not sent, and the endpoint's
  // check that it was fails (its 500).
  const renderedContent = renderWelcomeMessage(text, markdownContext(call))
  if (renderedContent === undefined) return internalError()
  const message = store.addMessage({
    organization: organization.subdomain,
    senderId: bot.id,
    recipientId: actor.id,
    content: welcomeMessageContent(text),
    renderedContent,
    client: 'Internal',
  })
  return success(call, { message_id: message.id })
}

/**
 * Sends the test message once the emoji table is there when the text may hold an emoji (in a browser it loads
 * then, as a chunk of its own; in Node it always is). The load changes nothing: the checks and the write stay
 * together.
 */
function sendWhenReady(call: MessagingCall): PlainResponse | Promise<PlainResponse> {
  const text = call.params.read(PARAM)
  const loading =
    typeof text === 'string' && messagingParts.get().mayHoldEmoji(text)
      ? emojiPart.loading()
      : undefined
  return loading ? loading.then(() => sendTestWelcomeMessage(call)) : sendTestWelcomeMessage(call)
}

/** `POST /api/v1/realm/test_welcome_bot_custom_message` (feature level 416): Welcome Bot's custom message, sent to the caller. */
export const testWelcomeBotCustomMessage = {
  name: 'test-welcome-bot-custom-message' as const,
  method: 'POST',
  path: '/api/v1/realm/test_welcome_bot_custom_message',
  since: LEVELS.welcomeBotCustomMessage,
  access: 'rest',
  handle: sendWhenReady,
} satisfies MessagingOperation
