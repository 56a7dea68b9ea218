/**
 * The package's version, for `understudy-mock --version`.
 * @module
 */
import { readFileSync } from 'node:fs'

/**
 * Reads the version from the package's own package.json, found through the package's name (a package may
 * import itself by name): the same from the source run by tsx, the compiled files and the bundled bin.
 */
export function packageVersion(): string {
  const manifest = new URL(import.meta.resolve('understudy-mock/package.json'))
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version
}
