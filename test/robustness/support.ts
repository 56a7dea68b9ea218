/**
 * Shared helpers of the robustness suites: plain requests straight into a simulator (the path the
 * standalone server takes, so any header and body bytes can be sent), snapshots of every tenant's state,
 * checks that an answer has the real service's error shape, and fast-check arbitraries of hostile input.
 */
import fc from 'fast-check'
import { expect } from 'vitest'
import type { Outcome, PlainRequest, PlainResponse } from '../../src/engine/core/http.js'
import { htmlBadRequest, htmlNotFound, internalError } from '../../src/services/messaging/errors.js'
import type { SimulatorCore as Simulator } from '../../src/simulator/simulator.js'

export { accounts, keys, workspaces } from '../support/credentials.js'

/** A messaging credential: an e-mail address and an API key. */
export interface Account {
  email: string
  key: string
}

/** `Authorization: Basic base64(email:key)`. */
export function basic(account: Account): string {
  return `Basic ${Buffer.from(`${account.email}:${account.key}`).toString('base64')}`
}

export { NOW } from '../support/time.js'
export const ROUTER = 'https://openrouter.ai/api/v1'
export const ACME = 'https://acme.zulipchat.com'

/** fast-check settings: a fixed seed (reproducible in CI) unless `FC_SEED` is set, bounded runs. */
export function fcOptions(numRuns: number) {
  const seed = process.env.FC_SEED === undefined ? 0x5eed : Number(process.env.FC_SEED)
  return { seed, numRuns, endOnFailure: true } as const
}

/** A request as the tests describe it. */
export interface RawRequest {
  method: string
  /** The absolute URL; its path is normalised as every HTTP stack does (`..` collapses). */
  url: string
  headers?: Record<string, string>
  body?: string | Uint8Array
}

const encoder = new TextEncoder()

/** The plain request the standalone server would hand the simulator. */
function plainRequest(request: RawRequest): PlainRequest {
  const url = new URL(request.url)
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(request.headers ?? {}))
    headers[name.toLowerCase()] = value
  const body =
    request.body === undefined
      ? undefined
      : typeof request.body === 'string'
        ? encoder.encode(request.body)
        : request.body
  return {
    method: request.method,
    url: url.href,
    path: url.pathname,
    query: url.searchParams,
    headers,
    body: body && body.length > 0 ? body : undefined,
  }
}

/** Sends a request into a simulator (no msw) and returns the outcome; fails if no service owns the URL. */
export async function send(
  simulator: Simulator,
  request: RawRequest,
  scope: 'in-process' | 'server' = 'server',
): Promise<PlainResponse> {
  const outcome: Outcome | undefined = await simulator.dispatch(plainRequest(request), scope)
  if (outcome === undefined) throw new Error(`no service answered ${request.method} ${request.url}`)
  if ('network' in outcome) throw new Error(`a network fault answered ${request.url}`)
  return outcome
}

/** Every tenant's state, serialised: router presets of every workspace, messaging users and messages. */
export function stateOf(simulator: Simulator): string {
  return JSON.stringify({
    router: simulator.router.workspaces().map((w) => [w.id, simulator.router.presets(w.id)]),
    messaging: simulator.messaging
      .organizations()
      .map((o) => [
        o.subdomain,
        simulator.messaging.users(o.subdomain),
        simulator.messaging.messages(o.subdomain),
      ]),
  })
}

const headerOf = (response: PlainResponse, name: string) => response.headers[name.toLowerCase()]

/**
 * Asserts that a router answer is JSON in the router's error shape `{error:{message,code,metadata?},user_id?}`
 * (`user_id`, a key owner's `user_…`, on an authenticated inference failure; never on a 401).
 */
export function expectRouterError(response: PlainResponse): void {
  expect(headerOf(response, 'content-type')).toBe('application/json')
  const body = JSON.parse(response.body) as { error: Record<string, unknown>; user_id?: unknown }
  const top = Object.keys(body)
  expect(top.length === 1 || (top[1] === 'user_id' && response.status !== 401)).toBe(true)
  expect(top[0]).toBe('error')
  if (top.length === 2) expect(body.user_id).toMatch(/^user_/)
  expect(Object.keys(body.error).slice(0, 2)).toEqual(['message', 'code'])
  expect(body.error.code).toBe(response.status)
  expect(typeof body.error.message).toBe('string')
  const extra = Object.keys(body.error).filter((key) => key !== 'code' && key !== 'message')
  expect(extra.every((key) => key === 'metadata')).toBe(true)
  if (body.error.metadata !== undefined) {
    const issues = (body.error.metadata as { issues: Array<Record<string, unknown>> }).issues
    expect(issues.length).toBeGreaterThan(0)
    for (const issue of issues) {
      expect(Object.keys(issue)).toEqual(['path', 'message'])
      expect(typeof issue.path).toBe('string')
      expect(typeof issue.message).toBe('string')
    }
  }
}

