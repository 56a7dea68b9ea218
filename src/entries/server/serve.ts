/**
 * One request's way through the standalone server, in this order:
 *
 * 1. the `Host` check (every request; `host-check.ts`): 403;
 * 2. under `/__understudy`: the same-origin rules (403, 415; `same-origin.ts`), the control token (401;
 *    `control-auth.ts`), then the control surface (`control/http.ts`);
 * 3. under a service's prefix: a CORS preflight when CORS is on (`cors.ts`); a write the state file
 *    cannot keep (`state-guard.ts`); otherwise the simulator, through the core (`direct`) or msw's
 *    `getResponse` (`msw`);
 * 4. anything else: the server's 404, listing the services, the control surface and the inspector.
 *
 * An answer given before the body was read closes the connection with a lingering close
 * (`lingering.ts`); a crash is the 500 of the service the path names, logged (`answers.ts`).
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { isNetworkFault, type PlainResponse } from '../../engine/core/http.js'
import type { ServiceName, SimulatorCore } from '../../simulator/simulator-core.js'
import type { StateFileKeeper } from '../../simulator/snapshot/state-file.js'
import { CONTROL_PREFIX, handleControl } from '../../surfaces/control/http.js'
import { controlError, internalErrorAnswer, logInternalError } from './answers.js'
import type { Closing } from './closing.js'
import type { ControlAuth } from './control-auth.js'
import type { Cors } from './cors.js'
import type { Lingering } from './lingering.js'
import { type MswEngine, mswCanCarry } from './msw-engine.js'
import {
  readBody,
  sendJson,
  toPlainRequest,
  writeFetchResponse,
  writePieces,
  writePlain,
} from './node-io.js'
import { isControlPath, serviceOfPath, serviceUrls } from './paths.js'
import { foreignOrigin, hasBody, notJson } from './same-origin.js'
import { awaitDurable, isWrite, refuseWrite } from './state-guard.js'

/** What answering a request needs. */
export interface ServeContext {
  simulator: SimulatorCore
  origin: string
  hostCheck(header: string | undefined): string | undefined
  auth: ControlAuth
  cors: Cors | undefined
  msw: MswEngine | undefined
  lingering: Lingering
  closing: Closing
  /** The state file's keeper (`stateFile`): writes to the services pass its check (`state-guard.ts`). */
  stateFile: StateFileKeeper | undefined
}

