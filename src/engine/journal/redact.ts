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
/**
 * A multipart part's `name` parameter as the form parser reads it: any case, spaces around `=`, quoted or
 * not, or RFC 2231's `name*=utf-8''…` (`\b`: not the end of `filename`). Its value is judged by
 * `partName`.
 */
const MULTIPART_NAME = /\bname(\*?)[ \t]*=[ \t]*("(?:[^"\\\r\n]|\\.){0,200}"?|[^;\r\n]{0,200})/gi

/**
 * A name as a form parser decodes it, where that can make a secret's name: `+` a space, and escapes of
 * ASCII characters (`p%61ssword`); other escapes stay (no secret's name holds other characters).
 */
function decodedName(raw: string): string {
  if (!raw.includes('%') && !raw.includes('+')) return raw
  return raw
    .replaceAll('+', ' ')
    .replace(/%([0-7][0-9a-f])/gi, (_, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    )
}

/** A multipart `name` parameter's value (as `MULTIPART_NAME` caught it) as the parser reads it. */
function partName(star: string, value: string): string {
  let name = value.trim()
  if (name.length >= 2 && name.startsWith('"') && name.endsWith('"')) name = name.slice(1, -1)
  if (star !== '') name = decodedName(name.slice(name.lastIndexOf("'") + 1))
  return name.trim()
}

/** Where the next blank line (`\n\n` or `\n\r\n`) after `from` ends, or -1. */
function blankLineEnd(text: string, from: number): number {
  const lf = text.indexOf('\n\n', from)
  const crlf = text.indexOf('\n\r\n', from)
  if (lf < 0 && crlf < 0) return -1
  if (crlf < 0 || (lf >= 0 && lf < crlf)) return lf + 2
  return crlf + 3
}

/**
 * Redacts the value of each secret-named multipart part: from the blank line that ends the part's headers
 * to the next line starting with `--` (the next delimiter, as far as the text shows it), or the end of the
 * text. Linear: a blank line found is reused for every name before it, and the search goes on after the
 * value.
 */
function redactMultipart(text: string): string {
  const parts: string[] = []
  let copied = 0
  let blank = -2
  MULTIPART_NAME.lastIndex = 0
  for (let match = MULTIPART_NAME.exec(text); match; match = MULTIPART_NAME.exec(text)) {
    if (match.index < copied || !SECRET_NAME.test(partName(match[1] ?? '', match[2] ?? '')))
      continue
    if (blank !== -1 && blank < match.index) blank = blankLineEnd(text, match.index)
    if (blank === -1) break
    let valueEnd = text.indexOf('\n--', blank - 1)
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

/**
 * Redacts the value of each secret-named form field: a piece after `&` or `;` (or the text's start) whose
 * name, decoded as a form parser decodes it, is a secret's has its value, up to the next `&`, replaced.
 * The rest of the text stays as it is.
 */
function redactForm(text: string): string {
  let out = ''
  let copied = 0
  let start = 0
  let equals = -1
  /** Whether a secret's value is being passed over (up to the next `&`). */
  let inSecret = false
  for (let i = 0; i <= text.length; i++) {
    const code = i === text.length ? 0x26 : text.charCodeAt(i)
    if (code === 0x3d && equals < 0) equals = i
    else if (code === 0x26 || code === 0x3b) {
      if (!inSecret && equals >= 0 && SECRET_NAME.test(decodedName(text.slice(start, equals)))) {
        out += `${text.slice(copied, equals + 1)}${REDACTED}`
        inSecret = true
      }
      if (inSecret && code === 0x26) {
        copied = i
        inSecret = false
      }
      start = i + 1
      equals = -1
    }
  }
  return out === '' ? text : out + text.slice(copied)
}

/**
 * The text with the value of every secret-named field replaced by `[redacted]`: JSON members, form fields
 * and multipart parts, by the names a parser would read (escaped, unquoted), best effort on text cut
 * anywhere.
 */
export function redactText(text: string): string {
  return redactForm(redactMultipart(text).replace(JSON_FIELD, `$1"${REDACTED}"`))
}
