/**
 * The composition root: every simulated service, registered once, with its operations from `handlers/`.
 * Everything else (the simulator, the standalone server, scenarios, snapshots, discovery, faults, the
 * inspector) iterates this list. Adding a service: its folders (`src/services/<name>/`, with its scenario
 * schema in `scenario-schema.ts`, and `handlers/<name>/`) and one line here. See docs/architecture.md.
 * @module
 */
import { messagingOperations } from '../../handlers/messaging/index.js'
import { routerOperations } from '../../handlers/router/index.js'
import type { ServiceMatcher } from '../engine/core/matchers.js'
import type { ServiceOptions, ServiceSetting } from '../engine/core/service.js'
import { messagingDefinition } from './messaging/definition.js'
import { routerDefinition } from './router/definition.js'

export const serviceDefinitions = [
  routerDefinition(routerOperations),
  messagingDefinition(messagingOperations),
] as const

type Definitions = (typeof serviceDefinitions)[number]

/** The names of the simulated services (`'router' | 'messaging'`). */
export type ServiceName = Definitions['name']

/** A service's registration, by name. */
export type DefinitionOf<N extends ServiceName> = Extract<Definitions, { name: N }>

/** Each service's instance inside a simulator, by name (`simulator.router`, `simulator.messaging`). */
export type ServiceInstances = {
  readonly [N in ServiceName]: Parameters<DefinitionOf<N>['discover']>[0]
}

/** Each service's options of `createSimulator`, by name. */
export type ServiceOptionsByName = {
  [N in ServiceName]?: DefinitionOf<N>['create'] extends (
    context: never,
    options: ServiceOptions & infer O,
  ) => unknown
    ? O
    : never
}

/** Each service's part of `describe()`, by name. */
export type ServiceDiscovery = { [N in ServiceName]: ReturnType<DefinitionOf<N>['discover']> }

/** Each service's operation ids, by name. */
export type OperationIdsByName = {
  [N in ServiceName]: DefinitionOf<N>['operations'][number]['name']
}

/** Every service's settings (`ServiceDefinition.settings`) as `startServer` takes them (`featureLevel`). */
export type ServiceSettings = (
  ServiceName extends infer N
    ? N extends ServiceName
      ? (
          settings: DefinitionOf<N> extends { settingTypes: infer S | undefined } ? S : object,
        ) => void
      : never
    : never
) extends (settings: infer All) => void
  ? All
  : never

/** A service's settings (none when it has none). */
export const settingsOf = (definition: Definitions): readonly ServiceSetting[] =>
  'settings' in definition ? definition.settings : []

/** A service's matchers on a runner's `expect(simulator)` (none when it has none). */
export const matchersOf = (definition: Definitions): Readonly<Record<string, ServiceMatcher>> =>
  'matchers' in definition ? definition.matchers : {}

/** The service names, in registration order. */
export const serviceNames: readonly ServiceName[] = serviceDefinitions.map((d) => d.name)

/** The registration of a service by name. */
export function definitionOf<N extends ServiceName>(name: N): DefinitionOf<N> {
  return serviceDefinitions.find((definition) => definition.name === name) as DefinitionOf<N>
}

/**
 * The service whose shape answers a request that names none, where the answer must take a service's shape
 * (the standalone server's 400 for a request node's HTTP parser refused, to the root or the control
 * surface): the first registered.
 */
export const fallbackDefinition: Definitions = serviceDefinitions[0]

/** An object with one entry per service, in registration order. */
export function perService<T>(value: (definition: Definitions) => T): { [N in ServiceName]: T } {
  return Object.fromEntries(
    serviceDefinitions.map((definition) => [definition.name, value(definition)]),
  ) as { [N in ServiceName]: T }
}
