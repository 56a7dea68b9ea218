/**
 * The standalone server: `node:http` in front of the simulator (directly, or through msw's `getResponse`),
 * one port for every service and the control surface.
 * The router answers under `/router/api/v1`, each messaging organization under `/messaging/<subdomain>`.
 * @module
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { CONTROL_PREFIX, handleControl } from '../control/http.js'
import { isNetworkFault } from '../core/http.js'
import { nginxBadRequest } from '../messaging/errors.js'
import { routerError } from '../router/errors.js'
import {
  createSimulatorCore,
  type ServiceName,
  type SimulatorCore,
  type SimulatorOptions,
} from '../simulator-core.js'
import { readBody, sendJson, toPlainRequest, writeFetchResponse, writePlain } from './node-io.js'

/** Options of `startServer`. */
export interface ServerOptions extends Omit<SimulatorOptions, 'router' | 'messaging'> {
  /** Default 4010; 0 picks a free port. */
  port?: number
  /** Default `127.0.0.1`. */
  host?: string
  /** The feature level every messaging organization emulates unless its scenario sets one. */
  featureLevel?: number
  /**
   * `direct` (default): node:http straight to the simulator's core. `msw`: every request through msw's
   * `getResponse` over the simulator's handlers. Both give the same bytes; `direct` is several times faster.
   */
  engine?: 'direct' | 'msw'
  /** When set, the control surface answers 401 unless `Authorization: Bearer <token>` carries it. */
  controlToken?: string
}

/** A running standalone server. */
export interface RunningServer {
  /** The server's origin, e.g. `http://127.0.0.1:4010`. */
  readonly url: string
  /** Every service's base URL on this server. */
  readonly services: { router: string; messaging: Record<string, string> }
  /** The simulator behind the server (its core: no msw handlers; `createSimulator()` has those). */
  readonly simulator: SimulatorCore
  /** Stops accepting connections, ends open ones, and resolves once closed. */
  close(): Promise<void>
}

/** The path prefixes of the services on the standalone server. */
export const SERVER_PREFIXES = { router: '/router', messaging: '/messaging' } as const

