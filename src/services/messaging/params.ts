/**
 * The parameters of one request, read the way Zulip's `typed_endpoint` reads them: the body's value first,
 * then the query string's; the last of repeated values; every name read is "processed", and the success
 * response lists the others in `ignored_parameters_unsupported`.
 * @module
 */
import type { PlainResponse } from '../../engine/core/http.js'
import { badRequest, messagingMessages, missingArgument } from './errors.js'
import { LEVELS } from './feature-levels.js'
import { compareCodePoints, parsePyJsonStrict } from './python.js'

/** What `#json` answers for an absent parameter. */
const ABSENT = Symbol('absent')

/** The name the real server always consumes (`client` is read by its request-logging middleware). */
const ALWAYS_PROCESSED = 'client'

/** The parameters of one request. */
export class RequestParams {
  readonly #post = new Map<string, string>()
  readonly #get = new Map<string, string>()
  readonly #processed = new Set<string>()

  constructor(
    post: ReadonlyArray<readonly [string, string]>,
    get: ReadonlyArray<readonly [string, string]>,
  ) {
    for (const [name, value] of post) this.#post.set(name, value)
    for (const [name, value] of get) this.#get.set(name, value)
  }

  /** The body's value of a parameter (the method override reads only the body). */
  body(name: string): string | undefined {
    return this.#post.get(name)
  }

  /** Whether the body carried any parameter. */
  get hasBody(): boolean {
    return this.#post.size > 0
  }

  /** A parameter's value (body first, then query), marking it processed; `undefined` when absent. */
  read(name: string): string | undefined {
    const value = this.#post.get(name) ?? this.#get.get(name)
    if (value !== undefined) this.#processed.add(name)
    return value
  }

  /** A required string parameter, or the `REQUEST_VARIABLE_MISSING` error. */
  required(name: string): string | PlainResponse {
    return this.read(name) ?? missingArgument(name)
  }

  /** An optional `Json[bool]` parameter, or its validation error. */
  jsonBoolean(name: string, fallback: boolean): boolean | PlainResponse {
    const parsed = this.#json(name)
    if (parsed === ABSENT) return fallback
    if (!('value' in parsed)) return parsed
    const { value } = parsed
    return typeof value === 'boolean' ? value : badRequest(messagingMessages.notBoolean(name))
  }

  /**
   * An optional `Json[list[int]]` parameter (pydantic, strict: `8.0` and `true` are not integers): the
   * list, `undefined` when absent, or the first validation error (`… is not valid JSON`, `… is not a
   * list`, `…[i] is not an integer`).
   */
  jsonIntegerList(name: string): number[] | undefined | PlainResponse {
    const parsed = this.#json(name)
    if (parsed === ABSENT) return undefined
    if (!('value' in parsed)) return parsed
    const { value } = parsed
    if (!Array.isArray(value)) return badRequest(messagingMessages.notList(name))
    const bad = value.findIndex((item) => typeof item !== 'number' || !Number.isInteger(item))
    if (bad >= 0) return badRequest(messagingMessages.notInteger(`${name}[${bad}]`))
    return value as number[]
  }

  /**
   * An optional `Json[dict]`-like parameter: `{ value }` (wrapped: a client's object such as
   * `{"status":200,"body":…}` must never pass `isResponse`), `undefined` when absent, or its validation
   * error.
   */
  jsonObject(name: string): { value: Record<string, unknown> } | undefined | PlainResponse {
    const parsed = this.#json(name)
    if (parsed === ABSENT) return undefined
    if (!('value' in parsed)) return parsed
    const { value } = parsed
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      return badRequest(messagingMessages.notDict(name))
    return { value: value as Record<string, unknown> }
  }

  /** Every name the request carried and no one read, sorted by code point. */
  ignored(): string[] {
    const names: string[] = []
    for (const name of this.#post.keys()) if (this.#isIgnored(name)) names.push(name)
    for (const name of this.#get.keys())
      if (!this.#post.has(name) && this.#isIgnored(name)) names.push(name)
    return names.length > 1 ? names.sort(compareCodePoints) : names
  }

  /**
   * A `Json[…]` parameter parsed as the real server reads it (`parsePyJsonStrict`: floats are `null`):
   * `{ value }`, `ABSENT`, or the `… is not valid JSON` error.
   */
  #json(name: string): { value: unknown } | typeof ABSENT | PlainResponse {
    const raw = this.read(name)
    if (raw === undefined) return ABSENT
    try {
      return { value: parsePyJsonStrict(raw) }
    } catch {
      return badRequest(messagingMessages.notValidJson(name))
    }
  }

  #isIgnored(name: string): boolean {
    return name !== ALWAYS_PROCESSED && !this.#processed.has(name)
  }
}

/** Whether a value read from parameters is an error response to answer instead. */
export function isResponse(value: unknown): value is PlainResponse {
  return typeof value === 'object' && value !== null && 'status' in value && 'body' in value
}

/** Reads one parameter: its value, or its validation error. */
type ParamReader = () => unknown

/** The values of a set of readers, once none answered an error. */
type ReadValues<T extends Record<string, ParamReader>> = {
  [K in keyof T]: Exclude<ReturnType<T[K]>, PlainResponse>
}

/**
 * Reads a view's parameters, keyed by name and given in the view's signature order, and answers the
 * first invalid one as the real server does: in signature order, and from `LEVELS.paramsReordered` (where
 * the real server's endpoints validate alphabetically) by name.
 */
export function readParams<T extends Record<string, ParamReader>>(
  featureLevel: number,
  readers: T,
): ReadValues<T> | PlainResponse {
  const names = Object.keys(readers)
  if (featureLevel >= LEVELS.paramsReordered) names.sort(compareCodePoints)
  const values: Record<string, unknown> = {}
  for (const name of names) {
    const value = (readers[name] as ParamReader)()
    if (isResponse(value)) return value
    values[name] = value
  }
  return values as ReadValues<T>
}
