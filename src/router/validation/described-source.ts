/**
 * Where the described schemas (`described-schemas.ts`, generated) come from. Here, for Node and every bundle
 * built for it: a static import, loaded with the module, so validation never waits. A browser bundler takes
 * `described-source.browser.ts` in this module's place instead (the package's `browser` field), which loads
 * them on the first request an operation answers (decisions/browser-bundle.md).
 * @module
 */
import * as schemas from './described-schemas.js'

/** The schemas; throws while they are not loaded (never here). */
export function describedSchemas(): typeof schemas {
  return schemas
}

/** `undefined` when the schemas are loaded (always, here); otherwise the promise of their load. */
export function describedSchemasLoading(): Promise<void> | undefined {
  return undefined
}
