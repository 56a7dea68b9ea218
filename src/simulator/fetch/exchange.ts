/**
 * The simulator's in-process URLs without msw: which service owns a URL (the same patterns the msw handlers
 * match, tested the way msw tests them: against the URL's origin and path), and its one request path
 * (latency, faults, the service, the journal). `simulator.fetch` and `routeSimulator` both go through here.
 * @module
 */
import type { Outcome, PlainRequest } from '../../engine/core/http.js'
import { type ServiceInstances, serviceDefinitions } from '../../services/registry.js'

/** One service's in-process URLs and answer (a `ServiceRoute` of the simulator core). */
interface ExchangeRoute {
  patterns: Array<string | RegExp>
  answer(request: PlainRequest): Promise<Outcome | undefined>
}

/** What an exchange needs of a simulator (a `SimulatorCore` has it all). */
export interface ExchangeTarget extends ServiceInstances {
  /** Settles once the scenario is loaded (the organizations an error names are the scenario's). */
  readonly ready: Promise<void>
  routes(scope: 'in-process'): ExchangeRoute[]
  readonly maxBodyBytes: number
}

/** A simulator's in-process URLs and answers. */
export interface Exchange {
  /** The route whose patterns match the URL, if any. */
  routeFor(url: URL): ExchangeRoute | undefined
  /** The largest request body the simulator accepts. */
  readonly maxBodyBytes: number
  /** The error for a URL no simulated service answers, naming it and the simulated URLs. */
  unmatched(method: string, url: string): Promise<TypeError>
}

/** Whether an msw pattern (a capture-free `RegExp` or an exact URL) matches a URL's origin and path. */
function matches(pattern: string | RegExp, cleanUrl: string): boolean {
  return typeof pattern === 'string' ? pattern === cleanUrl : pattern.test(cleanUrl)
}

/** The exchange of one simulator; its routes are read once (they never change). */
export function createExchange(target: ExchangeTarget): Exchange {
  let routes: ExchangeRoute[] | undefined
  return {
    routeFor(url) {
      routes ??= target.routes('in-process')
      const cleanUrl = `${url.origin}${url.pathname}`
      for (const route of routes) {
        for (const pattern of route.patterns) {
          if (pattern instanceof RegExp) pattern.lastIndex = 0
          if (matches(pattern, cleanUrl)) return route
        }
      }
      return undefined
    },
    get maxBodyBytes() {
      return target.maxBodyBytes
    },
    async unmatched(method, url) {
      await target.ready.catch(() => {})
      return new TypeError(
        `Failed to fetch ${method} ${url}: [understudy] no simulated service answers this URL. ` +
          `The simulator answers ${answeredUrls(target)}. ` +
          'To send other requests to the network, use simulator.fetchWith({ fallback: fetch }).',
      )
    },
  }
}

/** Every URL prefix the services answer in process (`https://openrouter.ai/api/v1/presets…`), in words. */
function answeredUrls(target: ExchangeTarget): string {
  const prefixes = serviceDefinitions.flatMap((definition) => {
    const urls = (definition.urls as (instance: unknown) => string | Record<string, string>)(
      target[definition.name],
    )
    const exact: readonly string[] =
      'inProcessPaths' in definition ? (definition.inProcessPaths ?? []) : []
    return (typeof urls === 'string' ? [urls] : Object.values(urls)).flatMap((url) => [
      `${url}${definition.inProcessPrefix}…`,
      ...exact.map((path) => `${url}${path}`),
    ])
  })
  if (prefixes.length === 0) return 'no URL in this scenario'
  return prefixes.length === 1
    ? (prefixes[0] as string)
    : `${prefixes.slice(0, -1).join(', ')} and ${prefixes.at(-1)}`
}
