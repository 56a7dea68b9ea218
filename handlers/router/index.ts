/** Every operation of the router (the Presets API and the inference that uses presets), in match order. */
import type { RouterOperation } from '../../src/services/router/context.js'
import { createMessages } from './create-messages.js'
import { createPresetsChatCompletions } from './create-preset-from-chat.js'
import { createPresetsMessages } from './create-preset-from-messages.js'
import { createPresetsResponses } from './create-preset-from-responses.js'
import { createResponses } from './create-responses.js'
import { getModels } from './get-models.js'
import { getPreset } from './get-preset.js'
import { getPresetVersion } from './get-preset-version.js'
import { listPresetVersions } from './list-preset-versions.js'
import { listPresets } from './list-presets.js'
import { sendChatCompletionRequest } from './send-chat-completion.js'

export const routerOperations = [
  createPresetsChatCompletions,
  createPresetsMessages,
  createPresetsResponses,
  listPresets,
  getPreset,
  listPresetVersions,
  getPresetVersion,
  sendChatCompletionRequest,
  createMessages,
  createResponses,
  getModels,
] as const satisfies readonly RouterOperation[]
