/**
 * One request to one organization, in the real server's order:
 *
 * 1. the query string and (POST only) the form body are parsed; Django refuses a bad multipart boundary
 *    or more than 1000 fields with its 400 page;
 * 2. URL resolution: no route (or a route newer than the feature level) is the HTML 404;
 * 3. a public view (`server_settings`) answers GET and HEAD, anything else is Django's plain 405;
 * 4. the REST dispatcher: OPTIONS is 204 with the sorted `Allow`; a `method` body parameter overrides the
 *    HTTP method; an unsupported method is the JSON-bodied 405;
 * 5. Basic authentication (`auth.ts`);
 * 6. the organization's rate limit, when it is on (`rate-limit.ts`): a 429, or `X-RateLimit-*` headers on
 *    whatever the operation answers;
 * 7. the operation.
 *
 * The route and the caller are worked out at most once per request (`route`), for the matching of faults
 * and stubs (`describe()`) and the answer alike.
 *
 * Responses the REST dispatcher returns (success, 204, 405, the login redirect) carry never-cache headers;
 * errors the real server raises (4xx from checks, 401) do not. HEAD answers carry no body.
 *
 * The path is synchronous from parsing to the operation's answer: no `async` layers, so a request costs
 * no microtask turns unless an operation itself returns a promise (or, in a browser, the first operations
 * wait for the operations' parts to load: `run`).
 * @module
 */
import {
  guarded,
  type MaybeAsync,
  type PlainRequest,
  type PlainResponse,
} from '../../engine/core/http.js'
import { afterLoading } from '../../engine/core/on-demand.js'
import { type OperationRequest, toOperationRequest } from '../../engine/core/routes.js'
import type { Answer, RequestMeta, RoutedRequest } from '../../engine/core/service.js'
import { authenticate } from './auth.js'
import type { MessagingCall, MessagingOperation, MessagingState } from './context.js'
import {
  badRequest,
  copyHeaders,
  htmlBadRequest,
  htmlNotFound,
  internalError,
  messagingMessages,
  neverCacheHeaders,
  plainMethodNotAllowed,
  rateLimitHit,
  restMethodNotAllowed,
  withNeverCache,
} from './errors.js'
import { parseFormBody, parseQueryString } from './form.js'
import { messagingParts } from './operation-parts/source.js'
import { RequestParams } from './params.js'
import type { OrganizationRecord } from './records.js'
import { decodePath, type MessagingRoutes } from './routes.js'

/** The organization a request reached, and where. */
export interface Located {
  /**
   * The organization, or a stand-in for a subdomain no organization has: the real server then answers every
   * API request from authentication (no account belongs to it) and `server_settings` with `Invalid subdomain`.
   */
  organization: OrganizationRecord
  /** True when no organization has the subdomain (`organization` is a stand-in, never stored). */
  unknown?: boolean
  /** The organization's base URL. */
  baseUrl: string
  /** The path prefix of the organization (empty when it has its own origin). */
  basePath: string
  /** The request's path below the base URL, still percent-encoded (`/api/v1/users`). */
  path: string
  /** The request URL's query string, without the `?` (`new URL(request.url).search.slice(1)`). */
  query: string
}

const SAFE_METHODS = ['GET', 'HEAD']
const BODY_METHODS = ['POST', 'PATCH', 'PUT', 'DELETE']

type Response = MaybeAsync<PlainResponse>

/** Applies `finish` to an answer, without a promise when the answer is already there. */
function andThen(answer: Response, finish: (response: PlainResponse) => PlainResponse): Response {
  return answer instanceof Promise ? answer.then(finish) : finish(answer)
}

/**
 * Runs an operation; a failure (thrown or rejected) is the real 500. In a browser the operations' parts load
 * with the first operation (`operation-parts/source.browser.ts`), which waits for them, as does a failed load
 * (the 500); in Node they are loaded already, and the operation runs now.
 */
function run(
  operation: MessagingOperation,
  call: MessagingCall,
  request: OperationRequest,
): Response {
  return guarded(
    afterLoading([messagingParts], () => operation.handle(call, request)),
    internalError,
  )
}

function withoutBody(response: PlainResponse, method: string): PlainResponse {
  return method === 'HEAD' ? { ...response, body: '' } : response
}

/** The call an operation gets: the service's state (written out, not spread) and the request's own. */
function callOf(
  state: MessagingState,
  located: Located,
  params: RequestParams,
  actor: MessagingCall['actor'],
  allowedMethods: readonly string[],
): MessagingCall {
  return {
    store: state.store,
    clock: state.clock,
    ids: state.ids,
    lock: state.lock,
    rateLimiter: state.rateLimiter,
    organization: located.organization,
    featureLevel: located.organization.featureLevel,
    baseUrl: located.baseUrl,
    actor,
    params,
    allowedMethods,
  }
}

/** What the routing of one request works out, each part at most once: its route and its caller. */
class Routing {
  /** The route once resolved (`null`: none). */
  #resolved: ReturnType<MessagingRoutes['resolve']> | null = undefined
  /** The caller once authenticated. */
  #caller: ReturnType<typeof authenticate> | undefined

  constructor(
    readonly state: MessagingState,
    readonly routes: MessagingRoutes,
    readonly located: Located,
    readonly request: PlainRequest,
  ) {}

  /** The route of the decoded path at the organization's feature level (`undefined`: none). */
  resolve() {
    if (this.#resolved === undefined) {
      const { path, organization } = this.located
      this.#resolved = this.routes.resolve(decodePath(path), organization.featureLevel) ?? null
    }
    return this.#resolved ?? undefined
  }

