/**
 * What Understudy simulates, read from the services' registry (`src/services/registry.ts`, the one list of
 * operations): whether a method and path below a service's base is one of its operations at any feature
 * level. `verify` skips an exchange of an operation the simulator does not have (a recorded 200 for
 * `GET /api/v1/streams`), and compares one the simulator answers as missing (a recorded 404 or 405).
 * @module
 */
import type { VerifyPart } from '../../engine/core/verify-part.js'
import { serviceDefinitions } from '../../services/registry.js'

interface Route {
  pattern: RegExp
  template: string
  methods: Set<string>
}

function compile(path: string, converters: Readonly<Record<string, string>> | undefined): RegExp {
  const source = path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      return converters?.[segment.slice(1)] === 'int' ? '[0-9]+' : '[^/]+'
    })
    .join('/')
  return new RegExp(`^${source}/?$`)
}

const routes = new Map<string, Route[]>()
for (const definition of serviceDefinitions) {
  const table: Route[] = []
  for (const operation of definition.operations) {
    const converters = (operation as { converters?: Readonly<Record<string, string>> }).converters
    let route = table.find((known) => known.template === operation.path)
    if (!route) {
      route = {
        pattern: compile(operation.path, converters),
        template: operation.path,
        methods: new Set(),
      }
      table.push(route)
    }
    route.methods.add(operation.method)
    if (operation.method === 'GET') route.methods.add('HEAD')
  }
  routes.set(definition.name, table)
}

/** How the simulator stands to a method and path: an operation of its, a path it has with other methods, or none. */
export type Simulated =
  | { kind: 'operation'; template: string }
  | { kind: 'method'; template: string }
  | { kind: 'path' }

/**
 * Whether `method path` (below the service's base) is an operation the simulator has (`OPTIONS` on every
 * path of a service whose part says it answers it everywhere).
 */
export function simulated(
  service: string,
  method: string,
  path: string,
  part: Pick<VerifyPart, 'optionsEverywhere'>,
): Simulated {
  const matching = (routes.get(service) ?? []).filter((route) => route.pattern.test(path))
  if (matching.length === 0) return { kind: 'path' }
  const everywhere = method === 'OPTIONS' && part.optionsEverywhere === true
  const own = matching.find((route) => everywhere || route.methods.has(method))
  if (own) return { kind: 'operation', template: own.template }
  return { kind: 'method', template: (matching[0] as Route).template }
}
