/**
 * Operations, and the one interface both services' route tables implement: a path resolves to a route
 * (every operation on that path, by method) and the path's parameters. The router's table matches the
 * path as sent (`path-table.ts`); the messaging service's decodes it first and knows feature levels, as
 * Django does (`messaging/routes.ts`). `test/core/route-tables.test.ts` holds both to the same contract.
 * @module
 */
import type { MaybeAsync, PlainRequest, PlainResponse } from './http.js'

/** A request with the path parameters of the operation it matched (percent-decoded). */
export interface OperationRequest extends PlainRequest {
  params: Readonly<Record<string, string>>
}

/**
 * The request as an operation sees it: the path below the service's base URL and the path parameters.
 * Written out field by field: on Node 20 a spread that then grows (`{ ...request, params }`) costs over
 * a microsecond, on every request.
 */
export function toOperationRequest(
  request: PlainRequest,
  path: string,
  params: Readonly<Record<string, string>>,
): OperationRequest {
  const operationRequest: OperationRequest = {
    method: request.method,
    url: request.url,
    path,
    query: request.query,
    headers: request.headers,
    body: request.body,
    params,
  }
  if (request.oversized) operationRequest.oversized = true
  return operationRequest
}

/**
 * One operation of a service (a file in `handlers/<service>/`): its name (the real API's operation id),
 * method, path pattern (`:name` segments), and the function that answers it. `Call` is what the service's
 * dispatcher hands every operation: the service's state and the request's authenticated caller.
 */
export interface Operation<Call> {
  name: string
  method: string
  path: string
  handle(call: Call, request: OperationRequest): MaybeAsync<PlainResponse>
}

/** What a route table needs of an operation. */
export interface Routable {
  readonly name: string
  readonly method: string
  readonly path: string
}

/** Every operation on one path, as a route table names them. */
export interface Route<Op extends Routable> {
  /** The path's operations, in declaration order. */
  operations: readonly Op[]
  /** Their methods, each once, in declaration order (`Allow` of a 405). */
  methods: readonly string[]
  /** The operation answering a method: the first declared for it. */
  byMethod: ReadonlyMap<string, Op>
}

/** A resolved path: its route, and the path's parameters (shared and frozen: do not change them). */
export interface ResolvedRoute<R> {
  route: R
  params: Readonly<Record<string, string>>
}

/**
 * A service's URL resolution: the route a path below the base URL names, or `undefined` (no route).
 * `featureLevel` matters only to services whose routes come and go with one.
 */
export interface RouteTable<Op extends Routable, R extends Route<Op> = Route<Op>> {
  /** The operations, in the order paths are matched against them. */
  readonly operations: readonly Op[]
  resolve(path: string, featureLevel?: number): ResolvedRoute<R> | undefined
}

/** The route of the operations sharing one path. */
export function routeOf<Op extends Routable>(operations: readonly Op[]): Route<Op> {
  const byMethod = new Map<string, Op>()
  for (const operation of operations)
    if (!byMethod.has(operation.method)) byMethod.set(operation.method, operation)
  return { operations, methods: [...byMethod.keys()], byMethod }
}

/** The operations grouped by path, each group in declaration order, groups in order of first appearance. */
export function groupByPath<Op extends Routable>(operations: readonly Op[]): Map<string, Op[]> {
  const groups = new Map<string, Op[]>()
  for (const operation of operations) {
    const group = groups.get(operation.path)
    if (group) group.push(operation)
    else groups.set(operation.path, [operation])
  }
  return groups
}
