/**
 * The standalone server's inspector in a real browser (Debian's Chromium through playwright-core): it shows
 * what happens over HTTP (presets, accounts, each request with its actor, body and message, opening to the
 * whole exchange), filters the journal, and acts through the control surface (faults from the operation
 * list, clock, latency, seed, feature level, reset); it fits a 420 px wide phone and shows no secret.
 * Screenshots go to `artifacts/`.
 */
import type { Page, Request } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { secretsOf } from '../control/secrets.js'
import { accounts, basic, keys } from '../support/credentials.js'
import { useServer } from '../support/server.js'
import { NOW } from '../support/time.js'
import { hasChromium, screenshot, useChromium, watchErrors } from './support.js'

describe.skipIf(!hasChromium)('the inspector in Chromium', { timeout: 30_000 }, () => {
  const browser = useChromium()
  const server = useServer({ seed: 'inspector-test', now: NOW })
  let page: Page
  let errors: string[]
  /** Every control call the page made: method, path below `/__understudy`, content type. */
  const calls: Array<{ method: string; path: string; contentType: string | undefined }> = []

  beforeAll(async () => {
    page = await browser.context.newPage()
    errors = watchErrors(page)
    page.on('request', (request: Request) => {
      const path = new URL(request.url()).pathname
      if (!path.startsWith('/__understudy/') || path === '/__understudy/inspector') return
      calls.push({
        method: request.method(),
        path: path.slice('/__understudy'.length),
        contentType: request.headers()['content-type'],
      })
    })
    await page.goto(`${server.url}/__understudy/inspector`)
    await page.locator('#scenario', { hasText: 'default' }).waitFor()
  }, 60_000)
  afterEach(async () => {
    await server.simulator.reset()
    await page.setViewportSize({ width: 1280, height: 900 })
    // Back to an unfiltered journal with every entry closed: a fresh load.
    await page.reload()
    await page.locator('#scenario', { hasText: 'default' }).waitFor()
  })
  afterAll(async () => {
    await page?.close()
  })

  const text = (selector: string) => page.locator(selector).innerText()
  const router = (path: string, init: RequestInit & { key?: string | null } = {}) => {
    const key = init.key === undefined ? keys.inference : init.key
    return fetch(`${server.services.router}${path}`, {
      ...init,
      headers: {
        ...(key === null ? {} : { authorization: `Bearer ${key}` }),
        'content-type': 'application/json',
      },
    })
  }
  const createPreset = (slug: string, system = 'Be brief.', key?: string | null) =>
    router(`/presets/${slug}/chat/completions`, {
      method: 'POST',
      key,
      body: JSON.stringify({
        model: 'openai/gpt-5.4',
        messages: [{ role: 'system', content: system }],
        temperature: 0.2,
      }),
    })
  const acme = (
    path: string,
    init: RequestInit = {},
    as: { email: string; key: string } | null = accounts.iago,
  ) =>
    fetch(`${server.services.messaging.acme}${path}`, {
      ...init,
      headers: as === null ? {} : { authorization: basic(as) },
    })
  const createUser = (email: string, fullName: string, password = 'correct horse battery') =>
    acme('/api/v1/users', {
      method: 'POST',
      body: new URLSearchParams({ email, password, full_name: fullName }),
    })
  const welcome = () =>
    acme('/api/v1/realm/test_welcome_bot_custom_message', {
      method: 'POST',
      body: new URLSearchParams({ welcome_message_custom_text: 'Welcome to **Acme**!' }),
    })

  /**
   * The sequence number of this test's `n`-th request (1 for the first): a reset forgets the entries,
   * the numbering goes on.
   */
  const seq = (n: number) => {
    const recorded = server.simulator.journal.entries()[n - 1]
    if (!recorded) throw new Error(`no request ${n} in the journal`)
    return recorded.seq
  }
  /** The journal row of this test's `n`-th request. */
  const entry = (n: number) => page.locator(`.entry[data-seq="${seq(n)}"]`)
  /** The rows shown, newest first: `n status service operation`, `n` counted from this test's first request. */
  const rows = () =>
    page
      .locator('#journal-body .entry')
      .evaluateAll(
        (shown, first) =>
          shown.map((row) =>
            [
              Number((row as HTMLElement).dataset.seq) - first + 1,
              row.querySelector('.status')?.textContent,
              row.querySelector('.tag')?.textContent,
              row.querySelector('.op')?.textContent,
            ].join(' '),
          ),
        seq(1),
      )
  /** Waits until the journal shows `count` rows in all (the poll runs every second). */
  const waitForRows = (count: number) =>
    page.waitForFunction((n) => document.querySelector('#count')?.textContent === String(n), count)
  /** The whole exchange of this test's `n`-th request's row (opened), as `{ dt: dd }`. */
  const exchange = (n: number) =>
    entry(n)
      .locator('dl')
      .evaluate((list) => {
        const out: Record<string, string> = {}
        for (const term of list.querySelectorAll('dt')) {
          out[term.textContent ?? ''] = (term.nextElementSibling as HTMLElement).innerText
        }
        return out
      })

  it('shows a preset created over HTTP, and a reset clears it', async () => {
    expect((await createPreset('support-bot')).status).toBe(200)
    await page.locator('#presets-body strong', { hasText: 'support-bot' }).waitFor()
    const presets = await text('#presets-body')
    expect(presets).toContain('v1 (designated)')
    expect(presets).toContain('Be brief.')
    expect(presets).toContain('{"model":"openai/gpt-5.4","temperature":0.2}')
    // The workspace by its name; its id only in a tooltip.
    expect(await page.locator('#presets-body h3').first().innerText()).toBe('Default')
    expect(presets).not.toContain(server.simulator.router.workspaces()[0]?.id)
    await page
      .locator('#journal-body .req', { hasText: 'POST /presets/support-bot/chat/completions' })
      .waitFor()
    await screenshot(page, 'inspector-1-preset')

    await page.locator('#reset').click()
    await page.waitForFunction(
      () => !document.getElementById('presets-body')?.textContent?.includes('support-bot'),
    )
    const routerService = server.simulator.router
    expect(
      routerService.workspaces().flatMap((workspace) => routerService.presets(workspace.id)),
    ).toEqual([])
    expect(await text('#error')).toBe('')
    expect(await text('#notice')).toBe('Back to the scenario’s initial state')
    await screenshot(page, 'inspector-2-reset')
  })

  it('a lower feature level set through its form makes the welcome endpoint answer the HTML 404', async () => {
    const before = await welcome()
    expect([before.status, await before.json()]).toEqual([
      200,
      // After acme's 16 onboarding messages.
      { result: 'success', msg: '', message_id: 17 },
    ])
    await page.locator('#organizations-body pre', { hasText: 'Welcome to **Acme**!' }).waitFor()

    // Right after a refresh, so that no poll is in flight while the field is being edited.
    await page.waitForResponse((response) => response.url().endsWith('/__understudy/state'))
    const form = page.locator('form[data-level="acme"]')
    await form.locator('input').fill('36')
    await form.locator('button').click()
    await page.locator('form[data-level="acme"] .muted', { hasText: 'Zulip 4.0' }).waitFor()
    expect(server.simulator.messaging.featureLevel('acme')).toBe(36)
    expect(await form.locator('input').inputValue()).toBe('36')

    const after = await welcome()
    expect(after.status).toBe(404)
    expect(after.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(await after.text()).toContain('<h1>Page not found (404)</h1>')
    // The journal shows the 404 on top, with the page's title as its message.
    const top = page.locator('#journal-body .entry').first()
    await top.locator('summary .status-4', { hasText: '404' }).waitFor()
    expect(await top.locator('.message').innerText()).toBe('Page not found | Zulip')
    expect(await top.locator('.op').innerText()).toBe('no operation')
    await screenshot(page, 'inspector-3-feature-level')
    expect(errors).toEqual([])
  })

  it('each row shows the actor, the request body and the message, and opens to the whole exchange', async () => {
    expect((await createUser('demo@acme.example', 'Demo Person')).status).toBe(200)
    await waitForRows(1)
    const row = page.locator('#journal-body .entry').first()
    expect(await row.locator('.actor').innerText()).toBe('iago@acme.example')
    expect(await row.locator('.body').innerText()).toBe(
      '{"email":"demo@acme.example","password":"[redacted]","full_name":"Demo Person"}',
    )
    expect(await row.locator('.message').innerText()).toBe('user_id 8')
    expect(await row.locator('.tenant').innerText()).toBe('Acme')
    expect(await row.locator('dl').isVisible()).toBe(false)

    await row.locator('summary').click()
    expect(await exchange(1)).toEqual({
      time: NOW,
      method: 'POST',
      path: '/api/v1/users',
      query: 'none',
      actor: 'iago@acme.example',
      tenant: 'Acme',
      'request body': JSON.stringify(
        { email: 'demo@acme.example', password: '[redacted]', full_name: 'Demo Person' },
        null,
        2,
      ),
      status: '200 user_id 8',
      'response body': JSON.stringify({ result: 'success', msg: '', user_id: 8 }, null, 2),
      fault: 'none',
      duration: expect.stringMatching(/^[0-9.]+ ms$/),
    })

    // A router error: its message, and the row stays open while new requests arrive.
    expect((await createPreset('bad slug!')).status).toBe(400)
    await waitForRows(2)
    const error = entry(2)
    expect(await error.locator('.actor').innerText()).toBe('Default workspace inference key')
    expect(await error.locator('.message').innerText()).toBe(
      'Invalid request parameters: slug: must be 1 to 128 characters from A-Z a-z 0-9 - . _ ~',
    )
    expect(await entry(1).getAttribute('open')).toBe('')
    expect(await entry(2).getAttribute('open')).toBeNull()
    await screenshot(page, 'inspector-4-exchange')
  })

  it('an inference row says what it applied, opens to the effective request, and the scripts are listed', async () => {
    expect((await createPreset('support-bot')).status).toBe(200)
    server.simulator.router.script({
      name: 'greeting',
      match: { preset: 'support-bot' },
      response: 'Hello!',
    })
    const answer = await router('/chat/completions', {
      method: 'POST',
      body: JSON.stringify({
        model: '@preset/support-bot',
        stream: true,
        messages: [{ role: 'user', content: 'Hi' }],
      }),
    })
    await answer.text()
    await waitForRows(2)
    const row = entry(2)
    expect(await row.locator('.inference').innerText()).toBe(
      'support-bot v1 → openai/gpt-5.4 (OpenAI) · stream · script greeting',
    )
    await row.locator('summary').click()
    const shown = await exchange(2)
    expect(shown.inference).toBe(
      'support-bot v1 → openai/gpt-5.4 (OpenAI) · stream · script greeting\nchat, model as sent @preset/support-bot, preset by model, answer 1 of the script',
    )
    expect(JSON.parse(shown['effective request'] as string)).toEqual({
      model: 'openai/gpt-5.4',
      temperature: 0.2,
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hi' },
      ],
      stream: true,
    })
    await page.locator('#scripts-body td', { hasText: 'greeting' }).waitFor()
    expect(await text('#scripts-body tbody')).toContain('greeting: {"preset":"support-bot"}')
    await screenshot(page, 'inspector-inference')
  })

  it('filters the journal by service, operation and status', async () => {
    expect((await createPreset('support-bot')).status).toBe(200)
    expect((await createPreset('support-bot', 'Hi', 'sk-or-v1-not-a-key')).status).toBe(401)
    expect((await acme('/api/v1/users')).status).toBe(200)
    expect((await createUser('weak@acme.example', 'Weak', 'xxxx')).status).toBe(400)
    expect((await acme('/api/v1/nothing')).status).toBe(404)
    await waitForRows(5)
    expect(await rows()).toEqual([
      '5 404 messaging no operation',
      '4 400 messaging create-user',
      '3 200 messaging get-users',
      '2 401 router createPresetsChatCompletions',
      '1 200 router createPresetsChatCompletions',
    ])

    await page.selectOption('#filter-service', 'messaging')
    expect(await rows()).toEqual([
      '5 404 messaging no operation',
      '4 400 messaging create-user',
      '3 200 messaging get-users',
    ])
    // The operation list follows the service.
    expect(await page.locator('#filter-operation option').allInnerTexts()).toEqual([
      'any operation',
      ...[
        'get-users — GET /api/v1/users',
        'create-user — POST /api/v1/users',
        'get-own-user — GET /api/v1/users/me',
        'deactivate-own-user — DELETE /api/v1/users/me',
        'get-user — GET /api/v1/users/:user_id',
        'update-user — PATCH /api/v1/users/:user_id',
        'deactivate-user — DELETE /api/v1/users/:user_id',
        'get-user-by-email — GET /api/v1/users/:email',
        'update-user-by-email — PATCH /api/v1/users/:email',
        'get-message — GET /api/v1/messages/:message_id',
        'update-message — PATCH /api/v1/messages/:message_id',
        'delete-message — DELETE /api/v1/messages/:message_id',
        'test-welcome-bot-custom-message — POST /api/v1/realm/test_welcome_bot_custom_message',
        'get-server-settings — GET /api/v1/server_settings',
      ],
      'no operation (unrouted)',
    ])
    await page.selectOption('#filter-operation', 'messaging/create-user')
    expect(await rows()).toEqual(['4 400 messaging create-user'])
    expect(await text('#journal-summary')).toBe('1 matching among the latest 5 of 5 requests')
    await page.selectOption('#filter-operation', '-')
    expect(await rows()).toEqual(['5 404 messaging no operation'])

    await page.locator('#filter-clear').click()
    await page.selectOption('#filter-status', '4xx')
    expect(await rows()).toEqual([
      '5 404 messaging no operation',
      '4 400 messaging create-user',
      '2 401 router createPresetsChatCompletions',
    ])
    await page.selectOption('#filter-service', 'router')
    expect(await rows()).toEqual(['2 401 router createPresetsChatCompletions'])
    await page.selectOption('#filter-status', '200')
    expect(await rows()).toEqual(['1 200 router createPresetsChatCompletions'])
    // The filter holds while new requests arrive.
    expect((await createPreset('other-bot')).status).toBe(200)
    await waitForRows(6)
    expect(await rows()).toEqual([
      '6 200 router createPresetsChatCompletions',
      '1 200 router createPresetsChatCompletions',
    ])
    await screenshot(page, 'inspector-5-filtered')
  })

  it('a fault injected from the form, its operation chosen from the list, answers the next request', async () => {
    await page.selectOption('#fault-service', 'router')
    expect(await page.locator('#fault-operation option').allInnerTexts()).toEqual([
      'any operation',
      'createPresetsChatCompletions — POST /presets/:slug/chat/completions',
      'createPresetsMessages — POST /presets/:slug/messages',
      'createPresetsResponses — POST /presets/:slug/responses',
      'listPresets — GET /presets',
      'getPreset — GET /presets/:slug',
      'listPresetVersions — GET /presets/:slug/versions',
      'getPresetVersion — GET /presets/:slug/versions/:version',
      'sendChatCompletionRequest — POST /chat/completions',
      'createMessages — POST /messages',
      'createResponses — POST /responses',
      'getModels — GET /models',
    ])
    await page.selectOption('#fault-operation', 'router/listPresets')
    await page.locator('#fault-status').fill('429')
    await page.locator('#fault-times').fill('1')
    await page.locator('#fault-form button').click()
    await page.locator('#faults-body td', { hasText: 'router · listPresets' }).waitFor()
    // Fault ids go on across resets: this test's fault is the one armed now.
    const id = server.simulator.faults.list()[0]?.id
    expect(await text('#notice')).toBe(`Fault ${id} armed`)
    expect(server.simulator.faults.list()).toEqual([
      {
        id,
        service: 'router',
        operation: 'listPresets',
        status: 429,
        times: 1,
        remaining: 1,
        hits: 0,
      },
    ])

    const limited = await router('/presets')
    expect([limited.status, await limited.json()]).toEqual([
      429,
      {
        error: {
          message: 'Rate limit exceeded',
          code: 429,
          // The rate limit's headers, as the real service's 429 carries them (router-inference.md §13).
          metadata: {
            headers: {
              'X-RateLimit-Limit': '20',
              'X-RateLimit-Remaining': '0',
              'X-RateLimit-Reset': String(Date.parse(NOW) + 60_000),
            },
            provider_name: null,
          },
        },
      },
    ])
    const next = await router('/presets')
    expect(next.status).toBe(200)
    await waitForRows(2)
    const faulted = entry(1)
    expect(await faulted.locator('.message').innerText()).toBe('Rate limit exceeded')
    expect(await faulted.locator('.tag', { hasText: 'fault' }).innerText()).toBe(`fault ${id}`)
    await page.locator('#faults-body .empty').waitFor()
  })

  it('injects a connection reset and a hang, by operation and by path', async () => {
    // Any service: the operation list offers every service's operations, grouped.
    await page.selectOption('#fault-operation', 'messaging/get-own-user')
    await page.selectOption('#fault-effect', 'reset')
    expect(await page.locator('#fault-status').isDisabled()).toBe(true)
    await page.locator('#fault-form button').click()
    await page.locator('#faults-body td', { hasText: 'connection reset' }).waitFor()

    await page.selectOption('#fault-operation', '')
    await page.locator('#fault-path').fill('/presets/support-bot')
    await page.selectOption('#fault-effect', 'hang')
    await page.locator('#fault-form button').click()
    await page.locator('#faults-body td', { hasText: 'hang (no answer)' }).waitFor()
    const [reset, hang] = server.simulator.faults.list().map((fault) => fault.id)
    expect(server.simulator.faults.list()).toEqual([
      {
        id: reset,
        service: 'messaging',
        operation: 'get-own-user',
        network: 'reset',
        remaining: null,
        hits: 0,
      },
      { id: hang, path: '/presets/support-bot', network: 'hang', remaining: null, hits: 0 },
    ])
    await screenshot(page, 'inspector-6-faults')

    const resetAnswer = await acme('/api/v1/users/me').then(
      () => 'answered',
      (error: Error) => error.name,
    )
    expect(resetAnswer).toBe('TypeError')
    const hung = await router('/presets/support-bot', { signal: AbortSignal.timeout(300) }).then(
      () => 'answered',
      (error: Error) => error.name,
    )
    expect(hung).toBe('TimeoutError')
    // Other requests are unaffected.
    expect((await router('/presets')).status).toBe(200)
    expect((await acme('/api/v1/users')).status).toBe(200)
    await waitForRows(4)
    expect(await entry(1).locator('.message').innerText()).toBe(
      `connection reset by fault ${reset}`,
    )
    expect(await entry(2).locator('.message').innerText()).toBe(`no answer: hung by fault ${hang}`)

    await page.locator('#faults-clear').click()
    await page.locator('#faults-body .empty').waitFor()
    expect(server.simulator.faults.list()).toEqual([])
  })

  it('advances and sets the clock, and sets the latency and the seed', async () => {
    await page.locator('[data-advance="3600000"]').click()
    await page.locator('#clock', { hasText: '2026-01-01T01:00:00.000Z' }).waitFor()
    expect(server.simulator.clock.iso()).toBe('2026-01-01T01:00:00.000Z')

    await page.locator('#advance-amount').fill('2')
    await page.selectOption('#advance-unit', '86400000')
    await page.locator('#clock-advance button').click()
    await page.locator('#clock', { hasText: '2026-01-03T01:00:00.000Z' }).waitFor()
    expect(server.simulator.clock.iso()).toBe('2026-01-03T01:00:00.000Z')

    await page.locator('#clock-set-value').fill('2026-06-01T12:00:00Z')
    await page.locator('#clock-set button').click()
    await page.locator('#clock', { hasText: '2026-06-01T12:00:00.000Z' }).waitFor()
    expect(server.simulator.clock.iso()).toBe('2026-06-01T12:00:00.000Z')
    // The next request is stamped with the new time.
    expect((await router('/presets')).status).toBe(200)
    await waitForRows(1)
    await entry(1).locator('summary').click()
    expect((await exchange(1)).time).toBe('2026-06-01T12:00:00.000Z')

    await page.locator('#latency-value').fill('20-200')
    await page.locator('#latency-form button').click()
    await page.locator('#latency', { hasText: '20–200 ms' }).waitFor()
    expect(server.simulator.latency.get()).toEqual({ min: 20, max: 200 })
    await page.locator('#latency-value').fill('35')
    await page.locator('#latency-form button').click()
    await page.locator('#latency', { hasText: '35 ms' }).waitFor()
    expect(server.simulator.latency.get()).toBe(35)
    await page.locator('#latency-value').fill('fast')
    await page.locator('#latency-form button').click()
    await page.locator('#error', { hasText: 'latency' }).waitFor()
    expect(server.simulator.latency.get()).toBe(35)

    await page.locator('#seed-value').fill('demo-seed')
    await page.locator('#seed-form button').click()
    await page.locator('#seed', { hasText: 'demo-seed' }).waitFor()
    expect(server.simulator.seed).toBe('demo-seed')
    await screenshot(page, 'inspector-7-settings')
  })

  it('fits a 420 px wide viewport, and shows no secret', async () => {
    const long = 'a-rather-long-preset-slug-for-a-narrow-screen-0123456789'
    expect((await createPreset(long, 'Answer in one sentence. '.repeat(40))).status).toBe(200)
    expect(
      (
        await createUser(
          'someone.with.a.very.long.address@acme.example',
          'Someone Long',
          'a-long-passphrase-9!',
        )
      ).status,
    ).toBe(200)
    expect((await welcome()).status).toBe(200)
    expect((await router(`/presets/${long}/versions?limit=5&offset=0`)).status).toBe(200)
    server.simulator.faults.inject({
      service: 'messaging',
      operation: 'test-welcome-bot-custom-message',
      path: '/api/v1/realm/test_welcome_bot_custom_message',
      status: 503,
      delayMs: 10,
      times: 3,
    })
    await waitForRows(4)
    for (const n of [1, 2, 4]) await entry(n).locator('summary').click()
    await screenshot(page, 'inspector-desktop')
    // Tenants by name: no workspace id in the rows, nor as the tenant of an opened exchange (the
    // response bodies of course carry the API's own \`workspace_id\`).
    const workspace = server.simulator.router.workspaces()[0]?.id as string
    const summaries = (await page.locator('#journal-body summary').allInnerTexts()).join('\n')
    expect(summaries).toContain('Default')
    expect(summaries).not.toContain(workspace)
    expect((await exchange(4)).tenant).toBe('Default')

    await page.setViewportSize({ width: 420, height: 900 })
    const overflow = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      wider: [...document.querySelectorAll('body *')]
        .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
        .map((element) => `${element.tagName}#${element.id}.${element.className}`),
    }))
    expect(overflow).toEqual({ scrollWidth: 420, wider: [] })
    await screenshot(page, 'inspector-420')

    // No key, API key, password or Authorization value, in the page or in anything it fetched.
    const secrets = [...secretsOf(server.simulator), 'a-long-passphrase-9!']
    expect(secrets).toContain(basic(accounts.iago))
    const html = await page.content()
    expect(html).toContain('[redacted]')
    for (const secret of secrets) expect(html).not.toContain(secret)
  })

  it('shows the running scenario in the scenario menu, and switches from it', async () => {
    await server.simulator.useScenario('presets-history')
    await page.locator('#scenario', { hasText: 'presets-history' }).waitFor()
    await page.waitForFunction(
      () =>
        (document.getElementById('scenario-select') as HTMLSelectElement).value ===
        'presets-history',
    )
    // A choice not yet switched to stays chosen while the page polls.
    await page.selectOption('#scenario-select', 'zulip-7')
    await page.waitForResponse((response) => response.url().endsWith('/__understudy/state'))
    await page.waitForResponse((response) => response.url().endsWith('/__understudy/state'))
    expect(await page.locator('#scenario-select').inputValue()).toBe('zulip-7')
    await page.locator('#scenario-form button').click()
    await page.locator('#scenario', { hasText: 'zulip-7' }).waitFor()
    expect(server.simulator.scenario.name).toBe('zulip-7')
    expect(await page.locator('#scenario-select').inputValue()).toBe('zulip-7')

    // A scenario that is not built in shows as running, and is not offered.
    await server.simulator.useScenario({ ...server.simulator.scenario, name: 'from-a-file' })
    await page.locator('#scenario', { hasText: 'from-a-file' }).waitFor()
    const running = page.locator('#scenario-select option:checked')
    expect([await running.innerText(), await running.isDisabled()]).toEqual([
      'from-a-file (not built in)',
      true,
    ])
    await server.simulator.useScenario('default')
  })

  it('asks before arming a fault for every request for ever (the form’s defaults)', async () => {
    await page.locator('#fault-form button').click()
    const warning = page.locator('#fault-warning')
    await warning.waitFor()
    expect(await warning.innerText()).toBe(
      'This fault matches every request of every service and never runs out. Choose a service, an operation, a method or a path, or set Times; or click “Inject for every request” to arm it as it is.',
    )
    expect(await page.locator('#fault-inject').innerText()).toBe('Inject for every request')
    expect(server.simulator.faults.list()).toEqual([])
    // Any change to the form withdraws the question; a count is a limit enough.
    await page.locator('#fault-times').fill('2')
    expect([await warning.isVisible(), await page.locator('#fault-inject').innerText()]).toEqual([
      false,
      'Inject',
    ])
    await page.locator('#fault-form button').click()
    await page.locator('#faults-body td', { hasText: 'every request' }).waitFor()
    expect(server.simulator.faults.list()).toMatchObject([{ status: 503, times: 2 }])
    await page.locator('#faults-clear').click()
    await page.locator('#faults-body .empty').waitFor()

    // Asked, then confirmed: the fault is armed as it is.
    await page.locator('#fault-times').fill('')
    await page.locator('#fault-form button').click()
    await warning.waitFor()
    await page.locator('#fault-form button').click()
    await page.locator('#faults-body td', { hasText: 'every request' }).waitFor()
    expect(server.simulator.faults.list()).toMatchObject([{ status: 503, remaining: null }])
    expect(await warning.isVisible()).toBe(false)
    expect((await router('/presets')).status).toBe(503)
  })

  it('breaks no word in the middle in its tables at 1400 px', async () => {
    await server.simulator.useScenario('presets-history')
    for (const [email, name] of [
      ['someone.with.a.long.address@acme.example', 'Someone With A Long Name'],
      ['support-team@acme.example', 'Support Team'],
    ] as const) {
      expect((await createUser(email, name)).status).toBe(200)
    }
    expect((await welcome()).status).toBe(200)
    await page.setViewportSize({ width: 1400, height: 900 })
    await page.locator('#organizations-body pre', { hasText: 'Welcome to **Acme**!' }).waitFor()
    // Every run of letters and digits in a table cell lies on one line.
    const split = await page.evaluate(() => {
      const broken: string[] = []
      for (const cell of document.querySelectorAll('main td')) {
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT)
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (const word of (node.textContent ?? '').matchAll(/[A-Za-z0-9_]+/g)) {
            const range = document.createRange()
            range.setStart(node, word.index ?? 0)
            range.setEnd(node, (word.index ?? 0) + word[0].length)
            const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)))
            if (lines.size > 1) broken.push(word[0])
          }
        }
      }
      return broken
    })
    expect(split).toEqual([])
    await screenshot(page, 'inspector-1400')
    await server.simulator.useScenario('default')
  })

  it('sends content-type application/json on every control call', () => {
    const made = new Set(calls.map((call) => `${call.method} ${call.path.replace(/[0-9]+$/, 'N')}`))
    expect([...made].sort()).toEqual([
      'DELETE /faults',
      'GET /scenarios',
      'GET /state',
      'POST /clock',
      'POST /faults',
      'POST /reset',
      'PUT /latency',
      'PUT /messaging/acme/feature-level',
      'PUT /scenario',
      'PUT /seed',
    ])
    expect(calls.filter((call) => call.contentType !== 'application/json')).toEqual([])
    expect(errors.filter((error) => !error.includes('status of 400'))).toEqual([])
  })
})
