/**
 * Hostile input to every operation of the router (property-based with fast-check, plus hand-written
 * cases): each request gets a 4xx in the router's shape (or a 2xx for input that happens to be valid),
 * never a 5xx; a rejected request changes nothing; the journal records each request once; whatever is
 * stored can be read back; and the simulator keeps serving.
 */
import fc from 'fast-check'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_JSON_DEPTH, nestedDeeperThan } from '../../src/services/router/body.js'
import { createSimulator } from '../../src/simulator/simulator.js'
import {
  deepJson,
  expectRouterError,
  fcOptions,
  fromEntries,
  invalidUtf8,
  jsonText,
  keys,
  long,
  NOW,
  nastyAuthorization,
  nastyContentType,
  nastyQuery,
  nastySegment,
  nastyValue,
  type RawRequest,
  ROUTER,
  send,
  stateOf,
  workspaces,
} from './support.js'

const simulator = createSimulator({ scenario: 'presets-history', seed: 'robust-router', now: NOW })
const server = setupServer(...simulator.handlers)
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterAll(() => server.close())

type Skin = 'chat' | 'messages' | 'responses'

/** Valid bodies with many fields set, so that a mutation can hit any of them. */
const richBodies: Record<Skin, Record<string, unknown>> = {
  chat: {
    model: 'openai/gpt-5.4',
    models: ['openai/gpt-5.4-mini'],
    messages: [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
    ],
    temperature: 0.7,
    top_p: 0.9,
    max_tokens: 100,
    stop: ['END'],
    logit_bias: { '50256': -100 },
    tools: [{ type: 'function', function: { name: 'f', parameters: { type: 'object' } } }],
    tool_choice: 'auto',
    response_format: {
      type: 'json_schema',
      json_schema: { name: 'n', schema: { type: 'object' } },
    },
    reasoning: { effort: 'low' },
    provider: { order: ['openai'], allow_fallbacks: true },
    plugins: [{ id: 'web', max_results: 3 }],
    metadata: { team: 'a' },
    seed: 1,
    modalities: ['text'],
    service_tier: 'auto',
    user: 'u',
  },
  messages: {
    model: 'anthropic/claude-sonnet-4.6',
    messages: [{ role: 'user', content: 'hi' }],
    system: [{ type: 'text', text: 'Be brief.' }],
    max_tokens: 100,
    temperature: 0.5,
    top_k: 5,
    stop_sequences: ['x'],
    tools: [{ name: 't' }],
    tool_choice: { type: 'auto' },
    thinking: { type: 'enabled', budget_tokens: 1000 },
    metadata: { user_id: 'u' },
    plugins: [{ id: 'moderation' }],
    speed: 'fast',
  },
  responses: {
    model: 'openai/gpt-5.4',
    input: [{ role: 'user', content: 'hi' }],
    instructions: 'Be brief.',
    temperature: 0.5,
    max_output_tokens: 100,
    tools: [{ type: 'web_search' }],
    reasoning: { effort: 'low' },
    text: { format: { type: 'text' } },
    metadata: { k: 'v' },
    truncation: 'auto',
    plugins: [{ id: 'web' }],
  },
}

const skinPaths: Record<Skin, string> = {
  chat: 'chat/completions',
  messages: 'messages',
  responses: 'responses',
}

/** Every path (list of keys) inside a JSON value, the root included. */
function pathsOf(
  value: unknown,
  prefix: Array<string | number> = [],
): Array<Array<string | number>> {
  const out = [prefix]
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) out.push(...pathsOf(item, [...prefix, i]))
  } else if (value !== null && typeof value === 'object') {
    for (const key of Object.keys(value))
      out.push(...pathsOf((value as Record<string, unknown>)[key], [...prefix, key]))
  }
  return out
}

/** A deep copy with the value at `path` replaced (own data properties only, so `__proto__` is data). */
function replaceAt(value: unknown, path: ReadonlyArray<string | number>, next: unknown): unknown {
  if (path.length === 0) return next
  const [head, ...rest] = path as [string | number, ...Array<string | number>]
  if (Array.isArray(value))
    return value.map((item, i) => (i === head ? replaceAt(item, rest, next) : item))
  const source = value as Record<string, unknown>
  return fromEntries(
    Object.keys(source).map((key) => [
      key,
      key === head ? replaceAt(source[key], rest, next) : source[key],
    ]),
  )
}

