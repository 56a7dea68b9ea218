/**
 * Shared set-up of the browser tests: Debian's Chromium driven by playwright-core (no browser download), with a
 * fresh profile, headless, and loopback only; the example built into a temporary folder and served on 127.0.0.1;
 * screenshots kept under `artifacts/` for CI.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { createServer, type RequestListener } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type BrowserContext, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { CHROMIUM } from './chromium-binary.js'

export { hasChromium } from './chromium-binary.js'

/** Where screenshots go (git-ignored, kept by CI as artifacts). */
const ARTIFACTS = fileURLToPath(new URL('../../artifacts', import.meta.url))

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  // Loopback only: any request the service worker does not answer fails to resolve instead of leaving the machine.
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
]

/** A headless Chromium with a fresh user-data-dir; `close()` ends it and removes the profile. */
async function launchChromium(): Promise<{
  context: BrowserContext
  close(): Promise<void>
}> {
  const profile = await mkdtemp(join(tmpdir(), 'understudy-chromium-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    viewport: { width: 1280, height: 900 },
    timeout: 30_000,
  })
  return {
    context,
    async close() {
      await context.close()
      await rm(profile, { recursive: true, force: true })
    },
  }
}

/**
 * Launches Chromium (`launchChromium`) before the enclosing suite's tests and closes it after them (after the
 * suite's own `afterAll`, which closes its pages first). Read `context` in hooks and tests, once it has started.
 */
export function useChromium(): { readonly context: BrowserContext } {
  let browser: Awaited<ReturnType<typeof launchChromium>> | undefined
  beforeAll(async () => {
    browser = await launchChromium()
  }, 60_000)
  afterAll(async () => {
    await browser?.close()
  })
  return {
    get context() {
      if (!browser) throw new Error('Chromium starts in beforeAll')
      return browser.context
    },
  }
}

/**
 * A site for a page to start from: `handler` served on 127.0.0.1, on a free port (`url` has no trailing
 * slash); `close` ends its open connections too.
 */
export function startSite(
  handler: RequestListener,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer(handler)
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        // The browser may still hold keep-alive connections: end them too, or `close` waits for them.
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done())
            server.closeAllConnections()
          }),
      }),
    ),
  )
}

/** Collects what the page reports as errors, to print when a test fails. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`))
  page.on('console', (message) => {
    // A page without an icon: Chromium asks for /favicon.ico and reports its 404 on the console.
    if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico')) {
      errors.push(`console: ${message.text()} (${message.location().url})`)
    }
  })
  return errors
}

/** Saves a full-page screenshot as `artifacts/<name>.png`; resolves to its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(ARTIFACTS, { recursive: true })
  const path = join(ARTIFACTS, `${name}.png`)
  await page.screenshot({ path, fullPage: true })
  return path
}

/** The static server and build helpers of `examples/browser/` (plain .mjs, typed here). */
export interface ExampleTools {
  buildExample(options?: { outdir?: string }): Promise<string>
  startStaticServer(options?: {
    root?: string
    port?: number
  }): Promise<{ url: string; close(): Promise<void> }>
}

/** Loads `examples/browser/build.mjs` and `serve.mjs`. */
export async function exampleTools(): Promise<ExampleTools> {
  const dir = new URL('../../examples/browser/', import.meta.url)
  const [build, serve] = await Promise.all([
    import(new URL('build.mjs', dir).href) as Promise<Pick<ExampleTools, 'buildExample'>>,
    import(new URL('serve.mjs', dir).href) as Promise<Pick<ExampleTools, 'startStaticServer'>>,
  ])
  return { buildExample: build.buildExample, startStaticServer: serve.startStaticServer }
}
