/**
 * In Chromium, the inspector of a server with a control token opens from its link
 * (`/__understudy/inspector?token=<token>`), shows the state and acts; its cookie (`HttpOnly`,
 * `SameSite=Strict`, `Path=/__understudy`) then authenticates the control surface for this browser.
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

  it('sets an HttpOnly, SameSite=Strict cookie for /__understudy only', async () => {
    const cookies = await browser.context.cookies(`${server.url}/__understudy/state`)
    const port = new URL(server.url).port
    expect(
      cookies.map(({ name, path, httpOnly, sameSite }) => ({ name, path, httpOnly, sameSite })),
    ).toEqual([
      {
        name: `understudy_control_${port}`,
        path: '/__understudy',
        httpOnly: true,
        sameSite: 'Strict',
      },
    ])
    expect(await browser.context.cookies(`${server.url}/router/api/v1/presets`)).toEqual([])
    // Not readable by the page's scripts.
    expect(await page.evaluate(() => document.cookie)).toBe('')
  })

  it("acts through the control surface: the page's reset is accepted", async () => {
    server.simulator.faults.inject({ status: 503 })
    const reset = page.waitForResponse((response) => response.url().endsWith('/__understudy/reset'))
    await page.locator('#reset').click()
    expect((await reset).status()).toBe(200)
    expect(server.simulator.faults.list()).toEqual([])
    expect(errors).toEqual([])
  })

  it('lets this browser open other control routes with the cookie alone, and no one else', async () => {
    const state = await page.goto(`${server.url}/__understudy/state`)
    expect(state?.status()).toBe(200)
    expect(Object.keys(JSON.parse(await page.locator('body').innerText()))).toContain('scenario')
    // Without the cookie (Node's fetch), the same route is refused.
    expect((await fetch(`${server.url}/__understudy/state`)).status).toBe(401)
  })

  it('answers 401 for a wrong token', async () => {
    await browser.context.clearCookies()
    const refused = await page.goto(`${server.url}/__understudy/inspector?token=wrong`)
    expect(refused?.status()).toBe(401)
    expect(await browser.context.cookies(server.url)).toEqual([])
  })
})
