/**
 * CORS for the simulated services, off by default (the real services do not let arbitrary pages call
 * them). As Vite's dev server does since its 2025 advisory (GHSA-vg6x-rcgg-rjx6), turning it on lets in
 * pages on loopback origins only: `startServer({ cors: true })` (`--cors`) answers `http(s)://localhost`,
 * `*.localhost`, `127.0.0.0/8` and `[::1]` on any port; `{ origins: [...] }` (`--cors <origin>`) names
 * the origins instead, `{ origins, loopback: true }` both. A public site a developer happens to visit
 * cannot read the services with their credentials. The control surface never takes part (see
 * `same-origin.ts`).
 *
 * - A preflight (`OPTIONS` with `Origin` and `Access-Control-Request-Method`) to a service path is
 *   answered by the server, not the service (it is not journaled): 204 with the origin echoed, credentials
 *   allowed, the methods the path accepts (as the service's own `Allow` says; the requested method when
 *   the path has none, so the page reads the service's 404), the requested headers plus `authorization`
 *   and `content-type`, and a max age of 600 s. An `OPTIONS` without `Access-Control-Request-Method`
 *   still reaches the service (the messaging service answers it 204 with `Allow`, as the real one does),
 *   and so does a preflight from an origin not allowed (no CORS headers: the browser refuses the call).
 * - Private Network Access: a preflight of an allowed origin that asks for the private network
 *   (`Access-Control-Request-Private-Network: true`, a public page calling this loopback server) is
 *   answered `Access-Control-Allow-Private-Network: true`; no other origin gets the opt-in.
 * - Every answer of a service to an allowed origin carries `Access-Control-Allow-Origin` (echoed),
 *   `-Allow-Credentials: true`, `-Expose-Headers` (the retry and rate-limit headers and the other
 *   non-safelisted headers the services send), and `Vary: Origin`.
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { PlainRequest, PlainResponse } from '../../engine/core/http.js'
import type { ServiceName, SimulatorCore } from '../../simulator/simulator-core.js'

/**
 * `startServer`'s `cors` option: `true` for pages on loopback origins; `{ origins }` for those origins
 * (`loopback: true` adds the loopback ones; without `origins` it defaults to true).
 */
export type CorsOption =
  | boolean
  | { origins?: readonly string[] | undefined; loopback?: boolean | undefined }

/** The origins CORS lets in: the listed ones, and (when `loopback`) every loopback origin. */
interface CorsSettings {
  origins: Set<string>
  loopback: boolean
}

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

/**
 * An origin as the `Origin` header writes it (`http://localhost:5173`: scheme, host and port, lower case,
 * no path), or `undefined` when `value` is not one.
 */
export function normalOrigin(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  const normal = value.replace(/\/$/, '').toLowerCase()
  try {
    const { origin } = new URL(normal)
    return origin !== 'null' && origin === normal ? normal : undefined
  } catch {
    return undefined
  }
}

/** What an origin given to `cors` must look like, for the messages that refuse one. */
export const ORIGIN_FORM = 'an origin like "http://localhost:5173" (scheme, host, port; no path)'

const LOOPBACK_V4 = /^127(\.[0-9]{1,3}){3}$/

/** Whether an `Origin` is a page on this machine: `http(s)` on localhost, `*.localhost`, 127/8 or [::1]. */
function isLoopbackOrigin(origin: string): boolean {
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return false
  }
  if (url.origin !== origin.toLowerCase()) return false
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false
  const host = url.hostname
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    LOOPBACK_V4.test(host) ||
    host === '[::1]'
  )
}

/** Checks the option: `undefined` when CORS is off, otherwise the origins it lets in. */
export function checkCors(option: unknown): CorsSettings | undefined {
  if (option === undefined || option === false) return undefined
  if (option === true) return { origins: new Set(), loopback: true }
  const bad = (why: string) =>
    new TypeError(`[understudy] Failed to start the server: cors ${why}.`)
  if (typeof option !== 'object' || option === null)
    throw bad('must be true, false or { origins: [...], loopback }')
  const { origins, loopback } = option as { origins?: unknown; loopback?: unknown }
  if (loopback !== undefined && typeof loopback !== 'boolean')
    throw bad('loopback must be true or false')
  if (origins === undefined) return { origins: new Set(), loopback: loopback ?? true }
  if (!Array.isArray(origins)) throw bad('origins must be a list of origins')
  return {
    origins: new Set(
      origins.map((origin: unknown) => {
        const normal = normalOrigin(origin)
        if (normal === undefined)
          throw bad(`origins takes ${ORIGIN_FORM}, got ${JSON.stringify(origin)}`)
        return normal
      }),
    ),
    loopback: loopback ?? false,
  }
}

/** The CORS layer of one server, or `undefined` when CORS is off. */
export function createCors(option: unknown, simulator: SimulatorCore) {
  const settings = checkCors(option)
  if (!settings) return undefined
  const allowedOrigin = (request: IncomingMessage): string | undefined => {
    const { origin } = request.headers
    if (origin === undefined || origin === 'null') return undefined
    return settings.origins.has(origin.toLowerCase()) ||
      (settings.loopback && isLoopbackOrigin(origin))
      ? origin
      : undefined
  }

  /** The methods a service path accepts, from the service's own answer to OPTIONS (nothing recorded). */
  async function methodsOf(service: ServiceName, request: PlainRequest): Promise<string[]> {
    await simulator.ready
    const answer = await simulator[service]
      .route({ ...request, method: 'OPTIONS' }, 'server')
      ?.answer().response
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
        vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers, Access-Control-Request-Private-Network',
      }
      // Only here, for an origin allowed above: the opt-in lets that public page reach this server.
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
