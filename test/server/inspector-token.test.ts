/**
 * With a control token, the inspector opens from a link: `GET /__understudy/inspector?token=<token>`
 * serves the page, whose script sends the token from its own address on each call. No cookie: a browser
 * sends a host's cookies to every port of it, so another local server would receive one and could replay
 * it. No other control route takes the query token. (In Chromium: `test/browser/inspector-token.test.ts`.)
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { startServer } from '../../src/entries/server/index.js'
import { useServer } from '../support/server.js'
import { problem, send } from './support.js'

const TOKEN = 's3cret t0ken;='
const server = useServer({ controlToken: TOKEN })
let port: string
beforeAll(() => {
  port = new URL(server.url).port
})

const inspector = (token: string) =>
  `${server.url}/__understudy/inspector?token=${encodeURIComponent(token)}`
const UNAUTHORIZED = problem('The control surface needs the control token.')

describe('the inspector link with a token', () => {
  it('serves the page and sets no cookie, which another port of the host would receive', async () => {
    const page = await send(inspector(TOKEN))
    expect([page.status, page.headers['content-type']]).toEqual([200, 'text/html; charset=utf-8'])
    expect(page.body).toContain('<title>Understudy inspector</title>')
    // Whatever the answer hands the browser, the browser hands every port of the host: replayed from
    // there (a server on 5173 would get it with its own requests), it opens nothing.
    const handed = ((page.headers['set-cookie'] as string[] | undefined) ?? [])
      .map((cookie) => cookie.split(';', 1)[0])
      .join('; ')
    const replayed = await send(`${server.url}/__understudy/snapshot`, {
      headers: handed === '' ? {} : { cookie: handed },
    })
    expect(replayed.status).toBe(401)
    expect(page.headers['set-cookie']).toBeUndefined()
    // A trailing slash is the same page.
    expect(
      (await send(`${server.url}/__understudy/inspector/?token=${encodeURIComponent(TOKEN)}`))
        .status,
    ).toBe(200)
  })

  it('no cookie opens the control surface, whatever its name or value', async () => {
    // What a server on another port of the host could have received from the browser and replay.
    for (const cookie of [
      `understudy_control_${port}=${'0'.repeat(64)}`,
      `understudy_control=${encodeURIComponent(TOKEN)}`,
      `token=${encodeURIComponent(TOKEN)}`,
    ]) {
      const state = await send(`${server.url}/__understudy/state`, { headers: { cookie } })
      expect([cookie, state.status]).toEqual([cookie, 401])
    }
  })

  it("authenticates the page's calls by the token its script sends from the page's address", async () => {
    const page = await send(inspector(TOKEN))
    expect(page.body).toMatch(/new URLSearchParams\(location\.search\)\.get\(["']token["']\)/)
    const reset = await send(`${server.url}/__understudy/reset`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, origin: server.url },
    })
    expect([reset.status, reset.body]).toEqual([200, '{"scenario":"default"}'])
    // Not from another origin, even with the token.
    const foreign = await send(`${server.url}/__understudy/reset`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, origin: 'http://127.0.0.1:5500' },
    })
    expect(foreign.status).toBe(403)
  })

  it('keeps the Authorization header working', async () => {
    const state = await send(`${server.url}/__understudy/state`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    })
    expect(state.status).toBe(200)
  })

  it('answers 401 for a wrong token, a forged cookie, or the query token on any other route', async () => {
    const wrong = await send(inspector('wrong'))
    expect([wrong.status, wrong.body, wrong.headers['set-cookie']]).toEqual([
      401,
      UNAUTHORIZED,
      undefined,
    ])
    for (const path of ['', '/state', '/journal', '/inspector/x']) {
      const reply = await send(
        `${server.url}/__understudy${path}?token=${encodeURIComponent(TOKEN)}`,
      )
      expect([path, reply.status, reply.body]).toEqual([path, 401, UNAUTHORIZED])
    }
    const post = await send(`${server.url}/__understudy/reset?token=${encodeURIComponent(TOKEN)}`, {
      method: 'POST',
    })
    expect(post.status).toBe(401)
  })

  it('sets no cookie on a server without a token', async () => {
    const open = await startServer({ port: 0 })
    try {
      const page = await send(`${open.url}/__understudy/inspector?token=anything`)
      expect([page.status, page.headers['set-cookie']]).toEqual([200, undefined])
    } finally {
      await open.close()
    }
  })
})
