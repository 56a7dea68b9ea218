/**
 * Between `node:http` and the simulator: reading a body within a limit, building a plain request,
 * and writing a plain or Fetch response, the same bytes either way.
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import {
  type BodyPart,
  isStreamed,
  isStreamType,
  type PlainRequest,
  type PlainResponse,
} from '../../engine/core/http.js'

/** A request body as read: the bytes, or `oversized` when it passed the limit (the rest is not read). */
export type ReadBody = { bytes: Buffer | undefined; oversized: boolean }

/**
 * Reads a request body up to `limit` bytes. A declared `Content-Length` over the limit is refused before
 * reading; a body that grows past it stops being read.
 */
export function readBody(request: IncomingMessage, limit: number): Promise<ReadBody> {
  const declared = Number(request.headers['content-length'])
  if (Number.isFinite(declared) && declared > limit)
    return Promise.resolve({ bytes: undefined, oversized: true })
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) {
        request.off('data', onData)
        request.pause()
        resolve({ bytes: undefined, oversized: true })
        return
      }
      chunks.push(chunk)
    }
    request.on('data', onData)
    request.on('end', () =>
      resolve({
        // One chunk (the usual small body) is used as it is, not copied.
        bytes:
          chunks.length === 0 ? undefined : chunks.length === 1 ? chunks[0] : Buffer.concat(chunks),
        oversized: false,
      }),
    )
    request.on('error', reject)
  })
}

/**
 * The characters of a request target that URL parsing keeps as they are in the path and the query:
 * RFC 3986's unreserved and sub-delimiter characters but `'` (which the query percent-encodes), and
 * `:`, `@`, `%`, `/`, `?`. Anything else (space, `\`, `#`, `"`, `{`, non-ASCII, …) goes through `URL`.
 */
const KEPT = new Uint8Array(128)
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&()*+,;=:@%/?')
  KEPT[c.charCodeAt(0)] = 1

/**
 * Whether `origin + target` is already what `new URL` would make of it: an origin-form target of kept
 * characters with no dot segment (`/.`, or `%2e`, which URL parsing also reads as a dot).
 */
function isPlainTarget(target: string): boolean {
  if (target.charCodeAt(0) !== 0x2f) return false
  for (let i = 1; i < target.length; i++) {
    const c = target.charCodeAt(i)
    if (c >= 128 || KEPT[c] === 0) return false
    if (c === 0x2e && target.charCodeAt(i - 1) === 0x2f) return false
    if (
      c === 0x25 &&
      target.charCodeAt(i + 1) === 0x32 &&
      (target.charCodeAt(i + 2) | 0x20) === 0x65
    )
      return false
  }
  return true
}

/** The query of every request without one (read, never changed, by the services and the journal). */
const NO_QUERY = new URLSearchParams()

/** The origins whose `new URL(origin).origin` is the origin as written (checked once each). */
const exactOrigins = new Map<string, boolean>()
const isExactOrigin = (origin: string): boolean => {
  let exact = exactOrigins.get(origin)
  if (exact === undefined) {
    exact = new URL(origin).origin === origin
    exactOrigins.set(origin, exact)
  }
  return exact
}

/**
 * A node request as a plain request (header names lower-case; repeated headers joined by `, `). The URL,
 * path and query are those of `new URL(origin + target)`; a plain target (the usual one) is taken as it is,
 * without parsing a URL, and a target without a query shares no `URL` object.
 */
export function toPlainRequest(
  request: IncomingMessage,
  origin: string,
  body: ReadBody | undefined,
): PlainRequest {
  const target = request.url ?? '/'
  let url: string
  let path: string
  let query: URLSearchParams
  if (isPlainTarget(target) && isExactOrigin(origin)) {
    url = origin + target
    const mark = target.indexOf('?')
    path = mark < 0 ? target : target.slice(0, mark)
    // With its `?`: the constructor drops one, as `URL#searchParams` reads `search`.
    query = mark < 0 ? NO_QUERY : new URLSearchParams(target.slice(mark))
  } else {
    const parsed = new URL(`${origin}${target}`)
    url = parsed.href
    path = parsed.pathname
    query = parsed.searchParams
  }
  // Node's own record of the headers, unless a header came as a list (only `set-cookie` does).
  const incoming = request.headers
  let headers = incoming as Record<string, string>
  if ('set-cookie' in incoming) {
    headers = {}
    for (const name in incoming) {
      const value = incoming[name]
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value
    }
  }
  const bytes = body?.bytes
  const plain: PlainRequest = {
    method: request.method ?? 'GET',
    url,
    path,
    query,
    headers,
    body:
      bytes && bytes.length > 0
        ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length)
        : undefined,
  }
  if (body?.oversized) plain.oversized = true
  return plain
}