/** Builds the request handler of one server. */
export function createServe(context: ServeContext) {
  const { simulator, origin, lingering, cors, msw } = context

  const notFound = (response: ServerResponse, target: string) =>
    sendJson(response, 404, {
      error: 'Not Found',
      message: `No simulated service at ${target}`,
      services: serviceUrls(simulator),
      control: `${origin}${CONTROL_PREFIX}`,
      inspector: `${origin}${CONTROL_PREFIX}/inspector`,
    })

  /** Answers before the body is read: the connection then closes with a lingering close. */
  const answerUnread = (
    request: IncomingMessage,
    response: ServerResponse,
    answer: PlainResponse,
  ) => {
    if (hasBody(request)) lingering.after(request, response)
    writePlain(response, answer, request.method === 'HEAD')
  }

  async function serveControl(
    request: IncomingMessage,
    response: ServerResponse,
    pathname: string,
  ): Promise<void> {
    const foreign = foreignOrigin(request)
    if (foreign !== undefined) return answerUnread(request, response, controlError(403, foreign))
    const path = pathname.slice(CONTROL_PREFIX.length)
    const query = new URLSearchParams((request.url ?? '').slice(pathname.length + 1))
    const access = context.auth.check(request, path, query)
    if (!access.allowed)
      return answerUnread(
        request,
        response,
        controlError(401, 'The control surface needs the control token.'),
      )
    const wrongType = notJson(request)
    if (wrongType !== undefined)
      return answerUnread(request, response, controlError(415, wrongType))
    const method = request.method ?? 'GET'
    const body =
      method !== 'GET' && method !== 'HEAD'
        ? await readBody(request, simulator.maxBodyBytes)
        : undefined
    if (body?.oversized) lingering.after(request, response)
    // A control write may change the state too: counted against the state file's bound, never refused.
    if (isWrite(method)) context.stateFile?.count(body?.bytes?.length ?? 0)
    let answer = await handleControl(simulator, toPlainRequest(request, origin, body), path)
    // Answered once the state file holds what it changed.
    if (context.stateFile && isWrite(method))
      answer = (await awaitDurable(context.stateFile, simulator, undefined)) ?? answer
    if ('pieces' in answer) await writePieces(response, answer, method === 'HEAD')
    else writePlain(response, answer, method === 'HEAD')
  }

  async function serveService(
    request: IncomingMessage,
    response: ServerResponse,
    service: ServiceName,
    target: string,
  ): Promise<void> {
    const method = request.method ?? 'GET'
    const head = method === 'HEAD'
    if (cors?.isPreflight(request)) {
      const preflight = await cors.preflight(
        request,
        service,
        toPlainRequest(request, origin, undefined),
      )
      return answerUnread(request, response, preflight)
    }
    cors?.decorate(request, response)
    const body =
      method !== 'GET' && method !== 'HEAD'
        ? await readBody(request, simulator.maxBodyBytes)
        : undefined
    if (body?.oversized) lingering.after(request, response)
    if (context.stateFile && !body?.oversized && isWrite(method)) {
      const refused = await refuseWrite(
        context.stateFile,
        simulator,
        service,
        body?.bytes?.length ?? 0,
      )
      if (refused) return writePlain(response, refused, head)
    }

    // A write is answered once the state file holds what it changed (`awaitDurable`).
    const keeper = isWrite(method) ? context.stateFile : undefined
    if (!msw || !mswCanCarry(method, body)) {
      const outcome = await simulator.dispatch(
        toPlainRequest(request, origin, body),
        'server',
        service,
      )
      const unsaved = keeper && outcome && (await awaitDurable(keeper, simulator, service))
      if (!outcome) notFound(response, target)
      else if (unsaved) await writePlain(response, unsaved, head)
      else if (!isNetworkFault(outcome)) await writePlain(response, outcome, head)
      else if (outcome.network === 'reset') request.socket.resetAndDestroy()
      else context.closing.hang(request.socket)
      return
    }
    const answer = await msw(request, origin, service, body)
    const unsaved = keeper && answer && (await awaitDurable(keeper, simulator, service))
    if (!answer) notFound(response, target)
    else if (unsaved) await writePlain(response, unsaved, head)
    else if (answer.type === 'error') request.socket.resetAndDestroy()
    else await writeFetchResponse(response, answer, head)
  }

  /** Answers a request; a crash on the way is answered by `crashed` (no promise handler per request). */
  async function serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    try {
      const target = request.url ?? '/'
      const mark = target.indexOf('?')
      const pathname = mark < 0 ? target : target.slice(0, mark)
      const refusedHost = context.hostCheck(request.headers.host)
      if (refusedHost !== undefined)
        return answerUnread(request, response, controlError(403, refusedHost))
      if (isControlPath(pathname)) return await serveControl(request, response, pathname)
      const service = target.startsWith('/') ? serviceOfPath(pathname) : undefined
      if (service) return await serveService(request, response, service, target)
      notFound(response, target)
    } catch (error) {
      crashed(request, response, error)
    }
  }

  /** The service's 500 (or the control surface's) for a crash, logged; nothing for a client gone. */
  function crashed(request: IncomingMessage, response: ServerResponse, error: unknown): void {
    // A client that went away mid-body is no crash: nothing to answer.
    if (request.socket.destroyed) return
    const method = request.method ?? 'GET'
    const pathname = (request.url ?? '/').split('?', 1)[0] as string
    logInternalError(method, pathname, error)
    if (response.headersSent) {
      response.destroy()
      return
    }
    const service = isControlPath(pathname) ? undefined : serviceOfPath(pathname)
    if (hasBody(request) && !request.complete) lingering.after(request, response)
    writePlain(response, internalErrorAnswer(service), method === 'HEAD')
  }

  return (request: IncomingMessage, response: ServerResponse): void => {
    context.closing.track(response)
    void serve(request, response)
  }
}
