/**
 * Reads a HAR file as `verify` needs it, leniently: Chromium's DevTools export, Playwright's `recordHar`,
 * proxies (mitmproxy, Charles, Fiddler…) and Understudy's own `journal.toHAR()` all differ in the optional
 * fields they write. Only `log.entries[].request.method`, `.request.url` and `.response.status` are
 * needed; headers, bodies and dates are used when present. A response body may be base64 (`encoding`),
 * a request body may come as `params` instead of `text`, and `_`-prefixed fields are kept (an Understudy
 * journal's `_understudy.actor` names who sent a request whose credentials were redacted).
 *
 * The schemas are this module's own, not the journal's HAR types: a recording from elsewhere is input to
 * be judged, not something Understudy wrote.
 * @module
 */
import { MAX_JSON_DEPTH, nestedDeeperThan } from '../../engine/core/json-keys.js'
import {
  type HeaderList,
  header,
  type RecordedExchange,
} from '../../engine/core/recorded-exchange.js'
import * as z from '../../engine/core/zod.js'

/** Input `verify` cannot use: no such file, not JSON, not a HAR, nothing replayable. Exit code 2. */
export class VerifyInputError extends Error {
  override readonly name = 'VerifyInputError'
}

const nameValue = z.looseObject({
  name: z.coerce.string(),
  value: z.catch(z.optional(z.coerce.string()), undefined),
})

const entrySchema = z.looseObject({
  startedDateTime: z.catch(z.optional(z.string()), undefined),
  request: z.looseObject({
    method: z.string().check(z.minLength(1)),
    url: z.string().check(z.minLength(1)),
    headers: z.catch(z.optional(z.array(nameValue)), undefined),
    postData: z.catch(
      z.optional(
        z.looseObject({
          mimeType: z.catch(z.optional(z.string()), undefined),
          text: z.catch(z.optional(z.string()), undefined),
          params: z.catch(z.optional(z.array(nameValue)), undefined),
          comment: z.catch(z.optional(z.string()), undefined),
          _encoding: z.catch(z.optional(z.string()), undefined),
          encoding: z.catch(z.optional(z.string()), undefined),
        }),
      ),
      undefined,
    ),
    comment: z.catch(z.optional(z.string()), undefined),
  }),
  response: z.looseObject({
    status: z.coerce.number().check(z.int()),
    headers: z.catch(z.optional(z.array(nameValue)), undefined),
    content: z.catch(
      z.optional(
        z.looseObject({
          text: z.catch(z.optional(z.string()), undefined),
          encoding: z.catch(z.optional(z.string()), undefined),
          mimeType: z.catch(z.optional(z.string()), undefined),
          comment: z.catch(z.optional(z.string()), undefined),
        }),
      ),
      undefined,
    ),
    comment: z.catch(z.optional(z.string()), undefined),
    _error: z.optional(z.unknown()),
  }),
  _understudy: z.catch(
    z.optional(z.looseObject({ actor: z.catch(z.optional(z.nullable(z.string())), undefined) })),
    undefined,
  ),
})

const harSchema = z.looseObject({
  log: z.looseObject({ entries: z.array(z.unknown()) }),
})

type RawEntry = z.output<typeof entrySchema>

function headerList(list: RawEntry['request']['headers']): HeaderList {
  return (list ?? [])
    .filter((header) => !header.name.startsWith(':'))
    .map((header) => [header.name.toLowerCase(), header.value ?? ''] as const)
}

function decodeBase64(text: string): string {
  return Buffer.from(text, 'base64').toString('utf8')
}

function requestBody(entry: RawEntry): string | undefined {
  const post = entry.request.postData
  if (!post) return undefined
  if (post.text !== undefined) {
    const encoding = post._encoding ?? post.encoding
    return encoding === 'base64' ? decodeBase64(post.text) : post.text
  }
  if (post.params !== undefined) {
    return new URLSearchParams(post.params.map((p) => [p.name, p.value ?? ''])).toString()
  }
  return undefined
}

function responseBody(entry: RawEntry): string | undefined {
  const content = entry.response.content
  if (content?.text === undefined) return undefined
  return content.encoding === 'base64' ? decodeBase64(content.text) : content.text
}