/** A body text for a skin: a rich valid body with one field mutated, an extra odd key, or raw junk. */
const bodyFor = (skin: Skin): fc.Arbitrary<string | Uint8Array | undefined> => {
  const rich = richBodies[skin]
  const paths = pathsOf(rich)
  return fc.oneof(
    {
      weight: 5,
      arbitrary: fc
        .tuple(fc.constantFrom(...paths), nastyValue)
        .map(([path, value]) => jsonText(replaceAt(rich, path, value))),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.oneof(fc.string(), fc.constantFrom('__proto__', 'constructor', 'prototype')),
          nastyValue,
        )
        .map(([key, value]) => jsonText(fromEntries([...Object.entries(rich), [key, value]]))),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.nat(), fc.constant(jsonText(rich)))
        .map(([cut, text]) => text.slice(0, cut % text.length)),
    },
    { weight: 1, arbitrary: invalidUtf8 },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        undefined,
        '',
        '   ',
        'null',
        '[]',
        '"x"',
        '1',
        'NaN',
        '{"messages":[{"role":"user","content":"x"}],"temperature":NaN}',
        '{"temperature":5,"temperature":0.5,"messages":[{"role":"user","content":"x"}]}',
        `\uFEFF${JSON.stringify(rich)}`,
        `${JSON.stringify(rich)}\u0000`,
        `{"messages":[{"role":"user","content":"${long(200_000)}"}]}`,
        `{"messages":[{"role":"user","content":"x"}],"tools":[{"type":"x","parameters":${deepJson(MAX_JSON_DEPTH + 1)}}]}`,
        `{"messages":[{"role":"user","content":"x"}],"tools":[{"type":"x","parameters":${deepJson(20_000)}}]}`,
        deepJson(100_000, 'array'),
        `{"messages":[{"role":"user","content":"x"}],"seed":1e400,"max_tokens":-1e400}`,
      ),
    },
  )
}

type Operation = {
  name: string
  method: string
  path: (a: string, b: string) => string
  skin?: Skin
}

const operations: Operation[] = [
  ...(['chat', 'messages', 'responses'] as const).map((skin) => ({
    name: `create (${skin})`,
    method: 'POST',
    path: (slug: string) => `/presets/${slug}/${skinPaths[skin]}`,
    skin,
  })),
  { name: 'listPresets', method: 'GET', path: () => '/presets' },
  { name: 'getPreset', method: 'GET', path: (slug) => `/presets/${slug}` },
  { name: 'listPresetVersions', method: 'GET', path: (slug) => `/presets/${slug}/versions` },
  { name: 'getPresetVersion', method: 'GET', path: (slug, v) => `/presets/${slug}/versions/${v}` },
]

const authorization = nastyAuthorization([
  `Bearer ${keys.inference}`,
  `Bearer ${keys.management}`,
  `Bearer ${keys.lockedInference}`,
  `Bearer ${keys.disabled}`,
])

/** The messages dialect's (Anthropic's) error body. */
function expectMessagesError(response: { status: number; body: string }): void {
  const body = JSON.parse(response.body) as { type: string; error: Record<string, unknown> }
  expect(Object.keys(body)).toEqual(['type', 'error', 'request_id'])
  expect(body.type).toBe('error')
  expect(Object.keys(body.error)).toEqual(['type', 'message', 'error_type'])
  expect(typeof body.error.message).toBe('string')
}

