/**
 * The server's own answers (not a simulated service's): refusals in the control surface's error shape
 * `{"error":{"message":…}}`, and the 500 for a crash in the request path, in the shape of the service the
 * path names, with one line on the console so that a simulator bug is seen rather than mistaken for an
 * answer.
 * @module
 */
import { jsonResponse, type PlainResponse } from '../../engine/core/http.js'
import { printable } from '../../engine/core/printable.js'
import { definitionOf, type ServiceName } from '../../services/registry.js'

/** An answer in the control surface's error shape. */
export function controlError(status: number, message: string): PlainResponse {
  return jsonResponse(status, { error: { message } })
}

/** The 500 for a crash while answering a request to `service` (`undefined`: the control surface or the server's own). */
export function internalErrorAnswer(service: ServiceName | undefined): PlainResponse {
  if (service !== undefined) return definitionOf(service).server.internalError()
  return controlError(500, 'Internal server error (see the server console).')
}

/** Logs one line for a crash in the request path: method, path without query (it may hold a token), error. */
export function logInternalError(method: string, pathname: string, error: unknown): void {
  const first =
    (error instanceof Error
      ? (error.stack ?? `${error.name}: ${error.message}`)
      : String(error)
    ).split('\n', 1)[0] ?? ''
  console.error(printable(`[understudy] internal error in ${method} ${pathname}: ${first}`))
}
