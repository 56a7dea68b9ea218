/** Every operation of the router's Presets API, in the order they are matched. */
import type { RouterOperation } from '../../src/router/context.js'
import { createPresetsChatCompletions } from './create-preset-from-chat.js'
import { createPresetsMessages } from './create-preset-from-messages.js'
import { createPresetsResponses } from './create-preset-from-responses.js'
import { getPreset } from './get-preset.js'
import { getPresetVersion } from './get-preset-version.js'
import { listPresetVersions } from './list-preset-versions.js'
import { listPresets } from './list-presets.js'

export const routerOperations = [
  createPresetsChatCompletions,
  createPresetsMessages,
  createPresetsResponses,
  listPresets,
  getPreset,
  listPresetVersions,
  getPresetVersion,
] as const satisfies readonly RouterOperation[]