const MESSAGING_CODES = new Set([
  'BAD_REQUEST',
  'REQUEST_VARIABLE_MISSING',
  'UNAUTHORIZED_PRINCIPAL',
  'UNAUTHORIZED',
  'RATE_LIMIT_HIT',
  'CANNOT_DEACTIVATE_LAST_USER',
])

/**
 * Asserts that a messaging answer of 400 or more is one of the real server's error forms: a JSON error
 * `{"result":"error","msg",…,"code"}\n`, the REST 405, Django's HTML 404 or 400 page, or the 500 without
 * a code.
 */
export function expectMessagingError(response: PlainResponse, head = false): void {
  // A HEAD answer's body never reaches the client (the server layer drops it); if there is one, it has
  // the same shape as for GET.
  if (head && response.body === '') return
  const type = headerOf(response, 'content-type')
  if (response.status === 404) {
    expect(response.body).toBe(htmlNotFound().body)
    return
  }
  if (response.status === 400 && type === 'text/html; charset=utf-8') {
    expect(response.body).toBe(htmlBadRequest().body)
    return
  }
  if (response.status === 405) {
    expect(type).toBe('text/html; charset=utf-8')
    if (response.body === '') return // the public view's plain 405
    const body = JSON.parse(response.body)
    expect(Object.keys(body)).toEqual(['result', 'msg', 'allowed_methods'])
    return
  }
  if (response.status === 500) {
    expect(response.body).toBe(internalError().body)
    return
  }
  expect(type).toBe('application/json')
  expect(response.body.endsWith('}\n')).toBe(true)
  const body = JSON.parse(response.body) as Record<string, unknown>
  const names = Object.keys(body)
  expect(names[0]).toBe('result')
  expect(names[1]).toBe('msg')
  expect(names.at(-1)).toBe('code')
  expect(body.result).toBe('error')
  expect(typeof body.msg).toBe('string')
  expect(MESSAGING_CODES.has(body.code as string)).toBe(true)
  if (response.status === 401) {
    expect(body.code).toBe('UNAUTHORIZED')
    expect(headerOf(response, 'www-authenticate')).toBe('Basic realm="zulip"')
  }
}

// ---------------------------------------------------------------------------------------------------
// Arbitraries of hostile input.

/** A very long string, built once per size. */
export const long = (size: number, unit = 'x') => unit.repeat(size)

/** Strings a careless parser trips on. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'grapheme-composite' }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    'NaN',
    'Infinity',
    '-Infinity',
    '-0',
    '1e400',
    '0x10',
    '9007199254740993',
    'null',
    'true',
    '[]',
    '{}',
    '__proto__',
    'constructor',
    'prototype',
    '../../etc/passwd',
    '%00',
    '%zz',
    '%2F',
    '\uD800',
    '\uDFFF',
    '\uFFFF',
    '\u202E',
    '<script>',
    "'; DROP TABLE users; --",
  ),
  fc.constantFrom(long(70_000), long(100_001, 'é'), long(9000, '`')),
)

/** Keys that change prototypes when code assigns them naively. */
export const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'] as const

/** An object with these entries as own data properties (`__proto__` included, as `JSON.parse` makes it). */
export function fromEntries(entries: ReadonlyArray<readonly [string, unknown]>): object {
  const out: Record<string, unknown> = {}
  for (const [key, value] of entries) {
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true })
  }
  return out
}

/** Any JSON-ish value, with the numbers and keys that break naive code. */
export const nastyValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    nastyString,
    fc.double(),
    fc.integer(),
    fc.constantFrom(0, -0, 1e308, -1e308, 2 ** 53 + 2, Number.MAX_SAFE_INTEGER, 5e-324),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    tie('object'),
  ),
  object: fc
    .uniqueArray(fc.tuple(fc.oneof(fc.string(), fc.constantFrom(...PROTO_KEYS)), tie('value')), {
      maxLength: 4,
      selector: ([key]) => key,
    })
    .map(fromEntries),
})).value

/**
 * JSON text for a value, as a client would send it. Non-finite numbers become the literal text a
 * sloppy client writes (`1e400`, `NaN`), so both valid huge numbers and invalid JSON come out.
 */
export function jsonText(value: unknown): string {
  if (typeof value === 'number') {
    if (Number.isNaN(value)) return 'NaN'
    if (!Number.isFinite(value)) return value > 0 ? '1e400' : '-1e400'
    return Object.is(value, -0) ? '-0' : JSON.stringify(value)
  }
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value)
      .map((key) => `${JSON.stringify(key)}:${jsonText((value as Record<string, unknown>)[key])}`)
      .join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

/** JSON nested `depth` levels deep, of objects or arrays. */
export function deepJson(depth: number, kind: 'object' | 'array' = 'object'): string {
  return kind === 'object'
    ? `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`
    : `${'['.repeat(depth)}1${']'.repeat(depth)}`
}

