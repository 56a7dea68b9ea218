/**
 * Where the router's request-body validation (`index.ts`: the skins' rules, the described schemas) comes from.
 * Here, for Node and every bundle built for it: a static import, loaded with the module, so nothing waits. A
 * browser bundler takes `source.browser.ts` in this module's place instead (the package's `browser` field), which
 * loads it, about 140 KB of a bundle, with the router's first operation (decisions/browser-bundle.md).
 * @module
 */
import * as validation from './index.js'

/** The validation; throws while it is not loaded (never here). */
export function routerValidation(): typeof validation {
  return validation
}

/** `undefined` when the validation is loaded (always, here); otherwise the promise of its load. */
export function routerValidationLoading(): Promise<void> | undefined {
  return undefined
}
