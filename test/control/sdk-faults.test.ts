/**
 * The real clients observing injected faults as their documented errors: `@openrouter/sdk` (typed errors,
 * retries driven by `retry-after-ms`, connection and timeout errors) and zulip-js (resolves with the JSON
 * body whatever the status), in process through setupServer and over HTTP on the standalone server
 * (`startServer`, faults armed through `/__understudy/faults`).
 */
import { OpenRouter } from '@openrouter/sdk'
import {
  ConflictResponseError,
  ConnectionError,
  InternalServerResponseError,
  OpenRouterDefaultError,
  RequestTimeoutError,
} from '@openrouter/sdk/models/errors'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import zulip from 'zulip-js'
import { useSimulator } from '../../src/entries/node/index.js'
import { useServer } from '../support/server.js'
import { ACME, accounts, control, controlOptions, keys, NOW, rejection } from './support.js'

const chatRequest = {
  messages: [{ role: 'system' as const, content: 'You are terse.' }],
  model: 'openai/gpt-5.4',
}
const noRetries = (serverURL?: string) =>
  new OpenRouter({
    apiKey: keys.inference,
    retryConfig: { strategy: 'none' },
    ...(serverURL ? { serverURL } : {}),
  })
const defaultRetries = (serverURL?: string) =>
  new OpenRouter({ apiKey: keys.inference, ...(serverURL ? { serverURL } : {}) })
/** Backoff as the SDK's default, but capped at 50 ms so that a retried connection error is fast. */
const fastBackoff = (serverURL?: string) =>
  new OpenRouter({
    apiKey: keys.inference,
    retryConfig: {
      strategy: 'backoff',
      backoff: { initialInterval: 500, maxInterval: 50, exponent: 1.5, maxElapsedTime: 5_000 },
      retryConnectionErrors: true,
    },
    ...(serverURL ? { serverURL } : {}),
  })
/**
 * Runs an in-process SDK call and returns what it answered and every delay passed to `setTimeout` meanwhile:
 * between two attempts the SDK sleeps `setTimeout(resolve, ms)` for the response's `retry-after-ms`, or for its
 * own backoff of up to 1 s and more without one (lib/retries.js); nothing else sets a timer in process. The
 * waits prove how long the SDK waited without timing it.
 */
async function withWaits<T>(call: () => Promise<T>): Promise<[T, number[]]> {
  const waits: number[] = []
  const setTimer = globalThis.setTimeout
  const spy = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((
    run: () => void,
    ms?: number,
  ) => {
    waits.push(ms ?? 0)
    return setTimer(run, ms)
  }) as typeof setTimeout)
  try {
    return [await call(), waits]
  } finally {
    spy.mockRestore()
  }
}
const iago = (realm: string) =>
  zulip({ username: accounts.iago.email, apiKey: accounts.iago.key, realm })

