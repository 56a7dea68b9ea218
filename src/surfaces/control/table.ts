/**
 * The control surface's route table: its own routes (`routes.ts`), then each registered service's
 * (`ServiceDefinition.control`) below `/__understudy/<service name>/`, in registration order. The dispatcher
 * (`http.ts`) answers from it, and `docs/control.md` lists it (`test/control/route-table.test.ts` compares both
 * ways). It names no service.
 * @module
 */
import type { ControlRoute } from '../../engine/core/control-route.js'
import { serviceDefinitions } from '../../services/registry.js'
import type { SimulatorCore } from '../../simulator/simulator-core.js'
import { type SurfaceAnswer, surfaceRoutes } from './routes.js'

/** The path prefix of the control surface on the standalone server. */
export const CONTROL_PREFIX = '/__understudy'

/** A row of the table, its path below the control prefix, its owner's routes named relative to it. */
export interface TableRoute extends ControlRoute<SimulatorCore, SurfaceAnswer> {
  /** The whole path below the control prefix (`/<service>/scripts/{id}`; `/` for the prefix itself). */
  readonly fullPath: string
  /** The prefix of the owner's routes (`/__understudy`, `/__understudy/<service>`), for `link`. */
  readonly ownerPrefix: string
  /** `fullPath`'s segments after the first `/`. */
  readonly segments: readonly string[]
}

function tableRoute(route: ControlRoute<SimulatorCore, SurfaceAnswer>, owner: string): TableRoute {
  const fullPath = `${owner}/${route.path}`
  return {
    ...route,
    fullPath,
    ownerPrefix: CONTROL_PREFIX + owner,
    segments: fullPath.split('/').slice(1),
  }
}

/** A service's routes, run on its instance in the simulator (`simulator[name]`). */
function serviceRoutes(definition: (typeof serviceDefinitions)[number]): TableRoute[] {
  const { name } = definition
  const routes: readonly ControlRoute<unknown>[] = definition.control ?? []
  return routes.map((route) =>
    tableRoute(
      { ...route, run: (simulator, call) => route.run(simulator[name], call) },
      `/${name}`,
    ),
  )
}

/** Every control route, in the order they are matched and listed. */
export const controlTable: readonly TableRoute[] = [
  ...surfaceRoutes.map((route) => tableRoute(route, '')),
  ...serviceDefinitions.flatMap(serviceRoutes),
]

/** A route's request line as the docs list it: `GET /__understudy/faults`, `DELETE /__understudy/faults/{id}`. */
export const requestLine = (route: TableRoute) =>
  `${route.method} ${CONTROL_PREFIX}${route.fullPath === '/' ? '' : route.fullPath}`

/** The table's routes by method. */
const byMethod = new Map<string, TableRoute[]>()
for (const route of controlTable) {
  const routes = byMethod.get(route.method)
  if (routes) routes.push(route)
  else byMethod.set(route.method, [route])
}

/**
 * The route a method and a path below the prefix (without trailing slashes; `/` for the prefix) name, with
 * the path's parameters as sent (not decoded yet), or `undefined`: a fixed segment matches itself, a
 * parameter one segment its pattern passes (any, when it has none).
 */
export function matchRoute(
  method: string,
  path: string,
): { route: TableRoute; params: Record<string, string> } | undefined {
  const parts = path.split('/').slice(1)
  for (const route of byMethod.get(method) ?? []) {
    const params = matchSegments(route, parts)
    if (params) return { route, params }
  }
  return undefined
}

function matchSegments(route: TableRoute, parts: readonly string[]) {
  if (route.segments.length !== parts.length) return undefined
  const params: Record<string, string> = {}
  for (let i = 0; i < parts.length; i++) {
    const segment = route.segments[i] as string
    const part = parts[i] as string
    if (segment.startsWith('{') && segment.endsWith('}')) {
      const name = segment.slice(1, -1)
      const pattern = route.params?.[name]
      if (part === '' || (pattern && !pattern.test(part))) return undefined
      params[name] = part
    } else if (segment !== part) return undefined
  }
  return params
}
