/**
 * Small zod builders that carry this module's wording: typed scalars with ranges and nullability,
 * objects and arrays; plus combinators built on `z.custom().check()` where zod's own schemas fall
 * short: a union by JSON kind and a union by discriminator with an optional catch-all (zod's unions
 * report a generic "no option matched"), a string-keyed map that treats `__proto__` as data
 * (`z.record` skips it), and a body object that validates only the fields present.
 *
 * Every builder also files a plain predicate for the schema it returns (`acceptor`): it accepts only what
 * the schema accepts, so a body it accepts needs no zod parse (which costs microseconds on every create);
 * whatever it does not accept (an invalid value, or one a schema without a predicate must judge) is
 * parsed by zod as before, and every issue and its wording come from zod alone.
 * @module
 */
import * as z from '../../../engine/core/zod.js'
import { typeError } from './issues.js'

type Schema = z.ZodMiniType

interface Nullable {
  nullable?: boolean
}

const orNull = (what: string, o: Nullable) => (o.nullable ? `${what} or null` : what)

function maybeNull<S extends Schema>(schema: S, o: Nullable): Schema {
  return o.nullable ? z.nullable(schema) : schema
}

/** A plain check of a value: `true` only when the schema it belongs to accepts the value. */
type Acceptor = (value: unknown) => boolean

/** The predicate of each schema the builders return (see the module's description). */
const acceptors = new WeakMap<Schema, Acceptor>()
/** For a schema with no predicate: nothing is accepted without zod. */
const NONE: Acceptor = () => false

/** Files `accept` as the predicate of `schema` (or of `null` and `accept` when `o.nullable`). */
function accepting(schema: Schema, accept: Acceptor, o: Nullable = {}): Schema {
  acceptors.set(schema, o.nullable ? (value) => value === null || accept(value) : accept)
  return schema
}

/**
 * The predicate of a schema: its builder's, or for `.optional()` and `.nullable()` of such a schema
 * (without checks of their own) the inner one's with `undefined` or `null`; `NONE` for anything else.
 */
export function acceptor(schema: Schema): Acceptor {
  const known = acceptors.get(schema)
  if (known !== undefined) return known
  const def = schema._zod.def as { type: string; innerType?: Schema; checks?: unknown[] }
  if (def.innerType === undefined || (def.checks?.length ?? 0) > 0) return NONE
  const inner = acceptor(def.innerType)
  if (inner === NONE) return NONE
  if (def.type === 'optional') return (value) => value === undefined || inner(value)
  if (def.type === 'nullable') return (value) => value === null || inner(value)
  return NONE
}

/** A JSON number within the range (zod's number refuses NaN and infinities). */
const inRange = (value: unknown, o: { min?: number; max?: number }): value is number =>
  typeof value === 'number' &&
  Number.isFinite(value) &&
  (o.min === undefined || value >= o.min) &&
  (o.max === undefined || value <= o.max)

/** A JSON number, optionally within `[min, max]` and nullable. */
export function num(o: Nullable & { min?: number; max?: number } = {}): Schema {
  let s = z.number(typeError(orNull('a number', o)))
  if (o.min !== undefined) s = s.check(z.gte(o.min))
  if (o.max !== undefined) s = s.check(z.lte(o.max))
  return accepting(maybeNull(s, o), (value) => inRange(value, o), o)
}

/**
 * A JSON integer, optionally within `[min, max]` and nullable. Any whole number is one, also past
 * 2^53 (zod's `z.int()` would add a second "at most 9007199254740991" issue there).
 */
export function int(o: Nullable & { min?: number; max?: number } = {}): Schema {
  const what = orNull('an integer', o)
  let s = z
    .number(typeError(what))
    .check(z.refine(Number.isInteger, { error: `must be ${what}`, abort: true }))
  if (o.min !== undefined) s = s.check(z.gte(o.min))
  if (o.max !== undefined) s = s.check(z.lte(o.max))
  return accepting(maybeNull(s, o), (value) => inRange(value, o) && Number.isInteger(value), o)
}

