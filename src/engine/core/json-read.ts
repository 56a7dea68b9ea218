/**
 * The one reader of a JSON body: the router's request bodies, the control surface's and the journal's read-back
 * of a router body all go through it, with its guards in one order. Each caller turns a refusal into its own
 * error, in its own words (the router's wire error, the control surface's 400, the journal's text).
 *
 * The order: the text must be UTF-8 (`readJson`; `readJsonText` takes text a caller decoded its own way),
 * not blank, hold at most {@link MAX_KEYS_PER_OBJECT} keys in one object (and `keysInAll` in all, where a
 * caller sets it) and nest at most {@link MAX_JSON_DEPTH} levels deep, all counted on the text before it is
 * parsed (decisions/json-key-limits.md); then it must parse. A body over the size limit never gets here: the
 * simulator answers it 413 before any service, and the control surface refuses it first.
 * @module
 */
import { MAX_JSON_DEPTH, MAX_KEYS_PER_OBJECT, nestedDeeperThan, tooManyKeys } from './json-keys.js'

/** Why a body was not read, by the guard that stopped it (in the order they are checked). */
export type JsonRefusal =
  | 'not-utf8'
  | 'blank'
  | 'keys-per-object'
  | 'keys-in-all'
  | 'too-deep'
  | 'not-json'

/** A caller's limits beyond those every JSON body has. */
export interface JsonReadOptions {
  /** The most keys all the objects of the body may hold together (default: no limit beside one object's). */
  keysInAll?: number
  /**
   * Whether a body nested too deep that does not parse either is refused as `not-json` (the router: the real
   * service has no nesting limit, so its syntax error is what a client sees) rather than `too-deep`.
   */
  syntaxOverDepth?: boolean
}

/** A text's value, or why it was refused, with the text. */
export type JsonTextRead =
  | { ok: true; value: unknown }
  | { ok: false; refused: Exclude<JsonRefusal, 'not-utf8'>; text: string }

/** A body's value, or why it was refused (with its text, when it was UTF-8). */
export type JsonRead = JsonTextRead | { ok: false; refused: 'not-utf8' }

const utf8 = new TextDecoder('utf-8', { fatal: true })

/** Reads a body's bytes (none: blank) as JSON; bytes that are not UTF-8 are refused. */
export function readJson(body: Uint8Array | undefined, options: JsonReadOptions = {}): JsonRead {
  let text: string
  try {
    text = body === undefined ? '' : utf8.decode(body)
  } catch {
    return { ok: false, refused: 'not-utf8' }
  }
  return readJsonText(text, options)
}

/** Reads a text as JSON, with the guards of `readJson` after its UTF-8 check. */
export function readJsonText(text: string, options: JsonReadOptions = {}): JsonTextRead {
  if (text.trim() === '') return { ok: false, refused: 'blank', text }
  const keys = tooManyKeys(text, MAX_KEYS_PER_OBJECT, options.keysInAll ?? Number.POSITIVE_INFINITY)
  if (keys === 'object') return { ok: false, refused: 'keys-per-object', text }
  if (keys === 'total') return { ok: false, refused: 'keys-in-all', text }
  if (nestedDeeperThan(text, MAX_JSON_DEPTH)) {
    const refused = options.syntaxOverDepth && !parses(text) ? 'not-json' : 'too-deep'
    return { ok: false, refused, text }
  }
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch {
    return { ok: false, refused: 'not-json', text }
  }
}

/** Whether a text is JSON (parsed to tell, its value dropped). */
function parses(text: string): boolean {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}
