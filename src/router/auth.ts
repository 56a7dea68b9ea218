/**
 * Bearer authentication: which key, and so which workspace, a request acts as.
 * @module
 */
import { header, type PlainRequest, type PlainResponse } from '../core/http.js'
import { routerError, routerMessages } from './errors.js'
import type { ApiKeyRecord, WorkspaceRecord } from './records.js'
import type { RouterStore } from './store.js'

/** Who a request acts as. */
export interface RouterPrincipal {
  key: ApiKeyRecord
  workspace: WorkspaceRecord
}

/**
 * Reads `Authorization: Bearer <key>`. No usable header: 401 `No auth credentials found`;
 * an unknown or disabled key: 401 `User not found.`
 */
export function authenticate(
  request: PlainRequest,
  store: RouterStore,
): RouterPrincipal | PlainResponse {
  const value = header(request, 'authorization')?.trim() ?? ''
  const match = /^Bearer\s+(\S+)$/i.exec(value)
  if (!match) return routerError(401, routerMessages.missingCredentials)
  const key = store.key(match[1] as string)
  const workspace = key && !key.disabled ? store.workspace(key.workspaceId) : undefined
  if (!key || !workspace) return routerError(401, routerMessages.unknownKey)
  return { key, workspace }
}

/** Whether the principal may create presets and versions in its workspace; 403 when not. */
export function authorizeWrite(principal: RouterPrincipal): PlainResponse | undefined {
  if (
    principal.workspace.presetWrites === 'management-only' &&
    principal.key.kind !== 'management'
  ) {
    return routerError(403, routerMessages.managementOnly)
  }
  return undefined
}