/** One hostile request to one operation. */
const requestFor = (operation: Operation): fc.Arbitrary<RawRequest> =>
  fc
    .record({
      slug: fc.oneof(
        fc.constantFrom('support-bot', 'retired', 'legacy-helper', 'new-one'),
        nastySegment,
      ),
      version: nastySegment,
      query: nastyQuery,
      authorization,
      contentType: fc.oneof(
        { weight: 4, arbitrary: fc.constant('application/json') },
        { weight: 3, arbitrary: nastyContentType },
      ),
      body: operation.skin ? bodyFor(operation.skin) : fc.constant(undefined),
      method: fc.oneof(
        { weight: 9, arbitrary: fc.constant(operation.method) },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            'PUT',
            'DELETE',
            'PATCH',
            'OPTIONS',
            'HEAD',
            'get',
            'PROPFIND',
          ),
        },
      ),
    })
    .map(({ slug, version, query, authorization, contentType, body, method }) => {
      const headers: Record<string, string> = {}
      if (authorization !== undefined) headers.authorization = authorization
      if (contentType !== undefined) headers['content-type'] = contentType
      return {
        method,
        url: `${ROUTER}${operation.path(slug, version)}${query}`,
        headers,
        body: method === 'GET' || method === 'HEAD' ? undefined : body,
      }
    })

/** The checks every answer must pass. */
async function check(request: RawRequest) {
  const before = stateOf(simulator)
  const count = simulator.journal.count()
  const response = await send(simulator, request)
  expect(response.status, `${request.method} ${request.url.slice(0, 200)}`).toBeLessThan(500)
  expect(simulator.journal.count()).toBe(count + 1)
  // A slug of `..` takes the URL up to an inference path (`/presets/../messages` is `/messages`).
  const landed = new URL(request.url).pathname.match(
    /\/api\/v1\/(chat\/completions|messages|responses)$/,
  )
  if (response.status >= 400) {
    // The messages operation answers in Anthropic's envelope; another method there is the router's 405.
    if (landed?.[1] === 'messages' && request.method === 'POST') expectMessagesError(response)
    else expectRouterError(response)
    expect(stateOf(simulator)).toBe(before)
  } else if (landed) {
    // An inference answer changes no record.
    expect(stateOf(simulator)).toBe(before)
  } else {
    // Whatever was accepted can be read back and serialised again.
    const slug = (JSON.parse(response.body) as { data: { slug?: string } }).data.slug
    if (slug !== undefined) {
      const read = await send(simulator, {
        method: 'GET',
        url: `${ROUTER}/presets/${encodeURIComponent(slug)}/versions?limit=100`,
        headers: request.headers,
      })
      expect(read.status).toBe(200)
    }
    JSON.stringify(simulator.router.presets(workspaces.default))
  }
  return response
}

describe('router under hostile input', () => {
  for (const operation of operations) {
    it(`${operation.name}: a 4xx in the router's shape, never a 5xx, and no change when refused`, async () => {
      const statuses = new Map<number, number>()
      await fc.assert(
        fc.asyncProperty(requestFor(operation), async (request) => {
          await simulator.reset()
          const response = await check(request)
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
        }),
        fcOptions(operation.skin ? 150 : 80),
      )
      // The generators reach past authentication: some requests got to the operation's own checks.
      expect([...statuses.keys()].some((status) => status !== 401)).toBe(true)
    })
  }

  it('keeps answering good requests, and reads the journal back, after the hostile ones', async () => {
    const created = await send(simulator, {
      method: 'POST',
      url: `${ROUTER}/presets/after-the-storm/chat/completions`,
      headers: { authorization: `Bearer ${keys.inference}`, 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ role: 'user', content: 'x' }] }),
    })
    expect(created.status).toBe(200)
    expect(() => JSON.stringify(simulator.journal.entries())).not.toThrow()
  })
})

