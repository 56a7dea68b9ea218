/** `POST /presets/{slug}/responses`: a preset or a new version from a responses body. */
import { createPresetOperation } from './create-preset.js'

export const createPresetsResponses = createPresetOperation(
  'createPresetsResponses',
  'responses',
  '/presets/:slug/responses',
)
