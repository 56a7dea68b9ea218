/**
 * URL resolution as Django does it for the real server: the percent-decoded path is matched against the
 * operations' paths in order; the first match names the route, and every operation on that same path
 * gives the route's methods (a Zulip `rest_path`). Path converters: `int` is `[0-9]+`, `str` any
 * non-empty segment. A route newer than the organization's feature level does not exist.
 *
 * What the dispatcher needs of a route (its methods, `Allow` header, the operation of each method) is
 * worked out once per feature level, not on every request.
 * @module
 */
import {
  type ResolvedRoute as Resolved,
  type Route,
  type RouteTable,
  routeOf,
} from '../../engine/core/routes.js'
import type { MessagingOperation } from './context.js'
import { decodeUtf8Lenient } from './python.js'

/**
 * The operations on one path at one feature level (one operation per method, in declaration order: the
 * order of `allowed_methods`), and what the dispatcher needs of them.
 */
interface MessagingRoute extends Route<MessagingOperation> {
  /** A public view (its first operation is `public`): answers GET and HEAD without authentication. */
  isPublic: boolean
  /** The methods the REST dispatcher accepts: the operations' methods, plus HEAD where GET is. */
  supported: readonly string[]
  /** The `Allow` header of an OPTIONS answer: `supported`, sorted. */
  sortedAllow: string
}

type ResolvedRoute = Resolved<MessagingRoute>

/** Percent-decodes a URL path as the WSGI server does; malformed escapes are kept as sent. */
export function decodePath(path: string): string {
  if (!path.includes('%')) return path
  const bytes: number[] = []
  for (let i = 0; i < path.length; i++) {
    const hex = path.slice(i + 1, i + 3)
    if (path[i] === '%' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16))
      i += 2
    } else {
      for (const byte of new TextEncoder().encode(path[i] as string)) bytes.push(byte)
    }
  }
  return decodeUtf8Lenient(new Uint8Array(bytes))
}

const CONVERTERS = { int: /^[0-9]+$/, str: /^[^/]+$/ } as const

/** One path segment of an operation: a literal, or a parameter with its converter. */
type Segment = { literal: string } | { name: string; converter: RegExp }

/** An operation available at a feature level, its segments, and the route it belongs to there. */
interface Candidate {
  segments: readonly Segment[]
  route: MessagingRoute
}

function compileSegments(operation: MessagingOperation): Segment[] {
  return operation.path
    .split('/')
    .slice(1)
    .map((pattern) => {
      if (!pattern.startsWith(':')) return { literal: pattern }
      const name = pattern.slice(1)
      return { name, converter: CONVERTERS[operation.converters?.[name] ?? 'str'] }
    })
}

function messagingRouteOf(operations: readonly MessagingOperation[]): MessagingRoute {
  const route = routeOf(operations)
  const supported = [...route.methods]
  if (supported.includes('GET') && !supported.includes('HEAD')) supported.push('HEAD')
  return {
    ...route,
    isPublic: operations[0]?.access === 'public',
    supported,
    sortedAllow: [...supported].sort().join(', '),
  }
}

/** The candidates at one feature level, in declaration order, each with its path's route. */
function candidatesAt(
  operations: readonly MessagingOperation[],
  featureLevel: number,
): Candidate[] {
  const available = operations.filter((operation) => (operation.since ?? 0) <= featureLevel)
  const routes = new Map<string, MessagingRoute>()
  return available.map((operation) => {
    let route = routes.get(operation.path)
    if (!route) {
      route = messagingRouteOf(available.filter((other) => other.path === operation.path))
      routes.set(operation.path, route)
    }
    return { segments: compileSegments(operation), route }
  })
}

/** The path parameters when the path's segments (`parts`, from index 1) match, otherwise `undefined`. */
function match(segments: readonly Segment[], parts: readonly string[]) {
  if (segments.length !== parts.length - 1) return undefined
  let params: Record<string, string> | undefined
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i] as Segment
    const part = parts[i + 1] as string
    if ('literal' in segment) {
      if (segment.literal !== part) return undefined
    } else {
      if (!segment.converter.test(part)) return undefined
      params ??= {}
      params[segment.name] = part
    }
  }
  return params ?? {}
}

/** Builds the resolver of an ordered operation list (paths are decoded with `decodePath` first). */
export function createMessagingRoutes(operations: readonly MessagingOperation[]): MessagingRoutes {
  /** Per feature level: the candidates, and the resolutions of recently seen paths (`null`: none). */
  const levels = new Map<
    number,
    { candidates: Candidate[]; resolved: Map<string, ResolvedRoute | null> }
  >()

  const find = (candidates: readonly Candidate[], path: string): ResolvedRoute | undefined => {
    const parts = path.split('/')
    for (const { segments, route } of candidates) {
      const params = match(segments, parts)
      // Frozen: a resolution is shared by every request to the same path.
      if (params) return { route, params: Object.freeze(params) }
    }
    return undefined
  }

  return {
    operations,
    /** The route for a decoded path at a feature level, or `undefined` (the HTML 404). */
    resolve(path: string, featureLevel: number): ResolvedRoute | undefined {
      let level = levels.get(featureLevel)
      if (!level) {
        level = { candidates: candidatesAt(operations, featureLevel), resolved: new Map() }
        levels.set(featureLevel, level)
      }
      const cached = level.resolved.get(path)
      if (cached !== undefined) return cached ?? undefined
      const resolved = find(level.candidates, path)
      if (path.length <= CACHED_PATH_LENGTH) {
        if (level.resolved.size >= PATH_CACHE_SIZE) level.resolved.clear()
        level.resolved.set(path, resolved ?? null)
      }
      return resolved
    },
  }
}

/** How many paths each feature level remembers, and the longest it remembers. */
const PATH_CACHE_SIZE = 512
const CACHED_PATH_LENGTH = 1024

/** The messaging service's route table: `resolve` needs the organization's feature level. */
export interface MessagingRoutes extends RouteTable<MessagingOperation, MessagingRoute> {
  resolve(path: string, featureLevel: number): ResolvedRoute | undefined
}
