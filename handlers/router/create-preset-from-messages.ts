/** `POST /presets/{slug}/messages`: a preset or a new version from a messages body. */
import { createPresetOperation } from './create-preset.js'

export const createPresetsMessages = createPresetOperation(
  'createPresetsMessages',
  'messages',
  '/presets/:slug/messages',
)
