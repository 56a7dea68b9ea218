/**
 * The standalone server's two engines, `direct` (node:http straight to the core) and `msw` (every request
 * through msw's getResponse), answer every operation with the same bytes.
 */
import { describe, expect, it } from 'vitest'
import type { RunningServer } from '../../src/entries/server/index.js'
import { exchange, iago, routerKey, send, useBothEngines } from './support.js'

const { direct, viaMsw } = useBothEngines({ seed: 'engines', now: '2026-04-01T00:00:00Z' })
const json = { 'content-type': 'application/json' }
const form = { 'content-type': 'application/x-www-form-urlencoded' }

/** Every operation of both services, successes and errors, as [method, path below the origin, headers, body]. */
const requests: Array<[string, string, Record<string, string>, string | undefined]> = [
  [
    'POST',
    '/router/api/v1/presets/p/chat/completions',
    { authorization: routerKey, ...json },
    '{"messages":[{"role":"system","content":"Hi"}],"model":"openai/gpt-4o","temperature":0.5}',
  ],
  [
    'POST',
    '/router/api/v1/presets/p/messages',
    { authorization: routerKey, ...json },
    '{"model":"anthropic/claude-sonnet-4.5","max_tokens":10,"system":"S","messages":[{"role":"user","content":"x"}]}',
  ],
  [
    'POST',
    '/router/api/v1/presets/p/responses',
    { authorization: routerKey, ...json },
    '{"model":"openai/gpt-4o-mini","instructions":"I"}',
  ],
  [
    'POST',
    '/router/api/v1/presets/p/chat/completions',
    { authorization: routerKey, ...json },
    '{"messages":[],"temperature":9}',
  ],
  ['POST', '/router/api/v1/presets/p/chat/completions', json, '{}'],
  [
    'POST',
    '/router/api/v1/presets/p/chat/completions',
    { authorization: routerKey, ...json },
    '{not json',
  ],
  ['GET', '/router/api/v1/presets', { authorization: routerKey }, undefined],
  ['GET', '/router/api/v1/presets?limit=0', { authorization: routerKey }, undefined],
  ['GET', '/router/api/v1/presets/p', { authorization: routerKey }, undefined],
  ['GET', '/router/api/v1/presets/nope', { authorization: routerKey }, undefined],
  ['GET', '/router/api/v1/presets/p/versions', { authorization: routerKey }, undefined],
  ['GET', '/router/api/v1/presets/p/versions/2', { authorization: routerKey }, undefined],
  ['GET', '/router/api/v1/presets/p/versions/9', { authorization: routerKey }, undefined],
  ['DELETE', '/router/api/v1/presets/p', { authorization: routerKey }, undefined],
  ['GET', '/router/api/v1/models', { authorization: routerKey }, undefined],
  [
    'POST',
    '/messaging/acme/api/v1/users',
    { authorization: iago, ...form },
    'email=romeo%40acme.example&password=correct-horse&full_name=Romeo&short_name=r',
  ],
  [
    'POST',
    '/messaging/acme/api/v1/users',
    { authorization: iago, ...form },
    'email=romeo%40acme.example&password=correct-horse&full_name=Romeo',
  ],
  [
    'POST',
    '/messaging/acme/api/v1/users',
    { authorization: iago, ...form },
    'email=x%40acme.example',
  ],
  ['POST', '/messaging/acme/api/v1/users', {}, ''],
  ['POST', '/messaging/acme/api/v1/users', { authorization: 'Bearer x' }, ''],
  [
    'POST',
    '/messaging/acme/api/v1/realm/test_welcome_bot_custom_message',
    { authorization: iago, ...form },
    'welcome_message_custom_text=Hello',
  ],
  [
    'POST',
    '/messaging/acme/api/v1/realm/test_welcome_bot_custom_message',
    { authorization: iago, ...form },
    'welcome_message_custom_text=',
  ],
  [
    'GET',
    '/messaging/acme/api/v1/realm/test_welcome_bot_custom_message',
    { authorization: iago },
    undefined,
  ],
  ['OPTIONS', '/messaging/acme/api/v1/users', {}, undefined],
  ['GET', '/messaging/acme/api/v1/users', { authorization: iago }, undefined],
  ['GET', '/messaging/acme/api/v1/users/2', { authorization: iago }, undefined],
  ['GET', '/messaging/acme/api/v1/messages/1', { authorization: iago }, undefined],
  ['GET', '/messaging/acme/api/v1/server_settings', {}, undefined],
  ['GET', '/messaging/acme/api/v1/nope', { authorization: iago }, undefined],
  [
    'POST',
    '/router/api/v1/chat/completions',
    { authorization: routerKey, ...json },
    '{"model":"@preset/p","messages":[{"role":"user","content":"Hi"}]}',
  ],
  [
    'POST',
    '/router/api/v1/chat/completions',
    { authorization: routerKey, ...json },
    '{"model":"@preset/p","stream":true,"messages":[{"role":"user","content":"Hi"}]}',
  ],
  [
    'POST',
    '/router/api/v1/messages',
    { authorization: routerKey, ...json },
    '{"model":"@preset/p","stream":true,"max_tokens":5,"messages":[{"role":"user","content":"Hi"}]}',
  ],
  [
    'POST',
    '/router/api/v1/responses',
    { authorization: routerKey, ...json },
    '{"model":"@preset/p","stream":true,"input":"Hi"}',
  ],
  [
    'POST',
    '/router/api/v1/chat/completions',
    { authorization: routerKey, ...json },
    '{"model":"@preset/nope","messages":[{"role":"user","content":"Hi"}]}',
  ],
  ['POST', '/router/api/v1/messages', json, '{}'],
]

