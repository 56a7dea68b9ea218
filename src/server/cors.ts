/**
 * CORS for the simulated services, off by default (the real services do not let arbitrary pages call
 * them): `startServer({ cors: true })` lets a page on any origin call them, `{ origins: [...] }` only
 * the pages of those origins. The control surface never takes part (see `same-origin.ts`).
 *
 * - A preflight (`OPTIONS` with `Origin` and `Access-Control-Request-Method`) to a service path is
 *   answered by the server, not the service (it is not journaled): 204 with the origin echoed, credentials
 *   allowed, the methods the path accepts (as the service's own `Allow` says; the requested method when
 *   the path has none, so the page reads the service's 404), the requested headers plus `authorization`
 *   and `content-type`, and a max age of 600 s. An `OPTIONS` without `Access-Control-Request-Method`
 *   still reaches the service (the messaging service answers it 204 with `Allow`, as the real one does).
 * - Every answer of a service to an allowed origin carries `Access-Control-Allow-Origin` (echoed),
 *   `-Allow-Credentials: true`, `-Expose-Headers` (the retry and rate-limit headers and the other
 *   non-safelisted headers the services send), and `Vary: Origin`.
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { PlainRequest, PlainResponse } from '../core/http.js'
import type { ServiceName, SimulatorCore } from '../simulator-core.js'

/** `startServer`'s `cors` option: `true` for every origin, or the origins allowed. */
export type CorsOption = boolean | { origins?: readonly string[] | undefined }

/** How long a browser may cache a preflight answer, in seconds. */
const CORS_MAX_AGE = 600

/** The response headers a page may read besides the safelisted ones. */
const CORS_EXPOSED = [
  'allow',
  'location',
  'retry-after',
  'retry-after-ms',
  'www-authenticate',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
] as const

const ALWAYS_ALLOWED_HEADERS = ['authorization', 'content-type']

/** Checks the option: `undefined` when CORS is off, otherwise the allowed origins (`undefined`: all). */
export function checkCors(option: unknown): { origins: Set<string> | undefined } | undefined {
  if (option === undefined || option === false) return undefined
  if (option === true) return { origins: undefined }
  const bad = (why: string) =>
    new TypeError(`[understudy] Failed to start the server: cors ${why}.`)
  if (typeof option !== 'object' || option === null)
    throw bad('must be true, false or { origins: [...] }')
  const { origins } = option as { origins?: unknown }
  if (origins === undefined) return { origins: undefined }
  if (!Array.isArray(origins)) throw bad('origins must be a list of origins')
  return {
    origins: new Set(
      origins.map((origin: unknown) => {
        let parsed: URL | undefined
        try {
          parsed = typeof origin === 'string' ? new URL(origin) : undefined
        } catch {}
        const normal = typeof origin === 'string' ? origin.replace(/\/$/, '').toLowerCase() : ''
        if (!parsed || parsed.origin === 'null' || parsed.origin !== normal)
          throw bad(
            `origins takes origins like "http://localhost:5173" (scheme, host, port; no path), got ${JSON.stringify(origin)}`,
          )
        return normal
      }),
    ),
  }
}

/** The CORS layer of one server, or `undefined` when CORS is off. */
export function createCors(option: unknown, simulator: SimulatorCore) {
  const settings = checkCors(option)
  if (!settings) return undefined
  const allowedOrigin = (request: IncomingMessage): string | undefined => {
    const { origin } = request.headers
    if (origin === undefined || origin === 'null') return undefined
    return settings.origins === undefined || settings.origins.has(origin.toLowerCase())
      ? origin
      : undefined
  }

  /** The methods a service path accepts, from the service's own answer to OPTIONS (nothing recorded). */
  async function methodsOf(service: ServiceName, request: PlainRequest): Promise<string[]> {
    await simulator.ready
    const answer = await simulator[service].answer({ ...request, method: 'OPTIONS' }, 'server')
      ?.response
    const allow = answer?.headers.allow
    return allow ? allow.split(',').map((method) => method.trim()) : []
  }

  return {
    /** Whether a request is a preflight this layer answers. */
    isPreflight(request: IncomingMessage): boolean {
      return (
        request.method === 'OPTIONS' &&
        request.headers['access-control-request-method'] !== undefined &&
        allowedOrigin(request) !== undefined
      )
    },

    /** The answer to a preflight for a service path. */
    async preflight(
      request: IncomingMessage,
      service: ServiceName,
      plain: PlainRequest,
    ): Promise<PlainResponse> {
      const requested = request.headers['access-control-request-method'] as string
      const methods = await methodsOf(service, plain)
      const headers = new Map<string, string>()
      for (const name of [
        ...(request.headers['access-control-request-headers'] ?? '').split(','),
        ...ALWAYS_ALLOWED_HEADERS,
      ]) {
        const trimmed = name.trim()
        const key = trimmed.toLowerCase()
        if (trimmed !== '' && !headers.has(key)) headers.set(key, trimmed)
      }
      const answer: Record<string, string> = {
        'access-control-allow-origin': allowedOrigin(request) as string,
        'access-control-allow-credentials': 'true',
        'access-control-allow-methods': (methods.length > 0 ? methods : [requested]).join(', '),
        'access-control-allow-headers': [...headers.values()].join(', '),
        'access-control-max-age': String(CORS_MAX_AGE),
        vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers',
      }
      if (request.headers['access-control-request-private-network'] === 'true')
        answer['access-control-allow-private-network'] = 'true'
      return { status: 204, headers: answer, body: '' }
    },

    /** Adds the CORS headers of an actual answer (before the service's answer is written). */
    decorate(request: IncomingMessage, response: ServerResponse): void {
      response.setHeader('vary', 'Origin')
      const origin = allowedOrigin(request)
      if (origin === undefined) return
      response.setHeader('access-control-allow-origin', origin)
      response.setHeader('access-control-allow-credentials', 'true')
      response.setHeader('access-control-expose-headers', CORS_EXPOSED.join(', '))
    },
  }
}

export type Cors = NonNullable<ReturnType<typeof createCors>>
