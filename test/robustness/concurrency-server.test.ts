/**
 * Concurrency over HTTP, on the standalone server (both engines; no msw `setupServer` in this file):
 * 500 concurrent creates on one slug, 200 concurrent creates of one address, every request journaled once.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { acmeOrganization } from '../../scenarios/default/messaging.js'
import { type RunningServer, startServer } from '../../src/entries/server/index.js'
import { burstOnOneEmail, burstOnOneSlug } from './bursts.js'
import { accounts, basic, NOW } from './support.js'

for (const engine of ['direct', 'msw'] as const) {
  describe(`concurrent requests over HTTP (${engine} engine)`, () => {
    let server: RunningServer
    beforeAll(async () => {
      server = await startServer({ port: 0, engine, seed: 'robust-http', now: NOW })
    })
    afterEach(async () => {
      await server.simulator.reset()
      server.simulator.journal.clear()
    })
    afterAll(() => server.close())

    it('500 concurrent creates on one slug give versions 1..500, each exactly once', async () => {
      await burstOnOneSlug(server.simulator, server.services.router, 500)
    })

    it('200 concurrent creates of one address give one success and 199 duplicates', async () => {
      await burstOnOneEmail(server.simulator, `${server.services.messaging.acme}/api/v1`, 200)
    })

    it.skipIf(engine === 'msw')(
      'answers 300 concurrent reads on separate connections, all journaled',
      async () => {
        const responses = await Promise.all(
          Array.from({ length: 300 }, () =>
            fetch(`${server.services.messaging.acme}/api/v1/users/me`, {
              headers: { authorization: basic(accounts.hamlet), connection: 'close' },
            }).then((response) => response.status),
          ),
        )
        expect(responses).toEqual(Array(300).fill(200))
        expect(server.simulator.journal.count({ operation: 'get-own-user' })).toBe(300)
      },
    )
  })
}

describe('rate limiting over HTTP', () => {
  let server: RunningServer
  beforeAll(async () => {
    server = await startServer({
      port: 0,
      seed: 'robust-http',
      now: NOW,
      scenario: {
        name: 'limited',
        messaging: { organizations: [{ ...acmeOrganization, rateLimit: true }] },
      },
    })
  })
  afterAll(() => server.close())

  it('sends X-RateLimit-* on every counted answer and the 429 with Retry-After, under a concurrent burst', async () => {
    const answers = await Promise.all(
      Array.from({ length: 230 }, () =>
        fetch(`${server.services.messaging.acme}/api/v1/users/me`, {
          headers: { authorization: basic(accounts.iago) },
        }),
      ),
    )
    const ok = answers.filter((answer) => answer.status === 200)
    const refused = answers.filter((answer) => answer.status === 429)
    expect([ok.length, refused.length]).toEqual([200, 30])
    expect(new Set(ok.map((answer) => answer.headers.get('x-ratelimit-limit')))).toEqual(
      new Set(['2000']),
    )
    expect(
      ok.map((answer) => Number(answer.headers.get('x-ratelimit-remaining'))).sort((a, b) => a - b),
    ).toEqual(Array.from({ length: 200 }, (_, i) => 1800 + i))
    const [first] = refused
    expect([
      first?.headers.get('retry-after'),
      first?.headers.get('x-ratelimit-remaining'),
    ]).toEqual(['60.0', '0'])
    expect(await first?.json()).toEqual({
      result: 'error',
      msg: 'API usage exceeded rate limit; see https://zulip.com/api/http-headers#rate-limiting-response-headers',
      'retry-after': 60,
      code: 'RATE_LIMIT_HIT',
    })
    await Promise.all(answers.filter((answer) => !answer.bodyUsed).map((answer) => answer.text()))
  })
})
