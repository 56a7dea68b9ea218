/**
 * The real server's emoji table (`names.ts`, from its `emoji_names.py` at level 442) as its renderer reads
 * it: `codepoint_to_name` (the canonical name of each code) and `name_to_codepoint` (the code of each name,
 * canonical or alias). Built on first use. In a browser this module is a chunk of its own, loaded when a
 * welcome text may hold an emoji (`source.browser.ts`).
 * @module
 */
import { EMOJI_NAMES } from './names.js'

/** The two lookups of the real server's emoji table. */
export interface EmojiTable {
  /** The canonical name of an emoji code (`1f600` → `grinning`), or `undefined`. */
  nameOfCode(code: string): string | undefined
  /** The code of an emoji name or alias (`happy` → `1f600`), or `undefined`. */
  codeOfName(name: string): string | undefined
}

let built: { names: Map<string, string>; codes: Map<string, string> } | undefined

function build() {
  const names = new Map<string, string>()
  const codes = new Map<string, string>()
  for (const entry of EMOJI_NAMES.split(';')) {
    const [code, canonical, ...aliases] = entry.split(' ') as [string, string, ...string[]]
    names.set(code, canonical)
    for (const name of [canonical, ...aliases]) codes.set(name, code)
  }
  return { names, codes }
}

/** The table (Maps: own entries only, so `constructor` names nothing). */
export const emojiTable: EmojiTable = {
  nameOfCode(code) {
    built ??= build()
    return built.names.get(code)
  },
  codeOfName(name) {
    built ??= build()
    return built.codes.get(name)
  },
}
