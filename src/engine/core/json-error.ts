/**
 * Where a text stops being JSON, in Understudy's own words: the runtime's `JSON.parse` messages differ between
 * Node versions (Node 26's V8 added `(line 1 column 21)` to `… at position 20`), so no message quotes them.
 * @module
 */

/** Where the first error is: an offset into the text (the text's length when it ends early), or -1 if none. */
export function jsonErrorOffset(text: string): number {
  let i = 0
  const space = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i] as string)) i++
  }
  const digits = () => {
    const start = i
    while (i < text.length && (text[i] as string) >= '0' && (text[i] as string) <= '9') i++
    return i > start
  }
  const string = (): boolean => {
    i++ // the opening quote
    while (i < text.length) {
      const c = text.charCodeAt(i)
      if (c === 0x22) {
        i++
        return true
      }
      if (c < 0x20) return false
      if (c !== 0x5c) {
        i++
        continue
      }
      i++ // the backslash
      if (i >= text.length) return false
      if ('"\\/bfnrt'.includes(text[i] as string)) i++
      else if (text[i] === 'u') {
        i++
        for (let k = 0; k < 4; k++, i++) {
          if (i >= text.length || !/[0-9a-fA-F]/.test(text[i] as string)) return false
        }
      } else return false
    }
    return false
  }
  const number = (): boolean => {
    if (text[i] === '-') i++
    if (text[i] === '0') i++
    else if (!digits()) return false
    if (text[i] === '.') {
      i++
      if (!digits()) return false
    }
    if (text[i] === 'e' || text[i] === 'E') {
      i++
      if (text[i] === '+' || text[i] === '-') i++
      if (!digits()) return false
    }
    return true
  }
  const literal = (): boolean => {
    for (const word of ['true', 'false', 'null']) {
      if (text.startsWith(word, i)) {
        i += word.length
        return true
      }
      // A literal cut short by the end of the text.
      const rest = text.slice(i)
      if (rest.length > 0 && word.startsWith(rest)) {
        i = text.length
        return false
      }
    }
    return false
  }
  const value = (): boolean => {
    space()
    const c = text[i]
    if (c === '"') return string()
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return number()
    if (c !== '{' && c !== '[') return literal()
    const close = c === '{' ? '}' : ']'
    i++
    space()
    if (text[i] === close) {
      i++
      return true
    }
    for (;;) {
      if (c === '{') {
        space()
        if (text[i] !== '"' || !string()) return false
        space()
        if (text[i] !== ':') return false
        i++
      }
      if (!value()) return false
      space()
      if (text[i] === close) {
        i++
        return true
      }
      if (text[i] !== ',') return false
      i++
    }
  }
  try {
    if (!value()) return Math.min(i, text.length)
  } catch {
    return text.length // nested deeper than this scanner's stack: say only that it is not JSON
  }
  space()
  return i < text.length ? i : -1
}

/**
 * Why `text` is not JSON, as a clause: `it is empty`, `it is not valid JSON: it ends early, at line 1, column
 * 21`, or `it is not valid JSON: unexpected "x" at line 3, column 5`.
 */
export function jsonProblem(text: string): string {
  if (text.trim() === '') return 'it is empty'
  const offset = jsonErrorOffset(text)
  if (offset === -1) return 'it is not valid JSON'
  const before = text.slice(0, offset)
  const line = before.split('\n').length
  const column = offset - before.lastIndexOf('\n')
  const where = `line ${line}, column ${column}`
  if (offset >= text.length) return `it is not valid JSON: it ends early, at ${where}`
  const code = text.codePointAt(offset) as number
  const shown =
    code < 0x20 || code === 0x7f || code === 0xfeff
      ? `U+${code.toString(16).toUpperCase().padStart(4, '0')}`
      : JSON.stringify(String.fromCodePoint(code))
  return `it is not valid JSON: unexpected ${shown} at ${where}`
}
