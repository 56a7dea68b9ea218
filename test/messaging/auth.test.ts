import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { scenarios } from '../../src/entries/index.js'
import { useSimulator } from '../../src/entries/node/index.js'
import { type Account, accounts, api, basic, errorText, messagingOptions } from './support.js'

const beta = {
  admin: { email: 'admin@beta.example', key: 'BetaAdmin00000000000000000000000' },
  hook: { email: 'hook-bot@beta.example', key: 'BetaHook000000000000000000000000' },
}
const closed = {
  admin: { email: 'admin@closed.example', key: 'ClosedAdmin000000000000000000000' },
  former: { email: 'former@closed.example', key: 'ClosedFormer00000000000000000000' },
}

useSimulator(
  { beforeAll, afterEach, afterAll },
  {
    ...messagingOptions,
    scenario: {
      name: 'auth',
      messaging: {
        organizations: [
          ...(scenarios.default.messaging?.organizations ?? []),
          {
            subdomain: 'beta',
            name: 'Beta',
            users: [
              {
                email: beta.admin.email,
                fullName: 'Admin',
                role: 'administrator',
                canCreateUsers: true,
                apiKey: beta.admin.key,
              },
              {
                email: beta.hook.email,
                fullName: 'Hook',
                role: 'administrator',
                bot: 'incoming-webhook',
                apiKey: beta.hook.key,
              },
            ],
          },
          {
            subdomain: 'closed',
            name: 'Closed',
            deactivated: true,
            users: [
              {
                email: closed.admin.email,
                fullName: 'Admin',
                role: 'owner',
                apiKey: closed.admin.key,
              },
              {
                email: closed.former.email,
                fullName: 'Former',
                role: 'member',
                isActive: false,
                apiKey: closed.former.key,
              },
            ],
          },
        ],
      },
    },
  },
)

const b64 = (text: string | Uint8Array) => Buffer.from(text).toString('base64')
const getUsers = (
  authorization: string | undefined,
  base?: string,
  headers: Record<string, string> = {},
) =>
  api('GET', '/users', {
    as: null,
    base,
    headers: authorization === undefined ? headers : { ...headers, authorization },
  })
const unauthorized = (msg: string) => errorText(msg, 'UNAUTHORIZED')
const expect401 = async (response: Promise<Awaited<ReturnType<typeof api>>>, msg: string) => {
  const { status, text, headers } = await response
  expect([status, text, headers.get('www-authenticate')]).toEqual([
    401,
    unauthorized(msg),
    'Basic realm="zulip"',
  ])
}

