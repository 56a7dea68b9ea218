/**
 * Writes `src/services/router/validation/described-schemas.ts`: the request-body schemas of the router's three
 * preset-creation operations (ChatRequest, MessagesRequest, ResponsesRequest) and every component they
 * reference, taken from the OpenRouter description the project keeps
 * (`test/contract/descriptions/openrouter-presets.openapi.json`), with only the keywords that validate
 * (descriptions, examples, defaults and `format: double` dropped). The router's validation reads them
 * (`src/services/router/validation/described.ts`), so the description is the one source of its nested rules.
 *
 * Applied on the way, from the description's own `x-extracted.sdk_1_3_19_deltas` (what the published SDK
 * sends beyond this copy of the description): the `switchyard-router` plugin joins each body's `plugins`
 * union.
 *
 * Run: `npm run contract:router-schemas` (also run by `scripts/contract/refresh-descriptions.mjs`);
 * `--check` fails when the file on disk differs from what the description gives.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const DESCRIPTION = join(ROOT, 'test/contract/descriptions/openrouter-presets.openapi.json')
const OUTPUT = join(ROOT, 'src/services/router/validation/described-schemas.ts')

/** The request body of each preset-creation operation, by the router's name for its dialect. */
const BODIES = { chat: 'ChatRequest', messages: 'MessagesRequest', responses: 'ResponsesRequest' }

/** Keywords that constrain a value; everything else (annotations, examples, extensions) is dropped. */
const VALIDATING = new Set([
  '$ref',
  'type',
  'enum',
  'const',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'anyOf',
  'oneOf',
  'allOf',
  'discriminator',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'pattern',
])

/** A schema with only its validating keywords (recursively). */
function prune(schema) {
  if (Array.isArray(schema)) return schema.map(prune)
  if (schema === null || typeof schema !== 'object') return schema
  const out = {}
  for (const [key, value] of Object.entries(schema)) {
    if (!VALIDATING.has(key)) continue
    if (key === 'properties') {
      out.properties = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, prune(v)]))
    } else if (key === 'discriminator') {
      out.discriminator = { propertyName: value.propertyName, mapping: value.mapping }
    } else if (key === 'enum' || key === 'required' || key === 'const') out[key] = value
    else out[key] = prune(value)
  }
  return out
}

/** The names of the components `schema` refers to. */
function refsOf(schema, into = []) {
  if (Array.isArray(schema)) for (const item of schema) refsOf(item, into)
  else if (schema !== null && typeof schema === 'object') {
    for (const [key, value] of Object.entries(schema)) {
      if (key === '$ref' && typeof value === 'string') into.push(value.split('/').pop())
      else if (key === 'mapping' && value !== null && typeof value === 'object') {
        for (const ref of Object.values(value)) into.push(String(ref).split('/').pop())
      } else refsOf(value, into)
    }
  }
  return into
}

/** Adds the plugins the SDK sends beyond the description (its `x-extracted.sdk_1_3_19_deltas`). */
function applySdkDeltas(description, components) {
  const deltas = description['x-extracted']?.sdk_1_3_19_deltas ?? {}
  const switchyard = deltas.SwitchyardRouterPlugin
  if (switchyard === undefined) return
  const { 'x-source': _source, ...schema } = switchyard
  components.SwitchyardRouterPlugin = prune(schema)
  for (const body of Object.values(BODIES)) {
    const items = components[body]?.properties?.plugins?.items
    if (items?.oneOf === undefined) continue
    items.oneOf.push({ $ref: '#/components/schemas/SwitchyardRouterPlugin' })
    if (items.discriminator?.mapping) {
      items.discriminator.mapping['switchyard-router'] =
        '#/components/schemas/SwitchyardRouterPlugin'
    }
  }
}

/** The components reachable from the three bodies, pruned, in name order. */
export function requestSchemas(description) {
  const all = description.components.schemas
  const components = {}
  const queue = Object.values(BODIES)
  while (queue.length > 0) {
    const name = queue.shift()
    if (name in components) continue
    if (!(name in all)) throw new Error(`The description refers to a missing schema ${name}`)
    components[name] = prune(all[name])
    queue.push(...refsOf(all[name]))
  }
  applySdkDeltas(description, components)
  return Object.fromEntries(
    Object.keys(components)
      .sort()
      .map((name) => [name, components[name]]),
  )
}

function render(description) {
  const source = description['x-extracted']?.source ?? {}
  const schemas = requestSchemas(description)
  return `/**
 * GENERATED by scripts/contract/router-request-schemas.mjs from
 * test/contract/descriptions/openrouter-presets.openapi.json (${source.repo ?? '?'} ${source.path ?? ''} @
 * ${source.commit ?? '?'}, ${source.commit_date ?? '?'}): do not edit; refresh the description and run
 * \`npm run contract:router-schemas\`. The three preset-creation request bodies and every component they
 * reference (${Object.keys(schemas).length} schemas), only their validating keywords; plus the
 * \`switchyard-router\` plugin the SDK 1.3.19 sends (the description's \`x-extracted.sdk_1_3_19_deltas\`).
 * @module
 */

/** A JSON Schema (OpenAPI 3.1) as the description writes it, validating keywords only. */
export type DescribedSchema = { readonly [keyword: string]: unknown }

/** The request body schema of each preset-creation dialect. */
export const BODY_SCHEMAS = ${JSON.stringify(BODIES)} as const

/** The components, by name (\`#/components/schemas/<name>\`); JSON text, which loads faster than a literal. */
export const COMPONENTS: Readonly<Record<string, DescribedSchema>> = JSON.parse(
  ${JSON.stringify(JSON.stringify(schemas))},
)
`
}

function main() {
  const description = JSON.parse(readFileSync(DESCRIPTION, 'utf8'))
  // The project's formatter writes it as the rest of the code (and lint passes).
  const text = execFileSync(
    join(ROOT, 'node_modules/.bin/biome'),
    ['format', `--stdin-file-path=${OUTPUT}`],
    { input: render(description), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  )
  if (process.argv.includes('--check')) {
    if (text !== readFileSync(OUTPUT, 'utf8')) {
      console.error(
        `${OUTPUT} is not what the description gives: run npm run contract:router-schemas`,
      )
      process.exit(1)
    }
    console.error('src/services/router/validation/described-schemas.ts matches the description')
    return
  }
  writeFileSync(OUTPUT, text)
  console.error(`wrote ${OUTPUT}`)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main()
