/**
 * The `msw` engine: every request through msw's `getResponse` over the simulator's server-scope handlers
 * (loaded only for this engine: the default engine never imports msw).
 *
 * What msw cannot carry goes to the core as the `direct` engine does, so that both engines give the same
 * bytes: a body over the limit (it is not read), and a method Fetch refuses to build a `Request` with
 * (`TRACE`, `TRACK`, `CONNECT`).
 * @module
 */
import type { IncomingMessage } from 'node:http'
import { perService, type ServiceName } from '../../services/registry.js'
import { hideWebStorage, restoreWebStorage } from '../../simulator/msw/hide-web-storage.js'
import type { SimulatorCore } from '../../simulator/simulator-core.js'
import type { ReadBody } from './node-io.js'

const FETCH_FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK'])

/** Whether the msw engine can carry a request, or the core must answer it. */
export function mswCanCarry(method: string, body: ReadBody | undefined): boolean {
  return !FETCH_FORBIDDEN_METHODS.has(method.toUpperCase()) && body?.oversized !== true
}

/** Loads msw and builds each service's handlers. */
export async function loadMswEngine(simulator: SimulatorCore) {
  // msw 2 reads Node's localStorage as it loads: hidden meanwhile (src/simulator/msw/hide-web-storage.ts), then put back.
  hideWebStorage()
  let loaded: [typeof import('msw'), typeof import('../../simulator/msw/adapter.js')]
  try {
    loaded = await Promise.all([import('msw'), import('../../simulator/msw/adapter.js')])
  } finally {
    restoreWebStorage()
  }
  const [{ getResponse }, { serviceHandlers }] = loaded
  const handlers = perService(({ name }) =>
    simulator
      .routes('server', name)
      .flatMap((route) => serviceHandlers(route.patterns, route.answer)),
  )

  /** msw's answer to a request for `service`: a Response, a network error, or none. */
  return function answer(
    request: IncomingMessage,
    origin: string,
    service: ServiceName,
    body: ReadBody | undefined,
  ) {
    const headers = new Headers()
    for (let i = 0; i < request.rawHeaders.length; i += 2) {
      headers.append(request.rawHeaders[i] as string, request.rawHeaders[i + 1] as string)
    }
    const fetchRequest = new Request(`${origin}${request.url ?? '/'}`, {
      method: request.method ?? 'GET',
      headers,
      body:
        body?.bytes && body.bytes.length > 0
          ? (new Uint8Array(body.bytes) as Uint8Array<ArrayBuffer>)
          : undefined,
    })
    return getResponse(handlers[service], fetchRequest, { baseUrl: origin })
  }
}

export type MswEngine = Awaited<ReturnType<typeof loadMswEngine>>
