/**
 * Reads a JSON request body (`engine/core/json-read.ts`, the one JSON reader). Every way it can fail is a
 * 400 naming `body`.
 *
 * A body nested more than {@link MAX_JSON_DEPTH} levels deep (objects and arrays) is refused: the
 * simulator stores bodies and serialises them back with the platform's recursive `JSON.stringify`,
 * which overflows the stack a few thousand levels down, and no real preset needs a tenth of the limit.
 * A body with more than 10,000 keys in one object or {@link MAX_BODY_KEYS} in all is refused before it is
 * parsed (parsing it would hold every other request for up to seconds; decisions/json-key-limits.md).
 * A body too deep that is not JSON either is refused as not JSON: the real service has no nesting limit.
 * @module
 */
import { header, type PlainRequest } from '../../engine/core/http.js'
import {
  MAX_JSON_DEPTH,
  MAX_KEYS_PER_OBJECT,
  nestedDeeperThan,
} from '../../engine/core/json-keys.js'
import { type JsonReadOptions, type JsonRefusal, readJson } from '../../engine/core/json-read.js'

export { nestedDeeperThan }

import type { RouterIssue } from './errors.js'

const JSON_TYPE = /^application\/([a-z0-9.+-]*\+)?json\s*(;|$)/i

export { MAX_JSON_DEPTH }

/** The most keys of all the objects of a body. */
const MAX_BODY_KEYS = 100_000

/** The router's limits on a JSON body (its requests', and the journal's read-back of them). */
export const ROUTER_JSON_LIMITS: JsonReadOptions = { keysInAll: MAX_BODY_KEYS }

/** A request body is read with the router's limits; one too deep that is not JSON either is not JSON. */
const REQUEST_JSON: JsonReadOptions = { ...ROUTER_JSON_LIMITS, syntaxOverDepth: true }

/** The issue of each way a body is refused. */
const ISSUES: Readonly<Record<JsonRefusal, RouterIssue>> = {
  'not-utf8': { path: 'body', message: 'is not valid UTF-8' },
  blank: { path: 'body', message: 'is required' },
  'keys-per-object': {
    path: 'body',
    message: `must have at most ${MAX_KEYS_PER_OBJECT} keys in one object`,
  },
  'keys-in-all': { path: 'body', message: `must have at most ${MAX_BODY_KEYS} keys in all` },
  'too-deep': { path: 'body', message: `must be nested at most ${MAX_JSON_DEPTH} levels deep` },
  'not-json': { path: 'body', message: 'is not valid JSON' },
}

/** The parsed JSON body (any JSON value), or the issue that stops it. */
export function readJsonBody(request: PlainRequest): { value: unknown } | { issue: RouterIssue } {
  const type = header(request, 'content-type')
  if (type !== undefined && !JSON_TYPE.test(type.trim())) {
    return { issue: { path: 'body', message: 'Content-Type must be application/json' } }
  }
  const read = readJson(request.body, REQUEST_JSON)
  return read.ok ? { value: read.value } : { issue: ISSUES[read.refused] }
}
