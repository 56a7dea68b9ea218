/**
 * `source.ts` for browsers (the package's `browser` field puts this module in its place): the router's
 * request-body validation, with the described schemas about 140 KB of a bundle, loads as a chunk of its own when
 * the router first answers with an operation (`dispatch.ts` waits for it), not with the page
 * (decisions/browser-bundle.md).
 * @module
 */
import type * as Validation from './index.js'

let loaded: typeof Validation | undefined
let loading: Promise<void> | undefined

/** The validation; throws while it is not loaded (the router waits for `routerValidationLoading()` first). */
export function routerValidation(): typeof Validation {
  if (loaded === undefined) throw new Error("The router's validation is not loaded yet")
  return loaded
}

/** `undefined` when the validation is loaded; otherwise the promise of its load (started on the first call). */
export function routerValidationLoading(): Promise<void> | undefined {
  if (loaded !== undefined) return undefined
  loading ??= import('./index.js').then((module) => {
    loaded = module
  })
  return loading
}
