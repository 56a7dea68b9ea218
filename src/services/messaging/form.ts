/**
 * Request parameters as Django reads them: `request.POST` from an `application/x-www-form-urlencoded` or
 * `multipart/form-data` body (POST only), and `request.GET` from the query string.
 *
 * - Any other body type leaves the POST parameters empty (it is not an error).
 * - A repeated key keeps every value; readers take the last one (`QueryDict.__getitem__`).
 * - Multipart: `;boundary=` with or without a space, quoted boundaries, CRLF (or bare LF) before each
 *   delimiter, a preamble and an epilogue (each read like a part, so one with a header block is a field, as
 *   Django reads it), parts without a closing delimiter. File parts (a non-empty
 *   `filename`) go to `request.FILES`, so they are not parameters; parts without a `name` are skipped.
 * - Django refuses (400 page) a multipart body whose boundary is missing or invalid, and more than 1000
 *   fields (`DATA_UPLOAD_MAX_NUMBER_FIELDS`) in a body or a query string.
 * @module
 */
import { decodeLatin1, decodeUtf8Lenient, decodeUtf8Strict, pyBase64Decode } from './python.js'

/** Django's `DATA_UPLOAD_MAX_NUMBER_FIELDS`. */
const MAX_FIELDS = 1000
/** Django's `MultiPartParser` reads at most this many bytes looking for a part's headers. */
const MAX_PART_HEADER_BYTES = 1024

/** Fields in arrival order, or why Django would refuse the request. */
export type FormFields =
  | { fields: Array<[string, string]> }
  | { refused: 'bad-boundary' | 'too-many-fields' }

/**
 * Django's `_parseparam`: the `;`-separated pieces of a header line, stripped. A `;` inside an odd
 * number of unescaped quotes does not separate. One pass over the line (Django counts the quotes again
 * for every `;`, which is quadratic on a long hostile header).
 */
export function splitHeaderParameters(line: string): string[] {
  const text = `;${line}`
  const parts: string[] = []
  let position = 0
  while (text.charCodeAt(position) === 0x3b) {
    position += 1
    let end = text.length
    let open = false
    for (let i = position; i < text.length; i++) {
      const code = text.charCodeAt(i)
      if (code === 0x3b) {
        if (i === position || !open) {
          end = i
          break
        }
      } else if (code === 0x22 && !(i > position && text.charCodeAt(i - 1) === 0x5c)) open = !open
    }
    parts.push(text.slice(position, end).trim())
    position = end
  }
  return parts
}

/** Django's `parse_header_parameters`: the lower-cased main value and the parameters. */
export function parseHeaderParameters(line: string): {
  value: string
  params: Map<string, string>
} {
  const parts = splitHeaderParameters(line)
  const [main = '', ...others] = parts
  const params = new Map<string, string>()
  for (const part of others) {
    const at = part.indexOf('=')
    if (at < 0) continue
    let name = part.slice(0, at).trim().toLowerCase()
    let value = part.slice(at + 1).trim()
    let encoded = false
    if (name.endsWith('*')) {
      name = name.slice(0, -1)
      encoded = part.split("'").length - 1 === 2
    }
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
      value = value.slice(1, -1).replaceAll('\\\\', '\\').replaceAll('\\"', '"')
    }
    if (encoded) {
      const [, , text = ''] = value.split("'")
      try {
        value = decodeURIComponent(text)
      } catch {
        value = text
      }
    }
    params.set(name, value)
  }
  return { value: main.toLowerCase(), params }
}

/** Parses a query string the way `QueryDict` does (`&`-separated, `+` as space, blank values kept). */
export function parseQueryString(query: string): FormFields {
  if (query === '') return { fields: [] }
  if (countFields(query) > MAX_FIELDS) return { refused: 'too-many-fields' }
  return { fields: parseAsciiQuery(query) ?? [...new URLSearchParams(query)] }
}

/** `query.split('&').length`, without the array. */
function countFields(query: string): number {
  let count = 1
  for (let at = query.indexOf('&'); at >= 0; at = query.indexOf('&', at + 1)) count += 1
  return count
}

/** The value of a hexadecimal digit's code, -1 for any other. */
function hexValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30
  const lower = code | 0x20
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x57 : -1
}

/**
 * A value that holds none of the body: V8 makes a slice of 13 characters or more a view of the whole body,
 * which a stored value (a password, a welcome message) would then keep alive (about 100 bytes per account
 * at 100,000 accounts). Joining two pieces copies it into a string of its own.
 */
const ownCopy = (value: string) =>
  value.length < 13 ? value : [value.slice(0, 1), value.slice(1)].join('')

/**
 * A fast path of `new URLSearchParams(query)` for the usual query or form body: only ASCII characters
 * and escapes of ASCII bytes, so no UTF-8 decoding is involved. `undefined` for anything else (the
 * caller then uses `URLSearchParams` itself). The same rules: a leading `?` is dropped, empty pieces are
 * skipped, a piece splits at its first `=`, `+` is a space, and a malformed escape is kept as sent.
 */
