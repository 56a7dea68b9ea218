/**
 * The journal as HAR 1.2 (HTTP Archive), the browser's own format: Chromium's DevTools Network panel
 * imports it, Playwright's `routeFromHAR` replays it. One HAR entry per journal entry, oldest first.
 *
 * Redacted as the journal is, by default: credential headers (`Authorization`, cookies, `*-key`, `*-token`…)
 * and secret-named query parameters and body fields (`password`, `api_key`…) read `[redacted]`. A request
 * body without secrets is kept byte for byte as the client sent it, so a replay matches it; one with secrets
 * is not, so a replay that matches on the body (Playwright's, for POST) misses it. `redact: false` keeps
 * everything as sent, for a replay file that stays on the developer's machine.
 *
 * `time` and `timings.wait` are the simulator's own time to answer (`durationMs`); `startedDateTime` the
 * simulator clock's time of the request. A body the journal kept only in part is the part kept, and says
 * so in a `comment`.
 * @module
 */
import { UNDERSTUDY_VERSION } from '../core/version.js'
import type { RawJournalEntry } from './entry.js'
import { REDACTED, redactText, SECRET_NAME, SECRET_NAMES } from './redact.js'

/** A name and a value (a header, a query parameter). */
interface HarNameValue {
  name: string
  value: string
  comment?: string
}

/** A request body. */
interface HarPostData {
  mimeType: string
  text: string
  comment?: string
}

/** A response body. */
interface HarContent {
  size: number
  mimeType: string
  text?: string
  comment?: string
}

/** A request as HAR records it. */
interface HarRequest {
  method: string
  url: string
  httpVersion: string
  cookies: HarNameValue[]
  headers: HarNameValue[]
  queryString: HarNameValue[]
  postData?: HarPostData
  headersSize: number
  bodySize: number
  comment?: string
}

/** A response as HAR records it. */
interface HarResponse {
  status: number
  statusText: string
  httpVersion: string
  cookies: HarNameValue[]
  headers: HarNameValue[]
  content: HarContent
  redirectURL: string
  headersSize: number
  bodySize: number
  comment?: string
}

/** One exchange. `_understudy` is the journal's own account of it (HAR allows fields starting with `_`). */
export interface HarEntry {
  startedDateTime: string
  time: number
  request: HarRequest
  response: HarResponse
  cache: Record<string, never>
  timings: { send: number; wait: number; receive: number }
  comment?: string
  _understudy: {
    seq: number
    service: string
    operation: string | null
    tenant: string | null
    actor: string | null
    fault: RawJournalEntry['fault']
    error?: { message: string; stack: string }
  }
}

/** A HAR 1.2 document. */
export interface Har {
  log: {
    version: '1.2'
    creator: { name: 'understudy'; version: string }
    /** No pages: the requests were not made by a page load (older DevTools importers need the list). */
    pages: []
    entries: HarEntry[]
    comment: string
  }
}

/** Options of `journal.toHAR`. */
export interface HarOptions {
  /**
   * Replace secrets with `[redacted]` (default `true`), as the journal does. `false` writes headers and
   * bodies as sent, so that a replay matches every request (e.g. a create-user whose password is in the
   * body); such a file holds the simulated accounts' keys and passwords: keep it out of shared places.
   */
  redact?: boolean
}

/** What the builder needs of the journal besides its raw entries. */
export interface HarSources {
  /** The service's parse of a recorded body (as the journal shows it). */
  parse(entry: RawJournalEntry): unknown
  /** A form body's fields as its service reads them, in order (`undefined`: not a form it reads). */
  fields(entry: RawJournalEntry): ReadonlyArray<readonly [string, string]> | undefined
  /** A parsed value with secret-named fields replaced (the journal's `redact`); `undefined`: no redaction. */
  redact: ((value: unknown) => unknown) | undefined
}

/** Header names that carry credentials: `authorization`, cookies, and names ending in a secret word. */
const SECRET_HEADER = new RegExp(`(?:^|[-_])(?:${SECRET_NAMES}|cookie)$`, 'i')
const JSON_TYPE = /^application\/(?:[a-z0-9.+-]*\+)?json\s*(?:;|$)/i

