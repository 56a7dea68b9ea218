/**
 * In a real browser (Debian's Chromium through playwright-core): the example page, with msw's service worker,
 * gets the services' real answers for `fetch` to their real URLs. The standalone server's inspector has its
 * own file (`inspector.test.ts`).
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Answer } from '../../examples/browser/main.js'
import { createSimulator } from '../../src/entries/index.js'
import type { Simulator } from '../../src/simulator/simulator.js'
import { accounts, keys } from '../support/credentials.js'
import { NOW } from '../support/time.js'
import { exampleTools, hasChromium, screenshot, useChromium, watchErrors } from './support.js'

/**
 * The chunks a browser page loads on demand (`source.browser.ts` of each part; esbuild names a chunk after the
 * module it loads: `src/services/router/validation/index.ts`, `src/services/router/inference/infer.ts`,
 * `src/services/messaging/operation-parts/index.ts`, `src/services/messaging/emoji/emoji-table.ts`).
 */
const ON_DEMAND = ['validation', 'infer', 'operation-parts', 'emoji-table'] as const

/** Whether the page has fetched the chunk named `name` (`name-HASH.js`). */
function chunkLoaded(page: Page, name: string): Promise<boolean> {
  return page.evaluate(
    (wanted) =>
      performance
        .getEntriesByType('resource')
        .some((entry) =>
          new RegExp(`/${wanted}-[A-Z0-9]+\\.js$`).test(new URL(entry.name).pathname),
        ),
    name,
  )
}

/** The on-demand chunks the page has fetched, in `ON_DEMAND`'s order. */
async function chunksLoaded(page: Page): Promise<string[]> {
  const loaded: string[] = []
  for (const name of ON_DEMAND) if (await chunkLoaded(page, name)) loaded.push(name)
  return loaded
}

/** A request as the page sends it with `fetch`, and as a Node simulator's `fetch` takes it. */
interface Sent {
  url: string
  method: string
  headers: Record<string, string>
  body?: string
}

/** What both sides compare of an answer: the status, the content type and the exact body. */
interface Wire {
  status: number
  contentType: string | null
  text: string
}

async function wireOf(response: Response): Promise<Wire> {
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    text: await response.text(),
  }
}

