/**
 * `understudy-mock/playwright` in Debian's Chromium (playwright-core): a page served on 127.0.0.1 calls the
 * services' real URLs across origins, from the page and from a Web Worker, and gets the simulator's exact
 * answers through `route` (no service worker); requests the simulator does not answer go on to the network.
 * Chromium resolves no host but 127.0.0.1 here, so an answer from openrouter.ai can only come from the route.
 */
import type { Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { routeSimulator, type SimulatorRoute } from '../../src/entries/playwright/index.js'
import type { Simulator } from '../../src/simulator/simulator.js'
import { hasChromium, startSite, useChromium } from '../browser/support.js'
import { ACME, fetchSimulator, iagoAuth, ROUTER, routerAuth } from '../fetch/support.js'

const PAGE = '<!doctype html><title>routed</title><p>routed</p>'
const WORKER = `self.onmessage = async (event) => {
  try {
    const response = await fetch(event.data.url, event.data.init)
    self.postMessage({ status: response.status, body: await response.text() })
  } catch (error) {
    self.postMessage({ error: String(error) })
  }
}`

/** A site on 127.0.0.1: the page, the worker, and a local JSON answer (the "network"). */
async function startPageSite() {
  const hits: string[] = []
  const site = await startSite((request, response) => {
    hits.push(`${request.method} ${request.url}`)
    if (request.url === '/worker.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(WORKER)
    } else if (request.url === '/local') {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"from":"network"}')
    } else response.writeHead(200, { 'content-type': 'text/html' }).end(PAGE)
  })
  return { ...site, hits }
}

interface PageAnswer {
  status?: number
  headers?: Array<[string, string]>
  body?: string
  error?: string
}

/** Runs `fetch` in the page and reads the answer (or the error) there. */
function pageFetch(page: Page, url: string, init: RequestInit = {}): Promise<PageAnswer> {
  return page.evaluate(
    async ({ url, init }) => {
      try {
        const response = await fetch(url, init as RequestInit)
        return {
          status: response.status,
          headers: [...response.headers] as Array<[string, string]>,
          body: await response.text(),
        }
      } catch (error) {
        return { error: String(error) }
      }
    },
    { url, init },
  )
}

/** The same call through `simulator.fetch` on a twin simulator: the answer the page must get. */
async function expected(twin: Simulator, url: string, init: RequestInit = {}) {
  const response = await twin.fetch(url, init)
  return { status: response.status, headers: [...response.headers], body: await response.text() }
}

