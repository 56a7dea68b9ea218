/**
 * `verifyHar` reads HARs from elsewhere leniently: Chromium's DevTools (lower-case HTTP/2 header names,
 * pseudo-headers, `_`-fields, base64 bodies), Playwright's `recordHar`, proxies that leave optional fields
 * out; what cannot be replayed is listed as skipped with its reason, never dropped; input it cannot use at
 * all is refused with a `VerifyInputError`.
 */
import { describe, expect, it } from 'vitest'
import type { Har } from '../../src/entries/index.js'
import { VerifyInputError, verifyHar } from '../../src/surfaces/verify/index.js'
import { copy, entry, position, sessionHar } from './support.js'

const har = await sessionHar()

/** The session as Chromium's DevTools exports it. */
function asDevTools(document: Har): unknown {
  const edited = copy(document) as unknown as { log: { entries: Array<Record<string, any>> } }
  for (const e of edited.log.entries) {
    const url = new URL(e.request.url)
    e.request.httpVersion = 'http/2.0'
    e.request.headers = [
      { name: ':authority', value: url.host },
      { name: ':method', value: e.request.method },
      ...e.request.headers.map((h: { name: string; value: string }) => ({
        ...h,
        name: h.name.toLowerCase(),
      })),
    ]
    e.response.headers = e.response.headers.map((h: { name: string; value: string }) => ({
      ...h,
      name: h.name.toLowerCase(),
    }))
    e._initiator = { type: 'script' }
    e._resourceType = 'fetch'
    e._priority = 'High'
    e.response._transferSize = 512
    e.response.content = {
      size: e.response.content.size,
      mimeType: e.response.content.mimeType,
      text: Buffer.from(e.response.content.text ?? '', 'utf8').toString('base64'),
      encoding: 'base64',
    }
    delete e._understudy
  }
  return edited
}

/** The session as a minimal proxy log: no dates, no timings, no cache, no sizes, no response headers. */
function asBareProxy(document: Har): unknown {
  return {
    log: {
      entries: document.log.entries.map((e) => ({
        request: {
          method: e.request.method,
          url: e.request.url,
          headers: e.request.headers,
          ...(e.request.postData ? { postData: { text: e.request.postData.text } } : {}),
        },
        response: { status: String(e.response.status), content: { text: e.response.content.text } },
      })),
    },
  }
}

describe('HARs from elsewhere', () => {
  it("Chromium's DevTools export (pseudo-headers, lower case, base64 bodies, _-fields) verifies clean", async () => {
    const report = await verifyHar(asDevTools(har))
    expect(report.differences).toEqual([])
    expect(report.skipped).toEqual([])
  })

  it('a proxy log without dates, timings or response headers verifies clean (headers are then not compared)', async () => {
    const report = await verifyHar(asBareProxy(har))
    expect(report.differences).toEqual([])
    expect(report.compared).toBe(har.log.entries.length)
    expect(report.setup.clock.from).toBe('the current time (the recording has no dates)')
  })

  it('a request body given as params (no text) is replayed as a form', async () => {
    const edited = copy(har) as unknown as Har
    const create = entry(edited, 'POST', '/api/v1/users')
    const text = create.request.postData?.text ?? ''
    ;(create.request as { postData?: unknown }).postData = {
      mimeType: 'application/x-www-form-urlencoded',
      params: [...new URLSearchParams(text)].map(([name, value]) => ({ name, value })),
    }
    expect((await verifyHar(edited)).differences).toEqual([])
  })
})