  /** Who the request's credentials are (`auth.ts`), or the response refusing them. */
  authenticate() {
    const { organization, basePath } = this.located
    this.#caller ??= authenticate(
      this.request,
      { subdomain: organization.subdomain, basePath },
      this.state.store,
    )
    return this.#caller
  }

  /**
   * The operation and caller as the matching of faults and stubs sees them: the route's operation for the
   * request's method (HEAD as GET) and, for an operation that is not public, whoever the credentials are (a
   * fault answers whatever they are, but its journal entry names a valid caller).
   */
  describe(): RequestMeta {
    const { request, located } = this
    const method = request.method === 'HEAD' ? 'GET' : request.method
    const operation = this.resolve()?.route.operations.find(
      (candidate) => candidate.method === method,
    )
    const caller = operation && operation.access !== 'public' ? this.authenticate() : undefined
    return {
      operation: operation?.name ?? null,
      tenant: located.organization.subdomain,
      actor: caller && !('status' in caller) ? caller.email : null,
      path: located.path,
    }
  }

  /**
   * Answers the request, with what the journal records of it. Never throws: an unexpected failure is the
   * real 500. The response is synchronous unless an operation returns a promise.
   */
  answer(): Answer {
    const meta: RequestMeta = {
      operation: null,
      tenant: this.located.organization.subdomain,
      actor: null,
      path: this.located.path,
    }
    return { response: guarded(() => respond(this, meta), internalError), meta }
  }
}

/**
 * Routes one request to one organization: the routed request, which describes itself and answers from
 * the same route and the same authentication, each worked out at most once.
 */
export function route(
  state: MessagingState,
  routes: MessagingRoutes,
  located: Located,
  request: PlainRequest,
): RoutedRequest {
  return new Routing(state, routes, located, request)
}

/** The response, in the real server's order; fills in `meta`'s operation and actor once known. */
function respond(routing: Routing, meta: RequestMeta): Response {
  const { state, located, request } = routing
  const query = parseQueryString(located.query)
  if ('refused' in query) return htmlBadRequest()
  // Django parses a POST body; the REST dispatcher has PATCH, PUT and DELETE bodies parsed the same way
  // (`process_as_post`), where only a real POST's can override the method.
  let body = BODY_METHODS.includes(request.method)
    ? parseFormBody(request.headers['content-type'], request.body)
    : { fields: [] }
  if ('refused' in body) {
    if (request.method === 'POST') return htmlBadRequest()
    // Parsed only once the view runs: an unparseable body then counts as no parameters.
    body = { fields: [] }
  }

  const { organization } = located
  const featureLevel = organization.featureLevel
  const resolved = routing.resolve()
  if (!resolved) return htmlNotFound()
  const { route } = resolved

  const params = new RequestParams(body.fields, query.fields)
  const operationRequest = toOperationRequest(request, located.path, resolved.params)

  if (route.isPublic) {
    const operation = route.byMethod.get('GET')
    if (!operation || !SAFE_METHODS.includes(request.method))
      return plainMethodNotAllowed(SAFE_METHODS)
    meta.operation = operation.name
    // `get_auth_backends_data` refuses a subdomain that has no realm (zerver/views/auth.py).
    if (located.unknown)
      return withoutBody(badRequest(messagingMessages.invalidSubdomain), request.method)
    const call = callOf(state, located, params, undefined, SAFE_METHODS)
    return andThen(run(operation, call, operationRequest), (response) =>
      withoutBody(response, request.method),
    )
  }

  const { supported } = route
  if (request.method === 'OPTIONS') {
    return withNeverCache(
      {
        status: 204,
        headers: { 'content-type': 'text/html; charset=utf-8', allow: route.sortedAllow },
        body: '',
      },
      state.clock.now(),
    )
  }
  const method =
    (request.method === 'POST' && params.hasBody ? params.body('method') : undefined) ??
    request.method
  if (!supported.includes(method))
    return withNeverCache(restMethodNotAllowed(supported), state.clock.now())
  const operation = route.byMethod.get(method === 'HEAD' ? 'GET' : method)
  if (!operation) return withNeverCache(restMethodNotAllowed(supported), state.clock.now())
  meta.operation = operation.name

  const actor = routing.authenticate()
  if ('status' in actor)
    return actor.status === 302 ? withNeverCache(actor, state.clock.now()) : actor
  meta.actor = actor.email
  const rules = organization.rateLimit
  const limit = rules
    ? state.rateLimiter.take(organization.subdomain, actor.id, rules, state.clock.now())
    : undefined
  if (limit?.limited) {
    const refused = rateLimitHit(limit.retryAfter, featureLevel)
    const headers = Object.assign(copyHeaders(refused.headers), limit.headers)
    return withoutBody({ ...refused, headers }, request.method)
  }
  const call = callOf(state, located, params, actor, supported)
  return andThen(run(operation, call, operationRequest), (response) => {
    const success = response.status >= 200 && response.status < 300
    if (!success && !limit) return withoutBody(response, request.method)
    // One copy of the headers takes the never-cache and the rate-limit headers, in the original
    // spread order: the operation's, `Expires`, `Cache-Control`, then `X-RateLimit-*`.
    let headers = response.headers
    if (success) headers = neverCacheHeaders(headers, state.clock.now())
    if (limit) headers = Object.assign(success ? headers : copyHeaders(headers), limit.headers)
    return withoutBody({ ...response, headers }, request.method)
  })
}