describe.skipIf(!hasChromium)('in Chromium', { timeout: 30_000 }, () => {
  const browser = useChromium()

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
      page = await browser.context.newPage()
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

    const describedLoaded = () => chunkLoaded(page, 'validation')

    it("does not load the router's validation and described schemas with the page (a chunk of their own)", async () => {
      expect(await describedLoaded()).toBe(false)
      expect(await chunksLoaded(page)).toEqual([])
    })

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
      // A preset creation needs the validation, not the inference nor the messaging operations' parts.
      expect(await chunksLoaded(page)).toEqual(['validation'])
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
        text: '{"error":{"message":"User not found.","code":401}}',
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
      expect(await chunksLoaded(page)).toEqual(['validation', 'operation-parts'])
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
        [accounts.iago.email, accounts.iago.key],
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

    it('refuses a nested field by the described schemas, loaded on demand by then', async () => {
      const body = await page.evaluate(
        (bearer) =>
          fetch('https://openrouter.ai/api/v1/presets/nested/chat/completions', {
            method: 'POST',
            headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
            body: JSON.stringify({
              messages: [{ role: 'user', content: 'Hi' }],
              trace: { trace_name: { a: 1 } },
            }),
          }).then((response) => response.json()),
        keys.inference,
      )
      expect(body).toEqual({
        error: {
          code: 400,
          message: 'Invalid request parameters: trace.trace_name: must be a string',
          metadata: { issues: [{ path: 'trace.trace_name', message: 'must be a string' }] },
        },
      })
      expect(await describedLoaded()).toBe(true)
    })

    describe('a fresh page: the parts that load when a request first needs them', () => {
      const SEED = 'on-demand'
      let fresh: Page
      /** The same simulator in Node (static imports: nothing loads on demand), sent the same requests. */
      const node = createSimulator({ seed: SEED, now: NOW })
      beforeAll(async () => {
        fresh = await browser.context.newPage()
        await fresh.goto(`${site.url}/?seed=${SEED}&now=${NOW}`)
        await fresh.locator('#simulator[data-state="ready"]').waitFor({ timeout: 20_000 })
      }, 60_000)
      afterAll(async () => {
        await fresh?.close()
      })

      /** Sends `request` from the page and to the Node simulator; both answers. */
      async function both(request: Sent): Promise<[Wire, Wire]> {
        const inPage = await fresh.evaluate(
          ({ url, ...init }) =>
            fetch(url, init).then(async (response) => ({
              status: response.status,
              contentType: response.headers.get('content-type'),
              text: await response.text(),
            })),
          request,
        )
        const { url, ...init } = request
        return [inPage, await wireOf(await node.fetch(url, init))]
      }

      const ROUTER = 'https://openrouter.ai/api/v1'
      const ACME = 'https://acme.zulipchat.com/api/v1'
      const basic = (email: string, key: string) => `Basic ${btoa(`${email}:${key}`)}`

      it('loads none of them with the page', async () => {
        expect(await chunksLoaded(fresh)).toEqual([])
      })

      it('loads none for a 401 of either service, which needs no operation', async () => {
        const [router, routerInNode] = await both({
          url: `${ROUTER}/chat/completions`,
          method: 'POST',
          headers: {
            authorization: 'Bearer sk-or-v1-not-a-key',
            'content-type': 'application/json',
          },
          body: '{}',
        })
        expect(router).toEqual({
          status: 401,
          contentType: 'application/json',
          text: '{"error":{"message":"User not found.","code":401}}',
        })
        expect(routerInNode).toEqual(router)
        const [messaging, messagingInNode] = await both({
          url: `${ACME}/users/me`,
          method: 'GET',
          headers: { authorization: basic(accounts.iago.email, 'not-the-key') },
        })
        expect(messaging.status).toBe(401)
        expect(messagingInNode).toEqual(messaging)
        expect(await chunksLoaded(fresh)).toEqual([])
      })

      it('loads the validation and the inference with the first inference, answering as Node does', async () => {
        const [inPage, inNode] = await both({
          url: `${ROUTER}/chat/completions`,
          method: 'POST',
          headers: {
            authorization: `Bearer ${keys.inference}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({
            model: 'openai/gpt-5.4',
            messages: [{ role: 'user', content: 'Hi' }],
          }),
        })
        expect(inPage.status).toBe(200)
        expect(JSON.parse(inPage.text)).toMatchObject({
          object: 'chat.completion',
          model: 'openai/gpt-5.4',
          choices: [{ message: { role: 'assistant' } }],
        })
        expect(inPage).toEqual(inNode)
        expect(await chunksLoaded(fresh)).toEqual(['validation', 'infer'])
      })

      it("loads the messaging operations' parts with the first messaging operation: the welcome text's Markdown as Node renders it", async () => {
        const form = new URLSearchParams({
          welcome_message_custom_text:
            'Welcome, **@Iago**: see https://example.com/a_(b) and `code`.',
        })
        const [sent, sentInNode] = await both({
          url: `${ACME}/realm/test_welcome_bot_custom_message`,
          method: 'POST',
          headers: {
            authorization: basic(accounts.iago.email, accounts.iago.key),
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: form.toString(),
        })
        expect(sent.status).toBe(200)
        expect(sent).toEqual(sentInNode)
        expect(await chunksLoaded(fresh)).toEqual(['validation', 'infer', 'operation-parts'])
        const { message_id: id } = JSON.parse(sent.text) as { message_id: number }
        const [read, readInNode] = await both({
          url: `${ACME}/messages/${id}`,
          method: 'GET',
          headers: { authorization: basic(accounts.iago.email, accounts.iago.key) },
        })
        expect(read.status).toBe(200)
        expect(JSON.parse(read.text).message.content).toContain('<strong>')
        expect(read).toEqual(readInNode)
      })

      it('loads the emoji table with the first welcome text that may hold an emoji, and names it as Node does', async () => {
        const form = new URLSearchParams({ welcome_message_custom_text: 'Hello 😀 :tada:' })
        const [sent, sentInNode] = await both({
          url: `${ACME}/realm/test_welcome_bot_custom_message`,
          method: 'POST',
          headers: {
            authorization: basic(accounts.iago.email, accounts.iago.key),
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: form.toString(),
        })
        expect(sent.status).toBe(200)
        expect(sent).toEqual(sentInNode)
        expect(await chunksLoaded(fresh)).toEqual([
          'validation',
          'infer',
          'operation-parts',
          'emoji-table',
        ])
        const { message_id: id } = JSON.parse(sent.text) as { message_id: number }
        const [read, readInNode] = await both({
          url: `${ACME}/messages/${id}`,
          method: 'GET',
          headers: { authorization: basic(accounts.iago.email, accounts.iago.key) },
        })
        expect(JSON.parse(read.text).message.content).toContain(
          'title="grinning">:grinning:</span>',
        )
        expect(read).toEqual(readInNode)
      })
    })
  })
})