async function replay(server: RunningServer) {
  const out: string[] = []
  for (const [method, path, headers, body] of requests) {
    const response = await fetch(`${server.url}${path}`, { method, headers, body })
    const kept = [...response.headers].filter(
      ([name]) => name !== 'date' && name !== 'keep-alive' && name !== 'connection',
    )
    out.push(
      `${method} ${path}\n${response.status}\n${JSON.stringify(kept)}\n${(await response.text()).replaceAll(server.url, 'http://ORIGIN')}`,
    )
  }
  return out
}

describe('the two engines of the standalone server', () => {
  it('answer every operation with the same status, headers and body bytes', async () => {
    const fromDirect = await replay(direct)
    const fromMsw = await replay(viaMsw)
    expect(fromDirect).toEqual(fromMsw)
    expect(fromDirect.map((entry) => entry.split('\n')[1])).toEqual([
      '200',
      '200',
      '200',
      '400',
      '401',
      '400',
      '200',
      '400',
      '200',
      '404',
      '200',
      '200',
      '404',
      '405',
      '200',
      '200',
      '400',
      '400',
      '401',
      '400',
      '200',
      '400',
      '405',
      '204',
      '200',
      '200',
      '200',
      '200',
      '404',
      '200',
      '200',
      '200',
      '200',
      '404',
      '401',
    ])
  })
})

/** Methods `fetch` cannot send (or refuses to build a `Request` with), on paths of both services. */
const oddMethods = ['TRACE', 'PROPFIND', 'PATCH', 'MKCOL', 'SEARCH', 'PURGE', 'M-SEARCH', 'QUERY']
const oddPaths = [
  '/router/api/v1/presets',
  '/router/api/v1/presets/p',
  '/router/api/v1/nope',
  '/messaging/acme/api/v1/users',
  '/messaging/acme/api/v1/server_settings',
  '/messaging/acme/nope',
]