describe('what cannot be replayed is skipped, with the reason', () => {
  it('another host, an operation Understudy does not simulate or carry out, no answer, a malformed entry', async () => {
    const edited = copy(har) as unknown as { log: { entries: unknown[] } }
    const page = {
      startedDateTime: '2026-03-01T10:00:00.000Z',
      request: { method: 'GET', url: 'https://app.example.com/main.js', headers: [] },
      response: { status: 200, headers: [], content: { text: 'console.log(1)' } },
    }
    const inference = {
      request: {
        method: 'GET',
        url: 'https://openrouter.ai/api/v1/credits',
        headers: [{ name: 'authorization', value: 'Bearer sk-or-v1-understudy-default-inference' }],
      },
      response: { status: 200, content: { text: '{"data":{"total_credits":1,"total_usage":0}}' } },
    }
    const channels = {
      request: {
        method: 'GET',
        url: 'https://acme.zulipchat.com/api/v1/streams',
        headers: [{ name: 'Authorization', value: 'Basic aWFnb0BhY21lLmV4YW1wbGU6eA==' }],
      },
      response: { status: 200, content: { text: '{"result":"success","msg":"","streams":[]}' } },
    }
    // PATCH /users/{id} is authenticated and its target looked up, then answered 405: not carried out.
    const rename = {
      request: {
        method: 'PATCH',
        url: 'https://acme.zulipchat.com/api/v1/users/8?full_name=Romeo%20M',
        headers: [{ name: 'Authorization', value: 'Basic aWFnb0BhY21lLmV4YW1wbGU6eA==' }],
      },
      response: { status: 200, content: { text: '{"result":"success","msg":""}' } },
    }
    const aborted = {
      request: { method: 'GET', url: 'https://openrouter.ai/api/v1/presets', headers: [] },
      response: { status: 0, content: {}, _error: 'net::ERR_ABORTED' },
    }
    const malformed = { request: { method: 'GET' }, response: { status: 200 } }
    edited.log.entries.push(page, inference, channels, rename, aborted, malformed)
    const n = har.log.entries.length
    const report = await verifyHar(edited)
    expect(report.differences).toEqual([])
    expect(report.compared).toBe(n)
    expect(report.skipped).toEqual([
      {
        exchange: n + 1,
        method: 'GET',
        url: 'https://app.example.com/main.js',
        reason: 'another host: app.example.com is not a service Understudy simulates',
      },
      {
        exchange: n + 2,
        method: 'GET',
        url: 'https://openrouter.ai/api/v1/credits',
        reason: 'GET /credits is an operation Understudy does not simulate',
      },
      {
        exchange: n + 3,
        method: 'GET',
        url: 'https://acme.zulipchat.com/api/v1/streams',
        reason: 'GET /api/v1/streams is an operation Understudy does not simulate',
      },
      {
        exchange: n + 4,
        method: 'PATCH',
        url: 'https://acme.zulipchat.com/api/v1/users/8?full_name=Romeo%20M',
        reason:
          'Understudy does not carry out PATCH /api/v1/users/:user_id: it answers 405 after the checks before the change',
      },
      {
        exchange: n + 5,
        method: 'GET',
        url: 'https://openrouter.ai/api/v1/presets',
        reason: 'no answer was recorded (the request failed or was aborted)',
      },
      {
        exchange: n + 6,
        method: '',
        url: '',
        reason: 'not a HAR entry: request.url: Invalid input: expected string, received undefined',
      },
    ])
  })

  it('a path the simulator lacks is compared when the real service answered 404 as well', async () => {
    const edited = copy(har)
    const settings = entry(edited, 'GET', '/server_settings')
    const missing = copy(settings)
    missing.request.url = 'https://acme.zulipchat.com/api/v1/no_such_endpoint'
    missing.response.status = 404
    missing.response.content.text = 'Not Found'
    edited.log.entries.splice(position(edited, settings), 0, missing)
    const report = await verifyHar(edited)
    expect(report.skipped).toEqual([])
    expect(report.differences).toEqual([
      expect.objectContaining({
        exchange: 2,
        kind: 'header',
        path: 'headers.content-type',
        expected: 'application/json',
        actual: 'text/html; charset=utf-8',
      }),
      expect.objectContaining({ exchange: 2, kind: 'body', path: 'body', expected: 'Not Found' }),
    ])
  })
})

describe('input that cannot be used', () => {
  it.each([
    ['not JSON', 'this is not a HAR', 'not a HAR file: it is not JSON'],
    ['no log.entries', { log: {} }, 'not a HAR file: it has no log.entries list'],
    ['no entries', { log: { entries: [] } }, 'nothing to replay: it has no entries'],
    [
      'nothing of a simulated service',
      {
        log: {
          entries: [
            {
              request: { method: 'GET', url: 'https://example.com/' },
              response: { status: 200 },
            },
          ],
        },
      },
      'nothing to replay: no exchange of it is one Understudy simulates',
    ],
  ])('%s', async (_, input, message) => {
    const refused = verifyHar(input)
    await expect(refused).rejects.toBeInstanceOf(VerifyInputError)
    await expect(refused).rejects.toThrow(message)
  })

  it('a role that is no role, or a feature level the simulator does not model', async () => {
    await expect(verifyHar(har, { roles: { 'iago@acme.example': 'king' } })).rejects.toThrow(
      'role for iago@acme.example: "king" is not owner, administrator, moderator, member or guest (each optionally +can_create_users), inference or management',
    )
    await expect(verifyHar(har, { featureLevel: 9999 })).rejects.toThrow(
      'feature level: 9999 is not a feature level the simulator models',
    )
  })
})
