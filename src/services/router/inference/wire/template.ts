/**
 * A JSON answer built from a template: the answer's value is defined once, as a function of its fields, and
 * serialised once with a placeholder in each field's place; each answer is then the template's text with
 * each field's JSON in its place: the same text `JSON.stringify` gives of the value, without building the
 * value and walking it for every answer.
 * @module
 */

/** A field's placeholder: a string no field of an answer holds (JSON writes U+0000 as `\u0000`). */
const placeholder = (name: string) => `\u0000${name}\u0000`
const PLACEHOLDER = /"\\u0000([A-Za-z]+)\\u0000"/g

/** What JSON escapes in a string: a quote, a backslash, control characters; and surrogates (a lone one is escaped). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what JSON escapes.
const ESCAPED = /[\u0000-\u001f"\\\ud800-\udfff]/

/**
 * A field's JSON: `JSON.stringify`'s, without the call for a number (JSON writes a finite one as `String`
 * does, -0 as `0`, any other as `null`), `null`, and a string with nothing to escape (quoted as it is).
 */
function jsonOf(value: unknown): string | undefined {
  if (typeof value === 'string') return ESCAPED.test(value) ? JSON.stringify(value) : `"${value}"`
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null'
  if (value === null) return 'null'
  return JSON.stringify(value) as string | undefined
}

/**
 * The text of `build(fields)` as `JSON.stringify` writes it, from a template made once. `build` must place
 * each field as it is (no branch on a field's value, no field taken apart): the template holds the value's
 * shape, each answer only its fields. A field JSON has no text for (`undefined`, a function: the value's
 * JSON would leave its key out) makes that answer serialised whole.
 */
export function jsonTemplate<Fields extends Record<string, unknown>>(
  build: (fields: Fields) => unknown,
  names: ReadonlyArray<keyof Fields & string>,
): (fields: Fields) => string {
  const text = JSON.stringify(
    build(Object.fromEntries(names.map((n) => [n, placeholder(n)])) as Fields),
  )
  const pieces: string[] = []
  const slots: Array<keyof Fields & string> = []
  let at = 0
  for (const match of text.matchAll(PLACEHOLDER)) {
    pieces.push(text.slice(at, match.index))
    slots.push(match[1] as keyof Fields & string)
    at = match.index + match[0].length
  }
  pieces.push(text.slice(at))
  for (const name of names) {
    if (!slots.includes(name))
      throw new Error(`[understudy] a JSON template lost its field ${name}`)
  }
  return (fields) => {
    let out = pieces[0] as string
    for (let i = 0; i < slots.length; i++) {
      const json = jsonOf(fields[slots[i] as keyof Fields])
      if (json === undefined) return JSON.stringify(build(fields))
      out += json + (pieces[i + 1] as string)
    }
    return out
  }
}
