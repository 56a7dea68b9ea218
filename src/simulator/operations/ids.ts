/**
 * The operation ids of each service, as string-literal types and as run-time lists, both derived from the
 * registered services' operation lists (`src/services/registry.ts`, from `handlers/<service>/index.ts`): what
 * faults, journal filters, the matchers and the inspector accept. A filter or fault that names a service narrows `operation`
 * to that service's ids; an unknown id is refused at run time with the known ones listed.
 *
 * `src/simulator/operations/` types the engine parts (`src/engine/journal/`, `src/engine/faults/`, where services and operation
 * ids are plain strings) for the registered services: these ids and their checks, the journal's entries
 * per operation (`journal-entries.ts`), its filter and reads (`journal.ts`), a fault's definition and its
 * schema (`faults.ts`). It imports the registry, the engine parts and `src/engine/core/`, and names no
 * service: what is a service's own (its exchanges' types, a fault field only it answers) comes from its
 * definition. The simulator, the surfaces and the ways in import it.
 * @module
 */
import { InputTypeError, showValue } from '../../engine/core/input-error.js'
import {
  type OperationIdsByName,
  perService,
  type ServiceName,
  serviceDefinitions,
  serviceNames,
} from '../../services/registry.js'

/** The operation ids of one service. */
export type OperationIdOf<S extends ServiceName> = OperationIdsByName[S]

/** Every operation id of every service (e.g. `createPresetsChatCompletions`, `create-user`). */
export type OperationId = OperationIdOf<ServiceName>

/** The service an operation id belongs to. */
export type ServiceOf<O extends OperationId> = {
  [S in ServiceName]: O extends OperationIdOf<S> ? S : never
}[ServiceName]

/** Each service's operation ids at run time, in the order the service matches them. */
export const OPERATION_IDS = perService((definition) =>
  definition.operations.map((operation) => operation.name),
) as { readonly [S in ServiceName]: readonly OperationIdOf<S>[] }

/**
 * A filter or a fault's match with `service` and `operation`: without a service, any service's operation
 * id; with one, only that service's ids.
 */
export type OperationMatch<Fields extends object> =
  | (Fields & { service?: undefined; operation?: OperationId })
  | { [S in ServiceName]: Fields & { service: S; operation?: OperationIdOf<S> } }[ServiceName]

const known: Record<ServiceName | 'any', Set<string>> = {
  ...perService((definition) => new Set<string>(OPERATION_IDS[definition.name])),
  any: new Set<string>(serviceDefinitions.flatMap((definition) => OPERATION_IDS[definition.name])),
}

/** Whether a value names a service. */
const isServiceName = (value: unknown): value is ServiceName =>
  typeof value === 'string' && (serviceNames as readonly string[]).includes(value)

/** What is wrong with a service name, or `undefined` (nothing given is fine). */
function serviceProblem(service: unknown): string | undefined {
  if (service === undefined || isServiceName(service)) return undefined
  return `must be ${serviceNames.map((name) => JSON.stringify(name)).join(' or ')} (got ${showValue(service)})`
}

/**
 * What is wrong with an operation id for a service (any service when none, or no valid one, is given), or
 * `undefined`: `unknown operation "createPreset"; known: createPresetsChatCompletions, …`.
 */
export function operationProblem(service: unknown, operation: unknown): string | undefined {
  if (operation === undefined) return undefined
  if (typeof operation !== 'string') return `must be a string (got ${showValue(operation)})`
  const scope = isServiceName(service) ? service : 'any'
  if (known[scope].has(operation)) return undefined
  const ids = scope === 'any' ? [...known.any] : OPERATION_IDS[scope]
  const of = scope === 'any' ? '' : ` of ${scope}`
  return `unknown operation ${JSON.stringify(operation)}${of}; known: ${ids.join(', ')}`
}

/**
 * Refuses a filter or match naming an unknown service, or an operation id its service (or no service)
 * does not have: an `InputTypeError` `[understudy] Failed to <action>: operation: unknown operation …`.
 */
export function checkOperationMatch(
  match: { service?: unknown; operation?: unknown },
  action: string,
): void {
  const service = serviceProblem(match.service)
  if (service) throw new InputTypeError(`[understudy] Failed to ${action}: service: ${service}.`)
  const operation = operationProblem(match.service, match.operation)
  if (operation) {
    throw new InputTypeError(`[understudy] Failed to ${action}: operation: ${operation}.`)
  }
}
