/**
 * `simulator.fetch` with plain calls: every body type `fetch` takes, a `Request` as input, the journal, the
 * body limit, unknown URLs (rejected, or sent to a fallback), injected faults, latency and `AbortSignal`.
 */
import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it, vi } from 'vitest'
import { accounts, workspaces } from '../support/credentials.js'
import {
  ACME,
  fetchSimulator,
  iagoAuth,
  messagingHeaders,
  NOW,
  ROUTER,
  routerAuth,
  wire,
} from './support.js'

const chat = { messages: [{ role: 'system', content: 'Be brief.' }], model: 'openai/gpt-5.4' }
const romeo = { email: 'romeo@acme.example', password: 'correct-horse', full_name: 'Romeo' }
const created = (userId: number) => ({
  status: 200,
  headers: messagingHeaders,
  body: `{"result":"success","msg":"","user_id":${userId}}\n`,
})
/** The first user created in a test gets the id after the default scenario's seven accounts. */
const FIRST_NEW_USER = 8

describe('simulator.fetch with plain calls', () => {
  it('answers a router read with the exact wire answer and records it', async () => {
    const simulator = fetchSimulator()
    const response = await simulator.fetch(`${ROUTER}/presets?limit=5`, { headers: routerAuth })
    expect(response).toBeInstanceOf(Response)
    expect(response.url).toBe(`${ROUTER}/presets?limit=5`)
    expect(await wire(response)).toEqual({
      status: 200,
      headers: [['content-type', 'application/json']],
      body: '{"data":[],"total_count":0}',
    })
    expect(simulator.journal.entries()).toEqual([
      {
        seq: 1,
        time: NOW,
        service: 'router',
        tenant: workspaces.default,
        operation: 'listPresets',
        actor: 'Default workspace inference key',
        method: 'GET',
        path: '/presets',
        query: { limit: '5' },
        body: null,
        status: 200,
        response: { data: [], total_count: 0 },
        fault: null,
        durationMs: expect.any(Number),
      },
    ])
  })

  it('creates a preset from a JSON string body, exactly as the service answers it', async () => {
    const simulator = fetchSimulator()
    const response = await simulator.fetch(`${ROUTER}/presets/fetch-preset/chat/completions`, {
      method: 'POST',
      headers: { ...routerAuth, 'content-type': 'application/json' },
      body: JSON.stringify(chat),
    })
    const { status, body } = await wire(response)
    expect(status).toBe(200)
    const [preset] = simulator.router.presets(workspaces.default)
    const version = preset?.versions[0]
    expect(body).toBe(
      JSON.stringify({
        data: {
          id: preset?.id,
          name: 'fetch-preset',
          slug: 'fetch-preset',
          description: null,
          status: 'active',
          status_updated_at: null,
          created_at: NOW,
          updated_at: NOW,
          creator_user_id: 'user_2understudyAlice00000000',
          workspace_id: workspaces.default,
          designated_version_id: version?.id,
          designated_version: {
            id: version?.id,
            preset_id: preset?.id,
            version: 1,
            config: { model: 'openai/gpt-5.4' },
            system_prompt: 'Be brief.',
            creator_id: 'user_2understudyAlice00000000',
            created_at: NOW,
            updated_at: NOW,
          },
        },
      }),
    )
    expect(simulator.journal.last()).toMatchObject({
      operation: 'createPresetsChatCompletions',
      body: chat,
      status: 200,
    })
  })

  it.each([
    ['URLSearchParams', () => new URLSearchParams(romeo)],
    [
      'FormData (multipart)',
      () => {
        const form = new FormData()
        for (const [name, value] of Object.entries(romeo)) form.append(name, value)
        return form
      },
    ],
    [
      'a Blob with a form type',
      () =>
        new Blob([new URLSearchParams(romeo).toString()], {
          type: 'application/x-www-form-urlencoded',
        }),
    ],
  ])('creates a user from a %s body', async (_kind, body) => {
    const simulator = fetchSimulator()
    const response = await simulator.fetch(`${ACME}/users`, {
      method: 'POST',
      headers: iagoAuth,
      body: body(),
    })
    expect(await wire(response)).toEqual(created(FIRST_NEW_USER))
    expect(simulator.journal.last()).toMatchObject({
      service: 'messaging',
      tenant: 'acme',
      operation: 'create-user',
      actor: accounts.iago.email,
      body: { ...romeo, password: '[redacted]' },
      status: 200,
    })
    expect(simulator.messaging.users('acme').at(-1)).toMatchObject({
      userId: FIRST_NEW_USER,
      email: romeo.email,
      fullName: 'Romeo',
    })
  })

  it.each([
    ['an ArrayBuffer', (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer],
    ['a Uint8Array', (text: string) => new TextEncoder().encode(text)],
    [
      'a ReadableStream of two chunks',
      (text: string) =>
        new ReadableStream<Uint8Array>({
          start(controller) {
            const bytes = new TextEncoder().encode(text)
            controller.enqueue(bytes.slice(0, 10))
            controller.enqueue(bytes.slice(10))
            controller.close()
          },
        }),
    ],
  ])('sends %s body byte for byte', async (_kind, body) => {
    const simulator = fetchSimulator()
    const response = await simulator.fetch(`${ACME}/users`, {
      method: 'POST',
      headers: { ...iagoAuth, 'content-type': 'application/x-www-form-urlencoded' },
      body: body(new URLSearchParams(romeo).toString()),
      duplex: 'half',
    } as RequestInit)
    expect(await wire(response)).toEqual(created(FIRST_NEW_USER))
    expect(simulator.journal.last()?.body).toEqual({ ...romeo, password: '[redacted]' })
  })

  it('takes a Request as input, and a Request with an init that overrides it', async () => {
    const simulator = fetchSimulator()
    const request = new Request(`${ACME}/users`, {
      method: 'POST',
      headers: iagoAuth,
      body: new URLSearchParams(romeo),
    })
    expect(await wire(await simulator.fetch(request))).toEqual(created(FIRST_NEW_USER))
    expect(request.bodyUsed).toBe(true)

    const overridden = new Request(`${ACME}/users`, { headers: { authorization: 'Basic eA==' } })
    const response = await simulator.fetch(overridden, { headers: iagoAuth })
    expect(response.status).toBe(200)
    expect(simulator.journal.last()).toMatchObject({ operation: 'get-users', status: 200 })
  })

  it('answers HEAD, 204 and 304 with a null body', async () => {
    const simulator = fetchSimulator()
    const head = await simulator.fetch(`${ACME}/users`, { method: 'HEAD', headers: iagoAuth })
    expect(head.status).toBe(200)
    expect(head.body).toBeNull()
    const options = await simulator.fetch(`${ACME}/users`, { method: 'OPTIONS' })
    expect(options.status).toBe(204)
    expect(options.body).toBeNull()
    expect(options.headers.get('allow')).toBe('GET, HEAD, POST')
  })

  it('answers a body over the limit with the service 413, without keeping the body', async () => {
    const simulator = fetchSimulator({ maxBodyBytes: 16 })
    const tooLong = JSON.stringify(chat)
    const direct = await simulator.fetch(`${ROUTER}/presets/p/chat/completions`, {
      method: 'POST',
      headers: { ...routerAuth, 'content-type': 'application/json' },
      body: tooLong,
    })
    expect(await wire(direct)).toEqual({
      status: 413,
      headers: [['content-type', 'application/json']],
      body: '{"error":{"message":"Payload too large","code":413}}',
    })
    const streamed = await simulator.fetch(
      new Request(`${ROUTER}/presets/p/chat/completions`, {
        method: 'POST',
        headers: routerAuth,
        body: new Blob([tooLong]).stream(),
        duplex: 'half',
      } as RequestInit),
    )
    expect(streamed.status).toBe(413)
    expect(simulator.journal.entries().map((entry) => [entry.status, entry.body])).toEqual([
      [413, null],
      [413, null],
    ])
    const fits = await simulator.fetch(`${ACME}/users`, { headers: iagoAuth })
    expect(fits.status).toBe(200)
  })

  it('rejects a URL no simulated service answers like a network error that names it', async () => {
    const simulator = fetchSimulator()
    const expected =
      'Failed to fetch GET https://example.com/v1/presets: [understudy] no simulated service answers this URL. ' +
      'The simulator answers https://openrouter.ai/api/v1/presets…, https://openrouter.ai/api/v1/chat/completions, ' +
      'https://openrouter.ai/api/v1/messages, https://openrouter.ai/api/v1/responses, https://openrouter.ai/api/v1/models ' +
      'and https://acme.zulipchat.com/api…. ' +
      'To send other requests to the network, use simulator.fetchWith({ fallback: fetch }).'
    const rejection = simulator.fetch('https://example.com/v1/presets')
    await expect(rejection).rejects.toThrow(TypeError)
    await expect(rejection).rejects.toThrow(expected)
    // Outside /presets, and outside an organization's /api: not the simulator's either. (An organization the
    // scenario does not have is: test/messaging/unknown-organization.test.ts.)
    await expect(simulator.fetch(`${ROUTER}/credits`)).rejects.toThrow(
      `Failed to fetch GET ${ROUTER}/credits: [understudy]`,
    )
    await expect(
      simulator.fetch('https://acme.zulipchat.com/json/users', { method: 'POST', body: 'x' }),
    ).rejects.toThrow('Failed to fetch POST https://acme.zulipchat.com/json/users: [understudy]')
    expect(simulator.journal.count()).toBe(0)
  })

  it('rejects input fetch refuses with fetch’s own TypeError', async () => {
    const simulator = fetchSimulator()
    await expect(simulator.fetch('/relative')).rejects.toThrow(
      new TypeError('Failed to parse URL from /relative'),
    )
    await expect(simulator.fetch(`${ACME}/users`, { body: 'x' })).rejects.toThrow(TypeError)
    await expect(
      simulator.fetch(`${ACME}/users`, { headers: { 'bad header': 'x' } }),
    ).rejects.toThrow(TypeError)
    expect(simulator.journal.count()).toBe(0)
  })
})

describe('simulator.fetchWith({ fallback })', () => {
  it('sends unknown URLs to the fallback untouched and answers the rest itself', async () => {
    const simulator = fetchSimulator()
    const fallback = vi.fn(async () => new Response('from the network', { status: 299 }))
    const fetch = simulator.fetchWith({ fallback })
    const init = { method: 'POST', body: 'payload' }
    const response = await fetch('https://example.com/other', init)
    expect(await response.text()).toBe('from the network')
    expect(fallback).toHaveBeenCalledWith('https://example.com/other', init)

    const answered = await fetch(`${ROUTER}/presets`, { headers: routerAuth })
    expect(answered.status).toBe(200)
    expect(fallback).toHaveBeenCalledTimes(1)
  })

  it('hands a URL no service claims to the fallback, with its method and body', async () => {
    const simulator = fetchSimulator()
    const seen: Array<{ method: string; url: string; body: string }> = []
    const fetch = simulator.fetchWith({
      fallback: async (input, init) => {
        const request = new Request(input as string | URL | Request, init)
        seen.push({ method: request.method, url: request.url, body: await request.text() })
        return new Response(null, { status: 204 })
      },
    })
    const answer = await fetch('https://acme.zulipchat.com/json/users', {
      method: 'POST',
      body: 'a=1',
    })
    expect(answer.status).toBe(204)
    expect(seen).toEqual([
      { method: 'POST', url: 'https://acme.zulipchat.com/json/users', body: 'a=1' },
    ])
  })

  it('refuses a fallback that is not a function', () => {
    const simulator = fetchSimulator()
    expect(() => simulator.fetchWith({ fallback: 'fetch' as never })).toThrow(
      new TypeError(
        '[understudy] Failed to create a fetch: the fallback is string, not a function.',
      ),
    )
  })
})

describe('simulator.fetch with faults, latency and AbortSignal', () => {
  it('answers an injected status in the service shape and journals the fault', async () => {
    const simulator = fetchSimulator()
    const id = simulator.faults.inject({
      service: 'router',
      status: 503,
      times: 1,
    })
    const response = await simulator.fetch(`${ROUTER}/presets`, { headers: routerAuth })
    expect(response.status).toBe(503)
    expect(simulator.journal.last()?.fault).toEqual({ id, kind: 'status', status: 503 })
  })

  it('rejects an injected reset like a reset connection', async () => {
    const simulator = fetchSimulator()
    simulator.faults.inject({ operation: 'get-users', network: 'reset' })
    const error = await simulator.fetch(`${ACME}/users`, { headers: iagoAuth }).catch((e) => e)
    expect(error).toBeInstanceOf(TypeError)
    expect(error.message).toBe('fetch failed')
    expect(error.cause).toBeInstanceOf(Error)
    expect(error.cause).toMatchObject({
      code: 'ECONNRESET',
      message: 'read ECONNRESET',
      syscall: 'read',
    })
    expect(simulator.journal.last()).toMatchObject({ status: 0, fault: { kind: 'network-error' } })
  })

  it('never settles an injected hang until the signal aborts, then rejects with its reason', async () => {
    const simulator = fetchSimulator()
    simulator.faults.inject({ operation: 'get-users', network: 'hang' })
    const controller = new AbortController()
    let settled = false
    const pending = simulator.fetch(`${ACME}/users`, {
      headers: iagoAuth,
      signal: controller.signal,
    })
    pending.then(
      () => {
        settled = true
      },
      () => {
        settled = true
      },
    )
    await vi.waitFor(() => expect(simulator.journal.count()).toBe(1))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(settled).toBe(false)
    const reason = new Error('gave up')
    controller.abort(reason)
    await expect(pending).rejects.toBe(reason)
    expect(simulator.journal.last()?.fault?.kind).toBe('hang')
  })

  it('keeps a script alive on a hang until its signal aborts (as a pending socket would)', () => {
    // AbortSignal.timeout's timer does not keep Node alive: without the hang holding the process, the
    // script would end with 13 (an unsettled top-level await) instead of seeing the TimeoutError.
    const script = `
      import { createSimulator } from './src/entries/index.ts'
      const simulator = createSimulator()
      simulator.faults.inject({ service: 'router', network: 'hang' })
      const signal = AbortSignal.timeout(30)
      await simulator.fetch('${ROUTER}/presets', { signal }).catch((error) => console.log(error.name))
    `
    const printed = execFileSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { cwd: fileURLToPath(new URL('../..', import.meta.url)), encoding: 'utf8' },
    )
    expect(printed).toBe('TimeoutError\n')
  })

  it('rejects at once, without a request, when the signal has already aborted', async () => {
    const simulator = fetchSimulator()
    const error = await simulator
      .fetch(`${ROUTER}/presets`, { headers: routerAuth, signal: AbortSignal.abort() })
      .catch((e) => e)
    expect(error).toBeInstanceOf(DOMException)
    expect(error.name).toBe('AbortError')
    expect(simulator.journal.count()).toBe(0)
  })

  it('rejects with the abort reason while the latency runs', async () => {
    const simulator = fetchSimulator({ latency: 10_000 })
    const controller = new AbortController()
    const pending = simulator.fetch(`${ROUTER}/presets`, {
      headers: routerAuth,
      signal: controller.signal,
    })
    setTimeout(() => controller.abort(new Error('too slow')), 20)
    await expect(pending).rejects.toThrow('too slow')
  })

  it('waits the latency in force before answering', async () => {
    const simulator = fetchSimulator({ latency: 40 })
    const began = performance.now()
    const response = await simulator.fetch(`${ROUTER}/presets`, { headers: routerAuth })
    expect(response.status).toBe(200)
    // A lower bound only (the latency is the least it can take).
    expect(performance.now() - began).toBeGreaterThanOrEqual(39)
    expect(simulator.journal.last()?.durationMs).toBeGreaterThanOrEqual(39)
  })
})
