/**
 * The router's error bodies: `{ error: { code, message, metadata? } }`, `code` an integer equal to the status.
 * Every error the router answers is built here, from this table.
 * @module
 */
import { jsonResponse, type PlainResponse } from '../core/http.js'
import { formatIssues, type ValidationIssue } from './validation/index.js'

/** The router's error messages, one per condition. */
export const routerMessages = {
  missingCredentials: 'No auth credentials found',
  unknownKey: 'User not found.',
  managementOnly: 'Only management keys can perform this operation',
  presetNotFound: 'Preset not found',
  versionNotFound: 'Preset version not found',
  notFound: 'Not Found',
  conflict: 'Resource conflict. Please try again later.',
  internal: 'Internal Server Error',
} as const

/** One failing field: its path and why. */
export type RouterIssue = ValidationIssue

/** An error response in the router's shape. */
export function routerError(
  status: number,
  message: string,
  options: { metadata?: Record<string, unknown>; headers?: Record<string, string> } = {},
): PlainResponse {
  const error =
    options.metadata === undefined
      ? { code: status, message }
      : { code: status, message, metadata: options.metadata }
  return jsonResponse(status, { error }, { headers: options.headers })
}

/** A 400 naming every failing field path, with the list in `error.metadata.issues`. */
export function invalidParameters(issues: RouterIssue[]): PlainResponse {
  return routerError(400, formatIssues(issues), { metadata: { issues } })
}
