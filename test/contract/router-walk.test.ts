/**
 * Walks the router's three request-body schemas in the kept description and, for each constraint it reaches
 * (a type, an enum, a required key, a closed object, a length, an item count, a bound, a pattern, in objects,
 * arrays and every branch of every union, to a depth), builds a body that breaks exactly that constraint
 * inside an otherwise minimal valid body. Every such body the description forbids (Ajv says so) must be
 * answered 400 through the public entry point; every minimal valid body must be accepted. So the router
 * refuses what its description forbids, not only the examples the tests name (issue 20 §1, §4).
 *
 * The description's `oneOf` is read as `anyOf` here: the real service's unions take the first branch that fits
 * (its OpenAPI is generated from them), and a body fitting two branches is not one it refuses.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { describe, expect, it } from 'vitest'
import { createSimulator } from '../../src/entries/index.js'
import { keys } from '../support/credentials.js'
import { NOW } from '../support/time.js'

type Schema = Record<string, any>

const doc: { components: Schema } = JSON.parse(
  readFileSync(
    join(import.meta.dirname, 'descriptions', 'openrouter-presets.openapi.json'),
    'utf8',
  ),
)

/** The description with `oneOf` read as `anyOf` (see the module's comment). */
function asAnyOf(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(asAnyOf)
  if (node === null || typeof node !== 'object') return node
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(node))
    out[key === 'oneOf' ? 'anyOf' : key] = asAnyOf(value)
  return out
}

const components: Record<string, Schema> = (asAnyOf(doc.components) as Schema).schemas
const ajv = new Ajv2020({ strict: false, allErrors: false, validateSchema: false })
ajv.addFormat('double', true)
ajv.addSchema({ components: { schemas: components } }, 'or')

const MAX_DEPTH = 7

function resolve(schema: Schema): Schema {
  let current = schema
  for (let i = 0; i < 10 && typeof current?.$ref === 'string'; i++) {
    current = components[String(current.$ref.split('/').pop())] as Schema
  }
  return current ?? {}
}

const kindsOf = (schema: Schema): string[] => [].concat(resolve(schema).type ?? [])

/** A minimal value the schema accepts (as far as a few rules go; Ajv confirms every body). */
function minimal(input: Schema, depth = 0): unknown {
  const schema = resolve(input)
  if (depth > 12) return null
  if (schema.const !== undefined) return schema.const
  if (Array.isArray(schema.enum)) return schema.enum[0]
  if (schema.allOf) {
    const parts = schema.allOf.map((p: Schema) => minimal(p, depth + 1))
    if (parts.every((p: unknown) => p !== null && typeof p === 'object' && !Array.isArray(p))) {
      return Object.assign({}, ...parts)
    }
    return parts.find((p: unknown) => p !== undefined) ?? null
  }
  if (schema.anyOf) {
    for (const branch of schema.anyOf) {
      const value = minimal(branch, depth + 1)
      if (ajv.validate(schemaFor(branch), value)) return value
    }
    return minimal(schema.anyOf[0], depth + 1)
  }
  const kinds = kindsOf(schema)
  const kind = kinds.find((k) => k !== 'null') ?? kinds[0]
  switch (kind) {
    case 'string': {
      const length = Math.max(schema.minLength ?? 0, 1)
      return 'a'.repeat(length)
    }
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.maximum !== undefined ? Math.min(0, schema.maximum) : 0)
    case 'boolean':
      return false
    case 'null':
      return null
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () =>
        minimal(schema.items ?? {}, depth + 1),
      )
    case 'object':
      return Object.fromEntries(
        (schema.required ?? []).map((key: string) => [
          key,
          minimal(schema.properties?.[key] ?? {}, depth + 1),
        ]),
      )
    default:
      if (schema.properties) return minimal({ ...schema, type: 'object' }, depth)
      return null
  }
}

/** A schema Ajv can compile on its own (its `$ref`s into the added description), once per schema. */
const standalone = new WeakMap<Schema, Schema>()
function schemaFor(schema: Schema): Schema {
  let known = standalone.get(schema)
  if (known === undefined) {
    known = rewriteRefs(schema) as Schema
    standalone.set(schema, known)
  }
  return known
}
function rewriteRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rewriteRefs)
  if (node === null || typeof node !== 'object') return node
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(node)) {
    out[key] = key === '$ref' && typeof value === 'string' ? `or${value}` : rewriteRefs(value)
  }
  return out
}

/** One place to break, its path from the body, and how to build the body around a value there. */
interface Site {
  path: string
  schema: Schema
  /** The whole body with `value` at this site, everything else minimal. */
  body(value: unknown): unknown
}