describe.skipIf(!hasChromium)('routeSimulator in Chromium', { timeout: 30_000 }, () => {
  const browser = useChromium()
  let site: Awaited<ReturnType<typeof startPageSite>>
  let page: Page
  let simulator: Simulator
  let twin: Simulator
  let routed: SimulatorRoute | undefined

  beforeAll(async () => {
    site = await startPageSite()
  })
  afterAll(async () => {
    await site?.close()
  })
  beforeEach(async () => {
    simulator = fetchSimulator()
    twin = fetchSimulator()
    page = await browser.context.newPage()
    await page.goto(`${site.url}/`)
  })
  afterEach(async () => {
    await routed?.unroute()
    routed = undefined
    await page.close()
  })

  it('answers cross-origin fetches to both services with the exact simulated answers', async () => {
    routed = await routeSimulator(page, simulator)
    const create = {
      method: 'POST',
      headers: { ...routerAuth, 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ role: 'system', content: 'Hi' }], model: 'a/b' }),
    }
    const calls: Array<[string, RequestInit]> = [
      [`${ROUTER}/presets/routed/chat/completions`, create],
      [`${ROUTER}/presets/routed`, { headers: routerAuth }],
      [`${ROUTER}/presets/missing`, { headers: routerAuth }],
      [`${ACME}/users`, { headers: iagoAuth, credentials: 'include' }],
    ]
    const origin = site.url
    for (const [url, init] of calls) {
      const method = init.method ?? 'GET'
      const [response, answer] = await Promise.all([
        page.waitForResponse((r) => r.url() === url && r.request().method() === method),
        pageFetch(page, url, init),
      ])
      const wanted = await expected(twin, url, init)
      expect(answer.status, url).toBe(wanted.status)
      expect(answer.body, url).toBe(wanted.body)
      // The page reads every header of the service's answer (they are all exposed to it).
      expect(answer.headers, url).toEqual(
        [...wanted.headers, ['content-length', String(Buffer.byteLength(wanted.body))]].sort(
          ([a], [b]) => (a as string).localeCompare(b as string),
        ),
      )
      // What lets it read them across origins, with credentials.
      const cors = await response.allHeaders()
      expect(cors, url).toMatchObject({
        'access-control-allow-origin': origin,
        'access-control-allow-credentials': 'true',
        vary: 'Origin',
      })
      expect(cors['access-control-expose-headers']?.split(', ').sort(), url).toEqual(
        wanted.headers.map(([name]) => name),
      )
    }
    expect(simulator.journal.entries().map((entry) => [entry.operation, entry.status])).toEqual([
      ['createPresetsChatCompletions', 200],
      ['getPreset', 200],
      ['getPreset', 404],
      ['get-users', 200],
    ])
    expect(simulator.journal.entries().map((entry) => entry.response)).toEqual(
      twin.journal.entries().map((entry) => entry.response),
    )
  })

  it('fulfils a streamed answer whole: the text the stream sends, as simulator.fetch reads it', async () => {
    routed = await routeSimulator(page, simulator)
    const url = `${ROUTER}/chat/completions`
    const init = {
      method: 'POST',
      headers: { ...routerAuth, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'openai/gpt-4o',
        stream: true,
        messages: [{ role: 'user', content: 'Hi' }],
      }),
    }
    const answer = await pageFetch(page, url, init)
    const wanted = await expected(twin, url, init)
    expect(answer.status).toBe(200)
    expect(answer.body).toBe(wanted.body)
    expect(answer.body?.startsWith(': OPENROUTER PROCESSING\n\n')).toBe(true)
    expect(answer.body?.endsWith('data: [DONE]\n\n')).toBe(true)
  })

  it('reads a multipart form body the browser sends', async () => {
    routed = await routeSimulator(page, simulator)
    const answer = await page.evaluate(
      async ({ url, authorization }) => {
        const form = new FormData()
        form.append('email', 'romeo@acme.example')
        form.append('password', 'correct-horse')
        form.append('full_name', 'Romeo')
        const response = await fetch(url, {
          method: 'POST',
          headers: { authorization },
          body: form,
        })
        return { status: response.status, body: await response.text() }
      },
      { url: `${ACME}/users`, authorization: iagoAuth.authorization },
    )
    expect(answer).toEqual({ status: 200, body: '{"result":"success","msg":"","user_id":8}\n' })
    expect(simulator.journal.last()).toMatchObject({
      operation: 'create-user',
      body: { email: 'romeo@acme.example', password: '[redacted]', full_name: 'Romeo' },
    })
  })

  it('answers a request from a Web Worker', async () => {
    routed = await routeSimulator(page, simulator)
    const url = `${ACME}/server_settings`
    const answer = await page.evaluate(
      (url) =>
        new Promise((resolve) => {
          const worker = new Worker('/worker.js')
          worker.onmessage = (event) => {
            resolve(event.data)
            worker.terminate()
          }
          worker.postMessage({ url, init: {} })
        }),
      url,
    )
    const wanted = await expected(twin, url)
    expect(answer).toEqual({ status: wanted.status, body: wanted.body })
    expect(simulator.journal.last()).toMatchObject({
      operation: 'get-server-settings',
      status: 200,
    })
  })

  it('lets unmatched requests continue to the network, or aborts them when asked', async () => {
    routed = await routeSimulator(page, simulator)
    expect(await pageFetch(page, `${site.url}/local`)).toMatchObject({
      status: 200,
      body: '{"from":"network"}',
    })
    await routed.unroute()
    const seen: string[] = []
    routed = await routeSimulator(page, simulator, {
      onUnhandled: (request) => {
        seen.push(request.url())
        return request.url().endsWith('/local') ? 'abort' : 'continue'
      },
    })
    const aborted = await pageFetch(page, `${site.url}/local`)
    expect(aborted.error).toBe('TypeError: Failed to fetch')
    expect(seen).toEqual([`${site.url}/local`])
    expect(site.hits.filter((hit) => hit === 'GET /local')).toHaveLength(1)
    expect(simulator.journal.count()).toBe(0)
  })

  it('resets the connection, holds a hang until unroute, and stops answering after it', async () => {
    routed = await routeSimulator(page, simulator)
    simulator.faults.inject({ operation: 'getPreset', network: 'reset', times: 1 })
    expect(await pageFetch(page, `${ROUTER}/presets/x`, { headers: routerAuth })).toEqual({
      error: 'TypeError: Failed to fetch',
    })

    simulator.faults.inject({ operation: 'getPreset', network: 'hang', times: 1 })
    const hung = pageFetch(page, `${ROUTER}/presets/x`, { headers: routerAuth })
    let settled = false
    void hung.then(() => {
      settled = true
    })
    await expect.poll(() => simulator.journal.count({ operation: 'getPreset' })).toBe(2)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(settled).toBe(false)
    await routed.unroute()
    routed = undefined
    expect(await hung).toEqual({ error: 'TypeError: Failed to fetch' })

    // Unrouted: Chromium resolves no public host here, so the request fails.
    expect(await pageFetch(page, `${ROUTER}/presets/x`, { headers: routerAuth })).toEqual({
      error: 'TypeError: Failed to fetch',
    })
    expect(simulator.journal.count()).toBe(2)
  })

  it('routes a whole browser context', async () => {
    routed = await routeSimulator(browser.context, simulator)
    const other = await browser.context.newPage()
    try {
      await other.goto(`${site.url}/`)
      const answer = await pageFetch(other, `${ROUTER}/presets`, { headers: routerAuth })
      expect(answer).toMatchObject({ status: 200, body: '{"data":[],"total_count":0}' })
    } finally {
      await other.close()
    }
  })

  it('refuses an unknown onUnhandled', async () => {
    await expect(
      routeSimulator(page, simulator, { onUnhandled: 'ignore' as never }),
    ).rejects.toThrow(
      new TypeError(
        '[understudy] Failed to route the simulator: onUnhandled "ignore" is not "continue", "abort" or a function.',
      ),
    )
  })
})
