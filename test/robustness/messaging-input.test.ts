/**
 * Hostile input to every operation of the messaging service (property-based with fast-check, plus
 * hand-written cases): each request gets one of the real server's error forms (or a success for input
 * that happens to be valid), never a 5xx except the real server's two 500s (a NUL in the welcome text, a
 * password over 100 characters);
 * a rejected request changes no user and no message; the journal records each request once; and the
 * simulator keeps serving. The parsers hostile input could make slow run in linear time, and say the
 * same as the plain (quadratic) algorithms they stand for.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  parseFormBody,
  parseHeaderParameters,
  parseQueryString,
  splitHeaderParameters,
} from '../../src/services/messaging/form.js'
import { isStrongPassword } from '../../src/services/messaging/password.js'
import { parsePyJsonStrict } from '../../src/services/messaging/python.js'
import { createSimulator } from '../../src/simulator/simulator.js'
import {
  ACME,
  accounts,
  basic,
  expectMessagingError,
  fcOptions,
  fromEntries,
  invalidUtf8,
  long,
  NOW,
  nastyAuthorization,
  nastyContentType,
  nastyQuery,
  nastySegment,
  nastyString,
  type RawRequest,
  send,
  stateOf,
} from './support.js'

const simulator = createSimulator({ seed: 'robust-messaging', now: NOW })
const API = `${ACME}/api/v1`
const WELCOME = 'test-welcome-bot-custom-message'
const encoder = new TextEncoder()

type Operation = { name: string; method: string; path: (segment: string) => string; post?: boolean }

const operations: Operation[] = [
  { name: 'GET /users', method: 'GET', path: () => '/users' },
  { name: 'POST /users', method: 'POST', path: () => '/users', post: true },
  { name: 'GET /users/me', method: 'GET', path: () => '/users/me' },
  { name: 'GET /users/{user_id}', method: 'GET', path: (s) => `/users/${s}` },
  { name: 'GET /users/{email}', method: 'GET', path: (s) => `/users/${s}` },
  { name: 'GET /messages/{message_id}', method: 'GET', path: (s) => `/messages/${s}` },
  { name: 'DELETE /users/me', method: 'DELETE', path: () => '/users/me' },
  { name: 'DELETE /users/{user_id}', method: 'DELETE', path: (s) => `/users/${s}` },
  { name: 'DELETE /messages/{message_id}', method: 'DELETE', path: (s) => `/messages/${s}` },
  {
    name: 'POST /realm/test_welcome_bot_custom_message',
    method: 'POST',
    path: () => '/realm/test_welcome_bot_custom_message',
    post: true,
  },
  { name: 'GET /server_settings', method: 'GET', path: () => '/server_settings' },
]

const FIELD_NAMES = [
  'email',
  'password',
  'full_name',
  'welcome_message_custom_text',
  'method',
  'client',
  'short_name',
  'client_gravatar',
  '__proto__',
  'constructor',
  'prototype',
  '',
] as const

const fieldValue = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom('new@acme.example', 'Newcomer', 'correct-horse-battery', 'Hello!'),
  },
  { weight: 1, arbitrary: fc.emailAddress() },
  { weight: 3, arbitrary: nastyString },
)

const fields = fc.array(
  fc.tuple(fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.string()), fieldValue),
  {
    maxLength: 6,
  },
)

/** A complete create-user or welcome form, so that some requests get past parameter checks. */
const completeForm = fc.oneof(
  fc
    .record({ email: fieldValue, password: fieldValue, full_name: fieldValue })
    .map((f) => Object.entries(f) as Array<[string, string]>),
  fieldValue.map((text) => [['welcome_message_custom_text', text]] as Array<[string, string]>),
)

const CRLF = '\r\n'

