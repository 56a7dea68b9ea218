/**
 * Time mentions (`<time:…>`) as the real server's `Timestamp` pattern renders them: the text parsed by
 * `dateutil.parser.parse`, else read as a Unix timestamp; a `<time datetime="…Z">` in UTC showing the
 * text as written, or a `timestamp-error` span. Read exactly: ISO 8601 dates and times (`2025-01-01`,
 * `2025-01-01T10:00`, `… 10:00:00.5+02:00`, `…Z`), Unix timestamps of five or more digits, and words that
 * name no date (`tomorrow`). Other forms dateutil reads (`Jan 5 2025 3pm UTC`) stay text.
 * @module
 */
import { escapeText } from './markdown-text.js'

/**
 * Each time mention of a text (`TIMESTAMP_RE`, `<time:([^>]*?)>`: from `<time:` to the first `>`) replaced
 * by what `replace` makes of its text, in one pass (the pattern, tried at every `<time:` of a text without
 * `>`, took quadratic time).
 */
export function replaceTimeMentions(
  text: string,
  replace: (whole: string, time: string) => string,
): string {
  let out = ''
  let from = 0
  for (;;) {
    const start = text.indexOf('<time:', from)
    if (start < 0) break
    const end = text.indexOf('>', start + 6)
    // No `>` after this one: none after any later one either.
    if (end < 0) break
    out += text.slice(from, start) + replace(text.slice(start, end + 1), text.slice(start + 6, end))
    from = end + 1
  }
  return out + text.slice(from)
}

const ISO =
  /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{2})(?::(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?)?(?:[ ]?(Z|[+-]\d{2}(?::?\d{2})?))?)?$/
/** The largest Unix time Python's `datetime` holds (9999-12-31T23:59:59). */
const MAX_SECONDS = 253402300799
/** Words dateutil reads as (part of) a date: months, weekdays, `am`/`pm`, time zone names. */
const DATE_WORDS =
  /\b(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|mon|tue|wed|thu|fri|sat|sun)[a-z]*|am|pm|a|p|utc|gmt|z|t|on|at|of|and)\b/i

const pad = (value: number, width = 2) => String(value).padStart(width, '0')

/** Python's `isoformat()` of a UTC time, `+00:00` written `Z`; microseconds only when not zero. */
function isoUtc(milliseconds: number, micros: number): string {
  const date = new Date(milliseconds)
  const fraction = micros === 0 ? '' : `.${pad(micros, 6)}`
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}${fraction}Z`
}

/** The `datetime` attribute of a time mention, `null` for the error span, `undefined` when not read here. */
function parseTime(input: string): string | null | undefined {
  const text = input.trim()
  const iso = ISO.exec(text)
  if (iso) {
    const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = iso
      .slice(1, 7)
      .map((part) => Number(part ?? 0))
    const micros = Number((iso[7] ?? '').padEnd(6, '0'))
    const days = new Date(Date.UTC(year, month, 0)).getUTCDate()
    const valid = month >= 1 && month <= 12 && day >= 1 && day <= days
    if (!valid || hour > 23 || minute > 59 || second > 59) return null
    let offset = 0
    const zone = iso[8]
    if (zone && zone !== 'Z') {
      const digits = zone.slice(1).replace(':', '')
      const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || 0)
      offset = zone.startsWith('-') ? -minutes : minutes
    }
    const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second) - offset * 60_000)
    // `Date.UTC` reads years 0-99 as 1900-1999.
    if (year < 100) date.setUTCFullYear(date.getUTCFullYear() - 1900)
    return isoUtc(date.getTime(), micros)
  }
  const unix = /^(\d{5,})(?:\.(\d{1,6}))?$/.exec(text)
  if (unix) {
    const seconds = Number(unix[1])
    if (seconds > MAX_SECONDS) return null
    return isoUtc(seconds * 1000, Number((unix[2] ?? '').padEnd(6, '0')))
  }
  if (!/\d/.test(text) && !DATE_WORDS.test(text)) return null
  return undefined
}

/** The HTML of a time mention's text, or `undefined` when it stays text (a form not read here). */
export function renderTime(input: string): string | undefined {
  const datetime = parseTime(input)
  if (datetime === undefined) return undefined
  if (datetime === null)
    return `<span class="timestamp-error">Invalid time format: ${escapeText(input)}</span>`
  return `<time datetime="${datetime}">${escapeText(input)}</time>`
}
