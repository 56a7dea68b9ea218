/** `GET /presets/{slug}`: a preset with its designated version inline. */
import { jsonResponse } from '../../src/engine/core/http.js'
import type { RouterOperation } from '../../src/services/router/context.js'
import { findPreset } from '../../src/services/router/lookup.js'
import { presetWithVersionToWire } from '../../src/services/router/serialize.js'

export const getPreset = {
  name: 'getPreset' as const,
  method: 'GET',
  path: '/presets/:slug',
  handle(call, request) {
    const found = findPreset(call, request)
    if ('status' in found) return found
    const designated = call.store.version(found.preset.designated_version_id)
    return jsonResponse(200, { data: presetWithVersionToWire(found.preset, designated) })
  },
} satisfies RouterOperation
