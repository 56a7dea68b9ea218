/**
 * The password policy of `POST /users` (`check_password_strength`).
 *
 * The real server rejects a password shorter than `PASSWORD_MIN_LENGTH`, an empty one, and one that
 * zxcvbn estimates at fewer than `PASSWORD_MIN_GUESSES` guesses (production defaults: 6 and 10000;
 * development settings: 0 and 0, so only the empty password fails). zxcvbn splits a password into the
 * sequence of matches (dictionary words, repeats, sequences, dates, keyboard walks, brute force) with the
 * fewest guesses, and a sequence of two or more matches always scores at least 10000 (its additive term,
 * `MIN_GUESSES_BEFORE_GROWING_SEQUENCE ** (matches - 1)`), as does brute force over 6 or more characters.
 * So a password of 6 or more characters is weak exactly when one match covers all of it with fewer than
 * 10000 guesses (checked against zxcvbn 4.5.0, the real server's, and the real 384 and 442 servers:
 * `Zx9!kq` and `letmein!!` are strong, `1234567890` and a 2-character unit repeated 50 times weak).
 * zxcvbn's dictionaries cannot be carried here, so the `production` policy reproduces that rule with:
 *
 * 1. fewer than 6 characters (code points) → weak (`xxxx`, `temp`);
 * 2. the whole password a sequence (a constant step of 1 to 5 code points: `abcdef`, `acegik`, `987654`),
 *    with zxcvbn's guesses (4, 10 or 26 per character, twice for a descending one);
 * 3. the whole password one unit repeated (`aaaaaa`, `ababab`, `xq7xq7`), with zxcvbn's guesses (the
 *    unit's own, times the repetitions);
 * 4. in place of the dictionaries, the whole password (lower-cased) one of the common passwords below, or
 *    one of them followed by a guessable run of at most 4 digits (`password1`, `abcd1234`, `qwerty123`).
 *
 * So `correct-horse`, `iago-password` and `Romeo Montague` are strong, as they are on the real server;
 * a single dictionary word outside the list (`elephant`, `correct`) or a date (`19901231`) is weak there
 * and strong here. Passwords longer than 100 characters are judged like any other (the real server's
 * zxcvbn call with `max_length=100` may fail there instead; `create-user.ts` answers that).
 * @module
 */

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
  '1234567890',
])

/** zxcvbn's `sequence_guesses` of a whole password, or `Infinity` when it is no sequence. */
function sequenceGuesses(chars: readonly string[]): number {
  if (chars.length < 2) return Number.POSITIVE_INFINITY
  const codes = chars.map((c) => c.codePointAt(0) as number)
  const step = (codes[1] as number) - (codes[0] as number)
  if (step === 0 || Math.abs(step) > 5 || (chars.length === 2 && Math.abs(step) !== 1))
    return Number.POSITIVE_INFINITY
  for (let i = 2; i < codes.length; i++)
    if ((codes[i] as number) - (codes[i - 1] as number) !== step) return Number.POSITIVE_INFINITY
  const first = chars[0] as string
  let base = 'aAzZ019'.includes(first) ? 4 : /^\d$/u.test(first) ? 10 : 26
  if (step < 0) base *= 2
  return base * chars.length
}

/** A run of at most 4 digits that zxcvbn guesses cheaply: at most 2 digits, one repeated, or a sequence. */
function isGuessableDigits(text: string): boolean {
  if (!/^[0-9]{1,4}$/.test(text)) return false
  return text.length <= 2 || new Set(text).size === 1 || sequenceGuesses([...text]) < 1000
}

/** The common-password stand-in for zxcvbn's dictionaries: a listed password, or one plus a few digits. */
function isCommon(text: string): boolean {
  const lower = text.toLowerCase()
  if (COMMON.has(lower)) return true
  const word = /^(.*?)([0-9]{1,4})$/.exec(lower)
  return word !== null && COMMON.has(word[1] as string) && isGuessableDigits(word[2] as string)
}

/** The guesses of the cheapest single match covering the whole password (`Infinity` when none is cheap). */
function singleMatchGuesses(chars: readonly string[]): number {
  let guesses = sequenceGuesses(chars)
  if (isCommon(chars.join(''))) guesses = Math.min(guesses, 100)
  const period = smallestPeriod(chars)
  if (period < chars.length) {
    const unit = chars.slice(0, period)
    // The unit's own estimate: brute force (10 per character) or a cheaper single match, plus zxcvbn's 1.
    const unitGuesses = Math.min(10 ** period, singleMatchGuesses(unit)) + 1
    guesses = Math.min(guesses, unitGuesses * (chars.length / period))
  }
  return guesses
}

/** The length of the shortest unit that the whole sequence repeats (its length when none). */
function smallestPeriod(chars: readonly string[]): number {
  const failure = new Array<number>(chars.length).fill(0)
  for (let i = 1, k = 0; i < chars.length; i++) {
    while (k > 0 && chars[i] !== chars[k]) k = failure[k - 1] as number
    if (chars[i] === chars[k]) k += 1
    failure[i] = k
  }
  const period = chars.length - (failure[chars.length - 1] ?? 0)
  return chars.length % period === 0 ? period : chars.length
}

/** Past this many characters no single match has fewer than 10000 guesses (a repeat costs 11 a unit). */
const LONGEST_WEAK = 2500

/** Whether the real server's `check_password_strength` (as emulated above) accepts the password. */
export function isStrongPassword(password: string, policy: PasswordPolicy): boolean {
  if (password === '') return false
  if (policy === 'development') return true
  if (password.length > 2 * LONGEST_WEAK) return true
  const chars = [...password]
  if (chars.length < MIN_LENGTH) return false
  return singleMatchGuesses(chars) + 1 >= 10_000
}
