/**
 * `understudy-mock/playwright`: a page's (or a whole browser context's) requests to the simulated services,
 * answered by the simulator through Playwright's `route`: no service worker, no `mockServiceWorker.js`, and
 * requests a service worker cannot see (before it registers, from workers) are answered too. The same
 * request path as `simulator.fetch` (latency, faults, the services, the journal).
 * @example
 * import { routeSimulator } from 'understudy-mock/playwright'
 * const simulator = createSimulator()
 * const routed = await routeSimulator(page, simulator)
 * await page.goto('http://localhost:5173/')
 * await routed.unroute()
 * @module
 */
import { isNetworkFault, type Outcome } from '../../engine/core/http.js'
import { InputTypeError } from '../../engine/core/input-error.js'
import { createExchange, type ExchangeTarget } from '../../simulator/fetch/exchange.js'
import { plainRequest } from '../../simulator/fetch/request.js'
import { hasNoBody } from '../../simulator/fetch/response.js'
import { readableBy } from './cors.js'

/** What the simulator does with a request it does not answer. */
export type UnhandledAction = 'continue' | 'abort'

/** The parts of a Playwright `Request` the simulator reads. */
export interface PlaywrightRequest {
  url(): string
  method(): string
  headers(): { [name: string]: string }
  postDataBuffer(): Buffer | null
}

/** The parts of a Playwright `Route` the simulator uses. */
export interface PlaywrightRoute {
  request(): PlaywrightRequest
  fulfill(options: {
    status?: number
    headers?: { [name: string]: string }
    body?: string
  }): Promise<void>
  abort(errorCode?: string): Promise<void>
  fallback(): Promise<void>
}

/** What can be routed: a Playwright `Page` or `BrowserContext` (from `playwright-core` or `@playwright/test`). */
export interface RouteTarget {
  route(
    url: (url: URL) => boolean,
    handler: (route: PlaywrightRoute) => Promise<void>,
  ): Promise<unknown>
  unroute(
    url: (url: URL) => boolean,
    handler?: (route: PlaywrightRoute) => Promise<void>,
  ): Promise<void>
}

/** Options of `routeSimulator`. */
export interface RouteSimulatorOptions {
  /**
   * What happens to a request no simulated service answers: `continue` (default) hands it on (to your other
   * routes, then the network), `abort` fails it, or a function decides per request. With anything but
   * `continue` the simulator sees every request of the page, the page's own documents and scripts included.
   */
  onUnhandled?:
    | UnhandledAction
    | ((request: PlaywrightRequest) => UnhandledAction | Promise<UnhandledAction>)
}

/** A routed simulator. */
export interface SimulatorRoute {
  /**
   * Stops answering (Playwright's `unroute`). Requests held by an injected `hang` are then aborted as timed
   * out, so the page does not wait for them forever.
   */
  unroute(): Promise<void>
}

function checkOptions(
  options: RouteSimulatorOptions,
): NonNullable<RouteSimulatorOptions['onUnhandled']> {
  const onUnhandled = options.onUnhandled ?? 'continue'
  if (onUnhandled !== 'continue' && onUnhandled !== 'abort' && typeof onUnhandled !== 'function') {
    throw new InputTypeError(
      `[understudy] Failed to route the simulator: onUnhandled ${JSON.stringify(onUnhandled)} is not "continue", "abort" or a function.`,
    )
  }
  return onUnhandled
}

/**
 * Answers the page's (or context's) requests to the simulated services with the simulator, through
 * Playwright's `route`; other requests continue (see `onUnhandled`). Resolves once routing is on.
 * @example
 * const routed = await routeSimulator(page, simulator, { onUnhandled: 'continue' })
 */
export async function routeSimulator(
  target: RouteTarget,
  simulator: ExchangeTarget,
  options: RouteSimulatorOptions = {},
): Promise<SimulatorRoute> {
  const onUnhandled = checkOptions(options)
  const exchange = createExchange(simulator)
  const everything = onUnhandled !== 'continue'
  const matcher = (url: URL) => everything || exchange.routeFor(url) !== undefined
  /** Routes held by an injected hang, released by `unroute`. */
  const held = new Set<PlaywrightRoute>()

  const unhandled = async (route: PlaywrightRoute, request: PlaywrightRequest) => {
    const action = typeof onUnhandled === 'function' ? await onUnhandled(request) : onUnhandled
    if (action === 'abort') await route.abort()
    else await route.fallback()
  }

  const respond = async (
    route: PlaywrightRoute,
    outcome: Outcome,
    method: string,
    origin?: string,
  ) => {
    if (isNetworkFault(outcome)) {
      if (outcome.network === 'reset') await route.abort('connectionreset')
      else held.add(route)
      return
    }
    await route.fulfill({
      status: outcome.status,
      headers: readableBy(origin, outcome.headers),
      ...(hasNoBody(method, outcome.status, outcome.body) ? {} : { body: outcome.body }),
    })
  }

  const handler = async (route: PlaywrightRoute) => {
    const request = route.request()
    const url = new URL(request.url())
    const owner = exchange.routeFor(url)
    if (!owner) return unhandled(route, request)
    const headers = request.headers()
    const body = request.postDataBuffer()
    const method = request.method()
    const outcome = await owner.answer(
      plainRequest(url, method, headers, body ?? undefined, exchange.maxBodyBytes),
    )
    if (outcome === undefined) return unhandled(route, request)
    await respond(route, outcome, method, headers.origin)
  }

  await target.route(matcher, handler)
  return {
    async unroute() {
      await target.unroute(matcher, handler)
      const routes = [...held]
      held.clear()
      await Promise.all(routes.map((route) => route.abort('timedout').catch(() => {})))
    },
  }
}