/** Every site reachable from a schema (objects' properties, array items, union and allOf parts). */
function sites(
  schema: Schema,
  path: string,
  place: (value: unknown) => unknown,
  depth: number,
  seen: Set<string>,
  out: Site[],
) {
  const ref = typeof schema.$ref === 'string' ? schema.$ref.split('/').pop() : undefined
  if (ref !== undefined) {
    // Each component is walked once per body (its sites are the same wherever it sits).
    if (seen.has(ref)) return
    seen.add(ref)
  }
  const resolved = resolve(schema)
  out.push({ path, schema: resolved, body: place })
  if (depth >= MAX_DEPTH) return
  if (resolved.anyOf) {
    resolved.anyOf.forEach((branch: Schema, i: number) => {
      sites(branch, `${path}<${i}>`, place, depth + 1, seen, out)
    })
  }
  for (const part of resolved.allOf ?? []) {
    const others = resolved.allOf.filter((p: Schema) => p !== part)
    sites(
      part,
      path,
      (value) => {
        if (value === null || typeof value !== 'object' || Array.isArray(value)) return place(value)
        return place(Object.assign({}, ...others.map((o: Schema) => minimal(o)), value))
      },
      depth + 1,
      seen,
      out,
    )
  }
  const base = minimal(resolved)
  if (resolved.properties) {
    for (const [key, sub] of Object.entries(resolved.properties as Record<string, Schema>)) {
      sites(
        sub,
        `${path}.${key}`,
        (value) => place({ ...(base as object), [key]: value }),
        depth + 1,
        seen,
        out,
      )
    }
  }
  if (resolved.items) {
    sites(resolved.items, `${path}[0]`, (value) => place([value]), depth + 1, seen, out)
  }
}

/** Values that break one rule of a site's schema each. */
function breakers(schema: Schema): Array<[string, unknown]> {
  const out: Array<[string, unknown]> = []
  const kinds = kindsOf(schema)
  if (kinds.length > 0) {
    const wrong = [
      ['string', 12345],
      ['number', 'x'],
      ['integer', 'x'],
      ['boolean', 'x'],
      ['object', 'x'],
      ['array', 'x'],
      ['null', 'x'],
    ].find(([kind, value]) => !kinds.includes(kind as string) && !kinds.includes(typeof value))
    out.push(['wrong type', kinds.includes('string') ? 12345 : (wrong?.[1] ?? 'x')])
    if (kinds.includes('integer')) out.push(['a fraction', 1.5])
  }
  if (Array.isArray(schema.enum)) out.push(['outside the enum', 'not-a-listed-value'])
  if (schema.const !== undefined)
    out.push(['not the constant', schema.const === false ? true : 'x'])
  if (schema.maxLength !== undefined) out.push(['too long', 'a'.repeat(schema.maxLength + 1)])
  if (schema.minLength !== undefined && schema.minLength > 0) out.push(['too short', ''])
  if (schema.pattern !== undefined) out.push(['off the pattern', '!!!'])
  if (schema.maximum !== undefined) out.push(['above the maximum', schema.maximum + 1])
  if (schema.minimum !== undefined) out.push(['below the minimum', schema.minimum - 1])
  if (schema.maxItems !== undefined) {
    out.push([
      'too many items',
      Array.from({ length: schema.maxItems + 1 }, () => minimal(schema.items ?? {})),
    ])
  }
  if (schema.minItems !== undefined && schema.minItems > 0) out.push(['too few items', []])
  const base = minimal(schema)
  if (base !== null && typeof base === 'object' && !Array.isArray(base)) {
    for (const key of schema.required ?? []) {
      const { [key]: _, ...rest } = base as Record<string, unknown>
      out.push([`without ${key}`, rest])
    }
    if (schema.additionalProperties === false)
      out.push(['an unknown key', { ...base, zz_unknown: 1 }])
  }
  return out
}

const BODIES = {
  chat: ['ChatRequest', 'chat/completions'],
  messages: ['MessagesRequest', 'messages'],
  responses: ['ResponsesRequest', 'responses'],
} as const

const simulator = createSimulator({ seed: 'router-walk', now: NOW })

async function post(route: string, body: unknown) {
  const response = await simulator.fetch(`https://openrouter.ai/api/v1/presets/walk/${route}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${keys.inference}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: response.status, text: await response.text() }
}

describe.each(Object.entries(BODIES))('the %s body, walked', (_, [name, route]) => {
  it('refuses every body that breaks one constraint of the description, and accepts the minimal ones', async () => {
    const validate = ajv.compile({ $ref: `or#/components/schemas/${name}` })
    const found: Site[] = []
    sites({ $ref: `#/components/schemas/${name}` }, 'body', (value) => value, 0, new Set(), found)
    const missed: string[] = []
    const refusedValid: string[] = []
    let forbidden = 0
    let valid = 0
    for (const site of found) {
      const carrier = site.body(minimal(site.schema))
      if (validate(carrier)) {
        valid += 1
        const answer = await post(route, carrier)
        if (answer.status !== 200) refusedValid.push(`${site.path}: ${answer.text.slice(0, 300)}`)
      }
      for (const [what, value] of breakers(site.schema)) {
        const body = site.body(value)
        if (validate(body)) continue
        forbidden += 1
        const answer = await post(route, body)
        if (answer.status !== 400)
          missed.push(
            `${site.path} ${what}: ${answer.status} for ${JSON.stringify(body).slice(0, 200)}`,
          )
      }
    }
    await simulator.reset()
    expect({ missed, refusedValid }).toEqual({ missed: [], refusedValid: [] })
    // The walk reached the description's depth (today: 448 / 451 / 755 sites, 644 / 551 / 1,113 forbidden
    // bodies and 441 / 445 / 737 minimal valid ones for chat / messages / responses).
    expect(found.length).toBeGreaterThan(400)
    expect(forbidden).toBeGreaterThan(500)
    expect(valid).toBeGreaterThan(400)
  })
})
