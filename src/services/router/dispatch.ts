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
import type { RequestMeta, RoutedRequest } from '../../engine/core/service.js'
import { authenticate, type RouterPrincipal } from './auth.js'
import type { RouterCall, RouterOperation, RouterState } from './context.js'
import { inMessagesShape, routerError, routerMessages } from './errors.js'
import { routerInference } from './inference/source.js'
import { routerValidation } from './validation/source.js'

/** Where a request to the router goes: its route and caller, and what the journal records of it. */
interface Routed {
  /** The path below the base URL. */
  path: string
  resolved: ReturnType<RouteTable<RouterOperation>['resolve']>
  principal: RouterPrincipal | PlainResponse
  meta: RequestMeta
}

/**
 * Routes and authenticates a request below the base URL (`path`), once: the routed request describes
 * itself from that routing and, when answered, answers from it (never throwing: an unexpected failure is
 * the router's 500).
 */
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
  const routed: Routed = {
    path,
    resolved,
    principal,
    meta: {
      operation: operation?.name ?? null,
      tenant: known ? principal.workspace.id : null,
      actor: known ? principal.key.label : null,
      path,
      ...(operation?.inference && { inference: null }),
    },
  }
  return {
    describe: () => routed.meta,
    answer: () => ({ response: respond(state, request, routed), meta: routed.meta }),
  }
}

function respond(state: RouterState, request: PlainRequest, routed: Routed) {
  const { resolved, principal } = routed
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