/** A multipart body for these fields, well-formed or broken in one of the ways clients break it. */
function multipart(pairs: Array<[string, string]>, boundary: string, flaw: number): string {
  const part = (name: string, value: string) =>
    `--${boundary}${CRLF}Content-Disposition: form-data; name="${name}"${CRLF}${CRLF}${value}${CRLF}`
  const parts = pairs.map(([name, value]) => part(name, value)).join('')
  switch (flaw) {
    case 0:
      return `${parts}--${boundary}--${CRLF}`
    case 1: // no closing delimiter
      return parts
    case 2: // bare LF line endings
      return `${parts}--${boundary}--`.replaceAll(CRLF, '\n')
    case 3: // a part without the blank line, one with a file, one without a name
      return `--${boundary}${CRLF}Content-Disposition: form-data; name="email"${CRLF}x${CRLF}--${boundary}${CRLF}Content-Disposition: form-data; name="password"; filename="p.txt"${CRLF}${CRLF}secret${CRLF}--${boundary}${CRLF}Content-Disposition: form-data${CRLF}${CRLF}v${CRLF}${parts}--${boundary}--`
    case 4: // base64 parts with junk
      return `--${boundary}${CRLF}Content-Disposition: form-data; name="full_name"${CRLF}Content-Transfer-Encoding: base64${CRLF}${CRLF}!!!=${CRLF}${parts}--${boundary}--`
    case 5: // a part header past 1024 bytes
      return `--${boundary}${CRLF}Content-Disposition: form-data; name="email"; x="${long(2000)}"${CRLF}${CRLF}a@b.example${CRLF}${parts}--${boundary}--`
    case 6: // many empty parts
      return `${`--${boundary}${CRLF}`.repeat(3000)}${parts}`
    default: // 1001 fields
      return `${part('x', '1').repeat(1001)}--${boundary}--`
  }
}

const postBody = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.tuple(fc.oneof(fields, completeForm), fc.boolean()).map(([pairs, plus]) => ({
      type: 'application/x-www-form-urlencoded' as string | undefined,
      body: plus
        ? pairs
            .map(
              ([k, v]) =>
                `${encodeURIComponent(k)}=${encodeURIComponent(v).replaceAll('%20', '+')}`,
            )
            .join('&')
        : new URLSearchParams(pairs).toString(),
    })),
  },
  {
    weight: 3,
    arbitrary: fc
      .tuple(
        fc.oneof(fields, completeForm),
        fc.oneof(
          fc.constantFrom('x', 'boundary42', '----WebKitFormBoundary7MA4YWxkTrZu0gW'),
          fc.stringMatching(/^[!-~]{1,70}$/),
        ),
        fc.nat(7),
        fc.constantFrom(
          (b: string) => `multipart/form-data; boundary=${b}`,
          (b: string) => `multipart/form-data;boundary="${b}"`,
          (b: string) => `multipart/form-data; boundary=${b}x`, // the wrong boundary
          () => 'multipart/form-data',
          () => 'multipart/form-data; boundary=',
        ),
      )
      .map(([pairs, boundary, flaw, type]) => ({
        type: type(boundary),
        body: multipart(pairs, boundary, flaw) as string | Uint8Array,
      })),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      type: nastyContentType,
      body: fc.oneof(
        invalidUtf8,
        fc.constantFrom(
          '',
          'email=%zz&password=%&full_name=%E0%A4%A',
          'email=a%00b%40c.example&password=correct-horse&full_name=Nul',
          'welcome_message_custom_text=a%00b',
          '&&&===&',
          '{"email":"json@acme.example","password":"correct-horse","full_name":"Json"}',
          `welcome_message_custom_text=${long(8001)}`,
          `full_name=${long(200_000)}&email=long@acme.example&password=${long(1_000_000, 'ab1!')}`,
          `${'x=1&'.repeat(1001)}`,
        ),
        fc.string().map((s) => s as string | Uint8Array),
      ),
    }),
  },
)

const authorization = nastyAuthorization([
  basic(accounts.iago),
  basic(accounts.desdemona),
  basic(accounts.hamlet),
  basic(accounts.cordelia),
  basic(accounts.provisioner),
  basic(accounts.welcomeBot),
])

