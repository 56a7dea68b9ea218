/**
 * In Chromium, the inspector of a server with a control token opens from its link
 * (`/__understudy/inspector?token=<token>`), shows the state and acts with the token from its own
 * address; it leaves no cookie (which the browser would send to every other port of the host).
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useServer } from '../support/server.js'
import { NOW } from '../support/time.js'
import { hasChromium, screenshot, useChromium, watchErrors } from './support.js'

const TOKEN = 'open sesame'

describe.skipIf(!hasChromium)('in Chromium', { timeout: 30_000 }, () => {
  const browser = useChromium()
  const server = useServer({ controlToken: TOKEN, seed: 'inspector-token', now: NOW })
  let page: Page
  let errors: string[]
  beforeAll(async () => {
    page = await browser.context.newPage()
    errors = watchErrors(page)
  }, 60_000)
  afterAll(async () => {
    await page?.close()
  })

  it('opens from the link with the token and shows the state', async () => {
    const state = page.waitForResponse((response) => response.url().endsWith('/__understudy/state'))
    const opened = await page.goto(
      `${server.url}/__understudy/inspector?token=${encodeURIComponent(TOKEN)}`,
    )
    expect(opened?.status()).toBe(200)
    expect((await state).status()).toBe(200)
    await page.locator('#scenario', { hasText: 'default' }).waitFor()
    expect(await page.locator('#error').innerText()).toBe('')
    await screenshot(page, 'inspector-token')
  })

  it('leaves no cookie in the browser', async () => {
    expect(await browser.context.cookies()).toEqual([])
  })

  it("acts through the control surface: the page's reset is accepted", async () => {
    server.simulator.faults.inject({ status: 503 })
    const reset = page.waitForResponse((response) => response.url().endsWith('/__understudy/reset'))
    await page.locator('#reset').click()
    expect((await reset).status()).toBe(200)
    expect(server.simulator.faults.list()).toEqual([])
    expect(errors).toEqual([])
  })

  it('keeps working after a reload (the token stays in the address), and opens nothing else', async () => {
    const state = page.waitForResponse((response) => response.url().endsWith('/__understudy/state'))
    await page.reload()
    expect((await state).status()).toBe(200)
    // The browser holds nothing that opens another control route.
    expect((await page.goto(`${server.url}/__understudy/state`))?.status()).toBe(401)
  })

  it('answers 401 for a wrong token', async () => {
    await browser.context.clearCookies()
    const refused = await page.goto(`${server.url}/__understudy/inspector?token=wrong`)
    expect(refused?.status()).toBe(401)
    expect(await browser.context.cookies(server.url)).toEqual([])
  })
})
