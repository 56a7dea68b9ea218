/**
 * A HAR exported from the journal replays in Chromium through Playwright's `routeFromHAR`: a page on
 * 127.0.0.1 makes the same fetches a test made against an in-process simulator, across origins, and gets
 * the same statuses and bodies, with no simulator running. Chromium resolves no host but 127.0.0.1 here,
 * so an answer from openrouter.ai or acme.zulipchat.com can only come from the HAR.
 *
 * Playwright matches a POST by its body too: the default (redacted) HAR misses the create-user request,
 * whose password reads `[redacted]`; a `{ redact: false }` HAR replays every request.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Har } from '../../src/engine/journal/har.js'
import { createSimulator } from '../../src/entries/index.js'
import { hasChromium, startSite, useChromium } from '../browser/support.js'
import { NOW } from '../support/time.js'
import { type Exchange, expectValidHar, recordExchanges } from './support.js'

const ROUTER = 'https://openrouter.ai/api/v1'
const ACME = 'https://acme.zulipchat.com'
/** The services' URLs: only these are answered from the HAR. */
const SERVICES = /^https:\/\/(openrouter\.ai|acme\.zulipchat\.com)\//

/** A site on 127.0.0.1 serving an empty page: the origin the page's fetches start from. */
const startAppSite = () =>
  startSite((_request, response) => {
    response
      .writeHead(200, { 'content-type': 'text/html' })
      .end('<!doctype html><title>app</title>')
  })

interface PageAnswer {
  status?: number
  text?: string
  error?: string
}

/** Makes each recorded request again from the page, in order, and reads the answers there. */
function replayInPage(page: Page, exchanges: Exchange[]): Promise<PageAnswer[]> {
  const requests = exchanges.map(({ method, url, init }) => ({
    url,
    init: { method, headers: init.headers, body: init.body } as RequestInit,
  }))
  return page.evaluate(async (requests) => {
    const answers: PageAnswer[] = []
    for (const { url, init } of requests) {
      try {
        const response = await fetch(url, init as RequestInit)
        answers.push({ status: response.status, text: await response.text() })
      } catch (error) {
        answers.push({ error: String(error) })
      }
    }
    return answers
  }, requests)
}

describe.skipIf(!hasChromium)(
  'a HAR from the journal, replayed by routeFromHAR in Chromium',
  { timeout: 30_000 },
  () => {
    const browser = useChromium()
    let site: Awaited<ReturnType<typeof startAppSite>>
    let folder: string
    let exchanges: Exchange[]
    let har: Har
    let unredacted: Har
    let page: Page | undefined

    beforeAll(async () => {
      ;[site, folder] = await Promise.all([
        startAppSite(),
        mkdtemp(join(tmpdir(), 'understudy-har-')),
      ])
      const simulator = createSimulator({ seed: 'replay', now: NOW })
      exchanges = await recordExchanges(simulator.fetch, ROUTER, ACME)
      har = simulator.journal.toHAR()
      unredacted = simulator.journal.toHAR({}, { redact: false })
      await Promise.all([expectValidHar(har), expectValidHar(unredacted)])
    }, 60_000)
    afterEach(async () => {
      await page?.close()
      await browser.context.unrouteAll({ behavior: 'ignoreErrors' })
    })
    afterAll(async () => {
      await site?.close()
      if (folder) await rm(folder, { recursive: true, force: true })
    })

    /** Writes a HAR to a file, routes the services' URLs from it, and opens the site. */
    async function pageReplaying(document: Har, name: string): Promise<Page> {
      const file = join(folder, name)
      await writeFile(file, JSON.stringify(document))
      await browser.context.routeFromHAR(file, { url: SERVICES, notFound: 'abort' })
      page = await browser.context.newPage()
      await page.goto(`${site.url}/`)
      return page
    }

    it('answers the page’s fetches with the simulator’s statuses and bodies', async () => {
      const answers = await replayInPage(await pageReplaying(unredacted, 'replay.har'), exchanges)
      expect(answers).toEqual(exchanges.map(({ status, text }) => ({ status, text })))
      expect(exchanges.map((exchange) => exchange.status)).toEqual([200, 200, 404, 200, 200])
    })

    it('with the default redacted HAR, replays all but the POST whose body held a password', async () => {
      const answers = await replayInPage(await pageReplaying(har, 'redacted.har'), exchanges)
      expect(answers.slice(0, 4)).toEqual(
        exchanges.slice(0, 4).map(({ status, text }) => ({ status, text })),
      )
      // Not in the HAR as sent (its password reads [redacted]): aborted, as `notFound: 'abort'` says.
      expect(answers[4]).toEqual({ error: 'TypeError: Failed to fetch' })
    })
  },
)
