/**
 * With a control token, the inspector opens from a link: `GET /__understudy/inspector?token=<token>`
 * serves the page and sets an `HttpOnly; SameSite=Strict; Path=/__understudy` cookie that authenticates
 * the page's own calls. No other control route takes the query token. (In Chromium:
 * `test/browser/inspector-token.test.ts`.)
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { startServer } from '../../src/server/index.js'
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
  it('serves the page and sets the session cookie', async () => {
    const page = await send(inspector(TOKEN))
    expect([page.status, page.headers['content-type']]).toEqual([200, 'text/html; charset=utf-8'])
    expect(page.body).toContain('<title>Understudy inspector</title>')
    const [cookie] = page.headers['set-cookie'] as string[]
    expect(cookie).toMatch(
      new RegExp(
        `^understudy_control_${port}=[0-9a-f]{64}; HttpOnly; SameSite=Strict; Path=/__understudy$`,
      ),
    )
    // The cookie holds a secret of this run, not the token.
    expect(cookie).not.toContain(encodeURIComponent(TOKEN))
    // A trailing slash is the same page.
    expect(
      (await send(`${server.url}/__understudy/inspector/?token=${encodeURIComponent(TOKEN)}`))
        .status,
    ).toBe(200)
  })

  it('lets the page call the control surface with the cookie alone', async () => {
    const cookie = ((await send(inspector(TOKEN))).headers['set-cookie'] as string[])[0]?.split(
      ';',
      1,
    )[0] as string
    const state = await send(`${server.url}/__understudy/state`, {
      headers: { cookie: `other=1; ${cookie}` },
    })
    expect(state.status).toBe(200)
    const reset = await send(`${server.url}/__understudy/reset`, {
      method: 'POST',
      headers: { cookie, origin: server.url },
    })
    expect([reset.status, reset.body]).toEqual([200, '{"scenario":"default"}'])
    // The cookie does not open the control surface to another origin.
    const foreign = await send(`${server.url}/__understudy/reset`, {
      method: 'POST',
      headers: { cookie, origin: 'http://127.0.0.1:5500' },
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
    const forged = await send(`${server.url}/__understudy/state`, {
      headers: { cookie: `understudy_control_${port}=${'0'.repeat(64)}` },
    })
    expect(forged.status).toBe(401)
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
