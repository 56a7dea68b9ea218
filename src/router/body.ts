/**
 * Reads a JSON request body. Every way it can fail is a 400 naming `body`.
 * @module
 */
import { bodyText, header, type PlainRequest } from '../core/http.js'
import type { RouterIssue } from './errors.js'

const JSON_TYPE = /^application\/([a-z0-9.+-]*\+)?json\s*(;|$)/i

/** The parsed JSON body (any JSON value), or the issue that stops it. */
export function readJsonBody(request: PlainRequest): { value: unknown } | { issue: RouterIssue } {
  const type = header(request, 'content-type')
  if (type !== undefined && !JSON_TYPE.test(type.trim())) {
    return { issue: { path: 'body', message: 'Content-Type must be application/json' } }
  }
  const text = bodyText(request)
  if (text === undefined) return { issue: { path: 'body', message: 'is not valid UTF-8' } }
  if (text.trim() === '') return { issue: { path: 'body', message: 'is required' } }
  try {
    return { value: JSON.parse(text) }
  } catch {
    return { issue: { path: 'body', message: 'is not valid JSON' } }
  }
}
