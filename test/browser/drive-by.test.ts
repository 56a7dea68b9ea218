/**
 * In Chromium, a page of another origin (another port of 127.0.0.1, the "any other localhost tab" case):
 * it cannot reset the standalone server or arm a fault through the control surface, neither with
 * `fetch(..., { mode: 'no-cors' })` nor with a form, and cannot read the control surface; with
 * `cors: true` it can call the simulated services with `Authorization` and read their answers, and by
 * default it cannot.
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer } from '../../src/entries/server/index.js'
import { keys } from '../support/credentials.js'
import { useServer } from '../support/server.js'
import { NOW } from '../support/time.js'
import { hasChromium, startSite, useChromium } from './support.js'

/** A page of another origin: a blank HTML page served on another port of 127.0.0.1. */
const otherOrigin = () =>
  startSite((_, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end(
      '<!doctype html><title>another app</title><link rel="icon" href="data:,"><body></body>',
    )
  })

describe.skipIf(!hasChromium)('in Chromium', { timeout: 30_000 }, () => {
  const browser = useChromium()
  let other: Awaited<ReturnType<typeof otherOrigin>>
  let page: Page
  beforeAll(async () => {
    other = await otherOrigin()
    page = await browser.context.newPage()
    await page.goto(`${other.url}/`)
  }, 60_000)
  afterAll(async () => {
    await page?.close()
    await other?.close()
  })

  describe('a page of another origin and the control surface', () => {
    const server = useServer({ seed: 'drive-by', now: NOW })

    it('cannot reset the server or arm a fault, with no-cors fetches or forms', async () => {
      const created = await fetch(`${server.services.router}/presets/kept/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${keys.inference}`, 'content-type': 'application/json' },
        body: JSON.stringify({ messages: [{ role: 'system', content: 'Stay.' }] }),
      })
      expect(created.status).toBe(200)
      const statuses: string[] = []
      page.on('response', (response) => {
        if (response.url().includes('/__understudy'))
          statuses.push(
            `${response.request().method()} ${new URL(response.url()).pathname} ${response.status()}`,
          )
      })

      const control = `${server.url}/__understudy`
      const outcomes = await page.evaluate(async (control) => {
        const fault = JSON.stringify({ status: 503 })
        const tries: Array<[string, () => Promise<unknown>]> = [
          [
            'no-cors text/plain reset',
            () => fetch(`${control}/reset`, { method: 'POST', mode: 'no-cors', body: '{}' }),
          ],
          [
            'no-cors text/plain fault',
            () => fetch(`${control}/faults`, { method: 'POST', mode: 'no-cors', body: fault }),
          ],
          [
            'no-cors reset without body',
            () => fetch(`${control}/reset`, { method: 'POST', mode: 'no-cors' }),
          ],
          [
            'no-cors fault as an untyped blob',
            () =>
              fetch(`${control}/faults`, {
                method: 'POST',
                mode: 'no-cors',
                body: new Blob([fault]),
              }),
          ],
          ['cors read of discovery', () => fetch(control).then((response) => response.text())],
          [
            'cors JSON fault',
            () =>
              fetch(`${control}/faults`, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: fault,
              }),
          ],
        ]
        const out: string[] = []
        for (const [name, attempt] of tries) {
          try {
            const result = await attempt()
            out.push(
              `${name}: ${result instanceof Response ? `opaque ${result.type}` : `read ${String(result).slice(0, 40)}`}`,
            )
          } catch (error) {
            out.push(`${name}: ${(error as Error).name}`)
          }
        }
        // Forms, posted into a hidden frame: urlencoded to /reset, and the text/plain JSON trick to /faults.
        const frame = document.createElement('iframe')
        frame.name = 'sink'
        document.body.append(frame)
        const submit = (action: string, enctype: string, name: string, value: string) =>
          new Promise<void>((resolve) => {
            const form = document.createElement('form')
            Object.assign(form, { method: 'POST', action, enctype, target: 'sink' })
            const input = Object.assign(document.createElement('input'), { name, value })
            form.append(input)
            document.body.append(form)
            frame.addEventListener('load', () => resolve(), { once: true })
            form.submit()
          })
        await submit(`${control}/reset`, 'application/x-www-form-urlencoded', 'a', 'b')
        await submit(`${control}/faults`, 'text/plain', '{"status":503,"x":"', '"}')
        return out
      }, control)

      expect(outcomes).toEqual([
        'no-cors text/plain reset: opaque opaque',
        'no-cors text/plain fault: opaque opaque',
        'no-cors reset without body: opaque opaque',
        'no-cors fault as an untyped blob: opaque opaque',
        'cors read of discovery: TypeError',
        // A JSON body needs a preflight, which the control surface does not answer as CORS.
        'cors JSON fault: TypeError',
      ])
      // Every request that reached the server was refused, and nothing changed.
      expect(statuses.filter((line) => !line.endsWith(' 403'))).toEqual([])
      expect(statuses.length).toBeGreaterThanOrEqual(6)
      expect(server.simulator.faults.list()).toEqual([])
      const router = server.simulator.router
      expect(
        router.workspaces().flatMap((workspace) => router.presets(workspace.id).map((p) => p.slug)),
      ).toEqual(['kept'])
    })
  })

  describe('a page of another origin and the simulated services', () => {
    /** From the page: list presets with Authorization and credentials, then create one. */
    const call = (router: string) =>
      page.evaluate(
        async ([router, key]) => {
          try {
            const list = await fetch(`${router}/presets`, {
              headers: { authorization: `Bearer ${key}` },
              credentials: 'include',
            })
            const created = await fetch(`${router}/presets/from-page/chat/completions`, {
              method: 'POST',
              headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
              body: JSON.stringify({ messages: [{ role: 'system', content: 'Hi' }] }),
            })
            return [
              `${list.status} ${await list.text()}`,
              `${created.status} ${(await created.json()).data.slug}`,
            ]
          } catch (error) {
            return [(error as Error).message]
          }
        },
        [router, keys.inference],
      )

    it('calls them with Authorization and reads the answers when cors is on', async () => {
      const server = await startServer({ port: 0, cors: true, seed: 'drive-by', now: NOW })
      try {
        expect(await call(server.services.router)).toEqual([
          '200 {"data":[],"total_count":0}',
          '200 from-page',
        ])
        // An injected 503: the page reads its retry header (exposed).
        server.simulator.faults.inject({ service: 'router', status: 503, times: 1 })
        const busy = await page.evaluate(
          async ([router, key]) => {
            const response = await fetch(`${router}/presets`, {
              headers: { authorization: `Bearer ${key}` },
            })
            return `${response.status} ${response.headers.get('retry-after-ms')}`
          },
          [server.services.router, keys.inference],
        )
        expect(busy).toMatch(/^503 [0-9]+$/)
      } finally {
        await server.close()
      }
    })

    it('cannot call them by default', async () => {
      const server = await startServer({ port: 0, seed: 'drive-by', now: NOW })
      try {
        expect(await call(server.services.router)).toEqual(['Failed to fetch'])
      } finally {
        await server.close()
      }
    })
  })
})
