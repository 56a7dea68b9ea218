/**
 * Redaction of secrets, as the journal, its HAR and the inspector show entries: a parsed value field by
 * field (`redact`: every secret-named key's value), and body text that is shown without being parsed (a
 * body kept only in part, or a preview: `redactText`): the value after a secret-named field in JSON
 * (`"password": "…"`), a form (`password=…`) or a multipart part (`name="password"`), best effort on text
 * cut anywhere. The work is linear in the text (no pattern that could backtrack over it), since the text
 * is whatever a client sent.
 * @module
 */

/** Field names whose values are secrets (case-insensitive). */
export const SECRET_NAMES =
  'password|new_password|api_?key|key|token|secret|authorization|client_secret'

/** A secret field's whole name (a parsed body's key, a query parameter). */
export const SECRET_NAME = new RegExp(`^(?:${SECRET_NAMES})$`, 'i')

/** The value that stands in for a secret (in the journal, its HAR and text previews alike). */
export const REDACTED = '[redacted]'

/** A copy of a parsed value with every secret-named key's value replaced by `[redacted]`. */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact)
  if (value === null || typeof value !== 'object') return value
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(value)) {
    const item = (value as Record<string, unknown>)[key]
    Object.defineProperty(out, key, {
      value: SECRET_NAME.test(key) ? REDACTED : redact(item),
      enumerable: true,
      writable: true,
      configurable: true,
    })
  }
  return out
}

const JSON_FIELD = new RegExp(
  `("(?:${SECRET_NAMES})"[ \\t\\r\\n]{0,20}:[ \\t\\r\\n]{0,20})(?:"(?:[^"\\\\]|\\\\.)*"?|[^,}\\]\\s]*)`,
  'gi',
)
const FORM_FIELD = new RegExp(`((?:^|[&;])(?:${SECRET_NAMES})=)[^&]*`, 'gi')
const MULTIPART_NAME = new RegExp(`name="(?:${SECRET_NAMES})"`, 'gi')

/** Where the next blank line (`\n\n` or `\n\r\n`) after `from` ends, or -1. */
function blankLineEnd(text: string, from: number): number {
  const lf = text.indexOf('\n\n', from)
  const crlf = text.indexOf('\n\r\n', from)
  if (lf < 0 && crlf < 0) return -1
  if (crlf < 0 || (lf >= 0 && lf < crlf)) return lf + 2
  return crlf + 3
}

/**
 * Redacts the value of each secret-named multipart part: the line after the blank line that ends the
 * part's headers. Linear: a blank line found is reused for every name before it.
 */
function redactMultipart(text: string): string {
  const parts: string[] = []
  let copied = 0
  let blank = -2
  MULTIPART_NAME.lastIndex = 0
  for (let match = MULTIPART_NAME.exec(text); match; match = MULTIPART_NAME.exec(text)) {
    if (match.index < copied) continue
    if (blank !== -1 && blank < match.index) blank = blankLineEnd(text, match.index)
    if (blank === -1) break
    let valueEnd = text.indexOf('\n', blank)
    if (valueEnd < 0) valueEnd = text.length
    else if (text.charCodeAt(valueEnd - 1) === 13) valueEnd -= 1
    parts.push(text.slice(copied, blank), REDACTED)
    copied = Math.max(valueEnd, blank)
    MULTIPART_NAME.lastIndex = copied
  }
  if (parts.length === 0) return text
  parts.push(text.slice(copied))
  return parts.join('')
}

/** The text with the value of every secret-named field replaced by `[redacted]`. */
export function redactText(text: string): string {
  return redactMultipart(text)
    .replace(JSON_FIELD, `$1"${REDACTED}"`)
    .replace(FORM_FIELD, `$1${REDACTED}`)
}
