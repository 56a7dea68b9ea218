/**
 * The messaging service's rate limiting (`src/services/messaging/rate-limit.ts`): off by default, switched on per
 * organization by the scenario or at run time, counted per user on the simulator clock after
 * authentication, with the real 429 body and `Retry-After`, and `X-RateLimit-*` headers while on.
 */
import { describe, expect, it } from 'vitest'
import { acmeOrganization } from '../../scenarios/default/messaging.js'
import { defaultRouter } from '../../scenarios/default/router.js'
import { createSimulator, type ScenarioDefinition } from '../../src/entries/index.js'
import { type Account, accounts, basic, NOW, type RawRequest, send } from './support.js'

const API = 'https://acme.zulipchat.com/api/v1'
const NOW_S = Date.parse(NOW) / 1000
const MESSAGE_416 =
  'API usage exceeded rate limit; see https://zulip.com/api/http-headers#rate-limiting-response-headers'

const scenario = (
  rateLimit: boolean | { perMinute?: number; perHour?: number },
): ScenarioDefinition => ({
  name: 'rate-limited',
  router: defaultRouter,
  messaging: { organizations: [{ ...acmeOrganization, rateLimit }] },
})

const me = (as: Account = accounts.iago, method = 'GET'): RawRequest => ({
  method,
  url: `${API}/users/me`,
  headers: { authorization: basic(as) },
})

const limitHeaders = (response: { headers: Record<string, string> }) =>
  Object.fromEntries(
    Object.entries(response.headers).filter(([name]) => name.startsWith('x-ratelimit')),
  )

const refusal = (retryAfter: string, message = MESSAGE_416) =>
  `{"result":"error","msg":"${message}","retry-after":${retryAfter},"code":"RATE_LIMIT_HIT"}\n`