const requestFor = (operation: Operation): fc.Arbitrary<RawRequest> =>
  fc
    .record({
      segment: fc.oneof(
        fc.constantFrom('1', '2', '7', '99', 'iago@acme.example', 'HAMLET@acme.example', '1', 'me'),
        nastySegment,
      ),
      query: nastyQuery,
      authorization,
      accept: fc.option(
        fc.constantFrom(
          'text/html',
          'application/json',
          '*/*',
          'text/html;q=0.5, application/json',
          `text/html;q=${long(500, '9')}`,
        ),
        { nil: undefined },
      ),
      body: operation.post ? postBody : fc.constant({ type: undefined, body: undefined }),
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
            'POST',
            'GET',
            'BREW',
          ),
        },
      ),
    })
    .map(({ segment, query, authorization, accept, body, method }) => {
      const headers: Record<string, string> = {}
      if (authorization !== undefined) headers.authorization = authorization
      if (accept !== undefined) headers.accept = accept
      if (body.type !== undefined) headers['content-type'] = body.type
      return {
        method,
        url: `${API}${operation.path(segment)}${query}`,
        headers,
        body: method === 'GET' || method === 'HEAD' ? undefined : body.body,
      }
    })

/**
 * Whether a 500 is one the real server gives: a NUL in the welcome text, or a new user's password over
 * 100 characters (code points) at the default level. The journal redacts passwords, so the request's
 * own fields are read for that one.
 */
function isRealServer500(request: RawRequest): boolean {
  const entry = simulator.journal.last()
  if (entry?.operation === WELCOME) {
    const text =
      (entry.body as Record<string, string> | null)?.welcome_message_custom_text ??
      entry.query.welcome_message_custom_text
    return typeof text === 'string' && text.includes('\u0000')
  }
  if (entry?.operation !== 'create-user') return false
  // As the server reads a parameter: the body's last value, else the query's.
  const lastPassword = (form: ReturnType<typeof parseFormBody>) =>
    'fields' in form ? form.fields.findLast(([name]) => name === 'password')?.[1] : undefined
  const body = typeof request.body === 'string' ? encoder.encode(request.body) : request.body
  const password =
    lastPassword(parseFormBody(request.headers?.['content-type'], body)) ??
    lastPassword(parseQueryString(new URL(request.url).search.slice(1)))
  return password !== undefined && [...password].length > 100
}

