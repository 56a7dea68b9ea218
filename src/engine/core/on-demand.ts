/**
 * A part of the simulator that a browser page loads when a request first needs it, not with the page
 * (decisions/browser-bundle.md). Each part is a module pair named `source`: `source.ts` hands the part out
 * with a static import (`loadedPart`), for Node and every bundle built for it, so nothing waits there and the
 * request path stays synchronous; a browser bundler takes `source.browser.ts` in its place (the package's
 * `browser` field), which hands it out with a dynamic import (`onDemandPart`), a chunk of its own. A service's
 * dispatcher runs an operation through `afterLoading` with the parts it needs, after its routing and
 * authentication, so an answer that needs no operation never waits.
 * @module
 */
import type { MaybeAsync } from './http.js'

/** A part's module, loaded or loading. */
export interface OnDemand<Module> {
  /** The module; throws while it is not loaded (run the code that needs it through `afterLoading`). */
  get(): Module
  /** `undefined` when the module is loaded; otherwise the promise of its load, started on the first call. */
  loading(): Promise<void> | undefined
}

/** A part imported statically: always loaded. */
export function loadedPart<Module>(module: Module): OnDemand<Module> {
  return { get: () => module, loading: () => undefined }
}

/**
 * A part imported dynamically by `load` on the first call of `loading()`. A failed load is tried again by the
 * next request that needs the part.
 * @param what the part, for the error of `get()` before it has loaded
 */
export function onDemandPart<Module>(what: string, load: () => Promise<Module>): OnDemand<Module> {
  let loaded: Module | undefined
  let loading: Promise<void> | undefined
  return {
    get() {
      if (loaded === undefined) throw new Error(`${what} is not loaded yet`)
      return loaded
    },
    loading() {
      if (loaded !== undefined) return undefined
      loading ??= load().then(
        (module) => {
          loaded = module
        },
        (error: unknown) => {
          loading = undefined
          throw error
        },
      )
      return loading
    },
  }
}

/**
 * `work`, to run once every one of `parts` has loaded: `work` itself when they are (always in Node), otherwise
 * a function that waits for their loads (started now) first and rejects when one fails.
 */
export function afterLoading<Result>(
  parts: readonly OnDemand<unknown>[],
  work: () => MaybeAsync<Result>,
): () => MaybeAsync<Result> {
  const pending: Promise<void>[] = []
  for (const part of parts) {
    const loading = part.loading()
    if (loading !== undefined) pending.push(loading)
  }
  if (pending.length === 0) return work
  return () => Promise.all(pending).then(work)
}
