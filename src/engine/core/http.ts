/**
 * The plain request and response that every operation of every service works on.
 * No msw and no Fetch objects here: the msw adapter and the standalone server translate to and from these.
 * @module
 */

/** A request as an operation sees it. Header names are lower-case. */
export interface PlainRequest {
  method: string
  /** The full URL as the client sent it (for messages and the journal). */
  url: string
  /** The URL path, still percent-encoded. Services narrow it to the part below their base URL. */
  path: string
  query: URLSearchParams
  headers: Readonly<Record<string, string>>
  /** The raw body, or `undefined` when the request had none. */
  body: Uint8Array | undefined
  /** Set when the body was larger than the simulator accepts and was not read (the standalone server). */
  oversized?: boolean
}

/**
 * A response as an operation returns it. The body is already serialised, so every way in sends the same bytes.
 * A streamed answer (server-sent events) has `parts` instead: produced one at a time as a way in pulls them
 * (see {@link BodyParts}), sent one after another, each after its delay, without a `Content-Length`. Its
 * `body` is still the whole text (their concatenation), built only when read (the journal and the ways in
 * read the parts, so a stream is never held whole; see {@link streamedResponse}).
 */
export interface PlainResponse {
  status: number
  headers: Record<string, string>
  body: string
  parts?: BodyParts | undefined
}

/** A part of a streamed body: its text, sent `delayMs` after the part before it (or after the head). */
export interface BodyPart {
  text: string
  delayMs: number
}

/**
 * A streamed body's parts, produced as they are taken: each iteration produces them anew, from the start,
 * the same parts every time (the journal takes them once as the answer is recorded, keeping a prefix and
 * the size; the way in takes them again as the client reads). What an iteration holds is the part being
 * sent, never the whole stream.
 */
export type BodyParts = Iterable<BodyPart>

/** Whether a response is sent as a stream (its parts, without a `Content-Length`). */
export function isStreamed(response: PlainResponse): response is PlainResponse & {
  parts: BodyParts
} {
  return response.parts !== undefined
}

/** The texts of a stream's parts, produced as they are taken (each iteration anew, as the parts are). */
export function partTexts(parts: BodyParts): Iterable<string> {
  return {
    *[Symbol.iterator]() {
      for (const part of parts) yield part.text
    },
  }
}

/**
 * A streamed response: its parts, and a `body` that is their whole text, joined each time it is read (for a
 * way in that cannot stream, such as Playwright's `route.fulfill`; the others send the parts).
 */
export function streamedResponse(
  status: number,
  headers: Record<string, string>,
  parts: BodyParts,
): PlainResponse & { parts: BodyParts } {
  return {
    status,
    headers,
    parts,
    get body() {
      let text = ''
      for (const piece of partTexts(parts)) text += piece
      return text
    },
  }
}

/**
 * The content type every streamed response has, and only they: the standalone server's msw engine, which
 * sees a Fetch `Response`, tells a stream by it (`isStreamType`), as the direct engine tells it by `parts`.
 */
export const STREAM_CONTENT_TYPE = 'text/event-stream'

/** Whether a `Content-Type` value is the streamed responses' ({@link STREAM_CONTENT_TYPE}). */
export function isStreamType(contentType: string | null | undefined): boolean {
  return contentType?.startsWith(STREAM_CONTENT_TYPE) === true
}

const encoder = new TextEncoder()

/**
 * A streamed response's parts as a web stream of UTF-8 bytes, each part after its delay, each produced when
 * the stream asks for it (`pull`: when its reader has taken what was queued), so a reader that stops
 * reading leaves the rest unproduced. Cancelling the stream (a client that stops reading) clears the
 * pending timer and ends the parts' iteration.
 */
export function partsStream(parts: BodyParts): ReadableStream<Uint8Array> {
  let iterator: Iterator<BodyPart> | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      iterator ??= parts[Symbol.iterator]()
      const next = iterator.next()
      if (next.done === true) {
        controller.close()
        return undefined
      }
      const part = next.value
      if (part.delayMs <= 0) {
        controller.enqueue(encoder.encode(part.text))
        return undefined
      }
      return new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          timer = undefined
          controller.enqueue(encoder.encode(part.text))
          resolve()
        }, part.delayMs)
      })
    },
    cancel() {
      if (timer !== undefined) clearTimeout(timer)
      iterator?.return?.()
    },
  })
}

