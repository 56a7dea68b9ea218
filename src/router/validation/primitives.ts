/**
 * Small zod builders that carry this module's wording: typed scalars with ranges and nullability,
 * objects and arrays; plus combinators built on `z.custom().check()` where zod's own schemas fall
 * short: a union by JSON kind and a union by discriminator with an optional catch-all (zod's unions
 * report a generic "no option matched"), a string-keyed map that treats `__proto__` as data
 * (`z.record` skips it), and a body object that validates only the fields present.
 * @module
 */
import { z } from 'zod'
import { typeError } from './issues.js'

type Schema = z.ZodType

interface Nullable {
  nullable?: boolean
}

const orNull = (what: string, o: Nullable) => (o.nullable ? `${what} or null` : what)

function maybeNull<S extends Schema>(schema: S, o: Nullable): Schema {
  return o.nullable ? schema.nullable() : schema
}

/** A JSON number, optionally within `[min, max]` and nullable. */
export function num(o: Nullable & { min?: number; max?: number } = {}): Schema {
  let s = z.number(typeError(orNull('a number', o)))
  if (o.min !== undefined) s = s.min(o.min)
  if (o.max !== undefined) s = s.max(o.max)
  return maybeNull(s, o)
}

/**
 * A JSON integer, optionally within `[min, max]` and nullable. Any whole number is one, also past
 * 2^53 (zod's `z.int()` would add a second "at most 9007199254740991" issue there).
 */
export function int(o: Nullable & { min?: number; max?: number } = {}): Schema {
  const what = orNull('an integer', o)
  let s = z
    .number(typeError(what))
    .refine(Number.isInteger, { error: `must be ${what}`, abort: true })
  if (o.min !== undefined) s = s.min(o.min)
  if (o.max !== undefined) s = s.max(o.max)
  return maybeNull(s, o)
}

/** A JSON string, optionally with a length range, a pattern (with its own message) and nullable. */
export function str(
  o: Nullable & { min?: number; max?: number; pattern?: { regex: RegExp; message: string } } = {},
): Schema {
  let s = z.string(typeError(orNull('a string', o)))
  if (o.min !== undefined) s = s.min(o.min)
  if (o.max !== undefined) s = s.max(o.max)
  if (o.pattern !== undefined) s = s.regex(o.pattern.regex, { error: o.pattern.message })
  return maybeNull(s, o)
}

/** A JSON boolean, optionally nullable. */
export function bool(o: Nullable = {}): Schema {
  return maybeNull(z.boolean(typeError(orNull('a boolean', o))), o)
}

/** One of the listed strings (a closed enum), optionally nullable. */
export function oneOf(values: readonly [string, ...string[]], o: Nullable = {}): Schema {
  const listed = values.length === 1 ? values[0] : `one of: ${values.join(', ')}`
  return maybeNull(z.enum(values, typeError(orNull(listed, o))), o)
}

/** A JSON object with the given (optional unless stated) fields; unknown keys are allowed unless `strict`. */
export function obj(shape: z.core.$ZodLooseShape, o: Nullable & { strict?: boolean } = {}): Schema {
  const params = typeError(orNull('an object', o))
  return maybeNull(o.strict ? z.strictObject(shape, params) : z.object(shape, params), o)
}

/** A JSON array of `item`, optionally with an item-count range and nullable. */
export function arr(item: Schema, o: Nullable & { min?: number; max?: number } = {}): Schema {
  let s = z.array(item, typeError(orNull('an array', o)))
  if (o.min !== undefined) s = s.min(o.min)
  if (o.max !== undefined) s = s.max(o.max)
  return maybeNull(s, o)
}

/** Any JSON value (a nested structure the seed does not constrain). */
export const anything: Schema = z.unknown()

/** JSON null. */
export const nul = (): Schema => z.null(typeError('null'))

/** Exactly this JSON literal (`false`, `'content'`). */
export const exactly = (value: string | number | boolean): Schema =>
  z.literal(value, typeError(String(value)))

export type JsonKind = 'string' | 'number' | 'boolean' | 'null' | 'array' | 'object'

