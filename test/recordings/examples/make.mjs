#!/usr/bin/env node
/**
 * Writes the example exchanges of the services' own API descriptions as HAR files, for `verify` to hold
 * Understudy against (test/recordings/recordings.test.ts). Each file is one self-consistent exchange or
 * session; the answers are the description's examples byte for byte (as JSON), the requests are the
 * description's request examples where it has them and otherwise the least a client sends for that answer.
 *
 *   node test/recordings/examples/make.mjs [path of the shared folder, default ../shared]
 *
 * Sources (see PROVENANCE.md): ../shared/upstream/openrouter-openapi-presets.json (OpenRouterTeam/typescript-sdk
 * `.speakeasy/in.openapi.yaml` @ cb9393a8), ../shared/upstream/zulip-openapi-fl324.yaml (zulip/zulip
 * `zerver/openapi/zulip.yaml` @ c4c9881b), ../shared/upstream/zulip-openapi-fl420-normalized.yaml
 * (tum-zulip/go-zulip @ c6bd6b75, Zulip's description of October 2025 re-serialized).
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
const shared = resolve(process.argv[2] ?? join(here, '../../../../shared'))
const openrouter = JSON.parse(
  readFileSync(join(shared, 'upstream/openrouter-openapi-presets.json'), 'utf8'),
)
const DATE = '2026-04-20T10:00:00.000Z'
const KEY = 'sk-or-v1-example-key-from-the-description'

/** One HAR entry. */
function exchange({ method, url, headers = [], body, mimeType, status, answer, answerType }) {
  const text = typeof answer === 'string' ? answer : JSON.stringify(answer)
  return {
    startedDateTime: DATE,
    time: 0,
    request: {
      method,
      url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: [
        ...headers,
        ...(body === undefined ? [] : [{ name: 'Content-Type', value: mimeType }]),
      ],
      queryString: [...new URL(url).searchParams].map(([name, value]) => ({ name, value })),
      ...(body === undefined ? {} : { postData: { mimeType, text: body } }),
      headersSize: -1,
      bodySize: body === undefined ? 0 : Buffer.byteLength(body),
    },
    response: {
      status,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: [{ name: 'Content-Type', value: answerType ?? 'application/json' }],
      content: {
        size: Buffer.byteLength(text),
        mimeType: answerType ?? 'application/json',
        text,
      },
      redirectURL: '',
      headersSize: -1,
      bodySize: Buffer.byteLength(text),
    },
    cache: {},
    timings: { send: 0, wait: 0, receive: 0 },
  }
}

function har(comment, entries) {
  return {
    log: {
      version: '1.2',
      creator: { name: 'test/recordings/examples/make.mjs', version: '1' },
      comment,
      pages: [],
      entries,
    },
  }
}

const write = (name, document) =>
  writeFileSync(join(here, name), `${JSON.stringify(document, null, 2)}\n`)

// --- OpenRouter: the Presets API's examples.
const ROUTER = 'https://openrouter.ai/api/v1'
const operation = (path, method) => openrouter.paths[path][method]
const example = (op, status) => op.responses[status].content['application/json'].example
const bearer = [{ name: 'Authorization', value: `Bearer ${KEY}` }]
const openrouterSource =
  'The examples of the OpenRouter OpenAPI description (OpenRouterTeam/typescript-sdk .speakeasy/in.openapi.yaml @ cb9393a896016155780a7fd04d3429ee2317b608), as exchanges.'

write(
  'openrouter-reads.har',
  har(`${openrouterSource} The reads of preset my-preset, which existed before.`, [
    exchange({
      method: 'GET',
      url: `${ROUTER}/presets/my-preset`,
      headers: bearer,
      status: 200,
      answer: example(operation('/presets/{slug}', 'get'), '200'),
    }),
    exchange({
      method: 'GET',
      url: `${ROUTER}/presets/my-preset/versions`,
      headers: bearer,
      status: 200,
      answer: example(operation('/presets/{slug}/versions', 'get'), '200'),
    }),
    exchange({
      method: 'GET',
      url: `${ROUTER}/presets/my-preset/versions/1`,
      headers: bearer,
      status: 200,
      answer: example(operation('/presets/{slug}/versions/{version}', 'get'), '200'),
    }),
    exchange({
      method: 'GET',
      url: `${ROUTER}/presets`,
      headers: bearer,
      status: 200,
      answer: example(operation('/presets', 'get'), '200'),
    }),
  ]),
)

for (const skin of ['chat/completions', 'messages', 'responses']) {
  const op = operation(`/presets/{slug}/${skin}`, 'post')
  const request = op.requestBody.content['application/json'].example
  write(
    `openrouter-create-${skin.split('/')[0]}.har`,
    har(`${openrouterSource} Creating preset my-preset from a ${skin} body.`, [
      exchange({
        method: 'POST',
        url: `${ROUTER}/presets/my-preset/${skin}`,
        headers: bearer,
        body: JSON.stringify(request),
        mimeType: 'application/json',
        status: 200,
        answer: example(op, '200'),
      }),
    ]),
  )
}

write(
  'openrouter-errors.har',
  har(`${openrouterSource} The 401 (no key) and 404 (no such preset) examples.`, [
    exchange({
      method: 'GET',
      url: `${ROUTER}/presets`,
      status: 401,
      answer: example(operation('/presets', 'get'), '401'),
    }),
    exchange({
      method: 'GET',
      url: `${ROUTER}/presets/no-such-preset`,
      headers: bearer,
      status: 404,
      answer: example(operation('/presets/{slug}', 'get'), '404'),
    }),
  ]),
)

// --- Zulip: creating a user, and the same e-mail again (the description's two answers of POST /users).
const ZULIP = 'https://chat.example.com/api/v1'
const iago = [
  {
    name: 'Authorization',
    value: `Basic ${Buffer.from('iago@zulip.com:aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa').toString('base64')}`,
  },
]
const createBody = new URLSearchParams({
  email: 'newbie@zulip.com',
  password: 'a-strong-example-password',
  full_name: 'New User',
}).toString()
for (const [level, file, duplicate, source] of [
  [
    324,
    'zulip-324-create-user.har',
    { code: 'BAD_REQUEST', msg: "Email 'newbie@zulip.com' already in use", result: 'error' },
    'zerver/openapi/zulip.yaml of zulip/zulip @ c4c9881b (2024-12-04, feature level 324)',
  ],
  [
    420,
    'zulip-420-create-user.har',
    { code: 'BAD_REQUEST', msg: 'Email is already in use.', result: 'error' },
    "Zulip's description of October 2025 (feature level 420) as re-serialized by tum-zulip/go-zulip @ c6bd6b75",
  ],
]) {
  const post = () => ({
    method: 'POST',
    url: `${ZULIP}/users`,
    headers: iago,
    body: createBody,
    mimeType: 'application/x-www-form-urlencoded',
  })
  write(
    file,
    har(
      `The examples of POST /users in ${source}: success, then the same e-mail again. Level ${level} (not stated in the exchanges: verify with --feature-level ${level}).`,
      [
        exchange({ ...post(), status: 200, answer: { msg: '', result: 'success', user_id: 25 } }),
        exchange({ ...post(), status: 400, answer: duplicate }),
      ],
    ),
  )
}
process.stdout.write(`wrote the example recordings to ${here}\n`)
