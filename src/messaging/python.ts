/**
 * Small helpers that reproduce the Python behaviour the real server relies on (it is a Django app):
 * `str.strip()` and `str.split()` whitespace, code-point lengths and ordering, non-strict base64,
 * and `datetime.isoformat()`.
 * @module
 */

/** The characters Python's `str.isspace()` accepts (a different set from JavaScript's `\s`). */
const PY_SPACE =
  '\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000'
const LEADING = new RegExp(`^[${PY_SPACE}]+`)
const TRAILING = new RegExp(`[${PY_SPACE}]+$`)
const RUNS = new RegExp(`[${PY_SPACE}]+`)

/** Python's `s.strip()`. */
export function pyStrip(text: string): string {
  return text.replace(LEADING, '').replace(TRAILING, '')
}

/** Python's `s.rstrip()`. */
export function pyRstrip(text: string): string {
  return text.replace(TRAILING, '')
}

/** Python's `s.split()` (no separator): splits on runs of whitespace, dropping empty pieces. */
export function pySplit(text: string): string[] {
  const stripped = pyStrip(text)
  return stripped === '' ? [] : stripped.split(RUNS)
}

/** Python's `len(s)`: code points, not UTF-16 units. */
export function codePointLength(text: string): number {
  let length = 0
  for (const _ of text) length += 1
  return length
}

/** Python's string ordering: by code point (JavaScript's `<` compares UTF-16 units). */
export function compareCodePoints(a: string, b: string): number {
  const left = [...a]
  const right = [...b]
  const length = Math.min(left.length, right.length)
  for (let i = 0; i < length; i++) {
    const x = (left[i] as string).codePointAt(0) as number
    const y = (right[i] as string).codePointAt(0) as number
    if (x !== y) return x - y
  }
  return left.length - right.length
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

/**
 * `base64.b64decode(text)` with Python's defaults (`validate=False`): non-alphabet characters are
 * skipped, decoding stops at a complete padding, and a dangling quantum is an error.
 * `undefined` where Python raises (`binascii.Error`, or a non-ASCII `str`).
 */
export function pyBase64Decode(text: string): Uint8Array | undefined {
  const out: number[] = []
  let quad = 0
  let left = 0
  let pads = 0
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code > 0x7f) return undefined
    if (code === 0x3d) {
      if (quad >= 2 && quad + ++pads >= 4) return new Uint8Array(out)
      continue
    }
    const value = B64.indexOf(text[i] as string)
    if (value < 0) continue
    pads = 0
    if (quad === 0) {
      left = value
      quad = 1
    } else if (quad === 1) {
      out.push(((left << 2) | (value >> 4)) & 0xff)
      left = value & 0x0f
      quad = 2
    } else if (quad === 2) {
      out.push(((left << 4) | (value >> 2)) & 0xff)
      left = value & 0x03
      quad = 3
    } else {
      out.push(((left << 6) | value) & 0xff)
      left = 0
      quad = 0
    }
  }
  return quad === 0 ? new Uint8Array(out) : undefined
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true })
const lenientUtf8 = new TextDecoder('utf-8')

/** `bytes.decode()` (strict UTF-8); `undefined` where Python raises `UnicodeDecodeError`. */
export function decodeUtf8Strict(bytes: Uint8Array): string | undefined {
  try {
    return strictUtf8.decode(bytes)
  } catch {
    return undefined
  }
}

/** `bytes.decode('utf-8', errors='replace')`. */
export function decodeUtf8Lenient(bytes: Uint8Array): string {
  return lenientUtf8.decode(bytes)
}

/** `bytes.decode('iso-8859-1')`: one character per byte. */
export function decodeLatin1(bytes: Uint8Array): string {
  let out = ''
  for (let i = 0; i < bytes.length; i += 8192) {
    out += String.fromCharCode(...bytes.subarray(i, i + 8192))
  }
  return out
}

/**
 * Python's `str(float)` for the values the simulator writes (seconds with at most millisecond
 * precision): a whole number keeps `.0` (`60.0`), others read as in JavaScript (`59.999`).
 */
export function pyFloat(value: number): string {
  return Number.isInteger(value) ? `${value}.0` : String(value)
}

/** `datetime.isoformat()` of an aware UTC datetime: `2026-01-01T00:00:00+00:00`, microseconds only when non-zero. */
export function pyIsoformat(epochMs: number): string {
  const iso = new Date(epochMs).toISOString()
  const ms = iso.slice(20, 23)
  const seconds = iso.slice(0, 19)
  return ms === '000' ? `${seconds}+00:00` : `${seconds}.${ms}000+00:00`
}