function parseAsciiQuery(query: string): Array<[string, string]> | undefined {
  const fields: Array<[string, string]> = []
  let name: string | undefined
  let text = ''
  const start = query.charCodeAt(0) === 0x3f ? 1 : 0
  /** Where the characters not yet copied into `text` begin. */
  let plain = start
  for (let i = start; i <= query.length; i++) {
    const code = i === query.length ? 0x26 : query.charCodeAt(i)
    if (code >= 0x80) return undefined
    if (code === 0x26) {
      text += query.slice(plain, i)
      if (name !== undefined) fields.push([name, ownCopy(text)])
      else if (text !== '' || i > plain) fields.push([text, ''])
      name = undefined
      text = ''
      plain = i + 1
    } else if (code === 0x3d && name === undefined) {
      name = text + query.slice(plain, i)
      text = ''
      plain = i + 1
    } else if (code === 0x2b) {
      text += `${query.slice(plain, i)} `
      plain = i + 1
    } else if (code === 0x25) {
      const high = hexValue(query.charCodeAt(i + 1))
      const low = hexValue(query.charCodeAt(i + 2))
      if (high < 0 || low < 0) continue
      if (high >= 8) return undefined
      text += query.slice(plain, i) + String.fromCharCode(high * 16 + low)
      i += 2
      plain = i + 1
    }
  }
  return fields
}

/** The main type and boundary of recently seen `Content-Type` values (clients repeat theirs). */
const contentTypes = new Map<string, { type: string; boundary: string | undefined }>()
const CONTENT_TYPE_CACHE_SIZE = 64
const CACHED_CONTENT_TYPE_LENGTH = 256

/** The lower-cased main type and the `boundary` parameter of a `Content-Type` value. */
function contentTypeOf(contentType: string): { type: string; boundary: string | undefined } {
  const cached = contentTypes.get(contentType)
  if (cached) return cached
  const { value, params } = parseHeaderParameters(contentType)
  const parsed = { type: value, boundary: params.get('boundary') }
  if (contentType.length <= CACHED_CONTENT_TYPE_LENGTH) {
    if (contentTypes.size >= CONTENT_TYPE_CACHE_SIZE) contentTypes.clear()
    contentTypes.set(contentType, parsed)
  }
  return parsed
}

/** The POST parameters of a request body with this content type. */
export function parseFormBody(
  contentType: string | undefined,
  body: Uint8Array | undefined,
): FormFields {
  const { type, boundary } = contentTypeOf(contentType ?? '')
  if (type === 'multipart/form-data') return parseMultipart(boundary, body ?? new Uint8Array())
  if (type === 'application/x-www-form-urlencoded') {
    const bytes = body ?? new Uint8Array()
    return parseQueryString(decodeUtf8Strict(bytes) ?? decodeLatin1(bytes))
  }
  return { fields: [] }
}

const BOUNDARY = /^[ -~]{0,200}[!-~]/

function parseMultipart(boundary: string | undefined, body: Uint8Array): FormFields {
  if (!boundary || !BOUNDARY.test(boundary)) return { refused: 'bad-boundary' }
  if (body.length === 0) return { fields: [] }
  // One character per byte, so positions in the text are positions in the body.
  const text = decodeLatin1(body)
  const delimiter = `--${boundary}`
  const fields: Array<[string, string]> = []
  let start = text.indexOf(delimiter)
  // Django's parser reads what comes before the first delimiter like a part: a preamble with a header
  // block is a field (the whole body when the delimiter never comes, e.g. another boundary's parts).
  let preambleEnd = start < 0 ? text.length : start
  if (start >= 0) {
    if (text[preambleEnd - 1] === '\n') preambleEnd -= 1
    if (preambleEnd > 0 && text[preambleEnd - 1] === '\r') preambleEnd -= 1
  }
  const preamble = parsePart(text, body, 0, preambleEnd)
  if (preamble) fields.push(preamble)
  while (start >= 0) {
    const from = start + delimiter.length
    const next = text.indexOf(delimiter, from)
    let end = next < 0 ? text.length : next
    if (next >= 0) {
      if (text[end - 1] === '\n') end -= 1
      if (end > from && text[end - 1] === '\r') end -= 1
    }
    const field = parsePart(text, body, from, end)
    if (field) {
      fields.push(field)
      if (fields.length > MAX_FIELDS) return { refused: 'too-many-fields' }
    }
    start = next
  }
  return { fields }
}

/** One part: `[name, value]` for a field, `undefined` for a file, a part without a name or raw data. */
function parsePart(
  text: string,
  body: Uint8Array,
  from: number,
  end: number,
): [string, string] | undefined {
  // The blank line must end within the part and within the header budget, so only that window is
  // searched (searching the rest of the body for every part is quadratic on a body of many parts).
  const windowEnd = Math.min(end, from + MAX_PART_HEADER_BYTES)
  const found = text.slice(from, windowEnd).indexOf('\r\n\r\n')
  if (found < 0) return undefined
  const headerEnd = from + found
  let disposition: Map<string, string> | undefined
  let base64 = false
  for (const rawLine of text.slice(from, headerEnd).split('\r\n')) {
    const line = decodeUtf8Strict(latin1Bytes(rawLine))
    if (line === undefined) continue
    const { value, params } = parseHeaderParameters(line)
    const colon = value.indexOf(':')
    if (colon < 0) continue
    const name = value.slice(0, colon).trim()
    if (name === 'content-disposition') disposition = params
    else if (name === 'content-transfer-encoding')
      base64 = value.slice(colon + 1).trim() === 'base64'
  }
  const fieldName = disposition?.get('name')?.trim()
  if (!disposition || !fieldName || disposition.get('filename')) return undefined
  let data = body.subarray(headerEnd + 4, end)
  if (base64) data = pyBase64Decode(decodeLatin1(data)) ?? data
  return [fieldName, decodeUtf8Lenient(data)]
}

function latin1Bytes(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length)
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i)
  return bytes
}
