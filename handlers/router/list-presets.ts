/** `GET /presets`: the workspace's presets, most recently updated first, paged. */
import { jsonResponse } from '../../src/core/http.js'
import { authenticate } from '../../src/router/auth.js'
import type { RouterOperation } from '../../src/router/context.js'
import { invalidParameters } from '../../src/router/errors.js'
import { parsePaging } from '../../src/router/params.js'
import { presetToWire } from '../../src/router/serialize.js'

export const listPresets = {
  name: 'listPresets' as const,
  method: 'GET',
  path: '/presets',
  handle(context, request) {
    const principal = authenticate(request, context.store)
    if ('status' in principal) return principal
    const paging = parsePaging(request.query)
    if ('issues' in paging) return invalidParameters(paging.issues)
    const all = context.store.presetsOf(principal.workspace.id)
    const page = all.slice(paging.offset, paging.offset + paging.limit)
    return jsonResponse(200, { data: page.map(presetToWire), total_count: all.length })
  },
} satisfies RouterOperation
