/**
 * A subdomain no organization has is still the service's host: it is answered as a real Zulip server answers a
 * subdomain without a realm (its API authentication refuses every account, `server_settings` says `Invalid
 * subdomain`), so a typo in a test's organization URL never reaches the real zulipchat.com. What the simulator
 * does not answer is msw's unhandled request (refused here with `error`), never a request msw passes on.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { setupSimulator } from '../../src/entries/node/index.js'
import { accounts, basic, messagingOptions } from './support.js'

const node = setupSimulator({ ...messagingOptions, onUnhandledRequest: 'error' })
const unhandled: string[] = []
const bypassed: string[] = []
beforeAll(() => {
  node.server.events.on('request:unhandled', ({ request }) => unhandled.push(request.url))
  node.server.events.on('response:bypass', ({ request }) => bypassed.push(request.url))
  node.listen()
})
afterEach(() => node.reset())
afterAll(() => node.close())

const NOSUCH = 'https://nosuch.zulipchat.com'
const unauthorized = (msg: string) => `{"result":"error","msg":"${msg}","code":"UNAUTHORIZED"}\n`

async function call(url: string, init: RequestInit = {}) {
  const response = await fetch(url, init)
  return { status: response.status, body: await response.text() }
}

describe('an organization no scenario has', () => {
  it('answers its API from authentication: every account belongs to another organization', async () => {
    expect(
      await call(`${NOSUCH}/api/v1/users`, { headers: { authorization: basic(accounts.iago) } }),
    ).toEqual({ status: 401, body: unauthorized('Account is not associated with this subdomain') })
    expect(
      await call(`${NOSUCH}/api/v1/users`, {
        headers: { authorization: basic({ email: 'x@nosuch.example', key: 'A'.repeat(32) }) },
      }),
    ).toEqual({ status: 401, body: unauthorized('Invalid API key') })
    expect(await call(`${NOSUCH}/api/v1/users`, { method: 'POST' })).toEqual({
      status: 401,
      body: unauthorized('Not logged in: API authentication or user session required'),
    })
  })

  it('answers server_settings 400 Invalid subdomain', async () => {
    expect(await call(`${NOSUCH}/api/v1/server_settings`)).toEqual({
      status: 400,
      body: '{"result":"error","msg":"Invalid subdomain","code":"BAD_REQUEST"}\n',
    })
  })
})

describe('a URL beside the ones the simulator answers', () => {
  it('is answered, or is msw’s unhandled request; none goes to the network', async () => {
    const urls = [
      `${NOSUCH}/api/v1/users/me`,
      `https://${'a'.repeat(63)}.zulipchat.com/api/v1/users`,
      `https://${'a'.repeat(64)}.zulipchat.com/api/v1/users`,
      'https://acme.zulipchat.com/',
      'https://acme.zulipchat.com/apix',
      'https://openrouter.ai/api/v1/presetsx',
      'https://openrouter.ai/api/v1/chat/completions/x',
    ]
    const outcomes: string[] = []
    for (const url of urls) {
      try {
        outcomes.push(String((await fetch(url)).status))
      } catch (error) {
        const cause = (error as { cause?: { code?: string; message?: string } }).cause
        outcomes.push(cause?.code ?? 'msw refused')
      }
    }
    expect(outcomes).toEqual([
      '401',
      '401',
      'msw refused',
      'msw refused',
      'msw refused',
      'msw refused',
      'msw refused',
    ])
    expect(unhandled).toEqual(urls.slice(2))
    expect(bypassed).toEqual([])
  })
})
