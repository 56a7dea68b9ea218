/**
 * One request to the router, in the real service's order: the route (404 for an unknown path, 405 with
 * `Allow` for a known path and another method), then Bearer authentication (401), then the operation with
 * the authenticated caller. The route and the caller are worked out once per request (`route`), for the
 * fault and stub matching, the journal and the operation alike.
 * @module
 */
import { guarded, type PlainRequest, type PlainResponse } from '../../engine/core/http.js'
import { afterLoading } from '../../engine/core/on-demand.js'
import { type RouteTable, toOperationRequest } from '../../engine/core/routes.js'
import type { Answer, RequestMeta, RoutedRequest } from '../../engine/core/service.js'
import { authenticate, type RouterPrincipal } from './auth.js'
import type { RouterCall, RouterOperation, RouterState } from './context.js'
import { inMessagesShape, routerError, routerMessages } from './errors.js'
import { routerInference } from './inference/source.js'
import { routerValidation } from './validation/source.js'

/**
 * A request to the router, routed and authenticated once (`route`): what the faults, stubs and journal see
 * of it, and its answer from the same route and caller.
 */
class Routed implements RoutedRequest {
  constructor(
    readonly state: RouterState,
    readonly request: PlainRequest,
    /** The path below the base URL. */
    readonly path: string,
    readonly resolved: ReturnType<RouteTable<RouterOperation>['resolve']>,
    readonly principal: RouterPrincipal | PlainResponse,
    readonly meta: RequestMeta,
  ) {}

  describe(): RequestMeta {
    return this.meta
  }

  /** Never throws: an unexpected failure is the router's 500. */
  answer(): Answer {
    return { response: respond(this), meta: this.meta }
  }
}

/** Routes and authenticates a request below the base URL (`path`), once; answers nothing yet. */
export function route(
  state: RouterState,
  routes: RouteTable<RouterOperation>,
  request: PlainRequest,
  path: string,
): RoutedRequest {
  const resolved = routes.resolve(path)
  const operation = resolved?.route.byMethod.get(request.method)
  const principal = authenticate(request, state.store)
  const known = !('status' in principal)
  return new Routed(state, request, path, resolved, principal, {
    operation: operation?.name ?? null,
    tenant: known ? principal.workspace.id : null,
    actor: known ? principal.key.label : null,
    path,
    ...(operation?.inference && { inference: null }),
  })
}

function respond(routed: Routed) {
  const { state, request, resolved, principal } = routed
  if (!resolved) return routerError(404, routerMessages.notFound)
  const operation = resolved.route.byMethod.get(request.method)
  if (!operation) {
    return routerError(405, 'Method Not Allowed', {
      headers: { allow: resolved.route.methods.join(', ') },
    })
  }
  const shaped = operation.errors === 'messages' ? inMessagesShape : sameShape
  if ('status' in principal && !operation.public) return shaped(principal)
  // A public operation types its `handle` with `RouterPublicCall`: it reads no `principal`, which is
  // missing when the request had no valid credentials.
  const call: RouterCall = {
    store: state.store,
    clock: state.clock,
    lock: state.lock,
    ids: state.ids,
    scripts: state.scripts,
    models: state.models,
    principal: principal as RouterPrincipal,
    meta: routed.meta,
  }
  // Never expected: every failure the service knows is a 4xx. Answer in the router's shape rather than
  // let the exception reach msw or the server.
  const run = () =>
    operation.handle(call, toOperationRequest(request, routed.path, resolved.params))
  // In a browser the request-body validation loads with the first operation, and the inference with the first
  // inference operation (`source.browser.ts` of each); in Node they are loaded already, and the operation runs now.
  const parts =
    operation.inference || operation.public
      ? [routerValidation, routerInference]
      : [routerValidation]
  return guarded(afterLoading(parts, run), () => shaped(routerError(500, routerMessages.internal)))
}

const sameShape = (response: PlainResponse) => response
