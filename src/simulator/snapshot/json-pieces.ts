/**
 * JSON text in pieces, so that a large state can be written out without holding the event loop:
 * `JSON.stringify` of a 270 MB state holds it for about a second (and cannot make a string past V8's
 * limit, about 512 MiB, at all). The containers less than `expandDepth` levels deep are written as
 * `JSON.stringify(value, null, 2)` writes them, each member a piece of its own; anything deeper (a
 * state file's records) is one piece, `JSON.stringify(value)`: one record per line, and no indentation
 * that could grow with a record's nesting. A long string, at the indented levels or a record's own (a
 * system prompt), is cut into slices, never between the two halves of a surrogate pair; anything else in
 * a record is as large as the request that made it, at most the body limit.
 * @module
 */

/** The longest string written in one piece at the indented levels, in characters. */
const SLICE_CHARS = 64 * 1024

/** Whether a value is written as a container (an object or an array, after `toJSON`). */
const isContainer = (value: unknown): value is object => typeof value === 'object' && value !== null

/** Whether `JSON.stringify` leaves a property with this value out (an array writes `null` for it). */
const isSkipped = (value: unknown) =>
  value === undefined || typeof value === 'function' || typeof value === 'symbol'

/** The value `JSON.stringify` writes for `key`: after the value's own `toJSON`. */
function jsonValue(value: unknown, key: string): unknown {
  const toJSON = isContainer(value) ? (value as { toJSON?: unknown }).toJSON : undefined
  return typeof toJSON === 'function' ? toJSON.call(value, key) : value
}

/** A string as JSON, in slices of at most `SLICE_CHARS` characters. */
function* stringPieces(text: string): Generator<string> {
  if (text.length <= SLICE_CHARS) {
    yield JSON.stringify(text)
    return
  }
  yield '"'
  for (let start = 0; start < text.length; ) {
    let end = Math.min(start + SLICE_CHARS, text.length)
    const last = text.charCodeAt(end - 1)
    // A high surrogate followed by its low half: keep the pair together (JSON.stringify escapes a lone half).
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end -= 1
    yield JSON.stringify(text.slice(start, end)).slice(1, -1)
    start = end
  }
  yield '"'
}

/** Whether an object (a record) has a string of its own longer than a slice (a large system prompt). */
function hasLongString(value: object): boolean {
  if (Array.isArray(value) || typeof (value as { toJSON?: unknown }).toJSON === 'function')
    return false
  for (const key in value) {
    const member = (value as Record<string, unknown>)[key]
    if (typeof member === 'string' && member.length > SLICE_CHARS && Object.hasOwn(value, key))
      return true
  }
  return false
}

/** A record with a long string of its own, compact as `JSON.stringify` writes it, its long strings sliced. */
function* recordPieces(value: object): Generator<string> {
  let first = true
  for (const name of Object.keys(value)) {
    const member = jsonValue((value as Record<string, unknown>)[name], name)
    if (isSkipped(member)) continue
    yield `${first ? '{' : ','}${JSON.stringify(name)}:`
    first = false
    if (typeof member === 'string') yield* stringPieces(member)
    else yield JSON.stringify(member) ?? 'null'
  }
  yield first ? '{}' : '}'
}

/**
 * The JSON text of `value` in pieces (see the module's comment); throws as `JSON.stringify` does for a
 * circular structure or a BigInt.
 * @param expandDepth containers less deep than this are written member by member, indented by two spaces
 *   (or, with `compact`, not indented: the whole text is then `JSON.stringify(value)`'s), deeper ones whole
 */
export function* jsonPieces(
  value: unknown,
  expandDepth: number,
  options: { compact?: boolean } = {},
): Generator<string> {
  const indent = options.compact ? '' : '  '
  const colon = options.compact ? ':' : ': '
  const open = new Set<object>()
  /** Writes a value already through `toJSON`, `depth` levels deep. */
  function* write(value: unknown, depth: number): Generator<string> {
    if (typeof value === 'string') yield* stringPieces(value)
    else if (!isContainer(value)) yield JSON.stringify(value) ?? 'null'
    else if (depth >= expandDepth)
      // A record: one piece, but its own long strings (a system prompt of megabytes) in slices.
      yield* hasLongString(value) ? recordPieces(value) : [JSON.stringify(value)]
    else {
      if (open.has(value)) throw new TypeError('Converting circular structure to JSON')
      open.add(value)
      yield* containerPieces(value, depth)
      open.delete(value)
    }
  }
  /** An indented container: `{`, then each member on a line of its own, then `}` (`[]`, `{}` when empty). */
  function* containerPieces(value: object, depth: number): Generator<string> {
    const inner = indent && `\n${indent.repeat(depth + 1)}`
    const close = indent && `\n${indent.repeat(depth)}`
    if (Array.isArray(value)) {
      if (value.length === 0) {
        yield '[]'
        return
      }
      for (let index = 0; index < value.length; index++) {
        yield index === 0 ? `[${inner}` : `,${inner}`
        const member = jsonValue(value[index], String(index))
        if (isSkipped(member)) yield 'null'
        else yield* write(member, depth + 1)
      }
      yield `${close}]`
      return
    }
    let first = true
    for (const name of Object.keys(value)) {
      const member = jsonValue((value as Record<string, unknown>)[name], name)
      if (isSkipped(member)) continue
      yield first ? `{${inner}` : `,${inner}`
      first = false
      yield* stringPieces(name)
      yield colon
      yield* write(member, depth + 1)
    }
    yield first ? '{}' : `${close}}`
  }
  yield* write(jsonValue(value, ''), 0)
}