/** A JSON string, optionally with a length range, a pattern (with its own message) and nullable. */
export function str(
  o: Nullable & { min?: number; max?: number; pattern?: { regex: RegExp; message: string } } = {},
): Schema {
  let s = z.string(typeError(orNull('a string', o)))
  if (o.min !== undefined) s = s.check(z.minLength(o.min))
  if (o.max !== undefined) s = s.check(z.maxLength(o.max))
  if (o.pattern !== undefined) s = s.check(z.regex(o.pattern.regex, { error: o.pattern.message }))
  const { min, max } = o
  // A pattern with state (`g`, `y`) is left to zod.
  const regex = o.pattern?.regex
  if (regex?.global || regex?.sticky) return maybeNull(s, o)
  return accepting(
    maybeNull(s, o),
    (value) =>
      typeof value === 'string' &&
      (min === undefined || value.length >= min) &&
      (max === undefined || value.length <= max) &&
      (regex === undefined || regex.test(value)),
    o,
  )
}

/** A JSON boolean, optionally nullable. */
export function bool(o: Nullable = {}): Schema {
  return accepting(
    maybeNull(z.boolean(typeError(orNull('a boolean', o))), o),
    (value) => typeof value === 'boolean',
    o,
  )
}

/** One of the listed strings (a closed enum), optionally nullable. */
export function oneOf(values: readonly [string, ...string[]], o: Nullable = {}): Schema {
  const listed = values.length === 1 ? values[0] : `one of: ${values.join(', ')}`
  const allowed: ReadonlySet<unknown> = new Set(values)
  return accepting(
    maybeNull(z.enum(values, typeError(orNull(listed, o))), o),
    (value) => allowed.has(value),
    o,
  )
}

/** A JSON object with the given (optional unless stated) fields; unknown keys are allowed unless `strict`. */
export function obj(shape: z.core.$ZodLooseShape, o: Nullable & { strict?: boolean } = {}): Schema {
  const params = typeError(orNull('an object', o))
  const schema = maybeNull(o.strict ? z.strictObject(shape, params) : z.object(shape, params), o)
  const fieldsOf = Object.entries(shape).map(([key, field]) => ({
    key,
    accept: acceptor(field as Schema),
    optional: (field as Schema).safeParse(undefined).success,
  }))
  const known = new Set(Object.keys(shape))
  return accepting(
    schema,
    (value) => {
      if (!isObject(value)) return false
      for (const { key, accept, optional } of fieldsOf) {
        const present = Object.hasOwn(value, key)
        if (present ? !accept(value[key]) : !optional) return false
      }
      if (o.strict) for (const key of Object.keys(value)) if (!known.has(key)) return false
      return true
    },
    o,
  )
}

/** A JSON array of `item`, optionally with an item-count range and nullable. */
export function arr(item: Schema, o: Nullable & { min?: number; max?: number } = {}): Schema {
  let s = z.array(item, typeError(orNull('an array', o)))
  if (o.min !== undefined) s = s.check(z.minLength(o.min))
  if (o.max !== undefined) s = s.check(z.maxLength(o.max))
  const accept = acceptor(item)
  return accepting(
    maybeNull(s, o),
    (value) =>
      Array.isArray(value) &&
      (o.min === undefined || value.length >= o.min) &&
      (o.max === undefined || value.length <= o.max) &&
      value.every(accept),
    o,
  )
}

/** Any JSON value (a nested structure the seed does not constrain). */
export const anything: Schema = accepting(z.unknown(), () => true)

/** JSON null. */
export const nul = (): Schema => accepting(z.null(typeError('null')), (value) => value === null)

/** Exactly this JSON literal (`false`, `'content'`). */
export const exactly = (value: string | number | boolean): Schema =>
  accepting(z.literal(value, typeError(String(value))), (input) => input === value)