/** Bytes that are not valid UTF-8. */
export const invalidUtf8: fc.Arbitrary<Uint8Array> = fc.oneof(
  fc.constantFrom(
    Uint8Array.of(0xff),
    Uint8Array.of(0xc3),
    Uint8Array.of(0xed, 0xa0, 0x80),
    Uint8Array.of(0xf8, 0x88, 0x80, 0x80, 0x80),
    Uint8Array.of(0x7b, 0x22, 0xc0, 0xaf, 0x22, 0x3a, 0x31, 0x7d),
  ),
  fc
    .tuple(fc.uint8Array({ maxLength: 32 }), fc.constantFrom(0xff, 0xfe, 0x80, 0xc0))
    .map(([bytes, bad]) => Uint8Array.of(...bytes, bad)),
)

/** A URL path segment: valid slugs and ids, odd percent-encoding, traversal, NUL, very long ones. */
export const nastySegment: fc.Arbitrary<string> = fc.oneof(
  fc.stringMatching(/^[A-Za-z0-9._~-]{1,20}$/),
  fc.constantFrom(
    '..',
    '.',
    '%2e%2e',
    '%2E',
    '%2F',
    'a%2Fb',
    '..%2F..%2Fetc',
    '%00',
    'a%00',
    '%',
    '%zz',
    '%E0%A4%A',
    '%ff%fe',
    '%C0%AF',
    '%25',
    '%252F',
    '__proto__',
    'constructor',
    '1',
    '0',
    '-1',
    '01',
    '1e3',
    '99999999999999999999',
    'me',
    'iago%40acme.example',
    'IAGO@ACME.EXAMPLE',
    long(129, 'a'),
    long(5000, 'b'),
  ),
  fc.string({ maxLength: 12 }).map((text) => encodeURIComponent(text)),
  fc
    .uint8Array({ minLength: 1, maxLength: 6 })
    .map((bytes) => [...bytes].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('')),
)

/** A query string: paging values, odd encodings, repeated keys. */
export const nastyQuery: fc.Arbitrary<string> = fc.oneof(
  fc.constant(''),
  fc
    .array(
      fc.tuple(
        fc.constantFrom(
          'offset',
          'limit',
          'client_gravatar',
          'apply_markdown',
          'email',
          'x',
          '__proto__',
        ),
        fc.oneof(
          nastySegment,
          fc.constantFrom('-1', '0', '50', '101', '1.5', 'NaN', '1e2', ' 1', '0x10', 'true', '%00'),
        ),
      ),
      { maxLength: 4 },
    )
    .map((pairs) => `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`),
  fc.constantFrom('?%zz=%zz', '?&&&', '?=', '?a=1&a=2&a=3', `?${'x=1&'.repeat(1001)}`),
)

/** An `Authorization` value: valid, missing, malformed, or carrying odd bytes. */
export function nastyAuthorization(valid: readonly string[]): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    { weight: 12, arbitrary: fc.constantFrom(...valid) },
    fc.constant(undefined),
    fc.constantFrom(
      '',
      'Bearer',
      'Bearer ',
      'bearer sk-or-v1-understudy-default-inference',
      'Basic',
      'Basic !!!!',
      `Basic ${Buffer.from('a:b:c').toString('base64')}`,
      `Basic ${Buffer.from('iago@acme.example:').toString('base64')}`,
      `Basic ${Buffer.from('\u00ff\u00fe:x').toString('latin1')}`,
      'Digest x',
      'Bearer a b',
      `Bearer ${long(10_000, 'k')}`,
      `Basic ${long(20_000, 'A')}`,
      'Bearer \u00e9',
    ),
    fc.string({ maxLength: 40 }).map((text) => `Bearer ${text}`),
    fc.string({ maxLength: 40 }).map((text) => `Basic ${Buffer.from(text).toString('base64')}`),
  )
}

/** A `Content-Type` value: right, wrong, missing, with broken parameters. */
export const nastyContentType: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 4, arbitrary: fc.constant(undefined) },
  fc.constantFrom(
    'application/json',
    'application/json; charset=utf-8',
    'APPLICATION/JSON',
    'application/vnd.api+json',
    'application/jsonx',
    'text/plain',
    'text/json',
    'application/x-www-form-urlencoded',
    'application/x-www-form-urlencoded; charset=latin-1',
    'multipart/form-data',
    'multipart/form-data; boundary=',
    'multipart/form-data; boundary="',
    'multipart/form-data; boundary=x',
    'multipart/form-data;boundary=x',
    'multipart/form-data; boundary="x;y"',
    `multipart/form-data; boundary=${long(201)}`,
    `multipart/form-data; ${';"'.repeat(5000)}`,
    '; ; ;',
    '',
    '\u00e9',
  ),
  fc.string({ maxLength: 30 }),
)