/** Builds a JSON response. `trailingNewline` matches servers (like Zulip's) that end every body with `\n`. */
export function jsonResponse(
  status: number,
  value: unknown,
  options: { headers?: Record<string, string>; trailingNewline?: boolean } = {},
): PlainResponse {
  const text = JSON.stringify(value)
  return {
    status,
    headers: options.headers
      ? { 'content-type': 'application/json', ...options.headers }
      : { 'content-type': 'application/json' },
    body: options.trailingNewline ? `${text}\n` : text,
  }
}

/** A value now, or a promise of it: operations answer synchronously unless they must wait. */
export type MaybeAsync<T> = T | Promise<T>

/** Where a response made from an unexpected exception carries it (a symbol: never sent, never serialised). */
const INTERNAL_ERROR = Symbol('understudy.internal-error')

/** A copy of `response` that carries the exception it stands for (see `internalErrorOf`). */
export function withInternalError(response: PlainResponse, error: unknown): PlainResponse {
  return Object.assign({ ...response }, { [INTERNAL_ERROR]: error })
}

/**
 * The exception a response was made from (by `guarded`), if any: the simulator records it in the journal
 * and logs it, so a simulator bug answered with the service's 500 is still visible.
 */
export function internalErrorOf(response: PlainResponse): unknown {
  return (response as { [INTERNAL_ERROR]?: unknown })[INTERNAL_ERROR]
}

/**
 * Calls `work` and turns a throw or a rejection into `fallback()`, so that an unexpected failure becomes
 * the service's own 500 on the wire, carrying the exception for the journal (`internalErrorOf`). A
 * synchronous answer stays synchronous (no promise, no microtask turn).
 */
export function guarded(
  work: () => MaybeAsync<PlainResponse>,
  fallback: () => PlainResponse,
): MaybeAsync<PlainResponse> {
  try {
    const answer = work()
    return answer instanceof Promise
      ? answer.catch((error: unknown) => withInternalError(fallback(), error))
      : answer
  } catch (error) {
    return withInternalError(fallback(), error)
  }
}

/** Reads a header case-insensitively from a plain record of lower-case names. */
export function header(request: PlainRequest, name: string): string | undefined {
  return request.headers[name.toLowerCase()]
}

/** An injected network fault: the connection is reset, or never answered. */
export interface NetworkFault {
  network: 'reset' | 'hang'
}

/** What the simulator answers a request with: a response, or a network fault. */
export type Outcome = PlainResponse | NetworkFault

/** libuv's errno for a connection reset by peer, by platform (what Node reports; Linux's elsewhere). */
const ECONNRESET_ERRNO: Readonly<Record<string, number>> = { darwin: -54, win32: -4077 }

/**
 * What Node's `fetch` (undici) gives as the `cause` of its `TypeError` when the server resets the
 * connection: `read ECONNRESET`, with `code`, `errno` and `syscall`. An injected `reset` rejects with
 * this cause on every way in, so a client's check (`error.cause.code === 'ECONNRESET'`) sees the same.
 */
export function connectionResetCause(): {
  message: string
  code: 'ECONNRESET'
  errno: number
  syscall: 'read'
} {
  const platform = (globalThis as { process?: { platform?: string } }).process?.platform ?? ''
  return {
    message: 'read ECONNRESET',
    code: 'ECONNRESET',
    errno: ECONNRESET_ERRNO[platform] ?? -104,
    syscall: 'read',
  }
}

/** Whether an outcome is a network fault. */
export function isNetworkFault(outcome: Outcome): outcome is NetworkFault {
  return 'network' in outcome
}

/**
 * The path without trailing slashes. A loop, not `/\/+$/`: on a request path that regular expression takes
 * quadratic time (many slashes followed by anything else; 16,000 of them: half a second).
 */
export function withoutTrailingSlashes(path: string): string {
  let end = path.length
  while (end > 0 && path.charCodeAt(end - 1) === 0x2f) end -= 1
  return path.slice(0, end)
}
