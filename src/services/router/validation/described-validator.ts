/**
 * What every validator of a described schema (`described.ts`) is, and what they share: the JSON kinds, their
 * words in the router's messages (`must be a string or null`, `must be one of: a, b`), and the tag rule of the
 * seed (`router:x` stands for the description's `openrouter:x`).
 * @module
 */

/** One failing value: its path below the body and why. */
export interface DescribedIssue {
  path: PropertyKey[]
  message: string
}

export type Kind = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null'

export interface Validator {
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

export const WORDS: Readonly<Record<Kind, string>> = {
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'a boolean',
  object: 'an object',
  array: 'an array',
  null: 'null',
}

/** `a`, `a or b`, `a, b or c`. */
export function either(words: readonly string[]): string {
  if (words.length <= 1) return words[0] ?? ''
  return `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`
}

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Whether a JSON value is of a kind (`integer` is a whole number; a whole number is also a `number`). */
export function isKind(value: unknown, kind: Kind): boolean {
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
export function sameTag(allowed: ReadonlySet<unknown>, value: unknown): boolean {
  if (allowed.has(value)) return true
  return typeof value === 'string' && value.startsWith('router:') && allowed.has(`open${value}`)
}

/** The JSON text of a listed value as the router words it (`null`, `auto`, `false`). */
export const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value))

/** Code points, as JSON Schema counts a string's length. */
export function codePoints(text: string): number {
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

export const ANY: Validator = {
  accept: () => true,
  check: () => {},
  kinds: () => undefined,
  tags: () => new Map(),
  allowed: () => undefined,
}

/** The message of a value outside an enum (or its one allowed value). */
export function enumMessage(values: readonly unknown[], nullable: boolean): string {
  const listed = values.filter((v) => v !== null).map(show)
  const orNull = nullable || values.includes(null) ? ' or null' : ''
  if (listed.length === 1) return `must be ${listed[0]}${orNull}`
  return `must be one of: ${listed.join(', ')}${orNull}`
}
