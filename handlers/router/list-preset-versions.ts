/** `GET /presets/{slug}/versions`: a preset's versions, oldest first, paged. */
import { jsonResponse } from '../../src/engine/core/http.js'
import type { RouterOperation } from '../../src/services/router/context.js'
import { invalidParameters } from '../../src/services/router/errors.js'
import { findPreset } from '../../src/services/router/lookup.js'
import { parsePaging } from '../../src/services/router/params.js'
import { versionToWire } from '../../src/services/router/serialize.js'

export const listPresetVersions = {
  name: 'listPresetVersions' as const,
  method: 'GET',
  path: '/presets/:slug/versions',
  handle(call, request) {
    const paging = parsePaging(request.query)
    const found = findPreset(call, request, 'issues' in paging ? paging.issues : [])
    if ('status' in found) return found
    if ('issues' in paging) return invalidParameters(paging.issues)
    const all = call.store.versionsOf(found.preset.id)
    const page = all.slice(paging.offset, paging.offset + paging.limit)
    return jsonResponse(200, { data: page.map(versionToWire), total_count: all.length })
  },
} satisfies RouterOperation
