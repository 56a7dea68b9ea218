/**
 * The checks of `POST /users` on the full name and the e-mail address, as the real server runs them.
 * @module
 */
import { isDisposableDomain } from './disposable.js'
import { messagingMessages } from './errors.js'
import { LEVELS } from './feature-levels.js'
import { codePointLength, pyStrip } from './python.js'
import type { OrganizationRecord } from './records.js'

/** `UserProfile.MAX_NAME_LENGTH`. */
const MAX_NAME_LENGTH = 100
/** `UserProfile.MIN_NAME_LENGTH`, until one-character names are accepted (`LEVELS.oneCharacterNames`). */
const MIN_NAME_LENGTH = 2
/** Control characters, surrogates, non-characters, and the characters Zulip's mention syntax needs. */
const INVALID_NAME_CHARACTER = /[\p{Cc}\p{Cs}\p{Noncharacter_Code_Point}*`\\>"@]/u
/** Python's `re.search(r"\|\d+$", name)`: `$` also matches before a final newline, `\d` is any decimal digit. */
const AMBIGUOUS_MENTION = /\|\p{Nd}+\n?$/u

/**
 * `check_full_name`: the stripped name, or the error message. `others` are the names to compare with
 * when the organization requires unique names.
 */
export function checkFullName(
  raw: string,
  featureLevel: number,
  unique: { required: boolean; others: () => Iterable<string> },
): { name: string } | { error: string } {
  const name = pyStrip(raw)
  const length = codePointLength(name)
  if (length > MAX_NAME_LENGTH) return { error: messagingMessages.nameTooLong }
  if (featureLevel >= LEVELS.oneCharacterNames) {
    if (length === 0) return { error: messagingMessages.nameEmpty }
  } else if (length < MIN_NAME_LENGTH) {
    return { error: messagingMessages.nameTooShort }
  }
  if (INVALID_NAME_CHARACTER.test(name)) return { error: messagingMessages.nameInvalidCharacters }
  if (AMBIGUOUS_MENTION.test(raw)) return { error: messagingMessages.nameInvalidFormat }
  if (unique.required) {
    const normalized = foldName(name)
    for (const other of unique.others()) {
      if (foldName(other) === normalized) return { error: messagingMessages.namesMustBeUnique }
    }
  }
  return { name }
}

/** `unicodedata.normalize("NFKC", name).casefold()`, with casefold approximated by upper- then lower-casing. */
function foldName(name: string): string {
  return name.normalize('NFKC').toUpperCase().toLowerCase()
}

/** Django's `EmailValidator` user part: a dot-atom or a quoted string. */
const USER_PART =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: Django's quoted-string pattern names these control characters.
  /^(?:[-!#$%&'*+/=?^_`{}|~0-9A-Z]+(?:\.[-!#$%&'*+/=?^_`{}|~0-9A-Z]+)*|"(?:[\x01-\x08\x0b\x0c\x0e-\x1f!#-[\]-\x7f]|\\[\x01-\x09\x0b\x0c\x0e-\x7f])*")$/i
const UL = '\\u00a1-\\uffff'
/** Django 5.1+'s domain pattern (`DomainNameValidator` host, domain and TLD parts, no trailing dot). */
const DOMAIN_PART = new RegExp(
  `^[a-z${UL}0-9](?:[a-z${UL}0-9-]{0,61}[a-z${UL}0-9])?(?:\\.(?!-)[a-z${UL}0-9-]{1,63}(?<!-))*\\.(?!-)(?:[a-z${UL}-]{2,63}|xn--[a-z0-9]{1,59})(?<!-)$`,
  'iu',
)
const LITERAL_PART = /^\[([A-F0-9:.]+)\]$/i

function isIpAddress(text: string): boolean {
  const v4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/
  if (v4.test(text)) return true
  if (!text.includes(':')) return false
  try {
    return new URL(`http://[${text}]/`).hostname.length > 2
  } catch {
    return false
  }
}

/** The database column's length (`EMAIL_MAX_LENGTH`): a longer address cannot be stored. */
export const EMAIL_COLUMN_LENGTH = 254

/**
 * Whether `CreateUserForm`'s `EmailField` accepts the address: stripped, at most `maxLength` characters
 * (254 from `LEVELS.emailFormMaxLength`, Django's 320 before), and valid for Django's `EmailValidator`
 * (dot-atom or quoted user part; a domain name, `localhost`, or an IP literal). IDN domains are accepted
 * in their Unicode form, as Django 5.1+ does.
 */
export function isValidEmail(raw: string, maxLength = EMAIL_COLUMN_LENGTH): boolean {
  const email = pyStrip(raw)
  if (email === '' || codePointLength(email) > maxLength || !email.includes('@')) return false
  const at = email.lastIndexOf('@')
  const user = email.slice(0, at)
  const domain = email.slice(at + 1)
  if (!USER_PART.test(user)) return false
  if (domain === 'localhost' || DOMAIN_PART.test(domain)) return true
  const literal = LITERAL_PART.exec(domain)
  return literal !== null && isIpAddress(literal[1] as string)
}

/**
 * Whether Python's `email.headerregistry.Address(addr_spec=…)` parses the address as sent (not stripped).
 * Of the addresses Django's validator accepts (after stripping), it refuses those holding an ASCII control
 * character other than a space or tab: a trailing newline is text its parser cannot consume (`ValueError`),
 * others a `NonPrintableDefect`. `validate_is_not_disposable` answers either with its disposable error
 * (the real 384 and 442 servers: `nl@example.com\n` → `Disposable email addresses are not allowed in this
 * organization`).
 */
function addressParses(email: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what is matched.
  return !/[\x00-\x08\x0a-\x1f\x7f]/.test(email)
}

/**
 * `email_allowed_for_realm` on the address as sent: in a restricted organization, no `+` in the local
 * part and a domain from the allowed list; in an open one, no disposable domain and an address Python's
 * parser reads (when disposable ones are refused).
 * `undefined` when allowed, otherwise the error message.
 */
export function emailNotAllowed(
  email: string,
  organization: OrganizationRecord,
): string | undefined {
  const at = email.lastIndexOf('@')
  const local = email.slice(0, at)
  const domain = email.slice(at + 1).toLowerCase()
  if (!organization.emailsRestrictedToDomains) {
    if (
      organization.disallowDisposableEmailAddresses &&
      (!addressParses(email) || isDisposableDomain(domain))
    )
      return messagingMessages.disposableEmail
    return undefined
  }
  if (local.includes('+')) return messagingMessages.emailContainsPlus
  const allowed = organization.allowedDomains.some(
    (entry) =>
      domain === entry.domain.toLowerCase() ||
      (entry.allowSubdomains && domain.endsWith(`.${entry.domain.toLowerCase()}`)),
  )
  return allowed ? undefined : messagingMessages.emailNotAllowed(email)
}
