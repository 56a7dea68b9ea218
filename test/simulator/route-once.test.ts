/**
 * Each request is located, routed and authenticated once, whether or not a fault or stub is armed: the
 * answer path asks the service to route the request (`service.route()`), matches faults and stubs on what
 * the routed request describes, and answers from the same routing. Counted at each service's route table
 * and authentication (wrapped here), driven through `createSimulator` and `simulator.fetch`; the answers are
 * the same bytes with and without a fault armed that does not match. And the answer path routes again,
 * once, when a wait saw the service's data change: a feature level lowered during the latency is the real
 * server's HTML 404, as the organization now stands.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Simulator } from '../../src/entries/index.js'
import { accounts, basic, keys } from '../support/credentials.js'
import { NOW } from '../support/time.js'

const counts = vi.hoisted(() => ({
  routerAuth: 0,
  routerResolve: 0,
  messagingAuth: 0,
  messagingResolve: 0,
}))

vi.mock('../../src/services/router/auth.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/services/router/auth.js')>()
  return {
    ...actual,
    authenticate: (...args: Parameters<typeof actual.authenticate>) => {
      counts.routerAuth++
      return actual.authenticate(...args)
    },
  }
})

vi.mock('../../src/services/messaging/auth.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/services/messaging/auth.js')>()
  return {
    ...actual,
    authenticate: (...args: Parameters<typeof actual.authenticate>) => {
      counts.messagingAuth++
      return actual.authenticate(...args)
    },
  }
})

// The router's route table is the engine's path table (no other table resolves a path in these tests).
vi.mock('../../src/engine/core/path-table.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/engine/core/path-table.js')>()
  return {
    ...actual,
    createPathTable: (...args: Parameters<typeof actual.createPathTable>) => {
      const table = actual.createPathTable(...args)
      return {
        ...table,
        resolve: (path: string) => {
          counts.routerResolve++
          return table.resolve(path)
        },
      }
    },
  }
})

vi.mock('../../src/services/messaging/routes.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/services/messaging/routes.js')>()
  return {
    ...actual,
    createMessagingRoutes: (...args: Parameters<typeof actual.createMessagingRoutes>) => {
      const routes = actual.createMessagingRoutes(...args)
      return {
        ...routes,
        resolve: (path: string, featureLevel: number) => {
          counts.messagingResolve++
          return routes.resolve(path, featureLevel)
        },
      }
    },
  }
})

// The suite's files share their worker's modules (vitest.config.ts): the package is imported anew after the mocks
// above, so that its modules are the wrapped ones, and the next file starts from a fresh registry.
let createSimulator: typeof import('../../src/entries/index.js').createSimulator
beforeAll(async () => {
  vi.resetModules()
  ;({ createSimulator } = await import('../../src/entries/index.js'))
})
afterAll(() => vi.resetModules())

const simulatorFor = () => createSimulator({ seed: 'route-once', now: NOW })

const reset = () => {
  counts.routerAuth = 0
  counts.routerResolve = 0
  counts.messagingAuth = 0
  counts.messagingResolve = 0
}

/** One request of each service, answered: status and body text. */
async function exchange(simulator: Simulator) {
  reset()
  const models = await simulator.fetch('https://openrouter.ai/api/v1/presets', {
    headers: { authorization: `Bearer ${keys.management}` },
  })
  const me = await simulator.fetch('https://acme.zulipchat.com/api/v1/users/me', {
    headers: { authorization: basic(accounts.iago) },
  })
  return [
    [models.status, await models.text()],
    [me.status, await me.text()],
  ]
}

describe('each request is routed and authenticated once', () => {
  it('with nothing armed', async () => {
    const simulator = simulatorFor()
    await simulator.ready
    const answers = await exchange(simulator)
    expect(answers.map(([status]) => status)).toEqual([200, 200])
    expect(counts).toEqual({
      routerAuth: 1,
      routerResolve: 1,
      messagingAuth: 1,
      messagingResolve: 1,
    })
  })

  it('with a fault armed that matches neither request: the same answers, routed once', async () => {
    const simulator = simulatorFor()
    await simulator.ready
    const plain = await exchange(simulator)
    simulator.faults.inject({ path: '/nowhere', status: 503 })
    expect(await exchange(simulator)).toEqual(plain)
    expect(counts).toEqual({
      routerAuth: 1,
      routerResolve: 1,
      messagingAuth: 1,
      messagingResolve: 1,
    })
    expect(
      simulator.journal
        .entries()
        .slice(-2)
        .map((entry) => [entry.operation, entry.actor]),
    ).toEqual([
      ['listPresets', 'Default workspace management key'],
      ['get-own-user', 'iago@acme.example'],
    ])
  })

  it('with a fault that answers: routed once, the operation never run', async () => {
    const simulator = simulatorFor()
    await simulator.ready
    simulator.faults.inject({ status: 503 })
    reset()
    const answer = await simulator.fetch('https://acme.zulipchat.com/api/v1/users/me', {
      headers: { authorization: basic(accounts.iago) },
    })
    expect(answer.status).toBe(503)
    expect(counts.messagingAuth).toBe(1)
    expect(counts.messagingResolve).toBe(1)
    expect(simulator.journal.entries().at(-1)).toMatchObject({
      operation: 'get-own-user',
      actor: 'iago@acme.example',
      fault: { kind: 'status', status: 503 },
    })
  })
})

describe('a wait that saw the data change routes again', () => {
  it('answers as the organization stands after the latency', async () => {
    const simulator = simulatorFor()
    await simulator.ready
    simulator.faults.inject({ path: '/nowhere', status: 503 })
    simulator.latency.set(200)
    reset()
    const pending = simulator.fetch(
      'https://acme.zulipchat.com/api/v1/realm/test_welcome_bot_custom_message',
      {
        method: 'POST',
        headers: {
          authorization: basic(accounts.iago),
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'welcome_message_custom_text=Hi',
      },
    )
    // Routed on arrival at 421, where the endpoint is (from 416); lowered during the latency.
    while (counts.messagingResolve === 0) await new Promise((resolve) => setImmediate(resolve))
    simulator.messaging.setFeatureLevel('acme', 415)
    const answer = await pending
    expect([answer.status, answer.headers.get('content-type')]).toEqual([
      404,
      'text/html; charset=utf-8',
    ])
    expect(counts.messagingResolve).toBe(2)
  })
})