/**
 * Writes a plain response with an exact `Content-Length` (no body on HEAD). The body goes to `end` as a
 * string: node then sends the head and the body in one write, where a Buffer costs a second (`writev`).
 * A streamed response (`parts`) goes out part by part, chunked, each after its delay, each produced as the
 * client takes the one before (`writeEach`): the promise settles when the last part is written (or the
 * client has gone).
 */
export function writePlain(
  response: ServerResponse,
  plain: PlainResponse,
  head: boolean,
): void | Promise<void> {
  const headers: Record<string, string> = {}
  for (const name in plain.headers) headers[name] = plain.headers[name] as string
  if (isStreamed(plain) && !head) {
    response.writeHead(plain.status, headers)
    return writeEach(response, plain.parts)
  }
  headers['content-length'] = String(Buffer.byteLength(plain.body))
  response.writeHead(plain.status, headers)
  if (head) response.end()
  else response.end(plain.body, 'utf8')
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Settles when `response` may be written again (`drain`), or has closed. */
function drained(response: ServerResponse): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      response.off('drain', done)
      response.off('close', done)
      resolve()
    }
    response.on('drain', done)
    response.on('close', done)
  })
}

/** How long writing pieces may hold the event loop before other requests get a turn, in ms. */
const PIECES_SLICE_MS = 10

/**
 * Writes a body that comes in pieces (a stream's parts, each after its delay, or an export's pieces), each
 * produced when it is taken, then ends it: it waits while the client has not read what was sent (`drain`),
 * so a client that stops reading leaves the rest unproduced, neither in the simulator nor in the socket's
 * buffer; it gives other requests a turn at least every {@link PIECES_SLICE_MS} ms, and stops when the
 * client goes (ending the pieces' iteration).
 */
async function writeEach(
  response: ServerResponse,
  pieces: Iterable<string | BodyPart>,
): Promise<void> {
  const iterator = pieces[Symbol.iterator]()
  try {
    let slice = performance.now()
    for (let next = iterator.next(); next.done !== true; next = iterator.next()) {
      const piece = next.value
      let text: string
      if (typeof piece === 'string') text = piece
      else {
        text = piece.text
        if (piece.delayMs > 0) {
          await wait(piece.delayMs)
          slice = performance.now()
        }
      }
      if (response.destroyed) return
      if (!response.write(text, 'utf8')) await drained(response)
      // A socket that takes everything at once drains without a turn of the event loop: give one.
      if (performance.now() - slice > PIECES_SLICE_MS) {
        await new Promise((resolve) => setImmediate(resolve))
        slice = performance.now()
      }
    }
    response.end()
  } finally {
    iterator.return?.()
  }
}

/**
 * Writes an answer whose body comes in pieces (chunked: its length is not known before), each piece
 * built when it is taken (`writeEach`). A failure is thrown to the caller, which logs it and, the head
 * being sent, cuts the connection (the client sees a broken download, not a wrong one).
 */
export async function writePieces(
  response: ServerResponse,
  answer: { status: number; headers: Record<string, string>; pieces: Iterable<string> },
  head: boolean,
): Promise<void> {
  response.writeHead(answer.status, answer.headers)
  if (head) response.end()
  else await writeEach(response, answer.pieces)
}

/** Writes a Fetch response the way `writePlain` writes a plain one. */
export async function writeFetchResponse(
  response: ServerResponse,
  answer: Response,
  head: boolean,
): Promise<void> {
  const headers: Record<string, string | string[]> = {}
  answer.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value
  })
  const cookies = answer.headers.getSetCookie()
  if (cookies.length > 0) headers['set-cookie'] = cookies
  if (!head && answer.body && isStreamType(answer.headers.get('content-type'))) {
    // A stream, as `writePlain` writes one: chunked, each piece as it comes.
    response.writeHead(answer.status, headers)
    const reader = answer.body.getReader()
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      if (response.destroyed) {
        await reader.cancel()
        return
      }
      // The next piece is read only once the client has taken this one (back-pressure up to the reader).
      if (!response.write(read.value)) await drained(response)
    }
    response.end()
    return
  }
  const body = Buffer.from(await answer.arrayBuffer())
  headers['content-length'] = String(body.length)
  response.writeHead(answer.status, headers)
  response.end(head ? undefined : body)
}

/** Writes a JSON body of the server's own (not a simulated service's). */
export function sendJson(response: ServerResponse, status: number, value: unknown): void {
  writePlain(
    response,
    { status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(value) },
    false,
  )
}
