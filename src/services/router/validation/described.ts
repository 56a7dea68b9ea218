/**
 * The description's own rules for a request body: the OpenAPI schemas of `described-schemas.ts` (generated
 * from the OpenRouter description the project keeps) read as validators, so every nested rule of the
 * description (message parts, tools and their parameters, input items, plugin and trace fields, enums,
 * ranges, lengths, closed objects) is checked without a hand-written copy of each.
 *
 * The subset of JSON Schema the description uses: `type` (also lists, `integer`), `enum`, `const`,
 * `properties`, `required`, `additionalProperties`, `items`, `anyOf`/`oneOf` (with or without an OpenAPI
 * `discriminator`), `allOf`, numeric bounds, string and array lengths, `pattern`. `format` is an annotation
 * (JSON Schema 2020-12), as are descriptions. A union accepts a value one of its branches accepts (`oneOf`
 * is read as `anyOf`: the branches the description gives never overlap for a body the real SDK builds); a
 * value none accepts is reported through the branch it was meant for: the discriminator's, else the one whose
 * single-valued `type`/`role`/`id` it names, else the one with the fewest issues (`described-union.ts`).
 * What every validator is, and the words they share: `described-validator.ts`.
 *
 * One rule of the seed loosens the description: it names server tools `router:*` (`router:web_search`),
 * where the description lists `openrouter:*`; both are accepted wherever the description lists the latter
 * ({@link sameTag}).
 *
 * Issues use the router's wording (`issues.ts`): `is required`, `must be a string or null`,
 * `must be one of: a, b`, `must be at most 64 characters`, `must contain at least 1 item`, `unrecognized key`.
 * @module
 */
import { BODY_SCHEMAS, COMPONENTS, type DescribedSchema } from './described-schemas.js'
import { createUnion, type Union } from './described-union.js'
import {
  ANY,
  codePoints,
  type DescribedIssue,
  either,
  enumMessage,
  isKind,
  isObject,
  type Kind,
  plural,
  sameTag,
  show,
  type Validator,
  WORDS,
} from './described-validator.js'

export type { DescribedIssue } from './described-validator.js'

const compiled = new Map<string, Validator>()

/** The validator of `#/components/schemas/<name>`, compiled on first use (schemas refer to each other). */
function named(name: string): Validator {
  const known = compiled.get(name)
  if (known !== undefined) return known
  let inner: Validator | undefined
  const resolve = () => {
    if (inner === undefined) {
      const schema = COMPONENTS[name]
      if (schema === undefined) throw new Error(`The description has no schema ${name}`)
      inner = build(schema)
      // Callers hold `lazy`: from now on its methods are the built ones (no indirection per call).
      Object.assign(lazy, inner)
    }
    return inner
  }
  const lazy: Validator = {
    accept: (value) => resolve().accept(value),
    check: (value, path, out) => resolve().check(value, path, out),
    kinds: () => resolve().kinds(),
    tags: () => resolve().tags(),
    allowed: () => resolve().allowed(),
  }
  compiled.set(name, lazy)
  return lazy
}

function compile(schema: unknown): Validator {
  if (!isObject(schema)) return ANY
  const ref = schema.$ref
  if (typeof ref === 'string') return named(ref.slice(ref.lastIndexOf('/') + 1))
  return build(schema)
}

/** A union's validator: its branches compiled, and its discriminator's mapping (each tag's validator). */
function unionOf(schemas: readonly unknown[], discriminator: unknown): Union {
  const propertyName =
    isObject(discriminator) && typeof discriminator.propertyName === 'string'
      ? discriminator.propertyName
      : undefined
  const mapping = new Map<string, Validator>()
  if (isObject(discriminator) && isObject(discriminator.mapping)) {
    for (const [tag, ref] of Object.entries(discriminator.mapping)) {
      if (typeof ref === 'string') mapping.set(tag, named(ref.slice(ref.lastIndexOf('/') + 1)))
    }
  }
  return createUnion(schemas.map(compile), propertyName, mapping)
}

