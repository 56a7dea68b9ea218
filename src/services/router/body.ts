/**
 * Reads a JSON request body. Every way it can fail is a 400 naming `body`.
 *
 * A body nested more than {@link MAX_JSON_DEPTH} levels deep (objects and arrays) is refused: the
 * simulator stores bodies and serialises them back with the platform's recursive `JSON.stringify`,
 * which overflows the stack a few thousand levels down, and no real preset needs a tenth of the limit.
 * A body with more than 10,000 keys in one object or {@link MAX_BODY_KEYS} in all is refused before it is
 * parsed (parsing it would hold every other request for up to seconds; decisions/json-key-limits.md).
 * @module
 */
import { bodyText, header, type PlainRequest } from '../../engine/core/http.js'
import {
  MAX_JSON_DEPTH,
  MAX_KEYS_PER_OBJECT,
  nestedDeeperThan,
  tooManyKeys,
} from '../../engine/core/json-keys.js'

export { nestedDeeperThan }

import type { RouterIssue } from './errors.js'

const JSON_TYPE = /^application\/([a-z0-9.+-]*\+)?json\s*(;|$)/i

export { MAX_JSON_DEPTH }

/** The most keys of all the objects of a body. */
const MAX_BODY_KEYS = 100_000

/** The issues of a body with too many keys, by the limit it passed. */
const TOO_MANY_KEYS: Readonly<Record<'object' | 'total', RouterIssue>> = {
  object: { path: 'body', message: `must have at most ${MAX_KEYS_PER_OBJECT} keys in one object` },
  total: { path: 'body', message: `must have at most ${MAX_BODY_KEYS} keys in all` },
}

/** Whether a body's text holds more keys than a body may (checked before parsing it). */
export const hasTooManyKeys = (text: string) =>
  tooManyKeys(text, MAX_KEYS_PER_OBJECT, MAX_BODY_KEYS) !== undefined

/** The issue of a body nested deeper than {@link MAX_JSON_DEPTH}. */
const TOO_DEEP: RouterIssue = {
  path: 'body',
  message: `must be nested at most ${MAX_JSON_DEPTH} levels deep`,
}

/** The parsed JSON body (any JSON value), or the issue that stops it. */
export function readJsonBody(request: PlainRequest): { value: unknown } | { issue: RouterIssue } {
  const type = header(request, 'content-type')
  if (type !== undefined && !JSON_TYPE.test(type.trim())) {
    return { issue: { path: 'body', message: 'Content-Type must be application/json' } }
  }
  const text = bodyText(request)
  if (text === undefined) return { issue: { path: 'body', message: 'is not valid UTF-8' } }
  if (text.trim() === '') return { issue: { path: 'body', message: 'is required' } }
  const tooMany = tooManyKeys(text, MAX_KEYS_PER_OBJECT, MAX_BODY_KEYS)
  if (tooMany) return { issue: TOO_MANY_KEYS[tooMany] }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { issue: { path: 'body', message: 'is not valid JSON' } }
  }
  if (nestedDeeperThan(text, MAX_JSON_DEPTH)) return { issue: TOO_DEEP }
  return { value }
}
