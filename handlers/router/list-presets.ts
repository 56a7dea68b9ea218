/** `GET /presets`: the workspace's presets, most recently updated first, paged. */
import { jsonResponse } from '../../src/engine/core/http.js'
import type { RouterOperation } from '../../src/services/router/context.js'
import { invalidParameters } from '../../src/services/router/errors.js'
import { parsePaging } from '../../src/services/router/params.js'
import { presetToWire } from '../../src/services/router/serialize.js'

export const listPresets = {
  name: 'listPresets' as const,
  method: 'GET',
  path: '/presets',
  handle(call, request) {
    const paging = parsePaging(request.query)
    if ('issues' in paging) return invalidParameters(paging.issues)
    const all = call.store.presetsOf(call.principal.workspace.id)
    const page = all.slice(paging.offset, paging.offset + paging.limit)
    return jsonResponse(200, { data: page.map(presetToWire), total_count: all.length })
  },
} satisfies RouterOperation
