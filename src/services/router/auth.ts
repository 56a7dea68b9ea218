/**
 * Bearer authentication: which key, and so which workspace, a request acts as.
 * @module
 */
import { header, type PlainRequest, type PlainResponse } from '../../engine/core/http.js'
import { routerError, routerMessages } from './errors.js'
import type { ApiKeyRecord, WorkspaceRecord } from './records.js'
import type { RouterStore } from './store.js'

/** Who a request acts as. */
export interface RouterPrincipal {
  key: ApiKeyRecord
  workspace: WorkspaceRecord
}

/**
 * Reads `Authorization: Bearer <key>`. No usable header: 401 `No cookie auth credentials found` (the
 * real service then looks for a session cookie; recorded 2026);
 * an unknown or disabled key: 401 `User not found.`
 */
export function authenticate(
  request: PlainRequest,
  store: RouterStore,
): RouterPrincipal | PlainResponse {
  const raw = header(request, 'authorization')
  // Clients send one header over and over: the last principal found stands while the keys and
  // workspaces are unchanged.
  const known = lastFound.get(store)
  if (
    known !== undefined &&
    known.header === raw &&
    known.keys === store.keys.mutations &&
    known.workspaces === store.workspaces.mutations
  )
    return known.principal
  const value = raw?.trim() ?? ''
  const match = /^Bearer\s+(\S+)$/i.exec(value)
  if (!match) return routerError(401, routerMessages.missingCredentials)
  const key = store.key(match[1] as string)
  const workspace = key && !key.disabled ? store.workspace(key.workspaceId) : undefined
  if (!key || !workspace) return routerError(401, routerMessages.unknownKey)
  const principal = { key, workspace }
  lastFound.set(store, {
    header: raw as string,
    keys: store.keys.mutations,
    workspaces: store.workspaces.mutations,
    principal,
  })
  return principal
}

/** The last `Authorization` value each store accepted, with its principal and the tables it was read from. */
const lastFound = new WeakMap<
  RouterStore,
  { header: string; keys: number; workspaces: number; principal: RouterPrincipal }
>()

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
