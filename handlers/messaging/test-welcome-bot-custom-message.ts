/** `POST /api/v1/realm/test_welcome_bot_custom_message` (feature level 416): Welcome Bot's custom message, sent to the caller. */
import type { MessagingOperation } from '../../src/messaging/context.js'
import { LEVELS } from '../../src/messaging/feature-levels.js'
import { sendTestWelcomeMessage } from '../../src/messaging/welcome-message.js'

export const testWelcomeBotCustomMessage = {
  name: 'test-welcome-bot-custom-message' as const,
  method: 'POST',
  path: '/api/v1/realm/test_welcome_bot_custom_message',
  since: LEVELS.welcomeBotCustomMessage,
  access: 'rest',
  handle: (call) => sendTestWelcomeMessage(call),
} satisfies MessagingOperation
