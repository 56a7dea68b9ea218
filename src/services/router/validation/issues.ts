/**
 * Validation issues: the wording of every message, the path notation, and the one-line summary.
 *
 * Conventions (one place, so every rule words its failure the same way):
 * - missing required field: `is required`
 * - wrong JSON type: `must be a string`, `must be an integer or null`, `must be an object`, ...
 * - enum: `must be one of: a, b, c` (nullable enums end with ` or null`); a single value: `must be x`
 * - number range: `must be at least 0`, `must be at most 2`
 * - string length: `must be at most 64 characters`, `must be at least 1 character`
 * - array length: `must contain at most 4 items`, `must contain at least 1 item`
 * - unknown key of a closed object: one issue per key at its own path, `unrecognized key`
 * - string pattern of the description: `must match the pattern <pattern>`
 * @module
 */
import type * as z from '../../../engine/core/zod.js'

/** One failing field: where (`messages[0].role`, `provider.sort`, `metadata.somekey`, `body`) and why. */
export interface ValidationIssue {
  path: string
  message: string
}

type RawIssue = z.core.$ZodRawIssue

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

const TYPE_NAMES: Readonly<Record<string, string>> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'a boolean',
  object: 'an object',
  array: 'an array',
  null: 'null',
}

/** Words a bound (`too_big` / `too_small`) for its origin: numbers, strings or arrays. */
function bound(
  issue: RawIssue & { origin?: unknown; inclusive?: boolean },
  limit: unknown,
  big: boolean,
) {
  const n = Number(limit)
  switch (issue.origin) {
    case 'string':
      return `must be ${big ? 'at most' : 'at least'} ${plural(n, 'character')}`
    case 'array':
    case 'set':
      return `must contain ${big ? 'at most' : 'at least'} ${plural(n, 'item')}`
    default:
      if (issue.inclusive === false) return `must be ${big ? 'less' : 'greater'} than ${n}`
      return `must be ${big ? 'at most' : 'at least'} ${n}`
  }
}

/** The message for one of zod's standard issue codes, in this module's wording. */
function standardMessage(issue: RawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'is required'
      return `must be ${TYPE_NAMES[issue.expected] ?? issue.expected}`
    case 'too_big':
      return bound(issue, issue.maximum, true)
    case 'too_small':
      return bound(issue, issue.minimum, false)
    case 'invalid_value':
      return issue.values.length === 1
        ? `must be ${String(issue.values[0])}`
        : `must be one of: ${issue.values.map(String).join(', ')}`
    case 'unrecognized_keys':
      return 'unrecognized key'
    case 'invalid_format':
      return 'has an invalid format'
    default:
      return 'is invalid'
  }
}

/**
 * A schema-level error map: `is required` when the value is missing, `must be <what>` when it has the
 * wrong type (or is not one of an enum's values); any other issue of the schema or of its checks (a
 * range, a length, an unrecognized key) gets the standard wording above. Every schema of this module
 * carries one, so no per-parse error map is needed (passing parse options to zod costs about 1 µs per
 * call in zod 4.6, more than the validation itself).
 */
export function typeError(what: string) {
  return {
    error: (issue: RawIssue) => {
      if (issue.code !== 'invalid_type' && issue.code !== 'invalid_value')
        return standardMessage(issue)
      return issue.input === undefined ? 'is required' : `must be ${what}`
    },
  }
}

const SIMPLE_KEY = /^[A-Za-z0-9_$-]+$/

/** `messages[0].content`, `metadata.some-key`, `metadata["a b"]`; the empty path is `body`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = ''
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`
    else {
      const key = String(segment)
      if (SIMPLE_KEY.test(key)) out += out === '' ? key : `.${key}`
      else out += `[${JSON.stringify(key)}]`
    }
  }
  return out === '' ? 'body' : out
}

/** Converts zod's final issues to this module's issues: formatted paths, one issue per unrecognized key. */
export function toIssues(issues: readonly z.core.$ZodIssue[]): ValidationIssue[] {
  const out: ValidationIssue[] = []
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        out.push({ path: formatPath([...issue.path, key]), message: 'unrecognized key' })
      }
    } else {
      out.push({ path: formatPath(issue.path), message: issue.message })
    }
  }
  return out
}

/**
 * One line for `error.message` naming every failing path, e.g.
 * `Invalid request parameters: temperature: must be at most 2; messages: must contain at least 1 item`.
 */
export function formatIssues(issues: readonly ValidationIssue[]): string {
  if (issues.length === 0) return 'Invalid request parameters'
  return `Invalid request parameters: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`
}
