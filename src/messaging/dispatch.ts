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
 * Responses the REST dispatcher returns (success, 204, 405, the login redirect) carry never-cache headers;
 * errors the real server raises (4xx from checks, 401) do not. HEAD answers carry no body.
 * @module
 */
import { header, type PlainRequest, type PlainResponse } from '../core/http.js'
import type { RequestMeta } from '../core/service.js'
import { authenticate } from './auth.js'
import type { MessagingCall, MessagingOperation, MessagingState } from './context.js'
import {
  htmlBadRequest,
  htmlNotFound,
  internalError,
  plainMethodNotAllowed,
  rateLimitHit,
  restMethodNotAllowed,
  withNeverCache,
} from './errors.js'
import { parseFormBody, parseQueryString } from './form.js'
import { RequestParams } from './params.js'
import type { OrganizationRecord } from './records.js'
import { decodePath, type MessagingRoutes } from './routes.js'

/** The organization a request reached, and where. */
export interface Located {
  organization: OrganizationRecord
  /** The organization's base URL. */
  baseUrl: string
  /** The path prefix of the organization (empty when it has its own origin). */
  basePath: string
  /** The request's path below the base URL, still percent-encoded (`/api/v1/users`). */
  path: string
}

const SAFE_METHODS = ['GET', 'HEAD']

function withoutBody(response: PlainResponse, method: string): PlainResponse {
  return method === 'HEAD' ? { ...response, body: '' } : response
}

/** Answers one request to one organization. Never throws: an unexpected failure is the real 500. */
export async function dispatch(
  state: MessagingState,
  routes: MessagingRoutes,
  located: Located,
  request: PlainRequest,
  meta?: RequestMeta,
): Promise<PlainResponse> {
  const query = parseQueryString(new URL(request.url).search.slice(1))
  if ('refused' in query) return htmlBadRequest()
  const body =
    request.method === 'POST'
      ? parseFormBody(header(request, 'content-type'), request.body)
      : { fields: [] }
  if ('refused' in body) return htmlBadRequest()

  const featureLevel = located.organization.featureLevel
  const route = routes.resolve(decodePath(located.path), featureLevel)
  if (!route) return htmlNotFound()

  const params = new RequestParams(body.fields, query.fields)
  const call: MessagingCall = {
    ...state,
    organization: located.organization,
    featureLevel,
    baseUrl: located.baseUrl,
    actor: undefined,
    params,
  }
  const run = async (operation: MessagingOperation): Promise<PlainResponse> => {
    try {
      return await operation.handle(call, { ...request, path: located.path, params: route.params })
    } catch {
      return internalError()
    }
  }

  if (route.operations[0]?.access === 'public') {
    const operation = route.operations.find((candidate) => candidate.method === 'GET')
    if (!operation || !SAFE_METHODS.includes(request.method))
      return plainMethodNotAllowed(SAFE_METHODS)
    if (meta) meta.operation = operation.name
    return withoutBody(await run(operation), request.method)
  }

  const supported = route.operations.map((operation) => operation.method)
  if (supported.includes('GET') && !supported.includes('HEAD')) supported.push('HEAD')
  const now = state.clock.now()
  if (request.method === 'OPTIONS') {
    const allow = [...supported].sort().join(', ')
    return withNeverCache(
      { status: 204, headers: { 'content-type': 'text/html; charset=utf-8', allow }, body: '' },
      now,
    )
  }
  const method = (params.hasBody ? params.body('method') : undefined) ?? request.method
  if (!supported.includes(method)) return withNeverCache(restMethodNotAllowed(supported), now)
  const operation = route.operations.find(
    (candidate) => candidate.method === (method === 'HEAD' ? 'GET' : method),
  )
  if (!operation) return withNeverCache(restMethodNotAllowed(supported), now)
  if (meta) meta.operation = operation.name

  const actor = authenticate(
    request,
    { subdomain: located.organization.subdomain, basePath: located.basePath },
    state.store,
  )
  if ('status' in actor) return actor.status === 302 ? withNeverCache(actor, now) : actor
  call.actor = actor
  if (meta) meta.actor = actor.email
  const rules = located.organization.rateLimit
  const limit = rules
    ? state.rateLimiter.take(located.organization.subdomain, actor.id, rules, state.clock.now())
    : undefined
  if (limit?.limited) {
    const refused = rateLimitHit(limit.retryAfter, featureLevel)
    return withoutBody(
      { ...refused, headers: { ...refused.headers, ...limit.headers } },
      request.method,
    )
  }
  const response = await run(operation)
  const answered =
    response.status >= 200 && response.status < 300
      ? withNeverCache(response, state.clock.now())
      : response
  const limited = limit
    ? { ...answered, headers: { ...answered.headers, ...limit.headers } }
    : answered
  return withoutBody(limited, request.method)
}
