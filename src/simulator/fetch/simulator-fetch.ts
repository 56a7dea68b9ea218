/**
 * `simulator.fetch(input, init)`: a `fetch` answered by the simulator in process, without msw. Same answers,
 * journal, faults and latency as the msw handlers (one request path: the core's routes in the `in-process`
 * scope, so URLs are the real services' URLs); several times cheaper per request than msw's interception.
 * @example
 * const simulator = createSimulator()
 * const response = await simulator.fetch('https://openrouter.ai/api/v1/presets', {
 *   headers: { authorization: 'Bearer sk-or-v1-understudy-default-inference' },
 * })
 * @module
 */
import { isNetworkFault } from '../../engine/core/http.js'
import { InputTypeError } from '../../engine/core/input-error.js'
import { createExchange, type Exchange, type ExchangeTarget } from './exchange.js'
import { type FetchInput, locateCall, toRequest } from './request.js'
import { never, resetError, toResponse } from './response.js'

/** A function with `fetch`'s signature. */
export type FetchFunction = (input: FetchInput, init?: RequestInit) => Promise<Response>

/** Options of `simulator.fetchWith`. */
export interface SimulatorFetchOptions {
  /**
   * Where requests go that no simulated service answers (e.g. the global `fetch`). Without one they are
   * rejected with a `TypeError`, as `fetch` rejects a request it cannot send.
   */
  fallback?: FetchFunction | undefined
}

/** The simulator's own `fetch`, and a way to make one with a fallback. */
export interface SimulatorFetchApi {
  /**
   * A `fetch` answered by the simulator, without msw: for clients that take a fetch function
   * (`new HTTPClient({ fetcher: simulator.fetch })` of `@openrouter/sdk`, ky, ofetch, your own wrapper).
   * Same answers, journal, faults and latency as the msw handlers. A URL no simulated service answers is
   * rejected with a `TypeError` naming it (see `fetchWith` for a fallback); an injected `reset` rejects
   * with the `TypeError` the runtime's `fetch` gives (`fetch failed` in Node, `Failed to fetch` in a browser), an injected `hang` settles only when `init.signal` aborts.
   * @example
   * const presets = await simulator.fetch('https://openrouter.ai/api/v1/presets', { headers })
   */
  readonly fetch: FetchFunction
  /**
   * A `fetch` like `simulator.fetch` that sends the requests no simulated service answers to `fallback`.
   * @example
   * const fetch = simulator.fetchWith({ fallback: globalThis.fetch })
   */
  fetchWith(options: SimulatorFetchOptions): FetchFunction
}

/** Settles like `work`, or rejects with the signal's reason as soon as it aborts. */
function abortable<T>(work: Promise<T>, signal: AbortSignal | null | undefined): Promise<T> {
  if (!signal) return work
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason)
    signal.addEventListener('abort', onAbort, { once: true })
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}

/**
 * An injected hang: never settles, unless the signal aborts. Like a request waiting on a real socket, it keeps
 * the process alive while a signal can still end it (`AbortSignal.timeout`'s own timer does not); without a
 * signal nothing can end it, so it holds nothing.
 */
function hang(signal: AbortSignal | null | undefined): Promise<never> {
  if (!signal) return never()
  const keepAlive = setInterval(() => {}, 2 ** 31 - 1)
  const stop = () => clearInterval(keepAlive)
  signal.addEventListener('abort', stop, { once: true })
  return abortable(never(), signal)
}

/** One call: locate, read, answer through the core, and turn the outcome into what `fetch` settles with. */
async function call(
  exchange: Exchange,
  fallback: FetchFunction | undefined,
  input: FetchInput,
  init: RequestInit | undefined,
): Promise<Response> {
  const located = locateCall(input, init)
  const route = exchange.routeFor(located.url)
  if (!route && fallback) return fallback(input, init)
  const { signal } = located
  if (signal?.aborted) throw signal.reason
  if (!route) throw await exchange.unmatched(located.method, located.url.href)
  const request = await abortable(located.read(exchange.maxBodyBytes), signal)
  const outcome = await abortable(route.answer(request), signal)
  if (outcome === undefined) {
    // The patterns matched but the service declined (the patterns claim what the services answer, so this is a
    // safety net, not an expected path).
    if (fallback) return fallback(toRequest(request, signal))
    throw await exchange.unmatched(request.method, request.url)
  }
  if (!isNetworkFault(outcome)) return toResponse(outcome, request.method, request.url)
  if (outcome.network === 'reset') throw resetError()
  return hang(signal)
}

/** The fetch functions of one simulator. */
export function fetchApi(target: () => ExchangeTarget): SimulatorFetchApi {
  let exchange: Exchange | undefined
  const make =
    (fallback: FetchFunction | undefined): FetchFunction =>
    (input, init) => {
      exchange ??= createExchange(target())
      return call(exchange, fallback, input, init)
    }
  return {
    fetch: make(undefined),
    fetchWith(options) {
      const fallback = options?.fallback
      if (fallback !== undefined && typeof fallback !== 'function') {
        throw new InputTypeError(
          `[understudy] Failed to create a fetch: the fallback is ${typeof fallback}, not a function.`,
        )
      }
      return make(fallback)
    },
  }
}
