/**
 * Where things live on the standalone server: each service under its path prefix, the control surface
 * under `/__understudy`; and what a bind address means.
 * @module
 */
import { isIP } from 'node:net'
import {
  type DefinitionOf,
  perService,
  type ServiceName,
  serviceDefinitions,
} from '../../services/registry.js'
import type { SimulatorCore } from '../../simulator/simulator-core.js'
import { CONTROL_PREFIX } from '../../surfaces/control/http.js'

/** The path prefixes of the services on the standalone server (`{ router: '/router', … }`). */
export const SERVER_PREFIXES = perService((definition) => definition.serverPrefix) as {
  readonly [N in ServiceName]: DefinitionOf<N>['serverPrefix']
}

const prefixes = serviceDefinitions.map(({ name, serverPrefix }) => ({
  name,
  exact: serverPrefix,
  below: `${serverPrefix}/`,
}))

/** The service a request path (without its query) belongs to, if any. */
export function serviceOfPath(pathname: string): ServiceName | undefined {
  for (const prefix of prefixes)
    if (pathname === prefix.exact || pathname.startsWith(prefix.below)) return prefix.name
  return undefined
}

const BELOW_CONTROL = `${CONTROL_PREFIX}/`

/** Whether a request path (without its query) is the control surface's. */
export function isControlPath(pathname: string): boolean {
  return pathname === CONTROL_PREFIX || pathname.startsWith(BELOW_CONTROL)
}

/** Whether a bind address is reachable only from this machine. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(\.[0-9]{1,3}){3}$/.test(host)
}

/** A host as it appears in a URL: an IPv6 address in brackets. */
export function urlHost(host: string): string {
  return isIP(host) === 6 ? `[${host}]` : host
}

/** Every service's base URL on a server, by service (one per tenant where tenants have their own). */
export type ServiceUrls = { [N in ServiceName]: ReturnType<DefinitionOf<N>['urls']> }

/** Every service's base URL on a server. */
export function serviceUrls(simulator: SimulatorCore): ServiceUrls {
  return perService((definition) =>
    (definition.urls as (instance: unknown) => unknown)(simulator[definition.name]),
  ) as ServiceUrls
}

/** The simulator's options that put every service under its prefix of a server's origin. */
export function serverBaseUrls(origin: string) {
  return perService((definition) => ({
    baseUrl: definition.serverBaseUrl(`${origin}${definition.serverPrefix}`),
  }))
}
