/**
 * The published descriptions the project keeps (`descriptions/`, provenance in `descriptions/PROVENANCE.md`),
 * loaded for the contract checks; and which description judges which messaging feature level.
 *
 * Zulip's YAML takes 1.5-2 s to parse, so each is parsed once per content and kept as JSON under
 * `node_modules/.cache/understudy-contract/` (named by the file's SHA-256), which every test file's worker reads.
 * @module
 */
import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { readKept } from '../../scripts/contract/kept-file.mjs'

const HERE = dirname(fileURLToPath(import.meta.url))
const DESCRIPTIONS = join(HERE, 'descriptions')
const CACHE = join(HERE, '..', '..', 'node_modules', '.cache', 'understudy-contract')

/** An OpenAPI document, as parsed. */
export type OpenApi = {
  openapi: string
  paths: Record<string, Record<string, any>>
  components?: Record<string, any>
}

export const ROUTER_DESCRIPTION = 'openrouter-presets.openapi.json'

/**
 * Which Zulip description judges an organization's answers at a feature level. A description at level D
 * tells the shape of an operation from the last level before D that changed it to the next level that
 * changes it again (Zulip's API changelog; docs/messaging.md). The first range that holds the level (and,
 * when it names operations, the operation) wins:
 *
 * - the level-324 file: 324 to 362 (the user objects lose `is_billing_admin` at 363);
 * - the level-420 file: 363 to 432 (`is_imported_stub` joins the user objects at 433), and
 *   `DELETE /users/{user_id}` up to 458 (it takes `actions` from 459);
 * - the level-469 extract: 433 to 512, the newest level modelled. The changelog from 470 to 512 (the copy
 *   of 2026-09-25, PROVENANCE.md) changes two described answers, each listed in `exceptions.ts` from its
 *   level on: `authentication_methods.discord` in `GET /server_settings` (488) and `is_deleted` in user
 *   objects (490, sent only for deleted users); its other entries that touch these operations change no
 *   shape (475 `date_joined`'s meaning, 482 `recipient_id`'s value, 510 a new value in `flags`).
 *
 * Below 324 there is no description to judge by (those answers are counted as unjudged, not checked).
 */
const ZULIP_LEVELS: ReadonlyArray<{
  file: string
  from: number
  to: number
  /** Only these operations (Understudy's operation ids); every operation when absent. */
  operations?: readonly string[]
}> = [
  { file: 'zulip-fl324.openapi.yaml', from: 324, to: 362 },
  { file: 'zulip-fl420-normalized.openapi.yaml', from: 363, to: 432 },
  {
    file: 'zulip-fl420-normalized.openapi.yaml',
    from: 433,
    to: 458,
    operations: ['deactivate-user'],
  },
  { file: 'zulip-fl469-extract.openapi.yaml', from: 433, to: 512 },
]

/** The description file that judges a messaging operation's answers at a feature level, if any. */
export function zulipFileFor(level: number, operation?: string): string | undefined {
  return ZULIP_LEVELS.find(
    (range) =>
      level >= range.from &&
      level <= range.to &&
      (range.operations === undefined ||
        (operation !== undefined && range.operations.includes(operation))),
  )?.file
}

const loaded = new Map<string, OpenApi>()

/**
 * OpenAPI 3.0's `nullable` where a schema has no `type` (Zulip writes it beside `allOf`, `oneOf` and `$ref`): the
 * 3.0.3 text gives it no effect there, Ajv refuses it, and Zulip means "or null". Read as Zulip means it:
 * `{anyOf: [<the schema>, {type: 'null'}]}`.
 */
export function nullableWithoutType(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(nullableWithoutType)
  if (node === null || typeof node !== 'object') return node
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(node)) out[key] = nullableWithoutType(value)
  if (out.nullable === true && out.type === undefined) {
    const { nullable: _, ...rest } = out
    return { anyOf: [rest, { type: 'null' }] }
  }
  return out
}

/** A kept description, parsed (YAML through the JSON cache). */
export async function description(file: string): Promise<OpenApi> {
  const known = loaded.get(file)
  if (known !== undefined) return known
  const text = readKept(DESCRIPTIONS, file).toString('utf8')
  let parsed: OpenApi
  if (file.endsWith('.json')) parsed = JSON.parse(text)
  else {
    const sha = createHash('sha256').update(text).digest('hex').slice(0, 16)
    const cached = join(CACHE, `${file}.${sha}.json`)
    try {
      parsed = JSON.parse(readFileSync(cached, 'utf8'))
    } catch {
      const { parse } = await import('yaml')
      parsed = parse(text, { maxAliasCount: -1 })
      mkdirSync(CACHE, { recursive: true })
      const temporary = `${cached}.${process.pid}.tmp`
      writeFileSync(temporary, JSON.stringify(parsed))
      renameSync(temporary, cached)
    }
  }
  if (parsed.openapi.startsWith('3.0')) parsed = nullableWithoutType(parsed) as OpenApi
  loaded.set(file, parsed)
  return parsed
}