/** The JSON kind of a parsed JSON value. */
function kindOf(value: unknown): JsonKind | undefined {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  switch (typeof value) {
    case 'string':
      return 'string'
    case 'number':
      return 'number'
    case 'boolean':
      return 'boolean'
    case 'object':
      return 'object'
    default:
      return undefined
  }
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

type Payload = z.core.ParsePayload<unknown>

function push(ctx: Payload, message: string, path: PropertyKey[] = []) {
  ctx.issues.push({ code: 'custom', message, path, input: ctx.value })
}

/** Runs `schema` on the value and hands its (already worded) issues to the enclosing parse. */
function forward(ctx: Payload, schema: Schema, value: unknown, path: PropertyKey[] = []) {
  const result = schema.safeParse(value)
  if (result.success) return
  for (const issue of result.error.issues) {
    const forwarded = { ...issue, path: [...path, ...issue.path], input: value, continue: true }
    ctx.issues.push(forwarded as z.core.$ZodRawIssue)
  }
}

/**
 * A union by JSON kind: the value's kind picks the schema, so the failure is the one that kind's
 * rules give (`must contain at most 4 items`), not a generic "no option matched".
 * Another kind gives `must be <expected>`.
 */
export function byKind(cases: Partial<Record<JsonKind, Schema>>, expected: string): Schema {
  const table = new Map(Object.entries(cases))
  return z.custom<unknown>().check((ctx) => {
    if (ctx.value === undefined) return push(ctx, 'is required')
    const kind = kindOf(ctx.value)
    const schema = kind === undefined ? undefined : table.get(kind)
    if (schema === undefined) return push(ctx, `must be ${expected}`)
    forward(ctx, schema, ctx.value)
  })
}

/**
 * An object union by the string field `key`: its value picks the case. An unlisted value goes to
 * `fallback` when given, else fails at `<path>.<key>` with `must be one of: <cases>`.
 */
export function byField(
  key: string,
  cases: Readonly<Record<string, Schema>>,
  fallback?: Schema,
): Schema {
  const table = new Map(Object.entries(cases))
  const listed = `one of: ${[...table.keys()].join(', ')}`
  return z.custom<unknown>().check((ctx) => {
    const value = ctx.value
    if (value === undefined) return push(ctx, 'is required')
    if (!isObject(value)) return push(ctx, 'must be an object')
    const tag = Object.hasOwn(value, key) ? value[key] : undefined
    const schema = typeof tag === 'string' ? table.get(tag) : undefined
    if (schema !== undefined) return forward(ctx, schema, value)
    if (fallback !== undefined) return forward(ctx, fallback, value)
    push(ctx, tag === undefined ? 'is required' : `must be ${listed}`, [key])
  })
}

/**
 * A request body: an object whose fields are validated only when present (a body sets a few of some
 * forty fields, and zod's object runs every field's schema), in body order; a missing required field
 * (one whose schema rejects `undefined`) gets that schema's `is required`. Unknown keys pass.
 */
export function fields(shape: Readonly<Record<string, Schema>>): Schema {
  const table = new Map(Object.entries(shape))
  const required = [...table].filter(([, schema]) => !schema.safeParse(undefined).success)
  return z.custom<unknown>().check((ctx) => {
    const input = ctx.value
    if (!isObject(input)) return push(ctx, 'must be an object')
    for (const key of Object.keys(input)) {
      const schema = table.get(key)
      if (schema !== undefined) forward(ctx, schema, input[key], [key])
    }
    for (const [key, schema] of required) {
      if (!Object.hasOwn(input, key)) forward(ctx, schema, undefined, [key])
    }
  })
}

interface MapOptions extends Nullable {
  maxEntries?: number
  maxKeyLength?: number
}

/**
 * A JSON object used as a string-keyed map (`metadata`, `logit_bias`, `image_config`). Every own key
 * is checked, `__proto__` and `constructor` included (zod's `z.record` skips `__proto__`); the
 * value is only read, never copied.
 */
export function map(value: Schema, o: MapOptions = {}): Schema {
  const what = orNull('an object', o)
  return z.custom<unknown>().check((ctx) => {
    const input = ctx.value
    if (input === undefined) return push(ctx, 'is required')
    if (input === null && o.nullable) return
    if (!isObject(input)) return push(ctx, `must be ${what}`)
    const keys = Object.keys(input)
    if (o.maxEntries !== undefined && keys.length > o.maxEntries) {
      push(ctx, `must contain at most ${o.maxEntries} entries`)
    }
    for (const key of keys) {
      if (o.maxKeyLength !== undefined && key.length > o.maxKeyLength) {
        push(ctx, `key must be at most ${o.maxKeyLength} characters`, [key])
      }
      forward(ctx, value, input[key], [key])
    }
  })
}

/** A check on an array of strings: their lengths summed must not exceed `max`. */
export function totalLength(max: number) {
  return (ctx: Payload) => {
    if (!Array.isArray(ctx.value)) return
    let total = 0
    for (const item of ctx.value) if (typeof item === 'string') total += item.length
    if (total > max) {
      ctx.issues.push({
        code: 'custom',
        message: `must contain at most ${max} characters in total`,
        input: ctx.value,
        continue: true,
      })
    }
  }
}
