/**
 * What only the messaging service's operations use (`handlers/messaging/`): the Markdown of the welcome text and
 * the organization's description, users and messages on the wire (with their Gravatar hashes), the password
 * policy, and the lookups of the users and messages an operation acts on. The operations take it from
 * `source.ts`: in a browser it is a chunk of its own, loaded with the service's first operation.
 * @module
 */
export { renderParagraphs, renderWelcomeMessage, welcomeMessageContent } from '../markdown.js'
export { mayHoldEmoji } from '../markdown-inline.js'
export { md5Hex } from '../md5.js'
export { messageFlags, newestMessageId, readableMessage } from '../message-access.js'
export { isStrongPassword } from '../password.js'
export { messageToWire, userToWire } from '../serialize.js'
export { isOnlyOwner, userForAdmin } from '../user-access.js'
export {
  oneUser,
  userByEmail,
  userById,
  userOptionReaders,
  userWireOptions,
  wireContext,
} from '../user-options.js'
