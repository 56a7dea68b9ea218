/**
 * The one place where msw meets the core: Fetch `Request` in, plain request to the service, Fetch `Response` out.
 * Imports only from `msw`, which exists in msw 2 and 3.
 * @module
 */
import { HttpResponse, http, type RequestHandler } from 'msw'
import type { PlainRequest, PlainResponse } from '../core/http.js'
import type { Scope, Service } from '../core/service.js'

/** Turns a Fetch request into a plain one. */
export async function toPlainRequest(request: Request): Promise<PlainRequest> {
  const url = new URL(request.url)
  const headers: Record<string, string> = {}
  request.headers.forEach((value, name) => {
    headers[name] = value
  })
  const hasBody = request.body !== null && request.method !== 'GET' && request.method !== 'HEAD'
  const body = hasBody ? new Uint8Array(await request.arrayBuffer()) : undefined
  return {
    method: request.method,
    url: request.url,
    path: url.pathname,
    query: url.searchParams,
    headers,
    body,
  }
}

/** Turns a plain response into a Fetch response. */
export function toFetchResponse(response: PlainResponse): Response {
  const empty = response.status === 204 || response.status === 304 || response.body === ''
  return new HttpResponse(empty ? null : response.body, {
    status: response.status,
    headers: response.headers,
  })
}

/** Creates the msw handlers of one service for a scope. */
export function serviceHandlers(service: Service, scope: Scope): RequestHandler[] {
  const resolver = async ({ request }: { request: Request }) => {
    const response = await service.handle(await toPlainRequest(request), scope)
    return response && toFetchResponse(response)
  }
  return service.patterns(scope).map((pattern) => http.all(pattern, resolver))
}
