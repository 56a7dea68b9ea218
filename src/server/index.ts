/**
 * The standalone server: `node:http` over msw's `getResponse`, one port for every service.
 * The router answers under `/router/api/v1`, each messaging organization under `/messaging/<subdomain>`.
 * @module
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getResponse, type RequestHandler } from 'msw'
import { CONTROL_PREFIX, handleControl } from '../control/http.js'
import type { PlainRequest, PlainResponse } from '../core/http.js'
import { createSimulator, type Simulator, type SimulatorOptions } from '../simulator.js'

/** Options of `startServer`. */
export interface ServerOptions extends Omit<SimulatorOptions, 'router' | 'messaging'> {
  /** Default 4010; 0 picks a free port. */
  port?: number
  /** Default `127.0.0.1`. */
  host?: string
  /** The feature level every messaging organization emulates unless its scenario sets one. */
  featureLevel?: number
}

/** A running standalone server. */
export interface RunningServer {
  /** The server's origin, e.g. `http://127.0.0.1:4010`. */
  readonly url: string
  /** Every service's base URL on this server. */
  readonly services: { router: string; messaging: Record<string, string> }
  readonly simulator: Simulator
  /** Stops accepting connections, ends open ones, and resolves once closed. */
  close(): Promise<void>
}

/** The path prefixes of the services on the standalone server. */
export const SERVER_PREFIXES = { router: '/router', messaging: '/messaging' } as const

const MAX_BODY_BYTES = 10 * 1024 * 1024

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    request.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_BODY_BYTES) {
        reject(new RangeError('body too large'))
        request.destroy()
        return
      }
      chunks.push(chunk)
    })
    request.on('end', () => resolve(Buffer.concat(chunks)))
    request.on('error', reject)
  })
}

/** A node request as a plain request (header names lower-case; repeated headers joined by `, `). */
function toPlainRequest(
  request: IncomingMessage,
  origin: string,
  body: Buffer | undefined,
): PlainRequest {
  const url = new URL(`${origin}${request.url ?? '/'}`)
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value
  }
  return {
    method: request.method ?? 'GET',
    url: url.href,
    path: url.pathname,
    query: url.searchParams,
    headers,
    body:
      body && body.length > 0
        ? new Uint8Array(body.buffer, body.byteOffset, body.length)
        : undefined,
  }
}

/** Writes a plain response. */
function writePlain(response: ServerResponse, plain: PlainResponse): void {
  response.writeHead(plain.status, plain.headers)
  response.end(plain.body)
}

function sendJson(response: ServerResponse, status: number, value: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' })
  response.end(JSON.stringify(value))
}

async function writeResponse(
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
  const body = head ? undefined : Buffer.from(await answer.arrayBuffer())
  response.writeHead(answer.status, headers)
  response.end(body)
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
  const origin = `http://${urlHost(host)}:${port}`

  const simulator = createSimulator({
    scenario: options.scenario,
    seed: options.seed,
    now: options.now,
    latency: options.latency,
    journalLimit: options.journalLimit,
    router: { baseUrl: `${origin}${SERVER_PREFIXES.router}/api/v1` },
    messaging: {
      baseUrl: `${origin}${SERVER_PREFIXES.messaging}/{subdomain}`,
      featureLevel: options.featureLevel,
    },
  })
  await simulator.ready
  const byPrefix: Array<[string, RequestHandler[]]> = [
    [SERVER_PREFIXES.router, simulator.handlersFor('server', 'router')],
    [SERVER_PREFIXES.messaging, simulator.handlersFor('server', 'messaging')],
  ]
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

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    void (async () => {
      const path = request.url ?? '/'
      const method = request.method ?? 'GET'
      const pathname = path.split('?', 1)[0] as string
      if (pathname === CONTROL_PREFIX || pathname.startsWith(`${CONTROL_PREFIX}/`)) {
        const body = method === 'GET' || method === 'HEAD' ? undefined : await readBody(request)
        const plain = toPlainRequest(request, origin, body)
        writePlain(
          response,
          await handleControl(simulator, plain, pathname.slice(CONTROL_PREFIX.length)),
        )
        return
      }
      const handlers = byPrefix.find(
        ([prefix]) => path === prefix || path.startsWith(`${prefix}/`),
      )?.[1]
      if (!path.startsWith('/') || !handlers) {
        notFound(response, path)
        return
      }
      const hasBody = method !== 'GET' && method !== 'HEAD'
      const body = hasBody ? await readBody(request) : undefined
      const headers = new Headers()
      for (let i = 0; i < request.rawHeaders.length; i += 2) {
        headers.append(request.rawHeaders[i] as string, request.rawHeaders[i + 1] as string)
      }
      const fetchRequest = new Request(`${origin}${path}`, {
        method,
        headers,
        body:
          body && body.length > 0 ? (new Uint8Array(body) as Uint8Array<ArrayBuffer>) : undefined,
      })
      const answer = await getResponse(handlers, fetchRequest, { baseUrl: origin })
      if (!answer) {
        notFound(response, path)
        return
      }
      if (answer.type === 'error') {
        request.socket.destroy()
        return
      }
      await writeResponse(response, answer, method === 'HEAD')
    })().catch((error: unknown) => {
      if (!response.headersSent) {
        const status = error instanceof RangeError ? 413 : 400
        sendJson(response, status, { error: status === 413 ? 'Payload Too Large' : 'Bad Request' })
      } else response.destroy()
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
