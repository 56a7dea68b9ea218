/**
 * In a real browser (Debian's Chromium through playwright-core): the example page, with msw's service worker,
 * gets the services' real answers for `fetch` to their real URLs; the standalone server's inspector shows
 * what happens over HTTP and acts on the simulator through its controls.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Answer } from '../../examples/browser/main.js'
import { type RunningServer, startServer } from '../../src/server/index.js'
import type { Simulator } from '../../src/simulator.js'
import {
  CHROMIUM,
  chromiumRequired,
  exampleTools,
  hasChromium,
  launchChromium,
  screenshot,
  watchErrors,
} from './support.js'

const NOW = '2026-01-01T00:00:00.000Z'
const INFERENCE_KEY = 'sk-or-v1-understudy-default-inference'
const IAGO = { email: 'iago@acme.example', key: 'oCLrZ3aWZkSBvrjn9Wvgfygw2wMqZcUD' }
const basic = (email: string, key: string) =>
  `Basic ${Buffer.from(`${email}:${key}`).toString('base64')}`

const title = hasChromium
  ? 'in Chromium'
  : `in Chromium: SKIPPED, ${CHROMIUM} is not installed (apt-get install chromium)`

it.runIf(chromiumRequired && !hasChromium)('finds Chromium, which this run requires', () => {
  expect.fail(`UNDERSTUDY_REQUIRE_CHROMIUM=1 but ${CHROMIUM} does not exist`)
})

describe.skipIf(!hasChromium)(title, { timeout: 30_000 }, () => {
  let browser: Awaited<ReturnType<typeof launchChromium>>
  let context: BrowserContext
  beforeAll(async () => {
    browser = await launchChromium()
    context = browser.context
  }, 60_000)
  afterAll(async () => {
    await browser?.close()
  })

  describe('the example page, mocked by the service worker', () => {
    let outdir: string
    let site: { url: string; close(): Promise<void> }
    let page: Page
    let errors: string[]
    beforeAll(async () => {
      const tools = await exampleTools()
      outdir = await mkdtemp(join(tmpdir(), 'understudy-example-'))
      await tools.buildExample({ outdir })
      site = await tools.startStaticServer({ root: outdir, port: 0 })
      page = await context.newPage()
      errors = watchErrors(page)
      await page.goto(`${site.url}/?seed=browser-test&now=${NOW}`)
      await page
        .locator('#simulator[data-state="ready"]')
        .waitFor({ timeout: 20_000 })
        .catch((error: Error) => {
          throw new Error(`${error.message}\nPage errors:\n${errors.join('\n')}`)
        })
    }, 60_000)
    afterAll(async () => {
      await page?.close()
      await site?.close()
      if (outdir) await rm(outdir, { recursive: true, force: true })
    })

    /** Clicks a button and reads what the page shows: the status line, the status and the JSON body. */
    async function click(button: string) {
      const before = Number(await page.locator('#result-status').getAttribute('data-seq'))
      await page.locator(button).click()
      await page.waitForFunction(
        (seq) => Number(document.getElementById('result-status')?.dataset.seq) > seq,
        before,
      )
      const status = page.locator('#result-status')
      return {
        line: await status.textContent(),
        status: Number(await status.getAttribute('data-status')),
        json: JSON.parse((await page.locator('#result-body').textContent()) ?? ''),
      }
    }

    it('creates a preset: 200 with the preset and its first version', async () => {
      const shown = await click('#create-preset')
      expect(shown.line).toBe(
        'POST https://openrouter.ai/api/v1/presets/support-bot/chat/completions → 200 OK',
      )
      expect(shown.status).toBe(200)
      expect(shown.json).toEqual({
        data: {
          id: '0467e8dd-95e9-4f59-86c0-3636a1803710',
          name: 'support-bot',
          slug: 'support-bot',
          description: null,
          status: 'active',
          status_updated_at: null,
          created_at: NOW,
          updated_at: NOW,
          creator_user_id: 'user_2understudyAlice00000000',
          workspace_id: '6f1d3a52-8c4e-4b7a-9d2f-1a0b3c4d5e01',
          designated_version_id: '8389ca3d-141e-4219-9d0a-978e02be5495',
          designated_version: {
            id: '8389ca3d-141e-4219-9d0a-978e02be5495',
            preset_id: '0467e8dd-95e9-4f59-86c0-3636a1803710',
            version: 1,
            config: { model: 'openai/gpt-5.4' },
            system_prompt: 'Be brief.',
            creator_id: 'user_2understudyAlice00000000',
            created_at: NOW,
            updated_at: NOW,
          },
        },
      })
      await screenshot(page, 'example-page')
    })

    it('answers 400 for a slug outside the allowed characters', async () => {
      await page.locator('#preset-slug').fill('support bot!')
      const shown = await click('#create-preset')
      expect(shown.line).toBe(
        'POST https://openrouter.ai/api/v1/presets/support%20bot!/chat/completions → 400 Bad Request',
      )
      const why = 'must be 1 to 128 characters from A-Z a-z 0-9 - . _ ~'
      expect(shown.json).toEqual({
        error: {
          code: 400,
          message: `Invalid request parameters: slug: ${why}`,
          metadata: { issues: [{ path: 'slug', message: why }] },
        },
      })
    })

    it('answers 401 for an unknown key (window.example.createPreset)', async () => {
      const answer: Answer = await page.evaluate(() =>
        window.example.createPreset({
          key: 'sk-or-v1-not-a-key',
          slug: 'support-bot',
          model: 'openai/gpt-5.4',
          system: '',
        }),
      )
      expect(answer).toEqual({
        method: 'POST',
        url: 'https://openrouter.ai/api/v1/presets/support-bot/chat/completions',
        status: 401,
        statusText: 'Unauthorized',
        contentType: 'application/json',
        json: { error: { code: 401, message: 'User not found.' } },
        text: '{"error":{"code":401,"message":"User not found."}}',
      })
    })

    it('creates a user: 200 with the user id, then 400 for the same e-mail', async () => {
      const created = await click('#create-user')
      expect(created.line).toBe('POST https://acme.zulipchat.com/api/v1/users → 200 OK')
      expect(created.json).toEqual({ result: 'success', msg: '', user_id: 8 })
      const again = await click('#create-user')
      expect(again.line).toBe('POST https://acme.zulipchat.com/api/v1/users → 400 Bad Request')
      expect(again.json).toEqual({
        result: 'error',
        msg: 'Email is already in use.',
        code: 'BAD_REQUEST',
      })
    })

    it("answers 401 Invalid API key for a wrong administrator's key", async () => {
      await page.locator('#admin-key').fill('oCLrZ3aWZkSBvrjn9Wvgfygw2wMqZcUX')
      await page.locator('#user-email').fill('othernew@acme.example')
      const shown = await click('#create-user')
      expect(shown.line).toBe('POST https://acme.zulipchat.com/api/v1/users → 401 Unauthorized')
      expect(shown.json).toEqual({ result: 'error', msg: 'Invalid API key', code: 'UNAUTHORIZED' })
      // The raw body as Zulip sends it, newline included.
      const answer: Answer = await page.evaluate(
        ([email, key]) =>
          window.example.createUser({
            adminEmail: email as string,
            adminKey: key as string,
            email: 'third@acme.example',
            password: 'xxxx',
            fullName: 'Third',
          }),
        [IAGO.email, IAGO.key],
      )
      expect([answer.status, answer.contentType, answer.text]).toEqual([
        400,
        'application/json',
        '{"result":"error","msg":"The password is too weak.","code":"BAD_REQUEST"}\n',
      ])
    })

    it('exposes the simulator as window.understudy, whose journal saw every request', async () => {
      const seen = await page.evaluate(() =>
        (window as unknown as { understudy: Simulator }).understudy.journal
          .entries()
          .map((entry) => `${entry.service} ${entry.operation} ${entry.status}`),
      )
      expect(seen).toEqual([
        'router createPresetsChatCompletions 200',
        'router createPresetsChatCompletions 400',
        'router createPresetsChatCompletions 401',
        'messaging create-user 200',
        'messaging create-user 400',
        'messaging create-user 401',
        'messaging create-user 400',
      ])
      expect(errors.filter((error) => !error.includes('401') && !error.includes('400'))).toEqual([])
    })
  })

  describe("the standalone server's inspector", () => {
    let server: RunningServer
    let page: Page
    let errors: string[]
    beforeAll(async () => {
      server = await startServer({ port: 0, seed: 'inspector-test', now: NOW })
      page = await context.newPage()
      errors = watchErrors(page)
      await page.goto(`${server.url}/__understudy/inspector`)
      await page.locator('#scenario', { hasText: 'default' }).waitFor()
    }, 30_000)
    afterAll(async () => {
      await page?.close()
      await server?.close()
    })

    const text = (id: string) => page.locator(`#${id}`).innerText()
    const welcome = () =>
      fetch(`${server.services.messaging.acme}/api/v1/realm/test_welcome_bot_custom_message`, {
        method: 'POST',
        headers: { authorization: basic(IAGO.email, IAGO.key) },
        body: new URLSearchParams({ welcome_message_custom_text: 'Welcome to **Acme**!' }),
      })

    it('shows a preset created over HTTP, and a reset clears it', async () => {
      const created = await fetch(
        `${server.services.router}/presets/support-bot/chat/completions`,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${INFERENCE_KEY}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            model: 'openai/gpt-5.4',
            messages: [{ role: 'system', content: 'Be brief.' }],
            temperature: 0.2,
          }),
        },
      )
      expect(created.status).toBe(200)
      await page.locator('#presets-body strong', { hasText: 'support-bot' }).waitFor()
      const presets = await text('presets-body')
      expect(presets).toContain('v1 (designated)')
      expect(presets).toContain('Be brief.')
      expect(presets).toContain('{"model":"openai/gpt-5.4","temperature":0.2}')
      await page
        .locator('#journal-body code', { hasText: 'POST /presets/support-bot/chat/completions' })
        .waitFor()
      await screenshot(page, 'inspector-1-preset')

      await page.locator('#reset').click()
      await page.waitForFunction(
        () => !document.getElementById('presets-body')?.textContent?.includes('support-bot'),
      )
      const router = server.simulator.router
      expect(router.workspaces().flatMap((workspace) => router.presets(workspace.id))).toEqual([])
      expect(await text('presets-body')).not.toContain('support-bot')
      expect(await text('error')).toBe('')
      await screenshot(page, 'inspector-2-reset')
    })

    it('a lower feature level set through its form makes the welcome endpoint answer the HTML 404', async () => {
      const before = await welcome()
      expect([before.status, await before.json()]).toEqual([
        200,
        { result: 'success', msg: '', message_id: 1 },
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
      const html = await after.text()
      expect(html).toContain('<title>Page not found | Zulip</title>')
      expect(html).toContain('<h1>Page not found (404)</h1>')
      // The inspector's journal shows the 404 as well, on top.
      await page
        .locator('#journal-body tbody tr:first-child .status-4', { hasText: '404' })
        .waitFor()
      expect(
        server.simulator.journal
          .entries({ service: 'messaging', tenant: 'acme' })
          .map((entry) => [entry.operation, entry.status]),
      ).toEqual([
        ['test-welcome-bot-custom-message', 200],
        [null, 404],
      ])
      await screenshot(page, 'inspector-3-feature-level')
      expect(errors).toEqual([])
    })
  })
})