/** Whether a bind address is reachable only from this machine. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(\.[0-9]{1,3}){3}$/.test(host)
}

function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host
}

/**
 * Starts the standalone server.
 * @example const server = await startServer({ port: 0 }); console.log(server.services.router)
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1'
  const server: Server = createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 4010, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo
  if (!isLoopback(host)) {
    console.warn(
      `[understudy] Listening on ${host}, reachable from other machines.${options.controlToken ? '' : ' The control surface is open: pass a control token (--control-token) to protect it.'}`,
    )
  }
  const origin = `http://${urlHost(host)}:${port}`

  const simulator = createSimulatorCore({
    scenario: options.scenario,
    seed: options.seed,
    now: options.now,
    latency: options.latency,
    journalLimit: options.journalLimit,
    maxBodyBytes: options.maxBodyBytes,
    router: { baseUrl: `${origin}${SERVER_PREFIXES.router}/api/v1` },
    messaging: {
      baseUrl: `${origin}${SERVER_PREFIXES.messaging}/{subdomain}`,
      featureLevel: options.featureLevel,
    },
  })
  await simulator.ready
  const engine = options.engine ?? 'direct'
  // The default engine never loads msw (a fifth of the CLI's start); the msw engine loads it here.
  const msw = engine === 'msw' ? await loadMswEngine(simulator) : undefined
  const services = () => ({
    router: simulator.router.baseUrl,
    messaging: Object.fromEntries(
      simulator.messaging.organizations().map((org) => [org.subdomain, org.baseUrl]),
    ),
  })
  const notFound = (response: ServerResponse, path: string) =>
    sendJson(response, 404, {
      error: 'Not Found',
      message: `No simulated service at ${path}`,
      services: services(),
      control: `${origin}${CONTROL_PREFIX}`,
    })

  const prefixes = (Object.keys(SERVER_PREFIXES) as ServiceName[]).map((name) => ({
    name,
    exact: SERVER_PREFIXES[name],
    below: `${SERVER_PREFIXES[name]}/`,
  }))
  const serviceOf = (path: string): ServiceName | undefined => {
    for (const prefix of prefixes)
      if (path === prefix.exact || path.startsWith(prefix.below)) return prefix.name
    return undefined
  }
  const controlAllowed = (request: IncomingMessage) =>
    options.controlToken === undefined ||
    request.headers.authorization === `Bearer ${options.controlToken}` ||
    request.headers['x-understudy-token'] === options.controlToken

  async function serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = request.url ?? '/'
    const method = request.method ?? 'GET'
    const head = method === 'HEAD'
    const pathname = path.split('?', 1)[0] as string
    const withBody = method !== 'GET' && method !== 'HEAD'

    if (pathname === CONTROL_PREFIX || pathname.startsWith(`${CONTROL_PREFIX}/`)) {
      if (!controlAllowed(request)) {
        sendJson(response, 401, {
          error: { message: 'The control surface needs the control token.' },
        })
        return
      }
      const body = withBody ? await readBody(request, simulator.maxBodyBytes) : undefined
      const plain = toPlainRequest(request, origin, body)
      writePlain(
        response,
        await handleControl(simulator, plain, pathname.slice(CONTROL_PREFIX.length)),
        head,
      )
      return
    }
    const service = path.startsWith('/') ? serviceOf(pathname) : undefined
    if (!service) {
      notFound(response, path)
      return
    }
    const body = withBody ? await readBody(request, simulator.maxBodyBytes) : undefined
    if (body?.oversized) response.setHeader('connection', 'close')

    // An oversized body is not read, so msw cannot see it: the core answers 413 in the service's shape.
    if (!msw || body?.oversized) {
      const outcome = await simulator.dispatch(
        toPlainRequest(request, origin, body),
        'server',
        service,
      )
      if (!outcome) notFound(response, path)
      else if (isNetworkFault(outcome)) {
        if (outcome.network === 'reset') request.socket.destroy()
      } else writePlain(response, outcome, head)
      return
    }

    const headers = new Headers()
    for (let i = 0; i < request.rawHeaders.length; i += 2) {
      headers.append(request.rawHeaders[i] as string, request.rawHeaders[i + 1] as string)
    }
    const fetchRequest = new Request(`${origin}${path}`, {
      method,
      headers,
      body:
        body?.bytes && body.bytes.length > 0
          ? (new Uint8Array(body.bytes) as Uint8Array<ArrayBuffer>)
          : undefined,
    })
    const answer = await msw.getResponse(msw.handlersOf[service], fetchRequest, { baseUrl: origin })
    if (!answer) notFound(response, path)
    else if (answer.type === 'error') request.socket.destroy()
    else await writeFetchResponse(response, answer, head)
  }

  // A request node's parser refuses (huge or malformed headers) never reaches `request`: answer it in the
  // shape of the service its path names, as the real service's front end would, then close.
  server.on('clientError', (error: Error & { rawPacket?: Buffer }, socket: Duplex) => {
    if (!socket.writable) return
    const line = error.rawPacket?.toString('latin1').split('\r\n', 1)[0] ?? ''
    const path = line.split(' ')[1] ?? ''
    const answer =
      serviceOf(path.split('?', 1)[0] as string) === 'messaging'
        ? nginxBadRequest()
        : routerError(400, 'Bad Request')
    socket.end(
      `HTTP/1.1 400 Bad Request\r\ncontent-type: ${answer.headers['content-type']}\r\ncontent-length: ${Buffer.byteLength(answer.body)}\r\nconnection: close\r\n\r\n${answer.body}`,
    )
  })

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    serve(request, response).catch(() => {
      if (!response.headersSent) sendJson(response, 400, { error: 'Bad Request' })
      else response.destroy()
    })
  })

  return {
    url: origin,
    get services() {
      return services()
    },
    simulator,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      }),
  }
}

/** msw's `getResponse` and the server-scope handlers of each service, imported only for the msw engine. */
async function loadMswEngine(simulator: SimulatorCore) {
  const [{ getResponse }, { serviceHandlers }] = await Promise.all([
    import('msw'),
    import('../msw/adapter.js'),
  ])
  const handlersOf = (service: ServiceName) =>
    simulator
      .routes('server', service)
      .flatMap((route) => serviceHandlers(route.patterns, route.answer))
  return {
    getResponse,
    handlersOf: { router: handlersOf('router'), messaging: handlersOf('messaging') },
  }
}