function startedAt(entry: RawEntry): number | undefined {
  if (entry.startedDateTime === undefined) return undefined
  const time = Date.parse(entry.startedDateTime)
  return Number.isNaN(time) ? undefined : time
}

/** Why an entry cannot be replayed faithfully, from the recording's own notes. */
function unusableNote(entry: RawEntry): string | undefined {
  if (entry.response.status === 0 || entry.response._error !== undefined) {
    return 'no answer was recorded (the request failed or was aborted)'
  }
  const truncated = [entry.request.postData?.comment, entry.response.content?.comment].find(
    (comment) => comment?.startsWith('truncated'),
  )
  if (truncated) return `the recording kept only part of a body (${truncated})`
  return undefined
}

/**
 * Whether a body is JSON nested deeper than `MAX_JSON_DEPTH`, or an event stream with such JSON in a `data:`
 * line (comparing either would overflow the stack).
 */
function tooDeep(body: string | undefined): boolean {
  if (body === undefined || !nestedDeeperThan(body, MAX_JSON_DEPTH)) return false
  if (deepJson(body)) return true
  return body.split(/\r?\n/).some((line) => line.startsWith('data:') && deepJson(line.slice(5)))
}

/** Whether a text is JSON nested deeper than `MAX_JSON_DEPTH`. */
function deepJson(text: string): boolean {
  if (!nestedDeeperThan(text, MAX_JSON_DEPTH)) return false
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

/** The entry's request line for a message: its method and path (a query may hold a credential). */
function requestLine(entry: RawEntry): string {
  let path = entry.request.url
  try {
    path = new URL(entry.request.url).pathname
  } catch {}
  return `${entry.request.method.toUpperCase()} ${path}`
}

function toExchange(entry: RawEntry, index: number): RecordedExchange {
  const requestHeaders = headerList(entry.request.headers)
  const request = requestBody(entry)
  const response = responseBody(entry)
  for (const [which, body] of [
    ['request', request],
    ['response', response],
  ] as const) {
    if (tooDeep(body))
      throw new VerifyInputError(
        `entry ${index} (${requestLine(entry)}): its ${which} body nests JSON more than ${MAX_JSON_DEPTH.toLocaleString('en-US')} levels deep, which verify cannot compare`,
      )
  }
  return {
    index,
    method: entry.request.method.toUpperCase(),
    url: entry.request.url,
    requestHeaders,
    requestBody: request,
    requestMimeType:
      entry.request.postData?.mimeType || header(requestHeaders, 'content-type') || undefined,
    status: entry.response.status,
    responseHeaders:
      entry.response.headers === undefined ? undefined : headerList(entry.response.headers),
    responseBody: response,
    startedAt: startedAt(entry),
    actor: entry._understudy?.actor ?? undefined,
    unusable: unusableNote(entry),
  }
}

/** An entry that is not one: its position and why. */
export interface MalformedEntry {
  index: number
  reason: string
}

/** The exchanges of a HAR document (text or parsed), and the entries that are not usable HAR entries. */
export function readHar(input: unknown): {
  exchanges: RecordedExchange[]
  malformed: MalformedEntry[]
} {
  let document = input
  if (typeof input === 'string') {
    try {
      document = JSON.parse(input.replace(/^\uFEFF/, ''))
    } catch {
      throw new VerifyInputError('not a HAR file: it is not JSON')
    }
  }
  const parsed = harSchema.safeParse(document)
  if (!parsed.success) throw new VerifyInputError('not a HAR file: it has no log.entries list')
  const exchanges: RecordedExchange[] = []
  const malformed: MalformedEntry[] = []
  parsed.data.log.entries.forEach((raw, position) => {
    const entry = entrySchema.safeParse(raw)
    if (entry.success) exchanges.push(toExchange(entry.data, position + 1))
    else {
      const issue = entry.error.issues[0]
      malformed.push({
        index: position + 1,
        reason: `not a HAR entry: ${issue ? `${issue.path.join('.') || 'entry'}: ${issue.message}` : 'unreadable'}`,
      })
    }
  })
  return { exchanges, malformed }
}