/** Reason phrases of the statuses the simulator answers with (faults may give any from 200 to 599). */
const STATUS_TEXT: Readonly<Record<number, string>> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  203: 'Non-Authoritative Information',
  206: 'Partial Content',
  207: 'Multi-Status',
  208: 'Already Reported',
  226: 'IM Used',
  300: 'Multiple Choices',
  301: 'Moved Permanently',
  302: 'Found',
  303: 'See Other',
  305: 'Use Proxy',
  307: 'Temporary Redirect',
  308: 'Permanent Redirect',
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  407: 'Proxy Authentication Required',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  411: 'Length Required',
  412: 'Precondition Failed',
  413: 'Content Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  416: 'Range Not Satisfiable',
  417: 'Expectation Failed',
  418: "I'm a Teapot",
  421: 'Misdirected Request',
  422: 'Unprocessable Content',
  423: 'Locked',
  424: 'Failed Dependency',
  425: 'Too Early',
  426: 'Upgrade Required',
  428: 'Precondition Required',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  451: 'Unavailable For Legal Reasons',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
  505: 'HTTP Version Not Supported',
  506: 'Variant Also Negotiates',
  507: 'Insufficient Storage',
  508: 'Loop Detected',
  510: 'Not Extended',
  511: 'Network Authentication Required',
}

const lenient = new TextDecoder('utf-8', { fatal: false })

/** The UTF-8 size of a string. */
const utf8Size = (text: string) => new TextEncoder().encode(text).byteLength

function headerList(headers: Readonly<Record<string, string>>, redact: boolean): HarNameValue[] {
  return Object.keys(headers).map((name) => ({
    name,
    value: redact && SECRET_HEADER.test(name) ? REDACTED : (headers[name] as string),
  }))
}

/** A query's `name=value` pairs, decoded as a URL does (`+` a space); a bad escape kept as sent. */
function decodeQueryPart(part: string): string {
  const spaced = part.replaceAll('+', ' ')
  try {
    return decodeURIComponent(spaced)
  } catch {
    return spaced
  }
}

/**
 * The URL and its query parameters, with secret-named parameters' values redacted in both. Only those
 * values change in the URL: the rest stays as the client sent it, so a replay matches it.
 */
function urlAndQuery(url: string, redact: boolean): { url: string; queryString: HarNameValue[] } {
  const hash = url.indexOf('#')
  const bare = hash < 0 ? url : url.slice(0, hash)
  const mark = bare.indexOf('?')
  if (mark < 0) return { url: bare, queryString: [] }
  const queryString: HarNameValue[] = []
  const parts = bare
    .slice(mark + 1)
    .split('&')
    .map((part) => {
      if (part === '') return part
      const equals = part.indexOf('=')
      const name = decodeQueryPart(equals < 0 ? part : part.slice(0, equals))
      const secret = redact && SECRET_NAME.test(name)
      const value = secret ? REDACTED : equals < 0 ? '' : decodeQueryPart(part.slice(equals + 1))
      queryString.push({ name, value })
      return secret ? `${part.slice(0, equals < 0 ? part.length : equals)}=%5Bredacted%5D` : part
    })
  return { url: `${bare.slice(0, mark)}?${parts.join('&')}`, queryString }
}

type Fields = ReadonlyArray<readonly [string, string]>

const MULTIPART_TYPE = /^multipart\/form-data\s*(?:;|$)/i
const BOUNDARY_PARAMETER = /;\s*boundary\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]*))/i

/** Fields with every secret-named one's value replaced. */
const redactedFields = (fields: Fields): Fields =>
  fields.map(([name, value]) => [name, SECRET_NAME.test(name) ? REDACTED : value] as const)

/**
 * A URL-encoded form with each secret field's value replaced, every other byte as sent: the pieces
 * between `&` are the service's fields one for one (empty pieces skipped, a leading `?` dropped, as a form
 * parser does), checked by name; `undefined` when they are not (then the form is written again).
 */
