/** `GET /presets/{slug}/versions/{version}`: one version of a preset. */
import { jsonResponse } from '../../src/engine/core/http.js'
import type { RouterOperation } from '../../src/services/router/context.js'
import { invalidParameters, routerError, routerMessages } from '../../src/services/router/errors.js'
import { findPreset } from '../../src/services/router/lookup.js'
import { parseVersion } from '../../src/services/router/params.js'
import { versionToWire } from '../../src/services/router/serialize.js'

export const getPresetVersion = {
  name: 'getPresetVersion' as const,
  method: 'GET',
  path: '/presets/:slug/versions/:version',
  handle(call, request) {
    const parsed = parseVersion(request.params.version ?? '')
    const found = findPreset(call, request, 'issue' in parsed ? [parsed.issue] : [])
    if ('status' in found) return found
    if ('issue' in parsed) return invalidParameters([parsed.issue])
    const version = call.store.versionsOf(found.preset.id)[parsed.version - 1]
    if (!version) return routerError(404, routerMessages.versionNotFound)
    return jsonResponse(200, { data: versionToWire(version) })
  },
} satisfies RouterOperation
