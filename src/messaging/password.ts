/**
 * The password policy of `POST /users` (`check_password_strength`).
 *
 * The real server rejects a password shorter than `PASSWORD_MIN_LENGTH`, an empty one, and one that
 * zxcvbn estimates at fewer than `PASSWORD_MIN_GUESSES` guesses (production defaults: 6 and 10000;
 * development settings: 0 and 0, so only the empty password fails). zxcvbn's estimate cannot be
 * reproduced without zxcvbn and its dictionaries, so the `production` policy uses this stand-in:
 *
 * 1. fewer than 6 characters (code points) → weak (`xxxx`, `temp`);
 * 2. fewer than 4 distinct characters → weak (`xxxxxx`, `ababab`);
 * 3. otherwise the password is cut into runs of letters, digits and other characters; when every run
 *    is guessable, the password is weak. A run is guessable when it has at most 2 characters, repeats
 *    one character, is an ascending or descending sequence (`abcd`, `1234`, `987`), or is (lower-cased)
 *    one of the common passwords below. So `abcd1234`, `password1`, `qwerty123` and `letmein!!` are weak;
 *    `correct horse`, `iago-password` and `Romeo Montague` are strong.
 *
 * Passwords longer than 100 characters are judged like any other (the real server's zxcvbn call with
 * `max_length=100` may fail there instead; not emulated).
 * @module
 */
import { codePointLength } from './python.js'

/** `production` (minimum length 6 plus the heuristic) or `development` (only an empty password fails). */
export type PasswordPolicy = 'production' | 'development'

const MIN_LENGTH = 6

/** Common passwords and keyboard walks, each guessable on its own. */
const COMMON = new Set([
  'abc',
  'abcd',
  'admin',
  'administrator',
  'asdf',
  'asdfgh',
  'asdfghjkl',
  'baseball',
  'changeme',
  'default',
  'dragon',
  'football',
  'freedom',
  'guest',
  'hello',
  'iloveyou',
  'letmein',
  'login',
  'master',
  'monkey',
  'passw',
  'password',
  'princess',
  'qwerty',
  'qwertyuiop',
  'root',
  'secret',
  'shadow',
  'starwars',
  'sunshine',
  'superman',
  'temp',
  'test',
  'trustno',
  'user',
  'welcome',
  'whatever',
  'zulip',
  'zxcv',
  'zxcvbn',
  'zxcvbnm',
])

function isSequence(run: readonly string[]): boolean {
  if (run.length < 3) return false
  const codes = run.map((c) => c.toLowerCase().codePointAt(0) as number)
  const step = (codes[1] as number) - (codes[0] as number)
  if (step !== 1 && step !== -1) return false
  return codes.every((code, i) => i === 0 || code - (codes[i - 1] as number) === step)
}

/** The longest common password, in characters: a longer run is never one. */
const LONGEST_COMMON = Math.max(...[...COMMON].map((word) => word.length))

function isGuessable(run: readonly string[]): boolean {
  if (run.length <= 2) return true
  if (new Set(run).size === 1) return true
  if (isSequence(run)) return true
  return run.length <= LONGEST_COMMON && COMMON.has(run.join('').toLowerCase())
}

type Kind = 'letter' | 'digit' | 'other'

function kindOf(char: string): Kind {
  const code = char.charCodeAt(0)
  if (code < 0x80) {
    if ((code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a)) return 'letter'
    return code >= 0x30 && code <= 0x39 ? 'digit' : 'other'
  }
  if (/\p{L}/u.test(char)) return 'letter'
  if (/\p{Nd}/u.test(char)) return 'digit'
  return 'other'
}

/** An ASCII character code, lower-cased. */
function lowerAscii(code: number): number {
  return code >= 0x41 && code <= 0x5a ? code + 0x20 : code
}

/** A fast path of `isSequence` for ASCII runs (the common case of a long hostile password). */
function isAsciiSequence(text: string, from: number, to: number): boolean {
  if (to - from < 3) return false
  let previous = text.charCodeAt(from)
  if (previous >= 0x80) return false
  previous = lowerAscii(previous)
  let step = 0
  for (let i = from + 1; i < to; i++) {
    const raw = text.charCodeAt(i)
    if (raw >= 0x80) return false
    const code = lowerAscii(raw)
    const difference = code - previous
    if (i === from + 1) {
      if (difference !== 1 && difference !== -1) return false
      step = difference
    } else if (difference !== step) return false
    previous = code
  }
  return true
}

function isAscii(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (text.charCodeAt(i) >= 0x80) return false
  return true
}

/**
 * `isGuessable` of an ASCII run of 3 or more characters that is no sequence (the caller checked), without
 * copying it into an array: one repeated character, or a common password.
 */
function isGuessableAscii(text: string, from: number, to: number): boolean {
  const first = text.charCodeAt(from)
  let repeated = true
  for (let i = from + 1; i < to && repeated; i++) repeated = text.charCodeAt(i) === first
  if (repeated) return true
  return to - from <= LONGEST_COMMON && COMMON.has(text.slice(from, to).toLowerCase())
}

/** The code point starting at `index` (a surrogate pair is one character), as a string. */
function charAt(text: string, index: number): string {
  const code = text.charCodeAt(index)
  if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
    const low = text.charCodeAt(index + 1)
    if (low >= 0xdc00 && low <= 0xdfff) return text.slice(index, index + 2)
  }
  return text[index] as string
}

/**
 * Whether the real server's `check_password_strength` (as emulated above) accepts the password.
 * One pass, without copying runs of at most 2 characters (always guessable) and stopping at the first
 * run that is not guessable, so even a 10 MiB password costs well under a second.
 */
export function isStrongPassword(password: string, policy: PasswordPolicy): boolean {
  if (password === '') return false
  if (policy === 'development') return true
  if (codePointLength(password) < MIN_LENGTH) return false
  const distinct = new Set<string>()
  for (let i = 0; i < password.length && distinct.size < 4; ) {
    const char = charAt(password, i)
    distinct.add(char)
    i += char.length
  }
  if (distinct.size < 4) return false
  const guessable = (from: number, to: number, characters: number) =>
    characters <= 2 ||
    isAsciiSequence(password, from, to) ||
    (isAscii(password, from, to)
      ? isGuessableAscii(password, from, to)
      : isGuessable([...password.slice(from, to)]))
  let runStart = 0
  let runLength = 0
  let kind: Kind | undefined
  for (let i = 0; i < password.length; ) {
    const char = charAt(password, i)
    const next = kindOf(char)
    if (next !== kind && runLength > 0) {
      if (!guessable(runStart, i, runLength)) return true
      runStart = i
      runLength = 0
    }
    kind = next
    runLength += 1
    i += char.length
  }
  return !guessable(runStart, password.length, runLength)
}