function redactFormPieces(text: string, fields: Fields): string | undefined {
  const lead = text.startsWith('?') ? '?' : ''
  let next = 0
  const pieces = text
    .slice(lead.length)
    .split('&')
    .map((piece) => {
      if (piece === '' || next < 0) return piece
      const field = fields[next]
      const equals = piece.indexOf('=')
      const rawName = equals < 0 ? piece : piece.slice(0, equals)
      if (field === undefined || decodeQueryPart(rawName) !== field[0]) {
        next = -1
        return piece
      }
      next += 1
      return SECRET_NAME.test(field[0]) ? `${rawName}=${REDACTED}` : piece
    })
  return next === fields.length ? lead + pieces.join('&') : undefined
}

/** A multipart `Content-Disposition` name, quoted as a form parser unquotes it. */
const quotedName = (name: string) => `"${name.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`

/** A form body with secret fields: redacted from the fields the service read, then written again. */
function redactFormBody(text: string, mimeType: string, fields: Fields): HarPostText {
  if (!fields.some(([name]) => SECRET_NAME.test(name))) return { text }
  const comment = `redacted: written again from the ${fields.length} fields the service read`
  const redacted = redactedFields(fields)
  if (MULTIPART_TYPE.test(mimeType)) {
    const found = BOUNDARY_PARAMETER.exec(mimeType)
    const boundary = found?.[1]?.replace(/\\(.)/g, '$1') ?? found?.[2] ?? 'understudy-redacted'
    const parts = redacted.map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name=${quotedName(name)}\r\n\r\n${value}\r\n`,
    )
    return { text: `${parts.join('')}--${boundary}--\r\n`, comment }
  }
  const pieces = redactFormPieces(text, fields)
  if (pieces !== undefined) return { text: pieces }
  return {
    text: new URLSearchParams(redacted.map(([name, value]) => [name, value])).toString(),
    comment,
  }
}

/** A request body's text as written, and a comment when it was written again. */
interface HarPostText {
  text: string
  comment?: string
}

/**
 * The request body's text: as sent, or with secrets redacted: JSON field by field, a form from the fields
 * its service read (so a field is redacted by the name the service reads, however it was escaped or
 * quoted), anything else in the text.
 */
function postText(
  entry: RawJournalEntry,
  text: string,
  mimeType: string,
  sources: HarSources,
): HarPostText {
  const { redact } = sources
  if (!redact) return { text }
  if (JSON_TYPE.test(mimeType)) {
    const parsed = sources.parse(entry)
    if (parsed !== null && typeof parsed === 'object') {
      const redacted = JSON.stringify(redact(parsed))
      return { text: redacted === JSON.stringify(parsed) ? text : redacted }
    }
  }
  const fields = sources.fields(entry)
  if (fields !== undefined) return redactFormBody(text, mimeType, fields)
  return { text: redactText(text) }
}

function postData(
  entry: RawJournalEntry,
  sources: HarSources,
): { postData?: HarPostData; bodySize: number } {
  const kept = entry.body
  const bodySize = entry.bodySize ?? kept?.byteLength ?? 0
  if (bodySize === 0) return { bodySize }
  const mimeType = entry.headers['content-type'] ?? 'application/octet-stream'
  if (entry.bodySize === undefined && kept !== undefined) {
    return {
      postData: { mimeType, ...postText(entry, lenient.decode(kept), mimeType, sources) },
      bodySize,
    }
  }
  // Kept in part: the prefix kept (a character cut in half at the end dropped), redacted as text.
  const prefix = kept === undefined ? '' : lenient.decode(kept).replace(/\uFFFD$/, '')
  return {
    postData: {
      mimeType,
      text: sources.redact ? redactText(prefix) : prefix,
      comment: `truncated: the journal kept the first ${kept?.byteLength ?? 0} of ${bodySize} bytes`,
    },
    bodySize,
  }
}

function response(entry: RawJournalEntry, redact: boolean): HarResponse {
  const headers = entry.responseHeaders
  const size = entry.responseSize ?? utf8Size(entry.responseBody)
  const content: HarContent = {
    size,
    mimeType: headers['content-type'] ?? 'x-unknown',
    text: entry.responseBody,
  }
  if (entry.responseSize !== undefined) {
    content.comment = `truncated: the journal kept the first ${entry.responseBody.length} characters of ${size} bytes`
  }
  const out: HarResponse = {
    status: entry.status,
    statusText: STATUS_TEXT[entry.status] ?? '',
    httpVersion: 'HTTP/1.1',
    cookies: [],
    headers: headerList(headers, redact),
    content,
    redirectURL: headers.location ?? '',
    headersSize: -1,
    bodySize: size,
  }
  if (entry.fault?.kind === 'network-error' || entry.fault?.kind === 'hang') {
    out.comment = `no response: an injected network fault (${entry.fault.kind}, fault #${entry.fault.id})`
  }
  return out
}

function harEntry(entry: RawJournalEntry, sources: HarSources): HarEntry {
  const redact = sources.redact !== undefined
  const { url, queryString } = urlAndQuery(entry.url, redact)
  const body = postData(entry, sources)
  const request: HarRequest = {
    method: entry.method,
    url,
    httpVersion: 'HTTP/1.1',
    cookies: [],
    headers: headerList(entry.headers, redact),
    queryString,
    headersSize: -1,
    bodySize: body.bodySize,
  }
  if (body.postData) request.postData = body.postData
  const own: HarEntry['_understudy'] = {
    seq: entry.seq,
    service: entry.service,
    operation: entry.operation,
    tenant: entry.tenant,
    actor: entry.actor,
    fault: entry.fault,
  }
  if (entry.error) own.error = { ...entry.error }
  return {
    startedDateTime: new Date(entry.time).toISOString(),
    time: entry.durationMs,
    request,
    response: response(entry, redact),
    cache: {},
    timings: { send: 0, wait: entry.durationMs, receive: 0 },
    _understudy: own,
  }
}

/** The document around its entries. */
function harDocument(entries: HarEntry[], redacted: boolean): Har {
  return {
    log: {
      version: '1.2',
      creator: { name: 'understudy', version: UNDERSTUDY_VERSION },
      pages: [],
      entries,
      comment: redacted
        ? 'Recorded by the Understudy simulator. Credentials and secret fields read [redacted].'
        : 'Recorded by the Understudy simulator. NOT redacted: holds the requests’ credentials and secrets as sent.',
    },
  }
}

/** The journal's entries as a HAR 1.2 document. */
export function buildHar(entries: readonly RawJournalEntry[], sources: HarSources): Har {
  return harDocument(
    entries.map((entry) => harEntry(entry, sources)),
    sources.redact !== undefined,
  )
}

/**
 * The same document as JSON text, exactly `JSON.stringify(buildHar(…), null, 2)`, in pieces: the text
 * before the entries, one piece per entry (built when it is asked for), the text after them. Only the entry
 * being written is held, so a writer can send each piece as the reader takes it.
 */
export function* harTextPieces(
  entries: Iterable<RawJournalEntry>,
  sources: HarSources,
): Generator<string, void, undefined> {
  const mark = '\u0000entries\u0000'
  const text = JSON.stringify(
    harDocument([mark as unknown as HarEntry], sources.redact !== undefined),
    null,
    2,
  )
  const at = text.indexOf(JSON.stringify(mark))
  const open = text.lastIndexOf('[', at) + 1
  const close = text.indexOf(']', at)
  // What stands before each entry (a line break and the indentation), and before the closing `]`.
  const indent = text.slice(open, at)
  yield text.slice(0, open)
  let count = 0
  for (const entry of entries) {
    const json = JSON.stringify(harEntry(entry, sources), null, 2).replaceAll('\n', indent)
    yield `${count === 0 ? '' : ','}${indent}${json}`
    count += 1
  }
  yield `${count === 0 ? '' : text.slice(at + JSON.stringify(mark).length, close)}${text.slice(close)}`
}
