/**
 * How many keys a JSON text holds, counted before it is parsed: `JSON.parse` of one object with many keys
 * costs more than linear time (850,000 keys in a 9.6 MiB body: about 1.5 s of the event loop on this
 * project's 2-core machine; 100,000: 0.18 s; 10,000: 3 ms), so a body is refused before it is parsed
 * when it holds more than its limits (decisions/json-key-limits.md); and how deep it nests. One pass
 * each, no allocation but a small stack of counts, strings skipped.
 * @module
 */

/** The most keys one JSON object of a body may hold (router bodies and control bodies alike). */
export const MAX_KEYS_PER_OBJECT = 10_000

/** The deepest nesting of objects and arrays a JSON body may have (a service's or the control surface's). */
export const MAX_JSON_DEPTH = 1000

/** Objects nested deeper than this count their keys in the total only (no legal body nests so deep). */
const TRACKED_DEPTH = 4096

/**
 * Calls `visit` with the code of each `{`, `}`, `[`, `]` and `:` outside strings, in order, until it
 * returns `true`; whether it did. One pass, strings skipped (a `\` skips the character after it).
 */
function someStructural(text: string, visit: (code: number) => boolean): boolean {
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (inString) {
      if (code === 0x5c) i += 1
      else if (code === 0x22) inString = false
    } else if (code === 0x22) inString = true
    else if (code === 0x3a || code === 0x7b || code === 0x7d || code === 0x5b || code === 0x5d) {
      if (visit(code)) return true
    }
  }
  return false
}

/** Whether valid JSON text nests objects and arrays deeper than `limit` (brackets inside strings do not count). */
export function nestedDeeperThan(text: string, limit: number): boolean {
  if (text.length <= limit * 2) return false
  let depth = 0
  return someStructural(text, (code) => {
    if (code === 0x7b || code === 0x5b) return ++depth > limit
    if (code === 0x7d || code === 0x5d) depth -= 1
    return false
  })
}

/**
 * Which limit a JSON text passes, if any: `'object'` when one object holds more than `perObject` keys,
 * `'total'` when all its objects hold more than `total`, else `undefined`. Counts the `:` outside strings
 * (in JSON, each follows a key); text too short to hold that many keys is not scanned.
 */
export function tooManyKeys(
  text: string,
  perObject: number,
  total = Number.POSITIVE_INFINITY,
): 'object' | 'total' | undefined {
  // A key takes at least 5 characters (`"":0,`).
  if (text.length <= 5 * Math.min(perObject, total)) return undefined
  const outer: number[] = []
  let deeper = 0
  let keys = 0
  let all = 0
  let passed: 'object' | 'total' | undefined
  someStructural(text, (code) => {
    if (code === 0x3a) {
      if (deeper === 0) keys += 1
      all += 1
      if (keys > perObject) passed = 'object'
      else if (all > total) passed = 'total'
      return passed !== undefined
    }
    if (code === 0x7b) {
      if (outer.length < TRACKED_DEPTH) {
        outer.push(keys)
        keys = 0
      } else deeper += 1
    } else if (code === 0x7d) {
      if (deeper > 0) deeper -= 1
      else keys = outer.pop() ?? 0
    }
    return false
  })
  return passed
}