/** A validator for one schema object (its `$ref`-free keywords). */
function build(schema: DescribedSchema): Validator {
  const typeList =
    schema.type === undefined ? undefined : ([] as Kind[]).concat(schema.type as Kind)
  const kindSet = typeList === undefined ? undefined : new Set<Kind>(typeList)
  const nullable = kindSet?.has('null') ?? false
  const enumValues = Array.isArray(schema.enum) ? (schema.enum as unknown[]) : undefined
  const enumSet = enumValues === undefined ? undefined : new Set(enumValues)
  const hasConst = Object.hasOwn(schema, 'const')
  const constValue = schema.const
  const min = schema.minimum as number | undefined
  const max = schema.maximum as number | undefined
  const xmin = schema.exclusiveMinimum as number | undefined
  const xmax = schema.exclusiveMaximum as number | undefined
  const minLength = schema.minLength as number | undefined
  const maxLength = schema.maxLength as number | undefined
  const minItems = schema.minItems as number | undefined
  const maxItems = schema.maxItems as number | undefined
  const pattern =
    typeof schema.pattern === 'string' ? new RegExp(schema.pattern as string, 'u') : undefined
  const items = schema.items === undefined ? undefined : compile(schema.items)
  const properties = new Map(
    Object.entries(isObject(schema.properties) ? schema.properties : {}).map(([key, sub]) => [
      key,
      compile(sub),
    ]),
  )
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : []
  const additional = schema.additionalProperties
  const closed = additional === false
  const extra = isObject(additional) ? compile(additional) : undefined
  const allOf = Array.isArray(schema.allOf) ? (schema.allOf as unknown[]).map(compile) : []
  const branches = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined
  const union = branches === undefined ? undefined : unionOf(branches, schema.discriminator)

  const allowedStrings = enumValues?.every((v) => typeof v === 'string')
    ? new Set(enumValues as string[])
    : typeof constValue === 'string'
      ? new Set([constValue])
      : undefined

  const typeMessage =
    typeList === undefined
      ? ''
      : enumValues !== undefined
        ? enumMessage(enumValues, nullable)
        : `must be ${either(typeList.map((kind) => WORDS[kind]))}`

  const kindOk = (value: unknown) => {
    if (typeList === undefined) return true
    for (const kind of typeList) if (isKind(value, kind)) return true
    return false
  }

  /** The first issue of the value itself (kind, enum, const, bounds), or `undefined`. */
  function own(value: unknown): string | undefined {
    if (!kindOk(value)) return typeMessage
    if (enumSet !== undefined && !sameTag(enumSet, value)) {
      return enumMessage(enumValues as unknown[], nullable)
    }
    if (hasConst && value !== constValue) return `must be ${show(constValue)}`
    if (typeof value === 'number') {
      if (min !== undefined && value < min) return `must be at least ${min}`
      if (max !== undefined && value > max) return `must be at most ${max}`
      if (xmin !== undefined && value <= xmin) return `must be greater than ${xmin}`
      if (xmax !== undefined && value >= xmax) return `must be less than ${xmax}`
    }
    if (typeof value === 'string') {
      if (minLength !== undefined || maxLength !== undefined) {
        const length = codePoints(value)
        if (minLength !== undefined && length < minLength) {
          return `must be at least ${plural(minLength, 'character')}`
        }
        if (maxLength !== undefined && length > maxLength) {
          return `must be at most ${plural(maxLength, 'character')}`
        }
      }
      if (pattern !== undefined && !pattern.test(value)) {
        return `must match the pattern ${String(schema.pattern)}`
      }
    }
    if (Array.isArray(value)) {
      if (minItems !== undefined && value.length < minItems) {
        return `must contain at least ${plural(minItems, 'item')}`
      }
      if (maxItems !== undefined && value.length > maxItems) {
        return `must contain at most ${plural(maxItems, 'item')}`
      }
    }
    return undefined
  }

  function acceptObject(value: Record<string, unknown>): boolean {
    for (const key of required) if (!Object.hasOwn(value, key)) return false
    if (properties.size === 0 && !closed && extra === undefined) return true
    for (const key of Object.keys(value)) {
      const sub = properties.get(key)
      if (sub !== undefined) {
        if (!sub.accept(value[key])) return false
      } else if (closed) return false
      else if (extra !== undefined && !extra.accept(value[key])) return false
    }
    return true
  }

  function checkObject(value: Record<string, unknown>, path: PropertyKey[], out: DescribedIssue[]) {
    for (const key of Object.keys(value)) {
      const sub = properties.get(key)
      if (sub !== undefined) sub.check(value[key], [...path, key], out)
      else if (closed) out.push({ path: [...path, key], message: 'unrecognized key' })
      else extra?.check(value[key], [...path, key], out)
    }
    for (const key of required) {
      if (!Object.hasOwn(value, key)) out.push({ path: [...path, key], message: 'is required' })
    }
  }

  const accept = (value: unknown): boolean => {
    if (own(value) !== undefined) return false
    if (items !== undefined && Array.isArray(value) && !value.every(items.accept)) return false
    if (isObject(value) && !acceptObject(value)) return false
    for (const part of allOf) if (!part.accept(value)) return false
    return union === undefined || union.accept(value)
  }

  let tagCache: ReadonlyMap<string, ReadonlySet<string>> | undefined
  return {
    accept,
    check(value, path, out) {
      if (accept(value)) return
      const message = own(value)
      if (message !== undefined) {
        out.push({ path, message })
        return
      }
      if (items !== undefined && Array.isArray(value)) {
        value.forEach((item, i) => {
          items.check(item, [...path, i], out)
        })
      }
      if (isObject(value)) checkObject(value, path, out)
      for (const part of allOf) part.check(value, path, out)
      union?.check(value, path, out)
    },
    kinds() {
      if (kindSet !== undefined) return kindSet
      if (union !== undefined) return union.kinds()
      for (const part of allOf) {
        const kinds = part.kinds()
        if (kinds !== undefined) return kinds
      }
      return properties.size > 0 ? new Set<Kind>(['object']) : undefined
    },
    tags() {
      if (tagCache !== undefined) return tagCache
      const tags = new Map<string, ReadonlySet<string>>()
      for (const [key, sub] of properties) {
        const only = sub.allowed()
        if (only !== undefined) tags.set(key, only)
      }
      for (const part of allOf) for (const [key, values] of part.tags()) tags.set(key, values)
      tagCache = tags
      return tags
    },
    allowed: () => allowedStrings ?? union?.allowed(),
  }
}

/** Validators of the three request bodies, by dialect. */
const BODIES = new Map(
  Object.entries(BODY_SCHEMAS).map(([skin, name]) => [skin, named(name)] as const),
)

/**
 * The description's issues with a request body of a dialect (`chat`, `messages`, `responses`); none for a
 * body it accepts.
 */
export function describedIssues(skin: string, body: unknown): DescribedIssue[] {
  const validator = BODIES.get(skin)
  if (validator === undefined || validator.accept(body)) return []
  const out: DescribedIssue[] = []
  validator.check(body, [], out)
  return out
}