describe('in process, through msw', () => {
  const simulator = useSimulator({ beforeAll, afterEach, afterAll }, controlOptions)

  describe('the OpenRouter SDK in process', () => {
    it('raises ConflictResponseError for an injected 409', async () => {
      simulator.faults.inject({ operation: 'createPresetsChatCompletions', status: 409, times: 1 })
      const failed = noRetries().presets.createPresetsChatCompletions({ slug: 'p', chatRequest })
      await expect(failed).rejects.toBeInstanceOf(ConflictResponseError)
      await expect(failed).rejects.toMatchObject({
        statusCode: 409,
        message: 'Resource conflict. Please try again later.',
        error: { code: 409, message: 'Resource conflict. Please try again later.' },
      })
    })

    it('raises OpenRouterDefaultError for an injected 429, with the status and body', async () => {
      simulator.faults.inject({ status: 429, times: 1 })
      const failed = noRetries().presets.createPresetsChatCompletions({ slug: 'p', chatRequest })
      await expect(failed).rejects.toBeInstanceOf(OpenRouterDefaultError)
      await expect(failed).rejects.toMatchObject({
        statusCode: 429,
        body: '{"error":{"message":"Rate limit exceeded","code":429,"metadata":{"headers":{"X-RateLimit-Limit":"20","X-RateLimit-Remaining":"0","X-RateLimit-Reset":"1767225660000"},"provider_name":null}}}',
        // The SDK words a body with metadata in its message otherwise: the status stays in it.
        message: expect.stringContaining('Status 429'),
      })
      expect((await rejection(failed)).headers.get('retry-after')).toBe('1')
    })

    it('raises InternalServerResponseError for an injected 500 with retries off, after one request', async () => {
      simulator.faults.inject({ status: 500 })
      const failed = noRetries().presets.get({ slug: 'p' })
      await expect(failed).rejects.toBeInstanceOf(InternalServerResponseError)
      await expect(failed).rejects.toMatchObject({
        statusCode: 500,
        message: 'Internal Server Error',
      })
      expect(simulator.journal.count({ operation: 'getPreset' })).toBe(1)
    })

    it('raises OpenRouterDefaultError for an injected 503 with retries off', async () => {
      simulator.faults.inject({ operation: 'listPresets', status: 503, times: 1 })
      const failed = noRetries().presets.list({})
      await expect(failed).rejects.toBeInstanceOf(OpenRouterDefaultError)
      await expect(failed).rejects.toMatchObject({ statusCode: 503 })
    })

    it('retries an injected 500 after retry-after-ms with the default retry config, then succeeds', async () => {
      simulator.faults.inject({ status: 500, retryAfter: 0.05, times: 1 })
      const [created, waits] = await withWaits(() =>
        defaultRetries().presets.createPresetsChatCompletions({ slug: 'retried', chatRequest }),
      )
      expect(created.data.slug).toBe('retried')
      expect(created.data.createdAt).toBe(NOW)
      expect(waits).toEqual([50])
      expect(
        simulator.journal
          .entries({ operation: 'createPresetsChatCompletions' })
          .map((e) => [e.status, e.fault?.kind ?? null]),
      ).toEqual([
        [500, 'status'],
        [200, null],
      ])
      expect(simulator.router.presets('6f1d3a52-8c4e-4b7a-9d2f-1a0b3c4d5e01')).toHaveLength(1)
    })

    it('retries every injected 503 of a fault for three requests fast, by retry-after-ms', async () => {
      simulator.faults.inject({ operation: 'listPresets', status: 503, retryAfter: 0.02, times: 3 })
      const [list, waits] = await withWaits(() => defaultRetries().presets.list({}))
      expect(list.result.totalCount).toBe(0)
      expect(simulator.journal.entries().map((e) => e.status)).toEqual([503, 503, 503, 200])
      // Without retry-after-ms the SDK's own backoff waits at least 0.5 s + 1.4 s before the 4th try.
      expect(waits).toEqual([20, 20, 20])
    })

    it('retries two injected 503s without a retryAfter after the 10 ms default retry-after-ms, then succeeds', async () => {
      simulator.faults.inject({ operation: 'listPresets', status: 503, times: 2 })
      const [list, waits] = await withWaits(() => defaultRetries().presets.list({}))
      expect(list.result.totalCount).toBe(0)
      expect(simulator.journal.entries().map((e) => [e.status, e.fault?.kind ?? null])).toEqual([
        [503, 'status'],
        [503, 'status'],
        [200, null],
      ])
      // The SDK waited the header's 10 ms twice (it was 1000 ms each, more than its own 500 ms backoff).
      expect(waits).toEqual([10, 10])
    })

    it('does not retry an injected 409 or 429 with the default retry config', async () => {
      simulator.faults.inject({ status: 429, retryAfter: 0.02, times: 1 })
      await expect(defaultRetries().presets.list({})).rejects.toBeInstanceOf(OpenRouterDefaultError)
      expect(simulator.journal.count()).toBe(1)
    })

    it('raises ConnectionError for a reset connection with retries off', async () => {
      simulator.faults.inject({ network: 'reset', times: 1 })
      const failed = noRetries().presets.list({})
      await expect(failed).rejects.toBeInstanceOf(ConnectionError)
      expect((await rejection(failed)).cause).toBeInstanceOf(TypeError)
    })

    it('retries a reset connection when connection errors are retried, then succeeds', async () => {
      simulator.faults.inject({ network: 'reset', times: 1 })
      const list = await fastBackoff().presets.list({})
      expect(list.result.totalCount).toBe(0)
      expect(simulator.journal.entries().map((e) => [e.status, e.fault?.kind ?? null])).toEqual([
        [0, 'network-error'],
        [200, null],
      ])
    })

    it('raises RequestTimeoutError when the request hangs past the SDK’s timeout', async () => {
      simulator.faults.inject({ network: 'hang', times: 1 })
      const failed = noRetries().presets.list({}, { timeoutMs: 200 })
      await expect(failed).rejects.toBeInstanceOf(RequestTimeoutError)
    })

    it('waits out an injected delay and succeeds', async () => {
      simulator.faults.inject({ delayMs: 100, times: 1 })
      const began = performance.now()
      const list = await noRetries().presets.list({})
      expect(list.result.totalCount).toBe(0)
      expect(performance.now() - began).toBeGreaterThanOrEqual(95)
    })
  })

  describe('zulip-js in process', () => {
    it('resolves with the 429 body, its retry-after included', async () => {
      simulator.faults.inject({ operation: 'get-users', status: 429, retryAfter: 2 })
      const client = await iago(ACME)
      expect(await client.users.retrieve()).toEqual({
        result: 'error',
        msg: 'API usage exceeded rate limit; see https://zulip.com/api/http-headers#rate-limiting-response-headers',
        'retry-after': 2,
        code: 'RATE_LIMIT_HIT',
      })
    })

    it('resolves with the 500 and 503 bodies, and creates nothing', async () => {
      const client = await iago(ACME)
      const user = { email: 'romeo@acme.example', password: 'xkcd-936!', full_name: 'Romeo' }
      simulator.faults.inject({ operation: 'create-user', status: 500, times: 1 })
      expect(await client.users.create(user)).toEqual({
        result: 'error',
        msg: 'Internal server error',
      })
      simulator.faults.inject({ operation: 'create-user', status: 503, times: 1 })
      expect(await client.users.create(user)).toEqual({
        result: 'error',
        msg: 'Error 503',
        code: 'BAD_REQUEST',
      })
      expect(simulator.messaging.apiKeyOf('acme', user.email)).toBeUndefined()
      expect(await client.users.create(user)).toEqual({ result: 'success', msg: '', user_id: 8 })
      expect(simulator.journal.entries().map((e) => [e.status, e.body])).toEqual([
        [500, { ...user, password: '[redacted]' }],
        [503, { ...user, password: '[redacted]' }],
        [200, { ...user, password: '[redacted]' }],
      ])
    })

    it('rejects with a FetchError for a reset connection', async () => {
      simulator.faults.inject({ service: 'messaging', network: 'reset', times: 1 })
      const client = await iago(ACME)
      await expect(client.users.retrieve()).rejects.toMatchObject({
        name: 'FetchError',
        type: 'system',
      })
      expect((await client.users.retrieve()).result).toBe('success')
    })
  })
})