/**
 * Optional fields that may be null, one schema each for every skin and part that has one: a boolean, a
 * number, an integer, a string.
 */
export const nullableBool: Schema = z.optional(bool({ nullable: true }))
export const nullableNumber: Schema = z.optional(num({ nullable: true }))
export const nullableInteger: Schema = z.optional(int({ nullable: true }))
export const nullableString: Schema = z.optional(str({ nullable: true }))

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
  const accepts = new Map([...table].map(([kind, schema]) => [kind, acceptor(schema)]))
  return accepting(
    z.custom<unknown>().check((ctx) => {
      if (ctx.value === undefined) return push(ctx, 'is required')
      const kind = kindOf(ctx.value)
      const schema = kind === undefined ? undefined : table.get(kind)
      if (schema === undefined) return push(ctx, `must be ${expected}`)
      forward(ctx, schema, ctx.value)
    }),
    (value) => {
      const kind = kindOf(value)
      return kind !== undefined && (accepts.get(kind)?.(value) ?? false)
    },
  )
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
  const accepts = new Map([...table].map(([tag, schema]) => [tag, acceptor(schema)]))
  const acceptFallback = fallback === undefined ? NONE : acceptor(fallback)
  return accepting(
    z.custom<unknown>().check((ctx) => {
      const value = ctx.value
      if (value === undefined) return push(ctx, 'is required')
      if (!isObject(value)) return push(ctx, 'must be an object')
      const tag = Object.hasOwn(value, key) ? value[key] : undefined
      const schema = typeof tag === 'string' ? table.get(tag) : undefined
      if (schema !== undefined) return forward(ctx, schema, value)
      if (fallback !== undefined) return forward(ctx, fallback, value)
      push(ctx, tag === undefined ? 'is required' : `must be ${listed}`, [key])
    }),
    (value) => {
      if (!isObject(value)) return false
      const tag = Object.hasOwn(value, key) ? value[key] : undefined
      const accept = typeof tag === 'string' ? accepts.get(tag) : undefined
      return (accept ?? acceptFallback)(value)
    },
  )
}

/**
 * A request body: an object whose fields are validated only when present (a body sets a few of some
 * forty fields, and zod's object runs every field's schema), in body order; a missing required field
 * (one whose schema rejects `undefined`) gets that schema's `is required`. Unknown keys pass.
 */
export function fields(shape: Readonly<Record<string, Schema>>): Schema {
  const table = new Map(Object.entries(shape))
  const required = [...table].filter(([, schema]) => !schema.safeParse(undefined).success)
  const accepts = new Map([...table].map(([key, schema]) => [key, acceptor(schema)]))
  return accepting(
    z.custom<unknown>().check((ctx) => {
      const input = ctx.value
      if (!isObject(input)) return push(ctx, 'must be an object')
      for (const key of Object.keys(input)) {
        const schema = table.get(key)
        if (schema !== undefined) forward(ctx, schema, input[key], [key])
      }
      for (const [key, schema] of required) {
        if (!Object.hasOwn(input, key)) forward(ctx, schema, undefined, [key])
      }
    }),
    (value) => {
      if (!isObject(value)) return false
      for (const key of Object.keys(value)) {
        const accept = accepts.get(key)
        if (accept !== undefined && !accept(value[key])) return false
      }
      for (const [key] of required) if (!Object.hasOwn(value, key)) return false
      return true
    },
  )
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
  const accept = acceptor(value)
  const schema = z.custom<unknown>().check((ctx) => {
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
  return accepting(
    schema,
    (input) => {
      if (!isObject(input)) return false
      const keys = Object.keys(input)
      if (o.maxEntries !== undefined && keys.length > o.maxEntries) return false
      for (const key of keys) {
        if (o.maxKeyLength !== undefined && key.length > o.maxKeyLength) return false
        if (!accept(input[key])) return false
      }
      return true
    },
    o,
  )
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