/** Sends Iago the test welcome message. */
function sendWelcome() {
  return send(simulator, {
    method: 'POST',
    url: `${API}/realm/test_welcome_bot_custom_message`,
    headers: {
      authorization: basic(accounts.iago),
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'welcome_message_custom_text=Hello',
  })
}

async function check(request: RawRequest) {
  const before = stateOf(simulator)
  const count = simulator.journal.count()
  const response = await send(simulator, request)
  expect(simulator.journal.count()).toBe(count + 1)
  if (response.status >= 500) {
    expect(response.status).toBe(500)
    expect(isRealServer500(request), `${request.method} ${request.url.slice(0, 200)}`).toBe(true)
  }
  if (response.status >= 400) {
    expectMessagingError(response, request.method === 'HEAD')
    expect(stateOf(simulator)).toBe(before)
  }
  return response
}

describe('messaging under hostile input', () => {
  for (const operation of operations) {
    it(`${operation.name}: the real error forms, no 5xx but the real server's, no change when refused`, async () => {
      const statuses = new Map<number, number>()
      await fc.assert(
        fc.asyncProperty(requestFor(operation), async (request) => {
          await simulator.reset()
          await sendWelcome() // message 1, from Welcome Bot to Iago, for the message reads
          const response = await check(request)
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
        }),
        fcOptions(operation.post ? 150 : 70),
      )
      expect([...statuses.keys()].some((status) => status < 400)).toBe(true)
    })
  }

  it('still answers a good request, and reads the journal back, after the hostile ones', async () => {
    const response = await send(simulator, {
      method: 'POST',
      url: `${API}/users`,
      headers: {
        authorization: basic(accounts.iago),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'email=after@acme.example&password=correct-horse&full_name=After',
    })
    expect(response.status).toBe(200)
    expect(() => JSON.stringify(simulator.journal.entries())).not.toThrow()
    await simulator.reset()
  })
})

describe('messaging hand-written cases', () => {
  const post = (
    path: string,
    body: string | Uint8Array,
    contentType = 'application/x-www-form-urlencoded',
  ) =>
    send(simulator, {
      method: 'POST',
      url: `${API}${path}`,
      headers: { authorization: basic(accounts.iago), 'content-type': contentType },
      body,
    })
  const msg = (response: { body: string }) => JSON.parse(response.body).msg as string

  it("answers Zulip's documented 500 for a NUL in the welcome text, and sends nothing", async () => {
    const response = await post(
      '/realm/test_welcome_bot_custom_message',
      'welcome_message_custom_text=a%00b',
    )
    expect([response.status, response.body]).toEqual([
      500,
      '{"result":"error","msg":"Internal server error"}\n',
    ])
    // acme holds only its 16 onboarding messages.
    expect(simulator.messaging.messages('acme')).toHaveLength(16)
  })

  it.each([
    ['a boundary parameter without a value', 'multipart/form-data; boundary='],
    ['a boundary of spaces', 'multipart/form-data; boundary="   "'],
    ['no boundary', 'multipart/form-data'],
    ['a non-ASCII boundary', 'multipart/form-data; boundary=\u00e9'],
  ])("answers Django's 400 page for %s", async (_, type) => {
    const response = await post(
      '/users',
      `--x${CRLF}Content-Disposition: form-data; name="email"${CRLF}${CRLF}a@b.example${CRLF}--x--`,
      type,
    )
    expect(response.status).toBe(400)
    expectMessagingError(response)
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
  })

  // The sizes below are the guard against a quadratic pass (Django's header split counts the quotes again
  // for every `;`): one would need about 10^10 steps here and not finish within the test timeout (20 s,
  // vitest.config.ts). No wall-clock bound of our own: how fast these are is bench/'s business.
  it('answers a hostile multipart body exactly: 1,000,000 empty parts, a 40 kB parameter header', async () => {
    const parts = await post('/users', '--x'.repeat(1_000_000), 'multipart/form-data; boundary=x')
    const header = await post('/users', 'x', `multipart/form-data; ${';"'.repeat(20_000)}`)
    expect([msg(parts), header.status]).toEqual(["Missing 'email' argument", 400])
  })

  // Below 371 the real server's strength checker judged a password of any length; from 372 one over 100
  // characters makes it raise (the real server's 500, handlers/messaging/create-user.ts).
  it('judges a 4 MB password (strong) below level 371, and answers the real 500 at the default level', async () => {
    const body = `email=pw@acme.example&full_name=Pw&password=${long(1_000_000, 'ab1!')}`
    simulator.messaging.setFeatureLevel('acme', 370)
    try {
      const judged = await post('/users', body)
      expect(judged.status).toBe(200)
    } finally {
      await simulator.reset()
    }
    const raised = await post('/users', body)
    expect([raised.status, raised.body]).toEqual([
      500,
      '{"result":"error","msg":"Internal server error"}\n',
    ])
    expect(stateOf(simulator).includes('pw@acme.example')).toBe(false)
  })

  it('reads a body with odd percent-encoding as Django does, and refuses the garbage it decodes to', async () => {
    const response = await post('/users', 'email=%zz&password=%&full_name=%E0%A4%A')
    expect(msg(response)).toBe('Bad name or username')
    const nul = await post(
      '/users',
      'email=a%00b%40acme.example&password=correct-horse&full_name=Nul',
    )
    expect(msg(nul)).toBe('Bad name or username')
  })

  it('finds no parameters in a JSON body, whatever its content type says', async () => {
    for (const type of ['application/json', 'text/plain', '', 'multipart/mixed']) {
      const response = await post(
        '/users',
        '{"email":"j@acme.example","password":"correct-horse","full_name":"J"}',
        type,
      )
      expect(msg(response)).toBe("Missing 'email' argument")
    }
  })

  it.each([
    ['%ff%fe', 400, 'No such user'],
    ['%00', 400, 'No such user'],
    ['99999999999999999999999', 400, 'No such user'],
    ['%zz', 400, 'No such user'],
    ['..%2F..%2Fserver_settings', 404, null],
    ['a%2Fb', 404, null],
  ])(
    'answers GET /users/%s with %i (an encoded slash is a path separator: the HTML 404)',
    async (segment, status, message) => {
      const response = await send(simulator, {
        method: 'GET',
        url: `${API}/users/${segment}`,
        headers: { authorization: basic(accounts.iago) },
      })
      expect(response.status).toBe(status)
      expectMessagingError(response)
      if (message !== null) expect(msg(response)).toBe(message)
    },
  )

  it('answers odd header values with the real 401s and 400s', async () => {
    const cases: Array<[string, number, string]> = [
      ['Basic \u00ff\u00fe\u0080', 401, 'Invalid authorization header for basic auth'],
      [`Basic ${long(20_000, 'A')}`, 401, 'Invalid authorization header for basic auth'],
      [
        `Basic ${Buffer.from(`iago@acme.example:${accounts.iago.key}\u0000`).toString('base64')}`,
        401,
        'Malformed API key',
      ],
      [
        `Basic ${Buffer.from(`iago@acme.example\u0000:${accounts.iago.key}`).toString('base64')}`,
        401,
        'Invalid API key',
      ],
      ['Bearer x', 400, 'This endpoint requires HTTP basic authentication.'],
      ['Basic a b', 401, 'Invalid authorization header for basic auth'],
    ]
    for (const [value, status, message] of cases) {
      const response = await send(simulator, {
        method: 'GET',
        url: `${API}/users`,
        headers: { authorization: value },
      })
      expect([response.status, msg(response)]).toEqual([status, message])
    }
  })
})

/** Django's `_parseparam`, transcribed: counts the quotes again for every `;`. */
function djangoParseparam(line: string): string[] {
  const parts: string[] = []
  let s = `;${line}`
  while (s.startsWith(';')) {
    s = s.slice(1)
    let end = s.indexOf(';')
    const count = (needle: string, upTo: number) => s.slice(0, upTo).split(needle).length - 1
    while (end > 0 && (count('"', end) - count('\\"', end)) % 2) end = s.indexOf(';', end + 1)
    if (end < 0) end = s.length
    parts.push(s.slice(0, end).trim())
    s = s.slice(end)
  }
  return parts
}

describe('messaging parsers in linear time', () => {
  it("splits header parameters exactly as Django's _parseparam", () => {
    const piece = fc.constantFrom(
      ';',
      '"',
      '\\',
      '=',
      'a',
      ' ',
      "'",
      '*',
      'boundary',
      'name',
      '%41',
    )
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 25 }).map((parts) => parts.join('')),
        (line) => {
          expect(splitHeaderParameters(line)).toEqual(djangoParseparam(line))
        },
      ),
      fcOptions(3000),
    )
  })

  // Sized so that a quadratic pass could not finish within the test timeout (20 s, vitest.config.ts);
  // the answers are checked exactly, the speed is bench/'s business.
  it('reads JSON parameters as JSON.parse does, with every float (a fraction or an exponent) as null', () => {
    const floatsAsNull = (value: unknown): unknown => {
      if (typeof value === 'number') return /[.eE]/.test(JSON.stringify(value)) ? null : value
      if (Array.isArray(value)) return value.map(floatsAsNull)
      if (typeof value === 'object' && value !== null)
        return fromEntries(Object.entries(value).map(([key, item]) => [key, floatsAsNull(item)]))
      return value
    }
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value)
        expect(parsePyJsonStrict(text)).toEqual(floatsAsNull(JSON.parse(text)))
      }),
      fcOptions(500),
    )
    expect(parsePyJsonStrict('[NaN, -Infinity, "NaN 8.0 \\" 1e5", 8.0, -0, 1E2]')).toEqual([
      null,
      null,
      'NaN 8.0 " 1e5',
      null,
      -0,
      null,
    ])
    for (const text of ['[08]', '[1.]', '[.5]', '[+1]', '[-NaN]', '[1e]', '"open', '[8,]'])
      expect(() => parsePyJsonStrict(text), text).toThrow(SyntaxError)
  })

  it('judges 4 MB of the worst inputs exactly', () => {
    // No single zxcvbn match covers megabytes with fewer than 10000 guesses, so each is strong.
    for (const unit of ['ab1!', 'abc!', 'aaa1', 'éé1!', 'a'])
      expect(isStrongPassword(long(1_000_000, unit), 'production'), unit).toBe(true)
    expect(isStrongPassword('ab'.repeat(1000), 'production')).toBe(false)
    const parsed = parseHeaderParameters(`multipart/form-data; ${long(200_000, ';"')}`)
    expect([parsed.value, [...parsed.params]]).toEqual(['multipart/form-data', []])
    expect(parsePyJsonStrict(`[${long(400_000, '1.5,')}1]`)).toHaveLength(400_001)
    expect(() => parsePyJsonStrict(`[${long(1_000_000, '"\\')}`)).toThrow(SyntaxError)
  })
})
