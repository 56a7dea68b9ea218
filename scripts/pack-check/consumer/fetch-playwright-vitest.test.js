/**
 * The packed package's newer ways in, as a consumer installs them: `simulator.fetch` from the root (with the
 * real `@openrouter/sdk` as its fetcher, no msw), `understudy-mock/vitest`'s matchers and `journal.waitFor`,
 * and `understudy-mock/playwright`, which loads without playwright-core installed (an optional peer; its
 * types are structural) and answers through any object with Playwright's `route`/`unroute`.
 */
import { execFileSync } from 'node:child_process'
import { HTTPClient, OpenRouter } from '@openrouter/sdk'
import { createSimulator } from 'understudy-mock'
import { describe, expect, it } from 'vitest'
import 'understudy-mock/vitest'

const KEY = 'sk-or-v1-understudy-default-inference'
const ROUTER = 'https://openrouter.ai/api/v1'

/** Resolves specifiers with plain Node from the consumer project (under extra conditions). */
function nodeResolve(specifiers, conditions = []) {
  const script = `const out = {}
for (const specifier of ${JSON.stringify(specifiers)}) {
  try { out[specifier] = import.meta.resolve(specifier) } catch (error) { out[specifier] = error.code }
}
process.stdout.write(JSON.stringify(out))`
  const args = [...conditions.map((c) => `--conditions=${c}`), '--input-type=module', '-e', script]
  return JSON.parse(execFileSync(process.execPath, args, { encoding: 'utf8' }))
}

describe('the exports map for ./playwright and ./vitest', () => {
  const specifiers = ['understudy-mock/playwright', 'understudy-mock/vitest']

  it('resolves both in Node and refuses both under the browser condition', () => {
    const inNode = nodeResolve(specifiers)
    expect(inNode['understudy-mock/playwright']).toMatch(
      /\/dist\/src\/entries\/playwright\/index\.js$/,
    )
    expect(inNode['understudy-mock/vitest']).toMatch(/\/dist\/src\/entries\/vitest\/index\.js$/)
    const inBrowser = nodeResolve(specifiers, ['browser'])
    expect(Object.values(inBrowser)).toEqual([
      'ERR_PACKAGE_PATH_NOT_EXPORTED',
      'ERR_PACKAGE_PATH_NOT_EXPORTED',
    ])
  })
})

describe('simulator.fetch from the installed package', () => {
  it('serves the real OpenRouter SDK without msw and journals the exact body it sent', async () => {
    const simulator = createSimulator({ seed: 'pack-check', now: '2026-01-01T00:00:00.000Z' })
    const sdk = new OpenRouter({
      apiKey: KEY,
      httpClient: new HTTPClient({ fetcher: simulator.fetch }),
      retryConfig: { strategy: 'none' },
    })
    const created = await sdk.presets.createPresetsChatCompletions({
      slug: 'packed',
      chatRequest: { model: 'a/b', messages: [{ role: 'system', content: 'Hi' }] },
    })
    expect(created.data.designatedVersion?.systemPrompt).toBe('Hi')
    expect(simulator).toHaveReceived({
      operation: 'createPresetsChatCompletions',
      status: 200,
      body: { model: 'a/b', messages: [{ role: 'system', content: 'Hi' }], stream: false },
    })
    expect(simulator).toHavePreset('Default', 'packed', { versions: 1, designated: 1 })
    await expect(simulator.fetch('https://example.com/')).rejects.toThrow(
      'Failed to fetch GET https://example.com/: [understudy] no simulated service answers this URL.',
    )
  })

  it('waits for a request that happens later', async () => {
    const simulator = createSimulator()
    const waiting = simulator.journal.waitFor({ operation: 'listPresets' }, { timeoutMs: 5_000 })
    setTimeout(() => {
      void simulator.fetch(`${ROUTER}/presets`, { headers: { authorization: `Bearer ${KEY}` } })
    }, 10)
    await expect(waiting).resolves.toMatchObject({ operation: 'listPresets', status: 200 })
    expect(simulator).toHaveReceivedTimes(1, { service: 'router' })
  })
})

describe('understudy-mock/playwright without playwright-core', () => {
  it('answers a routed request with the simulator and unroutes', async () => {
    const { routeSimulator } = await import('understudy-mock/playwright')
    const simulator = createSimulator()
    const routes = []
    const target = {
      route: async (matcher, handler) => routes.push({ matcher, handler }),
      unroute: async (matcher) => {
        routes.splice(
          routes.findIndex((route) => route.matcher === matcher),
          1,
        )
      },
    }
    const routed = await routeSimulator(target, simulator)
    const [{ matcher, handler }] = routes
    expect(matcher(new URL(`${ROUTER}/presets`))).toBe(true)
    expect(matcher(new URL('http://localhost:5173/app.js'))).toBe(false)
    const fulfilled = []
    await handler({
      request: () => ({
        url: () => `${ROUTER}/presets`,
        method: () => 'GET',
        headers: () => ({ authorization: `Bearer ${KEY}`, origin: 'http://localhost:5173' }),
        postDataBuffer: () => null,
      }),
      fulfill: async (response) => fulfilled.push(response),
      abort: async () => {},
      fallback: async () => {},
    })
    expect(fulfilled).toEqual([
      {
        status: 200,
        headers: {
          'content-type': 'application/json',
          'access-control-allow-origin': 'http://localhost:5173',
          'access-control-allow-credentials': 'true',
          'access-control-expose-headers': 'content-type',
          vary: 'Origin',
        },
        body: '{"data":[],"total_count":0}',
      },
    ])
    await routed.unroute()
    expect(routes).toEqual([])
  })
})
