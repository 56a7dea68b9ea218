/**
 * `described-source.ts` for browsers (the package's `browser` field puts this module in its place): the
 * described schemas, about 110 KB of a bundle, load as a chunk of their own when the router first answers with
 * an operation (`dispatch.ts` waits for them), not with the page (decisions/browser-bundle.md).
 * @module
 */
import type * as Schemas from './described-schemas.js'

let loaded: typeof Schemas | undefined
let loading: Promise<void> | undefined

/** The schemas; throws while they are not loaded (the router waits for `describedSchemasLoading()` first). */
export function describedSchemas(): typeof Schemas {
  if (loaded === undefined) throw new Error('The described schemas are not loaded yet')
  return loaded
}

/** `undefined` when the schemas are loaded; otherwise the promise of their load (started on the first call). */
export function describedSchemasLoading(): Promise<void> | undefined {
  if (loaded !== undefined) return undefined
  loading ??= import('./described-schemas.js').then((module) => {
    loaded = module
  })
  return loading
}
