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
 * single-valued `type`/`role`/`id` it names, else the one with the fewest issues.
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

/** One failing value: its path below the body and why. */
export interface DescribedIssue {
  path: PropertyKey[]
  message: string
}

type Kind = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null'

interface Validator {
  /** Whether the schema accepts the value (no allocation for a value it accepts). */
  accept(value: unknown): boolean
  /** Pushes every issue of the value at `path` (nothing when `accept` is true). */
  check(value: unknown, path: PropertyKey[], out: DescribedIssue[]): void
  /** The JSON kinds the schema may accept (`undefined`: any). */
  kinds(): ReadonlySet<Kind> | undefined
  /** Properties with a single allowed string (a branch's `type: 'function'`), for picking a union's branch. */
  tags(): ReadonlyMap<string, ReadonlySet<string>>
  /** The strings a string enum or const allows (`undefined`: not such a schema). */
  allowed(): ReadonlySet<string> | undefined
}

const WORDS: Readonly<Record<Kind, string>> = {
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'a boolean',
  object: 'an object',
  array: 'an array',
  null: 'null',
}

/** `a`, `a or b`, `a, b or c`. */
function either(words: readonly string[]): string {
  if (words.length <= 1) return words[0] ?? ''
  return `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Whether a JSON value is of a kind (`integer` is a whole number; a whole number is also a `number`). */
function isKind(value: unknown, kind: Kind): boolean {
  switch (kind) {
    case 'string':
      return typeof value === 'string'
    case 'number':
      return typeof value === 'number' && Number.isFinite(value)
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value)
    case 'boolean':
      return typeof value === 'boolean'
    case 'null':
      return value === null
    case 'array':
      return Array.isArray(value)
    case 'object':
      return isObject(value)
  }
}

/** Whether `value` is among `allowed`; a seed's `router:x` stands for the description's `openrouter:x`. */
function sameTag(allowed: ReadonlySet<unknown>, value: unknown): boolean {
  if (allowed.has(value)) return true
  return typeof value === 'string' && value.startsWith('router:') && allowed.has(`open${value}`)
}

/** The JSON text of a listed value as the router words it (`null`, `auto`, `false`). */
const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value))

/** Code points, as JSON Schema counts a string's length. */
function codePoints(text: string): number {
  let n = 0
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 0xd800 || code > 0xdbff || i + 1 === text.length) n += 1
    else {
      const next = text.charCodeAt(i + 1)
      n += 1
      if (next >= 0xdc00 && next <= 0xdfff) i += 1
    }
  }
  return n
}

const ANY: Validator = {
  accept: () => true,
  check: () => {},
  kinds: () => undefined,
  tags: () => new Map(),
  allowed: () => undefined,
}

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

/** The message of a value outside an enum (or its one allowed value). */
function enumMessage(values: readonly unknown[], nullable: boolean): string {
  const listed = values.filter((v) => v !== null).map(show)
  const orNull = nullable || values.includes(null) ? ' or null' : ''
  if (listed.length === 1) return `must be ${listed[0]}${orNull}`
  return `must be one of: ${listed.join(', ')}${orNull}`
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
  const union = branches === undefined ? undefined : createUnion(branches, schema.discriminator)

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

interface Union {
  accept(value: unknown): boolean
  check(value: unknown, path: PropertyKey[], out: DescribedIssue[]): void
  kinds(): ReadonlySet<Kind> | undefined
  /** Every branch's allowed strings when each branch is a string enum (`'auto' | 'none'`). */
  allowed(): ReadonlySet<string> | undefined
}

/** A union (`anyOf`/`oneOf`): accepted by any branch; a failure is reported through one branch. */
function createUnion(schemas: readonly unknown[], discriminator: unknown): Union {
  const branches = schemas.map(compile)
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

  const kinds = (): ReadonlySet<Kind> | undefined => {
    const all = new Set<Kind>()
    for (const branch of branches) {
      const ks = branch.kinds()
      if (ks === undefined) return undefined
      for (const k of ks) all.add(k)
    }
    return all
  }

  let allowedCache: ReadonlySet<string> | null | undefined
  const allowed = (): ReadonlySet<string> | undefined => {
    if (allowedCache === undefined) {
      const all = new Set<string>()
      for (const branch of branches) {
        const some = branch.allowed()
        if (some === undefined) {
          allowedCache = null
          return undefined
        }
        for (const value of some) all.add(value)
      }
      allowedCache = all
    }
    return allowedCache ?? undefined
  }

  const fits = (branch: Validator, value: unknown) => {
    const ks = branch.kinds()
    return ks === undefined || [...ks].some((kind) => isKind(value, kind))
  }

  /**
   * The property that tells the branches apart: the discriminator's, else the first of `type`, `role`, `id`
   * that at least two branches give a single allowed value; `undefined` when none does. Computed on first
   * use (branches refer to schemas compiled lazily).
   */
  let tagKey: string | null | undefined
  const keyOf = (): string | undefined => {
    if (tagKey === undefined) {
      tagKey =
        propertyName ??
        ['type', 'role', 'id'].find(
          (key) => branches.filter((b) => b.tags().has(key)).length >= 2,
        ) ??
        null
    }
    return tagKey ?? undefined
  }

  /** The branches each tag names (the discriminator's mapping, else the branches' own tags), built once. */
  let index: Map<string, Validator[]> | undefined
  const indexOf = (key: string): Map<string, Validator[]> => {
    if (index === undefined) {
      index = new Map()
      for (const [tag, branch] of mapping) index.set(tag, [branch])
      if (mapping.size === 0) {
        for (const branch of branches) {
          for (const tag of branch.tags().get(key) ?? []) {
            const list = index.get(tag) ?? []
            list.push(branch)
            index.set(tag, list)
          }
        }
      }
    }
    return index
  }

  const NONE: Validator[] = []

  /** The branches whose tag (or the discriminator's mapping) names the value's; empty when none does. */
  function named_(value: Record<string, unknown>, key: string): readonly Validator[] {
    const tag = value[key]
    if (typeof tag !== 'string') return NONE
    const tags = indexOf(key)
    return tags.get(tag) ?? (tag.startsWith('router:') ? tags.get(`open${tag}`) : undefined) ?? NONE
  }

  /**
   * The branches that judge the value: those its tag names, when it names some (so a catch-all
   * `{type: string}` branch takes only the types no other branch claims, as the real service does:
   * `input[].tools[].max_uses: null` is refused although the description's catch-all would take it);
   * otherwise every branch.
   */
  function judges(value: unknown): readonly Validator[] {
    if (!isObject(value)) return branches
    const key = keyOf()
    if (key === undefined) return branches
    const picked = named_(value, key)
    return picked.length > 0 ? picked : branches
  }

  /** Why no branch takes an object whose tag names none, when every branch is tagged (or discriminated). */
  function tagIssue(
    value: Record<string, unknown>,
    candidates: readonly Validator[],
    path: PropertyKey[],
  ): DescribedIssue | undefined {
    const key = keyOf()
    if (key === undefined) return undefined
    const untagged = candidates.filter((b) => !b.tags().has(key) && !mapping.size)
    if (untagged.length > 0) return undefined
    const listed =
      mapping.size > 0
        ? [...mapping.keys()]
        : [...new Set(candidates.flatMap((b) => [...(b.tags().get(key) ?? [])]))]
    return {
      path: [...path, key],
      message: Object.hasOwn(value, key) ? `must be one of: ${listed.join(', ')}` : 'is required',
    }
  }

  const accept = (value: unknown) => judges(value).some((branch) => branch.accept(value))

  return {
    accept,
    check(value: unknown, path: PropertyKey[], out: DescribedIssue[]) {
      if (accept(value)) return
      const judging = judges(value)
      let candidates = judging.filter((branch) => fits(branch, value))
      const strings = typeof value === 'string' ? candidates.map((b) => b.allowed()) : []
      if (strings.length > 0 && strings.every((some) => some !== undefined)) {
        const listed = [...new Set(strings.flatMap((some) => [...(some ?? [])]))]
        const nullable = branches.some((b) => b.kinds()?.has('null'))
        out.push({ path, message: enumMessage(listed, nullable) })
        return
      }
      if (candidates.length === 0) {
        const all = kinds()
        const words = all === undefined ? ['a valid value'] : [...all].map((k) => WORDS[k])
        out.push({ path, message: `must be ${either(words)}` })
        return
      }
      if (isObject(value) && judging === branches) {
        const issue = tagIssue(value, candidates, path)
        if (issue !== undefined) {
          out.push(issue)
          return
        }
        const key = keyOf()
        if (key !== undefined) {
          const untagged = candidates.filter((b) => !b.tags().has(key))
          if (untagged.length > 0) candidates = untagged
        }
      }
      let best: DescribedIssue[] | undefined
      for (const branch of candidates) {
        const found: DescribedIssue[] = []
        branch.check(value, path, found)
        if (best === undefined || found.length < best.length) best = found
      }
      out.push(...(best ?? []))
    },
    kinds,
    allowed,
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
