/**
 * The standalone server: `node:http` in front of the simulator (directly, or through msw's `getResponse`),
 * one port for every service and the control surface.
 * The router answers under `/router/api/v1`, each messaging organization under `/messaging/<subdomain>`,
 * the control surface under `/__understudy`. How one request is answered: `serve.ts`.
 * @module
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  perService,
  type ServiceName,
  type ServiceSettings,
  settingsOf,
} from '../../services/registry.js'
import {
  createSimulatorCore,
  type SimulatorCore,
  type SimulatorOptions,
} from '../../simulator/simulator-core.js'
import { checkStateFileMaxBytes, keepStateFile } from '../../simulator/snapshot/state-file.js'
import { answerClientError } from './client-error.js'
import { createClosing } from './closing.js'
import { checkControlToken, createControlAuth } from './control-auth.js'
import { type CorsOption, checkCors, createCors } from './cors.js'
import { type AllowedHosts, checkAllowedHosts, createHostCheck } from './host-check.js'
import { createLingering } from './lingering.js'
import { loadMswEngine } from './msw-engine.js'
import { isLoopback, type ServiceUrls, serverBaseUrls, serviceUrls, urlHost } from './paths.js'
import { createServe } from './serve.js'

export type { StateFileStatus } from '../../simulator/snapshot/state-file-status.js'
export type { CorsOption } from './cors.js'
export type { AllowedHosts } from './host-check.js'
export { isLoopback, SERVER_PREFIXES, type ServiceUrls } from './paths.js'

/** Options of `startServer`. */
export interface ServerOptions extends Omit<SimulatorOptions, ServiceName>, ServiceSettings {
  /** Default 4010; 0 picks a free port. */
  port?: number
  /** Default `127.0.0.1`. */
  host?: string
  /**
   * `direct` (default): node:http straight to the simulator's core. `msw`: every request through msw's
   * `getResponse` over the simulator's handlers. Both give the same bytes; `direct` is several times faster.
   */
  engine?: 'direct' | 'msw'
  /**
   * When set, the control surface answers 401 unless `Authorization: Bearer <token>` (or
   * `X-Understudy-Token`) carries it; the inspector also opens as `/__understudy/inspector?token=<token>`.
   * An empty string is refused.
   */
  controlToken?: string
  /**
   * Host names the server answers besides `localhost`, `*.localhost`, IP addresses and the bound host
   * (`.example.test`: the name and every name below it); `true` answers any `Host`. Other hosts get 403
   * (against DNS rebinding).
   */
  allowedHosts?: AllowedHosts
  /**
   * CORS for the simulated services (never the control surface), off by default: `true` for pages on
   * loopback origins (`localhost`, `*.localhost`, `127.0.0.0/8`, `[::1]`, any port),
   * `{ origins: ['https://app.example.com'] }` for those only (`loopback: true` adds the loopback ones).
   */
  cors?: CorsOption
  /**
   * A JSON file the simulator's state is kept in (docs/state.md): loaded at start (missing: the scenario's
   * initial state; unreadable, not JSON, invalid or of a newer format: `startServer` rejects), saved in the
   * background after changes (atomically: a crash never loses the previous save) and by `close()`.
   */
  stateFile?: string
  /**
   * The most bytes of state the state file holds, 64 MiB by default, at most 128 MiB: a write to a service
   * that could take the state past it is refused 400 in the service's shape (docs/state.md).
   */
  stateFileMaxBytes?: number
}

/** A running standalone server. */
export interface RunningServer {
  /** The server's origin, e.g. `http://127.0.0.1:4010`. */
  readonly url: string
  /** Every service's base URL on this server: `router` a URL, `messaging` one per organization. */
  readonly services: ServiceUrls
  /** The simulator behind the server (its core: no msw handlers; `createSimulator()` has those). */
  readonly simulator: SimulatorCore
  /**
   * Stops accepting connections, closes idle ones at once, lets requests in flight finish (for up to a
   * second; a request an injected hang holds is cut at once), and resolves once closed.
   */
  close(): Promise<void>
}

/**
 * The simulator's options among `startServer`'s, and each service's settings (`ServiceDefinition.settings`:
 * `featureLevel`) for its own options.
 */
function withoutSettings(options: Record<string, unknown>) {
  const simulatorOptions = { ...options }
  const settings = perService((definition) => {
    const given: Record<string, unknown> = {}
    for (const { option } of settingsOf(definition)) {
      if (simulatorOptions[option] !== undefined) given[option] = simulatorOptions[option]
      delete simulatorOptions[option]
    }
    return given
  })
  return { simulatorOptions: simulatorOptions as Omit<SimulatorOptions, ServiceName>, settings }
}

/**
 * Starts the standalone server.
 * @example const server = await startServer({ port: 0 }); console.log(server.services.router)
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const {
    port: wantedPort,
    host = '127.0.0.1',
    engine = 'direct',
    controlToken: givenToken,
    allowedHosts: givenHosts,
    cors: givenCors,
    stateFile,
    stateFileMaxBytes,
    ...otherOptions
  } = options
  const { simulatorOptions, settings } = withoutSettings(otherOptions)
  const controlToken = checkControlToken(givenToken)
  const allowedHosts = checkAllowedHosts(givenHosts)
  checkCors(givenCors)
  checkStateFileMaxBytes(stateFileMaxBytes)

  // The handler is attached before the server listens: a request that arrives while the simulator (or
  // msw, for the msw engine) is still loading waits for it instead of never being answered.
  const server: Server = createServer()
  let handle: ((request: IncomingMessage, response: ServerResponse) => void) | undefined
  let started: (value: boolean) => void = () => {}
  const starting = new Promise<boolean>((resolve) => {
    started = resolve
  })
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (handle) handle(request, response)
    else
      void starting.then((ok) => {
        if (ok) handle?.(request, response)
        else request.socket.destroy()
      })
  })
  server.on('clientError', answerClientError)

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(wantedPort ?? 4010, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const lingering = createLingering()
  const closing = createClosing(server, lingering)
  try {
    const { port } = server.address() as AddressInfo
    if (!isLoopback(host)) {
      console.warn(
        `[understudy] Listening on ${host}, reachable from other machines.${controlToken ? '' : ' The control surface is open: pass a control token (--control-token) to protect it.'}`,
      )
    }
    const origin = `http://${urlHost(host)}:${port}`
    const bases = serverBaseUrls(origin)
    const simulator = createSimulatorCore({
      ...simulatorOptions,
      ...perService((definition) => ({ ...bases[definition.name], ...settings[definition.name] })),
    })
    await simulator.ready
    // The default engine never loads msw (a fifth of the CLI's start); the msw engine loads it here.
    const msw = engine === 'msw' ? await loadMswEngine(simulator) : undefined
    const kept =
      stateFile === undefined
        ? undefined
        : await keepStateFile(simulator, stateFile, { maxBytes: stateFileMaxBytes, url: origin })
    handle = createServe({
      simulator,
      origin,
      hostCheck: createHostCheck(host, allowedHosts),
      auth: createControlAuth(controlToken),
      cors: createCors(givenCors, simulator),
      msw,
      lingering,
      closing,
      stateFile: kept,
    })
    started(true)
    return {
      url: origin,
      get services() {
        return serviceUrls(simulator)
      },
      simulator,
      // The state is saved once every request in flight has been answered.
      close: () => closing.close().finally(() => kept?.stop()),
    }
  } catch (error) {
    started(false)
    await closing.close()
    throw error
  }
}
