/**
 * Path and query parameters of the preset operations: slug, version number, paging.
 * @module
 */
import type { RouterIssue } from './errors.js'

const SLUG = /^[A-Za-z0-9._~-]{1,128}$/

/** A slug is 1 to 128 characters from the RFC 3986 unreserved set (after percent-decoding). */
export function slugIssue(slug: string): RouterIssue | undefined {
  return SLUG.test(slug)
    ? undefined
    : { path: 'slug', message: 'must be 1 to 128 characters from A-Z a-z 0-9 - . _ ~' }
}

/** A version path segment must be a positive integer in decimal; `undefined` with an issue when not. */
export function parseVersion(text: string): { version: number } | { issue: RouterIssue } {
  if (!/^[1-9][0-9]{0,15}$/.test(text)) {
    return { issue: { path: 'version', message: 'must be a positive integer' } }
  }
  return { version: Number(text) }
}

/** Paging: `offset` >= 0 (default 0), `limit` 1..100 (default 50). */
export function parsePaging(
  query: URLSearchParams,
): { offset: number; limit: number } | { issues: RouterIssue[] } {
  const issues: RouterIssue[] = []
  const read = (name: string, fallback: number, min: number, max: number) => {
    const raw = query.get(name)
    if (raw === null) return fallback
    if (!/^-?[0-9]+$/.test(raw)) {
      issues.push({ path: name, message: 'must be an integer' })
      return fallback
    }
    const value = Number(raw)
    if (value < min) issues.push({ path: name, message: `must be at least ${min}` })
    else if (value > max) issues.push({ path: name, message: `must be at most ${max}` })
    return value
  }
  const offset = read('offset', 0, 0, Number.MAX_SAFE_INTEGER)
  const limit = read('limit', 50, 1, 100)
  return issues.length > 0 ? { issues } : { offset, limit }
}