describe('rate limiting', () => {
  it('is off by default: no 429 and no X-RateLimit headers however many requests', async () => {
    const simulator = createSimulator({ seed: 'rl', now: NOW })
    await simulator.ready
    expect(simulator.messaging.rateLimit('acme')).toBeNull()
    for (let i = 0; i < 250; i++) {
      const response = await send(simulator, me())
      expect([response.status, limitHeaders(response)]).toEqual([200, {}])
    }
  })

  it('applies the real limits with `true`: 200 a minute, the 201st refused with the real body and headers', async () => {
    const simulator = createSimulator({ scenario: scenario(true), seed: 'rl', now: NOW })
    await simulator.ready
    expect(simulator.messaging.rateLimit('acme')).toEqual({ perMinute: 200, perHour: 2000 })
    for (let i = 1; i <= 200; i++) {
      const response = await send(simulator, me())
      expect([response.status, limitHeaders(response)]).toEqual([
        200,
        // The real server reports the hourly budget (its longest rule), not the per-minute one.
        {
          'x-ratelimit-limit': '2000',
          'x-ratelimit-remaining': String(2000 - i),
          'x-ratelimit-reset': String(NOW_S + 3600),
        },
      ])
    }
    const refused = await send(simulator, me())
    expect(refused).toEqual({
      status: 429,
      headers: {
        'content-type': 'application/json',
        'retry-after': '60.0',
        'x-ratelimit-limit': '2000',
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': String(NOW_S + 60),
      },
      body: refusal('60.0'),
    })
    // Another user of the organization has a budget of their own.
    expect((await send(simulator, me(accounts.desdemona))).status).toBe(200)
    expect(simulator.journal.count({ status: 429 })).toBe(1)
  })

  it('moves with the simulator clock: retry-after counts down, and waiting it out frees the user', async () => {
    const simulator = createSimulator({
      scenario: scenario({ perMinute: 3 }),
      seed: 'rl',
      now: NOW,
    })
    await simulator.ready
    for (let i = 0; i < 3; i++) await send(simulator, me())
    simulator.clock.advance(59_999)
    const almost = await send(simulator, me())
    expect([almost.status, almost.body, almost.headers['retry-after']]).toEqual([
      429,
      refusal('0.001'),
      '0.001',
    ])
    simulator.clock.advance(1)
    // The three requests of the first minute leave the window together; the refused one never counted.
    for (const remaining of ['1996', '1995', '1994']) {
      const freed = await send(simulator, me())
      expect([freed.status, freed.headers['x-ratelimit-remaining']]).toEqual([200, remaining])
    }
    expect((await send(simulator, me())).headers['retry-after']).toBe('60.0')
  })

  it('applies the hourly rule too', async () => {
    const simulator = createSimulator({
      scenario: scenario({ perMinute: 1000, perHour: 5 }),
      seed: 'rl',
      now: NOW,
    })
    await simulator.ready
    for (let i = 0; i < 5; i++) {
      simulator.clock.advance(61_000)
      expect((await send(simulator, me())).status).toBe(200)
    }
    const refused = await send(simulator, me())
    const retryAfter = 3600 - 4 * 61
    expect([
      refused.status,
      refused.headers['retry-after'],
      limitHeaders(refused)['x-ratelimit-limit'],
    ]).toEqual([429, `${retryAfter}.0`, '5'])
    simulator.clock.advance(retryAfter * 1000)
    expect((await send(simulator, me())).status).toBe(200)
  })

  it('counts only authenticated requests, after authentication, whatever the view answers', async () => {
    const simulator = createSimulator({
      scenario: scenario({ perMinute: 2 }),
      seed: 'rl',
      now: NOW,
    })
    await simulator.ready
    const uncounted: RawRequest[] = [
      { method: 'GET', url: `${API}/users/me` }, // 401, no credentials
      {
        method: 'GET',
        url: `${API}/users/me`,
        headers: { authorization: basic({ ...accounts.iago, key: 'x'.repeat(32) }) },
      },
      { method: 'GET', url: `${API}/nope`, headers: { authorization: basic(accounts.iago) } }, // HTML 404
      { method: 'OPTIONS', url: `${API}/users`, headers: { authorization: basic(accounts.iago) } },
      { method: 'DELETE', url: `${API}/users`, headers: { authorization: basic(accounts.iago) } }, // 405
      {
        method: 'GET',
        url: `${API}/server_settings`,
        headers: { authorization: basic(accounts.iago) },
      },
    ]
    for (let round = 0; round < 5; round++) {
      for (const request of uncounted) {
        const response = await send(simulator, request)
        expect(response.status).not.toBe(429)
        expect(limitHeaders(response)).toEqual({})
      }
    }
    // A view's own 400 counts, and carries the headers.
    const notAdmin = await send(simulator, {
      method: 'POST',
      url: `${API}/users`,
      headers: {
        authorization: basic(accounts.hamlet),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'email=a@acme.example&password=correct-horse&full_name=A',
    })
    expect([notAdmin.status, notAdmin.headers['x-ratelimit-remaining']]).toEqual([400, '1999'])
    const head = await send(simulator, me(accounts.hamlet, 'HEAD'))
    expect([head.status, head.body, head.headers['x-ratelimit-remaining']]).toEqual([
      200,
      '',
      '1998',
    ])
    const refusedHead = await send(simulator, me(accounts.hamlet, 'HEAD'))
    expect([refusedHead.status, refusedHead.body, refusedHead.headers['retry-after']]).toEqual([
      429,
      '',
      '60.0',
    ])
  })

  it('words the refusal by feature level, as messagingFault does', async () => {
    const simulator = createSimulator({
      scenario: scenario({ perMinute: 1 }),
      seed: 'rl',
      now: NOW,
    })
    await simulator.ready
    simulator.messaging.setFeatureLevel('acme', 324)
    await send(simulator, me())
    expect((await send(simulator, me())).body).toBe(
      refusal('60.0', 'API usage exceeded rate limit'),
    )
  })

  it('refuses exactly the requests over the limit in a concurrent burst', async () => {
    const simulator = createSimulator({ scenario: scenario(true), seed: 'rl', now: NOW })
    await simulator.ready
    const statuses = await Promise.all(
      Array.from({ length: 250 }, () => send(simulator, me()).then((r) => r.status)),
    )
    expect([
      statuses.filter((s) => s === 200).length,
      statuses.filter((s) => s === 429).length,
    ]).toEqual([200, 50])
  })

  it('switches at run time, forgets the histories, and a reset restores the scenario setting', async () => {
    const off = createSimulator({ seed: 'rl', now: NOW })
    await off.ready
    off.messaging.setRateLimit('acme', { perMinute: 2 })
    expect(off.messaging.rateLimit('acme')).toEqual({ perMinute: 2, perHour: 2000 })
    await send(off, me())
    await send(off, me())
    expect((await send(off, me())).status).toBe(429)
    off.messaging.setRateLimit('acme', { perMinute: 2 }) // forgets the history
    expect((await send(off, me())).status).toBe(200)
    off.messaging.setRateLimit('acme', false)
    expect(limitHeaders(await send(off, me()))).toEqual({})
    off.messaging.setRateLimit('acme', true)
    expect(limitHeaders(await send(off, me()))['x-ratelimit-remaining']).toBe('1999')
    await off.reset()
    expect(off.messaging.rateLimit('acme')).toBeNull()

    const on = createSimulator({ scenario: scenario({ perHour: 10 }), seed: 'rl', now: NOW })
    await on.ready
    on.messaging.setRateLimit('acme', false)
    await on.reset()
    expect(on.messaging.rateLimit('acme')).toEqual({ perMinute: 200, perHour: 10 })
    for (let i = 0; i < 10; i++) await send(on, me())
    await on.reset() // and the histories are gone
    expect((await send(on, me())).status).toBe(200)
  })

  it('refuses a bad setting with a clear error, at run time and in a scenario', async () => {
    const simulator = createSimulator({ seed: 'rl', now: NOW })
    await simulator.ready
    for (const bad of [{ perMinute: 0 }, { perHour: 1.5 }, { perSecond: 3 }, 'on', null, 1]) {
      expect(() => simulator.messaging.setRateLimit('acme', bad as never)).toThrow(
        /^\[understudy\] Failed to set the rate limit of "acme": /,
      )
    }
    expect(() => simulator.messaging.setRateLimit('nope', true)).toThrow(
      'Failed to find the messaging organization "nope"',
    )
    expect(() => createSimulator({ scenario: scenario({ perMinute: 0 }) })).toThrow(
      'messaging.organizations.0.rateLimit',
    )
  })

  it('keeps organizations apart: one limited, the other not', async () => {
    const simulator = createSimulator({
      scenario: {
        name: 'two',
        messaging: {
          organizations: [
            { ...acmeOrganization, rateLimit: { perMinute: 1 } },
            {
              ...acmeOrganization,
              subdomain: 'other',
              users: acmeOrganization.users.map((user, i) => ({
                ...user,
                apiKey: `OtherKey${String(i).padStart(24, '0')}`,
              })),
            },
          ],
        },
      },
      seed: 'rl',
      now: NOW,
    })
    await send(simulator, me())
    expect((await send(simulator, me())).status).toBe(429)
    const other = { email: accounts.iago.email, key: `OtherKey${'1'.padStart(24, '0')}` }
    for (let i = 0; i < 5; i++) {
      const response = await send(simulator, {
        method: 'GET',
        url: 'https://other.zulipchat.com/api/v1/users/me',
        headers: { authorization: basic(other) },
      })
      expect([response.status, limitHeaders(response)]).toEqual([200, {}])
    }
  })
})