describe('Basic authentication', () => {
  it('answers 401 Not logged in without an Authorization header, on both endpoints', async () => {
    await expect401(
      getUsers(undefined),
      'Not logged in: API authentication or user session required',
    )
    await expect401(
      api('POST', '/realm/test_welcome_bot_custom_message', {
        as: null,
        form: { welcome_message_custom_text: 'x' },
      }),
      'Not logged in: API authentication or user session required',
    )
  })

  it('redirects a client that prefers HTML to the login page', async () => {
    for (const accept of [
      'text/html',
      'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
      'application/json;q=0.5, text/html',
    ]) {
      const response = await fetch('https://acme.zulipchat.com/api/v1/users', {
        headers: { accept },
        redirect: 'manual',
      })
      expect([accept, response.status, response.headers.get('location')]).toEqual([
        accept,
        302,
        '/login/?next=/api/v1/users',
      ])
    }
    for (const accept of ['application/json, text/html', '*/*', 'image/png', 'text/html;q=0']) {
      await expect401(
        getUsers(undefined, undefined, { accept }),
        'Not logged in: API authentication or user session required',
      )
    }
  })

  it('answers 401 for a header that is not two tokens', async () => {
    for (const value of ['', 'Basic', `Basic ${b64('a:b')} extra`]) {
      await expect401(getUsers(value), 'Invalid authorization header for basic auth')
    }
  })

  it('answers 400 for another scheme, without WWW-Authenticate', async () => {
    for (const value of [
      `Digest ${b64(`${accounts.iago.email}:${accounts.iago.key}`)}`,
      'Bearer x',
    ]) {
      const { status, text, headers } = await getUsers(value)
      expect([status, text, headers.get('www-authenticate')]).toEqual([
        400,
        errorText('This endpoint requires HTTP basic authentication.', 'BAD_REQUEST'),
        null,
      ])
    }
  })

  it('accepts the scheme in any case and whitespace around the e-mail and key', async () => {
    expect(
      (await getUsers(`BASIC ${b64(`${accounts.iago.email}:${accounts.iago.key}`)}`)).status,
    ).toBe(200)
    expect(
      (await getUsers(`basic ${b64(` IAGO@ACME.example :\t${accounts.iago.key} `)}`)).status,
    ).toBe(200)
  })

  it('answers 401 for credentials that do not decode to one e-mail and one key', async () => {
    const values = [
      `Basic ${b64('foo')}`,
      `Basic ${b64('a:b:c')}`,
      'Basic aWFnbzprZXk',
      `Basic ${b64(new Uint8Array([0xff, 0x3a, 0x41]))}`,
      'Basic ====',
    ]
    for (const value of values)
      await expect401(getUsers(value), 'Invalid authorization header for basic auth')
  })

  it('answers 401 Malformed API key for a key that is not 32 alphanumerics', async () => {
    for (const key of [
      '',
      'short',
      `${accounts.iago.key}x`,
      `${accounts.iago.key.slice(0, 31)}-`,
    ]) {
      await expect401(getUsers(basic({ email: accounts.iago.email, key })), 'Malformed API key')
    }
  })

  it("answers 401 Invalid API key for an unknown key or another user's key", async () => {
    await expect401(
      getUsers(basic({ email: accounts.iago.email, key: 'A'.repeat(32) })),
      'Invalid API key',
    )
    await expect401(
      getUsers(basic({ email: accounts.othello.email, key: accounts.iago.key })),
      'Invalid API key',
    )
    await expect401(
      getUsers(basic({ email: 'nobody@acme.example', key: accounts.iago.key })),
      'Invalid API key',
    )
  })

  it('answers 401 for a deactivated organization before a deactivated user', async () => {
    const base = 'https://closed.zulipchat.com/api/v1'
    await expect401(getUsers(basic(closed.admin), base), 'This organization has been deactivated')
    await expect401(getUsers(basic(closed.former), base), 'This organization has been deactivated')
    await expect401(getUsers(basic(closed.admin)), 'This organization has been deactivated')
  })

  it('answers 401 Account is deactivated for a deactivated user', async () => {
    await expect401(getUsers(basic(accounts.cordelia)), 'Account is deactivated')
  })

  it("answers 401 for another organization's key and for Welcome Bot's key", async () => {
    await expect401(getUsers(basic(beta.admin)), 'Account is not associated with this subdomain')
    await expect401(
      getUsers(basic(accounts.iago), 'https://beta.zulipchat.com/api/v1'),
      'Account is not associated with this subdomain',
    )
    await expect401(
      getUsers(basic(accounts.welcomeBot)),
      'Account is not associated with this subdomain',
    )
  })

  it('answers 401 to an incoming-webhook bot', async () => {
    await expect401(
      getUsers(basic(beta.hook), 'https://beta.zulipchat.com/api/v1'),
      'This API is not available to incoming webhook bots.',
    )
    expect((await getUsers(basic(beta.admin), 'https://beta.zulipchat.com/api/v1')).status).toBe(
      200,
    )
  })

  it('resolves the URL and the method before authenticating', async () => {
    const notFound = await api('GET', '/nonexistent', { as: null })
    expect([notFound.status, notFound.headers.get('content-type')]).toEqual([
      404,
      'text/html; charset=utf-8',
    ])
    expect(notFound.text).toContain('<title>Page not found | Zulip</title>')
    const patch = await api('PATCH', '/users', { as: null })
    expect([patch.status, patch.text, patch.headers.get('allow')]).toEqual([
      405,
      '{"result":"error","msg":"Method Not Allowed","allowed_methods":["GET","POST","HEAD"]}',
      'GET, POST, HEAD',
    ])
    const options = await api('OPTIONS', '/users', { as: null })
    expect([options.status, options.text, options.headers.get('allow')]).toEqual([
      204,
      '',
      'GET, HEAD, POST',
    ])
    const welcome = await api('OPTIONS', '/realm/test_welcome_bot_custom_message', { as: null })
    expect([welcome.status, welcome.headers.get('allow')]).toEqual([204, 'POST'])
  })

  it('answers the HTML 404 for paths outside /api/v1 and for /api/v1 itself', async () => {
    for (const url of [
      'https://acme.zulipchat.com/api/nonexistent',
      'https://acme.zulipchat.com/api/v1/',
      'https://acme.zulipchat.com/api/v1/Users',
    ]) {
      const response = await fetch(url, {
        headers: { authorization: basic(accounts.iago as Account) },
      })
      expect([url, response.status]).toEqual([url, 404])
    }
  })
})
