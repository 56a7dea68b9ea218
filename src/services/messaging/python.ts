/**
 * Small helpers that reproduce the Python behaviour the real server relies on (it is a Django app):
 * `str.strip()` and `str.split()` whitespace, code-point lengths and ordering, non-strict base64,
 * and `datetime.isoformat()`.
 * @module
 */

/**
 * Whether a UTF-16 unit is one of the characters Python's `str.isspace()` accepts (a different set from
 * JavaScript's `\s`): `\t\n\v\f\r`, `\x1c`-`\x1f`, space, `\x85`, `\xa0`, `\u1680`, `\u2000`-`\u200a`,
 * `\u2028`, `\u2029`, `\u202f`, `\u205f`, `\u3000` (all in the BMP, so a unit test is a character test).
 */
function isPySpace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d) || code >= 0x1c
  if (code < 0x85) return false
  return (
    code === 0x85 ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000
  )
}

/** Python's `s.strip()`. A scan from both ends (most values have nothing to strip and are returned as is). */
export function pyStrip(text: string): string {
  let start = 0
  let end = text.length
  while (start < end && isPySpace(text.charCodeAt(start))) start += 1
  while (end > start && isPySpace(text.charCodeAt(end - 1))) end -= 1
  return start === 0 && end === text.length ? text : text.slice(start, end)
}

/** Python's `s.split()` (no separator): splits on runs of whitespace, dropping empty pieces. */
export function pySplit(text: string): string[] {
  const pieces: string[] = []
  let start = -1
  for (let i = 0; i < text.length; i++) {
    if (isPySpace(text.charCodeAt(i))) {
      if (start >= 0) pieces.push(text.slice(start, i))
      start = -1
    } else if (start < 0) start = i
  }
  if (start >= 0) pieces.push(text.slice(start))
  return pieces
}

/** Python's `len(s)`: code points, not UTF-16 units (a surrogate pair is one; a lone surrogate counts alone). */
export function codePointLength(text: string): number {
  let length = text.length
  for (let i = 0; i < text.length - 1; i++) {
    const code = text.charCodeAt(i)
    if (code >= 0xd800 && code <= 0xdbff) {
      const low = text.charCodeAt(i + 1)
      if (low >= 0xdc00 && low <= 0xdfff) {
        length -= 1
        i += 1
      }
    }
  }
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

/** Each ASCII code's value in the base64 alphabet, -1 outside it. */
const B64_VALUES = (() => {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
  const values = new Int8Array(128).fill(-1)
  for (let i = 0; i < alphabet.length; i++) values[alphabet.charCodeAt(i)] = i
  return values
})()

/**
 * `base64.b64decode(text)` with Python's defaults (`validate=False`): non-alphabet characters are
 * skipped, decoding stops at a complete padding, and a dangling quantum is an error.
 * `undefined` where Python raises (`binascii.Error`, or a non-ASCII `str`).
 */
export function pyBase64Decode(text: string): Uint8Array | undefined {
  // At most 3 bytes for every 4 characters: one buffer of that size, cut to the bytes written.
  const out = new Uint8Array(Math.floor(text.length / 4) * 3 + 3)
  let length = 0
  let quad = 0
  let left = 0
  let pads = 0
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code > 0x7f) return undefined
    if (code === 0x3d) {
      if (quad >= 2 && quad + ++pads >= 4) return out.slice(0, length)
      continue
    }
    const value = B64_VALUES[code] as number
    if (value < 0) continue
    pads = 0
    if (quad === 0) {
      left = value
      quad = 1
    } else if (quad === 1) {
      out[length++] = (left << 2) | (value >> 4)
      left = value & 0x0f
      quad = 2
    } else if (quad === 2) {
      out[length++] = (left << 4) | (value >> 2)
      left = value & 0x03
      quad = 3
    } else {
      out[length++] = (left << 6) | value
      left = 0
      quad = 0
    }
  }
  return quad === 0 ? out.slice(0, length) : undefined
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
    // `apply` takes the typed array as it is; a spread (`...`) iterates it, several times slower.
    out += String.fromCharCode.apply(null, bytes.subarray(i, i + 8192) as unknown as number[])
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

/** `datetime.isoformat(timespec="minutes")` of an aware UTC datetime: `2026-01-01T00:00+00:00`. */
export function pyIsoformatMinutes(epochMs: number): string {
  return `${new Date(epochMs).toISOString().slice(0, 16)}+00:00`
}

/** Python's non-standard number words, which its `json` module reads as floats. */
const PY_JSON_FLOAT_WORDS = ['-Infinity', 'Infinity', 'NaN']
/** A JSON number with a fraction or an exponent: a float in Python. */
const JSON_FLOAT = /^-?(?:0|[1-9]\d*)(?:\.\d+(?:[eE][+-]?\d+)?|[eE][+-]?\d+)$/

/**
 * Parses a `Json[…]` parameter as the real server's strict validation sees it: Python's JSON grammar
 * (`NaN`, `Infinity` and `-Infinity` are numbers too), and every float (those three, and any number with
 * a fraction or an exponent, `8.0` included) read as `null`, which a strict boolean, integer, list or dict
 * refuses in the same words as a float. `JSON.parse` alone would lose `8.0` (it reads `8`) and refuse
 * `NaN`. Throws `SyntaxError` where Python's parser refuses the text. One pass over the text.
 */
export function parsePyJsonStrict(raw: string): unknown {
  let out = ''
  let kept = 0
  let i = 0
  while (i < raw.length) {
    const char = raw[i] as string
    if (char === '"') {
      i += 1
      while (i < raw.length && raw[i] !== '"') i += raw[i] === '\\' ? 2 : 1
      i += 1
      continue
    }
    const word = PY_JSON_FLOAT_WORDS.find((candidate) => raw.startsWith(candidate, i))
    let end = i + (word?.length ?? 0)
    if (!word) {
      if (char !== '-' && (char < '0' || char > '9')) {
        i += 1
        continue
      }
      while (end < raw.length && /[-+.\deE]/.test(raw[end] as string)) end += 1
    }
    if (word || JSON_FLOAT.test(raw.slice(i, end))) {
      out += `${raw.slice(kept, i)}null`
      kept = end
    }
    i = end
  }
  return JSON.parse(kept === 0 ? raw : out + raw.slice(kept))
}
