/**
 * Loads the scenario file of `understudy-mock serve --scenario <file>`: JSON, JavaScript or TypeScript.
 * A TypeScript file goes through the tsx of the user's project (`tsx/esm/api`, resolved from the file's
 * folder or the working directory, never from Understudy's) when it has one, on any Node; otherwise Node
 * imports it itself, which it can from 22.18 (type stripping: erasable syntax only). When neither can, the
 * CLI says what to do.
 * @module
 */
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { basename, dirname, join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { jsonProblem } from '../../engine/core/json-error.js'
import type { ScenarioDefinition } from '../../services/scenario.js'
import { CliError, messageOf } from './errors.js'

/** Whether a `--scenario` value names a file rather than a built-in scenario. */
export function isScenarioFile(value: string): boolean {
  return /[./\\]/.test(value)
}

const TYPESCRIPT = /\.[cm]?tsx?$/

/** Node's codes for a TypeScript file it cannot import: no type stripping, or syntax it cannot strip. */
const NOT_IMPORTABLE = new Set(['ERR_UNKNOWN_FILE_EXTENSION', 'ERR_UNSUPPORTED_TYPESCRIPT_SYNTAX'])

type TsImport = (specifier: string, parentURL: string) => Promise<unknown>

/**
 * The file an `import` of `<package>/<subpath>` loads, read from the package's `exports` (`import`, else
 * `default`, condition): `require.resolve` would give the `require` build.
 */
function importTarget(manifestPath: string, subpath: string): string | undefined {
  const { exports } = JSON.parse(readFileSync(manifestPath, 'utf8')) as { exports?: unknown }
  let target = (exports as Record<string, unknown> | undefined)?.[subpath]
  for (const condition of ['import', 'default']) {
    if (target !== null && typeof target === 'object') {
      const next = (target as Record<string, unknown>)[condition]
      if (next !== undefined) target = next
    }
  }
  return typeof target === 'string' ? join(dirname(manifestPath), target) : undefined
}

/** The user's `tsImport`, from the scenario's folder or the working directory; none without tsx. */
async function userTsImport(file: string): Promise<TsImport | undefined> {
  for (const from of [dirname(file), process.cwd()]) {
    let manifest: string
    try {
      manifest = createRequire(join(from, 'noop.js')).resolve('tsx/package.json')
    } catch {
      continue
    }
    // A tsx too old for `tsImport` (before 4.8) leaves the file to Node.
    const api = importTarget(manifest, './esm/api')
    if (api === undefined) return undefined
    // A computed specifier: the bundler leaves this import alone, Node loads the user's tsx.
    const { tsImport } = (await import(pathToFileURL(api).href)) as { tsImport?: unknown }
    return typeof tsImport === 'function' ? (tsImport as TsImport) : undefined
  }
  return undefined
}

function cannotImportTypeScript(file: string, code: string): CliError {
  const node = process.versions.node.split('.').slice(0, 2).join('.')
  return new CliError(
    code === 'ERR_UNKNOWN_FILE_EXTENSION'
      ? `cannot load ${basename(file)} on Node ${node}: install tsx (npm i -D tsx) or use a .js/.json scenario, or Node >= 22.18`
      : `cannot load ${basename(file)}: it uses TypeScript that Node ${node} cannot strip (enum, namespace, …); install tsx (npm i -D tsx) or leave that syntax out`,
  )
}

async function importFile(file: string): Promise<unknown> {
  const url = pathToFileURL(file).href
  if (file.endsWith('.json')) {
    // Parsed here rather than imported: the import's error would quote the runtime's own JSON.parse text.
    const text = readFileSync(file, 'utf8')
    try {
      return { default: JSON.parse(text) as unknown }
    } catch {
      throw new CliError(`cannot load ${basename(file)}: ${jsonProblem(text)}`)
    }
  }
  if (!TYPESCRIPT.test(file)) return import(url)
  const tsImport = await userTsImport(file)
  if (tsImport) return tsImport(url, import.meta.url)
  try {
    return await import(url)
  } catch (error) {
    const code = (error as { code?: unknown }).code
    if (typeof code === 'string' && NOT_IMPORTABLE.has(code)) {
      throw cannotImportTypeScript(file, code)
    }
    throw error
  }
}

/** Imports a scenario file and returns its default export (or the module itself). */
export async function loadScenarioFile(value: string): Promise<ScenarioDefinition> {
  const file = resolve(value)
  if (!existsSync(file)) throw new CliError(`no scenario file at ${value}`)
  let module: unknown
  try {
    module = await importFile(file)
  } catch (error) {
    throw error instanceof CliError
      ? error
      : new CliError(`cannot load ${value}: ${messageOf(error)}`)
  }
  const { default: definition } = module as { default?: unknown }
  return (definition ?? module) as ScenarioDefinition
}
