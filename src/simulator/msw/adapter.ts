/**
 * The one place where msw meets the core: Fetch `Request` in, plain request to the simulator, Fetch
 * `Response` (or a network error, or no answer at all) out. Imports only from `msw`, which exists in msw 2 and 3.
 * @module
 */
// msw 2 reads Node's localStorage as it loads: hidden meanwhile (no warning on Node 25+), then put back.
import './hide-web-storage.js'
import { HttpResponse, http, type RequestHandler } from 'msw'
import './restore-web-storage.js'
import {
  connectionResetCause,
  isNetworkFault,
  isStreamed,
  type Outcome,
  type PlainRequest,
  type PlainResponse,
  partsStream,
} from '../../engine/core/http.js'
import { locateCall } from '../fetch/request.js'

/**
 * Turns a Fetch request into a plain one, reading its body up to `maxBodyBytes`: a longer body is not
 * buffered (the stream is cancelled at the limit) and the request is marked `oversized` (answered 413).
 */
export function toPlainRequest(
  request: Request,
  maxBodyBytes = Number.POSITIVE_INFINITY,
): Promise<PlainRequest> {
  return locateCall(request).read(maxBodyBytes)
}

/** Turns a plain response into a Fetch response. */
function toFetchResponse(response: PlainResponse): Response {
  if (isStreamed(response)) {
    return new HttpResponse(partsStream(response.parts), {
      status: response.status,
      headers: response.headers,
    })
  }
  const empty = response.status === 204 || response.status === 304 || response.body === ''
  return new HttpResponse(empty ? null : response.body, {
    status: response.status,
    headers: response.headers,
  })
}

/** A promise that never settles: an injected hang (it holds no timer, so it keeps no process alive). */
const never = () => new Promise<never>(() => {})

/**
 * A reset connection as msw gives it: `Response.error()`, which msw's interceptor turns into a `TypeError`
 * (`fetch failed` with msw 3 in Node, `Failed to fetch` with msw 2) with the response as its `cause`. The response carries what undici's
 * cause carries (`message`, `code: 'ECONNRESET'`, `errno`, `syscall`), so a client reads the same fields
 * as through `simulator.fetch`; msw gives no way to reject with an `Error` of one's own without printing
 * an unhandled exception.
 */
const connectionReset = () => Object.assign(HttpResponse.error(), connectionResetCause())

/** Turns an outcome into what an msw resolver returns. */
async function toResolverResult(outcome: Outcome | undefined): Promise<Response | undefined> {
  if (outcome === undefined) return undefined
  if (isNetworkFault(outcome)) return outcome.network === 'reset' ? connectionReset() : never()
  return toFetchResponse(outcome)
}

/**
 * Creates msw handlers answering every request matching the patterns with `answer`; bodies are read up
 * to `maxBodyBytes` (the simulator's limit; unbounded by default, for bodies read within a limit already).
 */
export function serviceHandlers(
  patterns: Array<string | RegExp>,
  answer: (request: PlainRequest) => Promise<Outcome | undefined>,
  maxBodyBytes = Number.POSITIVE_INFINITY,
): RequestHandler[] {
  const resolver = async ({ request }: { request: Request }) => {
    let plain: PlainRequest
    try {
      plain = await toPlainRequest(request, maxBodyBytes)
    } catch {
      // A body that cannot be read (its stream errored, the call was aborted): as `fetch` meets it, a
      // network error, never a 500 carrying the stack.
      return HttpResponse.error()
    }
    return toResolverResult(await answer(plain))
  }
  return patterns.map((pattern) => http.all(pattern, resolver))
}