async function replayOdd(server: RunningServer) {
  const out: string[] = []
  for (const method of oddMethods) {
    for (const path of oddPaths) {
      for (const body of [undefined, '<propfind/>']) {
        const reply = await send(`${server.url}${path}`, {
          method,
          headers: {
            authorization: path.startsWith('/router') ? routerKey : iago,
            ...(body === undefined ? {} : { 'content-type': 'application/xml' }),
          },
          body,
        })
        // Sorted by name, as fetch shows them to the first test (msw's Headers sort them on the wire).
        const kept = Object.entries(reply.headers)
          .filter(([name]) => name !== 'date' && name !== 'keep-alive' && name !== 'connection')
          .sort(([a], [b]) => (a < b ? -1 : 1))
        out.push(
          `${method} ${path} ${body ?? ''}\n${reply.status}\n${JSON.stringify(kept)}\n${reply.body}`,
        )
      }
    }
  }
  return out
}

/** The body of a chunked HTTP/1.1 message (`size\r\ndata\r\n` … `0\r\n\r\n`). */
function dechunk(chunked: string): string {
  let text = ''
  let at = 0
  for (;;) {
    const end = chunked.indexOf('\r\n', at)
    const size = Number.parseInt(chunked.slice(at, end), 16)
    if (!(size > 0)) return text
    text += chunked.slice(end + 2, end + 2 + size)
    at = end + 2 + size + 2
  }
}

/** Sends raw bytes and reads until the server closes the connection, without the `Date` header. */
const raw = async (server: RunningServer, bytes: string) =>
  (await exchange(server.url, bytes)).replace(/^date: .*\r\n/im, '')

describe('the two engines, for a streamed answer', () => {
  it('send the same chunked bytes on the wire', async () => {
    const request = (body: string) =>
      'POST /router/api/v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
      `Authorization: ${routerKey}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`
    const body =
      '{"model":"openai/gpt-4o","stream":true,"messages":[{"role":"user","content":"Hi"}]}'
    const fromDirect = await raw(direct, request(body))
    expect(await raw(viaMsw, request(body))).toBe(fromDirect)
    expect(fromDirect).toMatch(/^HTTP\/1\.1 200 OK\r\n/)
    expect(fromDirect).toContain('\r\nTransfer-Encoding: chunked\r\n')
    expect(fromDirect.toLowerCase()).not.toContain('content-length')
    expect(fromDirect.endsWith('\r\n0\r\n\r\n')).toBe(true)
    // What a client reads (how node frames the parts into chunks differs between Node versions: Node 26
    // sends parts written in one turn as one chunk).
    const text = dechunk(fromDirect.slice(fromDirect.indexOf('\r\n\r\n') + 4))
    expect(text.startsWith(': OPENROUTER PROCESSING\n\ndata: {"id":"gen-')).toBe(true)
    expect(text.endsWith('\n\ndata: [DONE]\n\n')).toBe(true)
  })
})

describe('the two engines, for methods fetch refuses or never sends', () => {
  it('answer TRACE, WebDAV and other odd methods with the same bytes, in the service shape', async () => {
    const fromDirect = await replayOdd(direct)
    expect(await replayOdd(viaMsw)).toEqual(fromDirect)
    // TRACE is the service's 405, not a server error (msw could not carry it before).
    expect(fromDirect[0]).toBe(
      'TRACE /router/api/v1/presets \n405\n[["allow","GET"],["content-length","53"],["content-type","application/json"]]\n{"error":{"message":"Method Not Allowed","code":405}}',
    )
    expect(fromDirect.filter((entry) => entry.endsWith('{"error":"Bad Request"}'))).toEqual([])
  })

  it('answer methods node refuses to parse (TRACK, lower case) with the same bytes', async () => {
    for (const line of [
      'TRACK /router/api/v1/presets HTTP/1.1',
      'get /messaging/acme/api/v1/users HTTP/1.1',
      'Get /router/api/v1/presets HTTP/1.1',
    ]) {
      const bytes = `${line}\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`
      const fromDirect = await raw(direct, bytes)
      expect(await raw(viaMsw, bytes)).toBe(fromDirect)
      expect(fromDirect.split('\r\n', 1)[0]).toBe('HTTP/1.1 400 Bad Request')
    }
  })
})
