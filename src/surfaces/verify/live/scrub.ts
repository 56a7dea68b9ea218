/**
 * Removes every credential from live exchanges, so the recording can be kept and shared: the
 * `Authorization` header (a Basic header keeps its e-mail, which is no secret and which replay needs; its
 * key becomes a placeholder of the same form, so a 32-character Zulip key stays 32 letters and digits and
 * an unknown key is still refused the same way), other secret-named headers and cookies, secret-named
 * query parameters and body fields (`password`, `api_key`, `key`, `token`, `secret`), and then any
 * occurrence of a removed secret anywhere else in the texts. The same secret gets the same placeholder
 * throughout, so `verify` still tells one account from another.
 * @module
 */
import type { LiveExchange } from './record.js'

const SECRET_FIELD = /(?:^|_)(?:password|api_key|key|token|secret)$/i
const SECRET_HEADER =
  /^(?:cookie|set-cookie|proxy-authorization|x-api-key)$|[-_](?:key|token|secret)$/i
const REDACTED = '[redacted]'

/** Remembers each secret removed and the placeholder that stands for it. */
class Secrets {
  readonly #placeholders = new Map<string, string>()

  placeholder(secret: string): string {
    let known = this.#placeholders.get(secret)
    if (known === undefined) {
      const n = this.#placeholders.size + 1
      known = /^[A-Za-z0-9]{32}$/.test(secret)
        ? `RedactedKey${String(n).padStart(21, '0')}`
        : `understudy-redacted-${n}`
      this.#placeholders.set(secret, known)
    }
    return known
  }

  /** Text with every remembered secret (of 6 characters or more) replaced. */
  everywhere(text: string): string {
    let out = text
    for (const [secret, placeholder] of this.#placeholders) {
      if (secret.length >= 6) out = out.split(secret).join(placeholder)
    }
    return out
  }

  remember(secret: string): void {
    if (secret !== '' && secret !== REDACTED) this.placeholder(secret)
  }
}

function scrubAuthorization(value: string, secrets: Secrets): string {
  const [scheme = '', token = '', ...rest] = value.trim().split(/\s+/)
  if (rest.length === 0 && scheme.toLowerCase() === 'basic') {
    const decoded = Buffer.from(token, 'base64').toString('utf8')
    const colon = decoded.indexOf(':')
    if (colon > 0) {
      const email = decoded.slice(0, colon)
      const key = secrets.placeholder(decoded.slice(colon + 1))
      return `Basic ${Buffer.from(`${email}:${key}`, 'utf8').toString('base64')}`
    }
  }
  if (rest.length === 0 && scheme.toLowerCase() === 'bearer' && token !== '') {
    return `Bearer ${secrets.placeholder(token)}`
  }
  secrets.remember(value)
  return REDACTED
}

function scrubJson(value: unknown, secrets: Secrets): unknown {
  if (Array.isArray(value)) return value.map((item) => scrubJson(item, secrets))
  if (value === null || typeof value !== 'object') return value
  const out: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) {
    if (SECRET_FIELD.test(key) && (typeof item === 'string' || typeof item === 'number')) {
      secrets.remember(String(item))
      out[key] = REDACTED
    } else out[key] = scrubJson(item, secrets)
  }
  return out
}

function scrubBody(text: string | undefined, type: string | undefined, secrets: Secrets) {
  if (text === undefined || text === '') return text
  if (/json/i.test(type ?? '') || /^\s*[[{]/.test(text)) {
    try {
      const scrubbed = JSON.stringify(scrubJson(JSON.parse(text), secrets))
      return scrubbed === JSON.stringify(JSON.parse(text)) ? text : scrubbed
    } catch {
      // Not JSON after all: treated as a form below.
    }
  }
  if (/multipart/i.test(type ?? '')) return text
  const params = new URLSearchParams(text)
  let changed = false
  for (const [name, value] of [...params]) {
    if (SECRET_FIELD.test(name)) {
      secrets.remember(value)
      params.set(name, REDACTED)
      changed = true
    }
  }
  return changed ? params.toString() : text
}

function scrubUrl(url: string, secrets: Secrets): string {
  const parsed = new URL(url)
  let changed = false
  for (const [name, value] of [...parsed.searchParams]) {
    if (SECRET_FIELD.test(name)) {
      secrets.remember(value)
      parsed.searchParams.set(name, REDACTED)
      changed = true
    }
  }
  return changed ? parsed.toString() : url
}

function scrubHeaders(list: Array<[string, string]>, secrets: Secrets): Array<[string, string]> {
  return list.map(([name, value]) => {
    if (name.toLowerCase() === 'authorization') return [name, scrubAuthorization(value, secrets)]
    if (SECRET_HEADER.test(name)) {
      secrets.remember(value)
      return [name, REDACTED]
    }
    return [name, value]
  })
}

/**
 * The exchanges with every credential removed. `known` adds secrets to remove wherever they appear (the
 * API key given on the command line).
 */
export function scrubExchanges(
  exchanges: readonly LiveExchange[],
  known: readonly string[] = [],
): LiveExchange[] {
  const secrets = new Secrets()
  for (const secret of known) secrets.remember(secret)
  const typeOf = (list: Array<[string, string]>) =>
    list.find(([name]) => name.toLowerCase() === 'content-type')?.[1]
  const first = exchanges.map((exchange) => ({
    ...exchange,
    url: scrubUrl(exchange.url, secrets),
    requestHeaders: scrubHeaders(exchange.requestHeaders, secrets),
    requestBody: scrubBody(exchange.requestBody, typeOf(exchange.requestHeaders), secrets),
    responseHeaders: scrubHeaders(exchange.responseHeaders, secrets),
    responseBody: scrubBody(exchange.responseBody, typeOf(exchange.responseHeaders), secrets) ?? '',
  }))
  // Then any secret that shows up elsewhere (echoed in an answer, in a URL path).
  return first.map((exchange) => ({
    ...exchange,
    url: secrets.everywhere(exchange.url),
    requestHeaders: exchange.requestHeaders.map(
      ([name, value]) => [name, secrets.everywhere(value)] as [string, string],
    ),
    requestBody:
      exchange.requestBody === undefined ? undefined : secrets.everywhere(exchange.requestBody),
    responseHeaders: exchange.responseHeaders.map(
      ([name, value]) => [name, secrets.everywhere(value)] as [string, string],
    ),
    responseBody: secrets.everywhere(exchange.responseBody),
  }))
}
