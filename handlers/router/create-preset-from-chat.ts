/** `POST /presets/{slug}/chat/completions`: a preset or a new version from a chat-completions body. */
import { createPresetOperation } from './create-preset.js'

export const createPresetsChatCompletions = createPresetOperation(
  'createPresetsChatCompletions',
  'chat',
  '/presets/:slug/chat/completions',
)
