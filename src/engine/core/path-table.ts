/**
 * The route table of a service that matches the path as sent (the router): `:name` segments match any
 * segment, an empty one included (the operation validates it), and are percent-decoded; the first path
 * that matches names the route.
 * @module
 */
import {
  groupByPath,
  type ResolvedRoute,
  type Routable,
  type Route,
  type RouteTable,
  routeOf,
} from './routes.js'

/** Percent-decodes a path segment; a malformed escape is kept as sent. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

interface CompiledPath<Op extends Routable> {
  route: Route<Op>
  segments: string[]
}

/** `parts` holds the path's segments from index 1 (index 0 is the empty string before the first `/`). */
function matchPath(segments: readonly string[], parts: readonly string[]) {
  if (segments.length !== parts.length - 1) return undefined
  // The fixed segments first: a path that does not match costs no parameters object.
  for (let i = 0; i < segments.length; i++) {
    const pattern = segments[i] as string
    if (pattern.charCodeAt(0) !== 0x3a && pattern !== parts[i + 1]) return undefined
  }
  const params: Record<string, string> = {}
  for (let i = 0; i < segments.length; i++) {
    const pattern = segments[i] as string
    if (pattern.charCodeAt(0) === 0x3a)
      params[pattern.slice(1)] = decodeSegment(parts[i + 1] as string)
  }
  return params
}

/** The route table of an ordered operation list, matching paths as sent. */
export function createPathTable<Op extends Routable>(operations: readonly Op[]): RouteTable<Op> {
  const paths: CompiledPath<Op>[] = [...groupByPath(operations)].map(([path, group]) => ({
    route: routeOf(group),
    segments: path.split('/').slice(1),
  }))
  return {
    operations,
    resolve(path: string): ResolvedRoute<Route<Op>> | undefined {
      const parts = path.split('/')
      for (const { route, segments } of paths) {
        const params = matchPath(segments, parts)
        if (params) return { route, params }
      }
      return undefined
    },
  }
}