describe('the real clients over HTTP', () => {
  const server = useServer({ seed: 'sdk-faults', now: NOW })
  let realm: string

  beforeAll(() => {
    realm = server.services.messaging.acme as string
  })
  afterEach(async () => {
    await control(server.url, 'DELETE', '/faults')
    await control(server.url, 'POST', '/reset')
    await control(server.url, 'DELETE', '/journal')
  })

  const inject = (fault: Record<string, unknown>) => control(server.url, 'POST', '/faults', fault)

  it('raises ConflictResponseError and InternalServerResponseError with retries off', async () => {
    await inject({ status: 409, times: 1 })
    await expect(
      noRetries(server.services.router).presets.createPresetsChatCompletions({
        slug: 'p',
        chatRequest,
      }),
    ).rejects.toBeInstanceOf(ConflictResponseError)
    await inject({ status: 500, times: 1 })
    await expect(
      noRetries(server.services.router).presets.get({ slug: 'p' }),
    ).rejects.toBeInstanceOf(InternalServerResponseError)
  })

  it('retries an injected 500 with the default retry config, then succeeds', async () => {
    await inject({ status: 500, retryAfter: 0.05, times: 1 })
    const created = await defaultRetries(
      server.services.router,
    ).presets.createPresetsChatCompletions({
      slug: 'retried',
      chatRequest,
    })
    expect(created.data.designatedVersion?.version).toBe(1)
    const journal = (await control(server.url, 'GET', '/journal')).body
    expect(journal.entries.map((e: { status: number }) => e.status)).toEqual([500, 200])
  })

  it('raises ConnectionError for a reset connection', async () => {
    await inject({ network: 'reset', times: 1 })
    const failed = noRetries(server.services.router).presets.list({})
    await expect(failed).rejects.toBeInstanceOf(ConnectionError)
    expect((await rejection(failed)).cause).toBeInstanceOf(TypeError)
  })

  it('raises RequestTimeoutError when the server never answers', async () => {
    await inject({ network: 'hang', times: 1 })
    await expect(
      noRetries(server.services.router).presets.list({}, { timeoutMs: 200 }),
    ).rejects.toBeInstanceOf(RequestTimeoutError)
  })

  it('gives zulip-js the 429 body, and a FetchError for a reset connection', async () => {
    const client = await iago(realm)
    await inject({ service: 'messaging', status: 429, times: 1 })
    expect(await client.users.retrieve()).toEqual({
      result: 'error',
      msg: 'API usage exceeded rate limit; see https://zulip.com/api/http-headers#rate-limiting-response-headers',
      'retry-after': 1,
      code: 'RATE_LIMIT_HIT',
    })
    await inject({ service: 'messaging', network: 'reset', times: 1 })
    await expect(client.users.retrieve()).rejects.toMatchObject({
      name: 'FetchError',
      type: 'system',
    })
    expect((await client.users.retrieve()).result).toBe('success')
  })
})
