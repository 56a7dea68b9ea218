/**
 * What `simulator.fetch` settles with: a real `Response` for an answer, `fetch`'s `TypeError` for a reset
 * connection or a URL no simulated service answers, and no settling at all for a hung connection.
 * @module
 */
import {
  connectionResetCause,
  isStreamed,
  type PlainResponse,
  partsStream,
} from '../../engine/core/http.js'
import { FETCH_FAILED } from './fetch-failed.js'

/** Whether a response to this request and status has no body (HTTP: HEAD, 204, 304). */
export function hasNoBody(method: string, status: number, body: string): boolean {
  return method === 'HEAD' || status === 204 || status === 304 || body === ''
}

/** A plain response as the `Response` `fetch` would resolve with (its `url` is the request's). */
export function toResponse(response: PlainResponse, method: string, url: string): Response {
  const body = hasNoBody(method, response.status, response.body)
    ? null
    : isStreamed(response)
      ? partsStream(response.parts)
      : response.body
  const out = new Response(body, { status: response.status, headers: response.headers })
  Object.defineProperty(out, 'url', { value: url, enumerable: true })
  return out
}

/**
 * The `TypeError` `fetch` rejects with when the server resets the connection: its `cause` is the error
 * undici gives (`read ECONNRESET`, with `code: 'ECONNRESET'`, `errno` and `syscall: 'read'`).
 */
export function resetError(): TypeError {
  const { message, ...fields } = connectionResetCause()
  return new TypeError(FETCH_FAILED, { cause: Object.assign(new Error(message), fields) })
}

/** A promise that never settles (an injected hang); it holds no timer, so it keeps no process alive. */
export function never(): Promise<never> {
  return new Promise<never>(() => {})
}
