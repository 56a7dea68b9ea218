/**
 * Prism's convention for choosing an answer per request, `Prefer: code=<status>` (RFC 7240's header with
 * Prism's `code` preference): the request is answered with that service's own error for the status,
 * without a control call, so a client in any language (curl, Python, Go) can ask for one. Real clients do
 * not send a `code` preference, and real services ignore preferences they do not know, so nothing else
 * changes. Prism's other preferences (`example`, `dynamic`) mean nothing here and are ignored.
 * @module
 */

/** The statuses a `Prefer: code=` asks for: the services' errors. */
const PREFER_RANGE = { min: 400, max: 599 } as const

/** What a request's `Prefer` header asks for: nothing, a status, or a `code` that cannot be one. */
export type Preference = undefined | { status: number } | { refused: string }

/**
 * The `code` preference of a `Prefer` header (several headers arrive joined by commas; the first `code`
 * counts, as RFC 7240 says of a repeated preference): `undefined` when there is none.
 */
export function preferredStatus(prefer: string | undefined): Preference {
  if (prefer === undefined) return undefined
  for (const part of prefer.split(',')) {
    const [token = ''] = part.split(';', 1)
    const at = token.indexOf('=')
    if (at < 0 || token.slice(0, at).trim().toLowerCase() !== 'code') continue
    const raw = token.slice(at + 1).trim()
    const value =
      raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw
    const status = /^[0-9]{3}$/.test(value) ? Number(value) : Number.NaN
    if (status >= PREFER_RANGE.min && status <= PREFER_RANGE.max) return { status }
    return {
      refused: `[understudy] Prefer: code=${value.slice(0, 20)} is not a status Understudy answers for a Prefer header: give an error status from ${PREFER_RANGE.min} to ${PREFER_RANGE.max} (the service's own error for it), or leave the header out for the real answer.`,
    }
  }
  return undefined
}