describe('the body limit through msw', () => {
  it('answers 413 in each service shape past createSimulator({ maxBodyBytes })', async () => {
    const small = createSimulator({
      maxBodyBytes: 64,
      router: { baseUrl: 'https://small.example/api/v1' },
      messaging: { baseUrl: 'https://{subdomain}.small.example' },
    })
    server.use(...small.handlers)
    const router = await fetch('https://small.example/api/v1/presets/x/chat/completions', {
      method: 'POST',
      headers: { authorization: `Bearer ${keys.inference}`, 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ role: 'user', content: long(64) }] }),
    })
    expect([router.status, await router.text()]).toEqual([
      413,
      '{"error":{"message":"Payload too large","code":413}}',
    ])
    const messaging = await fetch('https://acme.small.example/api/v1/users', {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from('iago@acme.example:oCLrZ3aWZkSBvrjn9Wvgfygw2wMqZcUD').toString('base64')}`,
      },
      body: new URLSearchParams({ email: 'a@acme.example', password: long(64), full_name: 'A' }),
    })
    expect([messaging.status, messaging.headers.get('content-type')]).toEqual([
      413,
      'text/html; charset=utf-8',
    ])
    expect(await messaging.text()).toContain('<title>413 Request Entity Too Large</title>')
    expect(small.messaging.users('acme')).toHaveLength(7)
    server.resetHandlers()
  })
})

describe('router hand-written cases', () => {
  const post = (slug: string, body: string | Uint8Array | undefined, contentType?: string) =>
    send(simulator, {
      method: 'POST',
      url: `${ROUTER}/presets/${slug}/chat/completions`,
      headers: {
        authorization: `Bearer ${keys.inference}`,
        ...(contentType === undefined ? {} : { 'content-type': contentType }),
      },
      body,
    })
  const issues = (body: string) =>
    (JSON.parse(body) as { error: { metadata: { issues: unknown[] } } }).error.metadata.issues

  it.each([
    ['truncated JSON', '{"messages":[{"role":"us', 'is not valid JSON'],
    ['a NaN literal', '{"messages":[],"temperature":NaN}', 'is not valid JSON'],
    ['invalid UTF-8', Uint8Array.of(0x7b, 0xff, 0x7d), 'is not valid UTF-8'],
    ['an empty body', undefined, 'is required'],
    ['a JSON array', '[]', 'must be a JSON object'],
    [
      `nesting past ${MAX_JSON_DEPTH} levels`,
      deepJson(MAX_JSON_DEPTH + 1),
      `must be nested at most ${MAX_JSON_DEPTH} levels deep`,
    ],
    [
      '20,000 levels of nesting',
      `{"messages":[{"role":"user","content":"x"}],"tools":[{"type":"x","parameters":${deepJson(20_000)}}]}`,
      `must be nested at most ${MAX_JSON_DEPTH} levels deep`,
    ],
  ] as const)('refuses %s with a body issue and stores nothing', async (_, body, message) => {
    const before = stateOf(simulator)
    const response = await post('hand', body, 'application/json')
    expect(response.status).toBe(400)
    expect(issues(response.body)).toEqual([{ path: 'body', message }])
    expect(stateOf(simulator)).toBe(before)
  })

  it(`accepts and reads back a body nested exactly ${MAX_JSON_DEPTH} levels deep`, async () => {
    // tools[0].function.parameters sits 4 levels down (body, tools, the tool, function).
    const body = `{"messages":[{"role":"user","content":"x"}],"tools":[{"type":"function","function":{"name":"f","parameters":${deepJson(MAX_JSON_DEPTH - 4)}}}]}`
    const response = await post('deep-but-fine', body, 'application/json')
    expect(response.status).toBe(200)
    const read = await send(simulator, {
      method: 'GET',
      url: `${ROUTER}/presets/deep-but-fine`,
      headers: { authorization: `Bearer ${keys.inference}` },
    })
    expect(read.status).toBe(200)
    expect(() => JSON.stringify(simulator.journal.entries())).not.toThrow()
    await simulator.reset()
  })

  const keyed = (count: number, value = '1', from = 0) =>
    `{${Array.from({ length: count }, (_, i) => `"${from + i}":${value}`).join(',')}}`
  const chat = (extra: string) =>
    `{"model":"openai/gpt-5.4","messages":[{"role":"user","content":"x"}],${extra}}`

  it.each([
    [
      '10,001 keys in one object',
      chat(`"logit_bias":${keyed(10_001)}`),
      'must have at most 10000 keys in one object',
    ],
    [
      '850,000 keys in one object (9.6 MiB)',
      chat(`"logit_bias":${keyed(850_000)}`),
      'must have at most 10000 keys in one object',
    ],
    [
      '100,001 keys in all, 10,000 at most in one object',
      chat(
        `"tools":[${Array.from({ length: 11 }, (_, t) => `{"type":"function","function":{"name":"f${t}","parameters":{"type":"object","properties":${keyed(9_100, '{}')}}}}`).join(',')}]`,
      ),
      'must have at most 100000 keys in all',
    ],
  ])(
    'refuses a body of %s before parsing it, and journals it as text',
    async (_, body, message) => {
      simulator.journal.clear()
      const before = stateOf(simulator)
      const response = await post('keys', body, 'application/json')
      expect(response.status).toBe(400)
      expect(issues(response.body)).toEqual([{ path: 'body', message }])
      expect(stateOf(simulator)).toBe(before)
      expect(typeof simulator.journal.last()?.body).toBe('string')
    },
  )

  it('accepts 10,000 keys in one object, and reads them back', async () => {
    const response = await post(
      'many-keys',
      chat(`"logit_bias":${keyed(10_000)}`),
      'application/json',
    )
    expect(response.status).toBe(200)
    const bias = (
      JSON.parse(response.body) as {
        data: { designated_version: { config: { logit_bias: object } } }
      }
    ).data.designated_version.config.logit_bias
    expect(Object.keys(bias)).toHaveLength(10_000)
    await simulator.reset()
  })

  it('journals a body nested too deeply as its text, so reading the journal never overflows', async () => {
    simulator.journal.clear()
    await post('deep', deepJson(100_000, 'array'), 'application/json')
    const [entry] = simulator.journal.entries()
    expect(typeof entry?.body).toBe('string')
  })

  it.each([
    ['a wrong content type', 'text/plain', 'Content-Type must be application/json'],
    [
      'a form content type',
      'application/x-www-form-urlencoded',
      'Content-Type must be application/json',
    ],
    [
      'a multipart type with a broken boundary',
      'multipart/form-data; boundary="',
      'Content-Type must be application/json',
    ],
  ])('refuses %s', async (_, contentType, message) => {
    const response = await post(
      'typed',
      '{"messages":[{"role":"user","content":"x"}]}',
      contentType,
    )
    expect(issues(response.body)).toEqual([{ path: 'body', message }])
  })

  it('reads JSON without a content type, and takes the last of duplicate keys as JSON.parse does', async () => {
    const response = await post(
      'dupes',
      '{"messages":[{"role":"user","content":"x"}],"temperature":5,"temperature":0.5}',
    )
    expect(response.status).toBe(200)
    expect(JSON.parse(response.body).data.designated_version.config).toEqual({ temperature: 0.5 })
    await simulator.reset()
  })

  it.each([
    ['%2F', 'a%2Fb'],
    ['%00', 'a%00b'],
    ['a lone %', 'a%'],
    ['a malformed escape', '%zz'],
    ['an overlong UTF-8 slash', '%C0%AF'],
    ['an encoded dot-dot', '..%2F..%2Fsecret'],
    ['129 characters', long(129, 'a')],
    ['non-ASCII', 'caf%C3%A9'],
  ])('refuses a slug with %s (400 slug), on writes and reads alike', async (_, slug) => {
    const write = await post(
      slug,
      '{"messages":[{"role":"user","content":"x"}]}',
      'application/json',
    )
    expect([write.status, issues(write.body)]).toEqual([
      400,
      [{ path: 'slug', message: 'must be 1 to 128 characters from A-Z a-z 0-9 - . _ ~' }],
    ])
    const read = await send(simulator, {
      method: 'GET',
      url: `${ROUTER}/presets/${slug}`,
      headers: { authorization: `Bearer ${keys.inference}` },
    })
    expect(read.status).toBe(400)
  })

  it('collapses a literal ../ in the URL as every HTTP stack does, so it never escapes the workspace', async () => {
    const response = await send(simulator, {
      method: 'GET',
      url: `${ROUTER}/presets/x/../../presets`,
      headers: { authorization: `Bearer ${keys.teamB}` },
    })
    expect([response.status, JSON.parse(response.body)]).toEqual([
      200,
      { data: [], total_count: 0 },
    ])
  })

  it.each([
    ['no header', {}, 'No cookie auth credentials found'],
    ['an empty value', { authorization: '' }, 'No cookie auth credentials found'],
    ['Basic', { authorization: `Basic ${keys.inference}` }, 'No cookie auth credentials found'],
    [
      'two tokens',
      { authorization: `Bearer ${keys.inference} x` },
      'No cookie auth credentials found',
    ],
    ['a NUL', { authorization: `Bearer ${keys.inference}\u0000` }, 'User not found.'],
    ['Latin-1 bytes', { authorization: 'Bearer \u00ff\u00fe' }, 'User not found.'],
    ['a 100 kB key', { authorization: `Bearer ${long(100_000, 'k')}` }, 'User not found.'],
  ])('answers odd credentials (%s) with the real 401', async (_, headers, message) => {
    const response = await send(simulator, { method: 'GET', url: `${ROUTER}/presets`, headers })
    expect([response.status, JSON.parse(response.body)]).toEqual([
      401,
      { error: { code: 401, message } },
    ])
  })

  it.each([
    ['offset=-1', 'offset', 'must be at least 0'],
    ['limit=0', 'limit', 'must be at least 1'],
    ['limit=1e2', 'limit', 'must be an integer'],
    ['limit=NaN', 'limit', 'must be an integer'],
    ['limit=%00', 'limit', 'must be an integer'],
    ['limit=99999999999999999999999', 'limit', 'must be at most 100'],
  ])('refuses paging %s', async (query, path, message) => {
    const response = await send(simulator, {
      method: 'GET',
      url: `${ROUTER}/presets?${query}`,
      headers: { authorization: `Bearer ${keys.inference}` },
    })
    expect([response.status, issues(response.body)]).toEqual([400, [{ path, message }]])
  })

  it('answers every hostile request the same through msw as straight into the core', async () => {
    await fc.assert(
      fc.asyncProperty(requestFor(operations[0] as Operation), async (request) => {
        // fetch refuses header values outside Latin-1, NUL and CR/LF; such requests never reach a server.
        const headers = Object.fromEntries(
          Object.entries(request.headers ?? {}).filter(([, value]) =>
            /^[\t\x20-\x7e\x80-\xff]*$/.test(value),
          ),
        )
        const method = ['GET', 'HEAD'].includes(request.method.toUpperCase())
          ? 'POST'
          : request.method
        if (!/^[A-Z]+$/.test(method)) return
        // In process the router owns only …/presets (a collapsed `..` may leave it): msw's business.
        if (!new URL(request.url).pathname.startsWith('/api/v1/presets')) return
        await simulator.reset()
        // Bytes, not a string: fetch would add `text/plain;charset=UTF-8` to a string body.
        const body =
          typeof request.body === 'string' ? new TextEncoder().encode(request.body) : request.body
        const viaMsw = await fetch(request.url, {
          method,
          headers,
          body: body as BodyInit | undefined,
        })
        const text = await viaMsw.text()
        await simulator.reset()
        const direct = await send(simulator, { ...request, method, headers }, 'in-process')
        expect(viaMsw.status).toBe(direct.status)
        if (method !== 'HEAD') expect(text).toBe(direct.body)
      }),
      fcOptions(40),
    )
  })
})

describe('JSON nesting depth', () => {
  // 4 MB of brackets: a pass per bracket would not finish within the test timeout (20 s,
  // vitest.config.ts). No wall-clock bound of our own: the speed of the body path is bench/'s business.
  it('is measured in one pass, without counting brackets inside strings', () => {
    expect(nestedDeeperThan(long(2_000_000, '[]'), 1000)).toBe(false)
    expect(nestedDeeperThan(`{"a":"${long(5000, '[')}"}`, 10)).toBe(false)
    expect(nestedDeeperThan(`{"a":"\\"${long(5000, '[')}"}`, 10)).toBe(false)
    expect(nestedDeeperThan(`${long(11, '[')}${long(11, ']')}${long(100, ' ')}`, 10)).toBe(true)
    expect(nestedDeeperThan(`${long(10, '[')}${long(10, ']')}${long(100, ' ')}`, 10)).toBe(false)
  })
})
