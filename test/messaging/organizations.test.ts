import { getResponse } from 'msw'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createSimulator, type ScenarioDefinition } from '../../src/entries/index.js'
import { useSimulator } from '../../src/entries/node/index.js'
import { api, basic, errorText, messagingOptions } from './support.js'

const alpha = { email: 'admin@shared.example', key: 'AlphaAdmin0000000000000000000000' }
const beta = { email: 'admin@shared.example', key: 'BetaAdmin00000000000000000000000' }
const scenario: ScenarioDefinition = {
  name: 'organizations',
  messaging: {
    organizations: [
      {
        subdomain: 'alpha',
        name: 'Alpha',
        users: [
          {
            email: alpha.email,
            fullName: 'Alpha Admin',
            role: 'owner',
            canCreateUsers: true,
            apiKey: alpha.key,
          },
        ],
      },
      {
        subdomain: 'beta',
        name: 'Beta',
        featureLevel: 300,
        users: [
          {
            email: beta.email,
            fullName: 'Beta Admin',
            role: 'administrator',
            canCreateUsers: true,
            apiKey: beta.key,
          },
        ],
      },
    ],
  },
}
const simulator = useSimulator(
  { beforeAll, afterEach, afterAll },
  { ...messagingOptions, scenario },
)
const base = (subdomain: string) => `https://${subdomain}.zulipchat.com/api/v1`
const newUser = {
  email: 'same@shared.example',
  password: 'correct-horse',
  full_name: 'Same Person',
}

describe('organizations', () => {
  it('keeps users apart: the same address can exist in two organizations', async () => {
    expect(
      (await api('POST', '/users', { as: alpha, base: base('alpha'), form: newUser })).body,
    ).toEqual({ result: 'success', msg: '', user_id: 5 })
    expect(
      (await api('POST', '/users', { as: beta, base: base('beta'), form: newUser })).body,
    ).toEqual({ result: 'success', msg: '', user_id: 6 })
    expect(
      (await api('GET', '/users', { as: alpha, base: base('alpha') })).body.members.map(
        (m: { user_id: number }) => m.user_id,
      ),
    ).toEqual([1, 5])
    expect(simulator.messaging.apiKeyOf('alpha', newUser.email)).not.toBe(
      simulator.messaging.apiKeyOf('beta', newUser.email),
    )
  })

  it("refuses one organization's key on the other", async () => {
    const { status, text } = await api('GET', '/users', { as: alpha, base: base('beta') })
    expect([status, text]).toEqual([
      401,
      errorText('Account is not associated with this subdomain', 'UNAUTHORIZED'),
    ])
  })

  it("keeps messages apart: another organization's message id is invalid", async () => {
    const { body } = await api('POST', '/realm/test_welcome_bot_custom_message', {
      as: alpha,
      base: base('alpha'),
      form: { welcome_message_custom_text: 'hi' },
    })
    const path = `/messages/${body.message_id}`
    expect((await api('GET', path, { as: alpha, base: base('alpha') })).status).toBe(200)
    expect((await api('GET', path, { as: beta, base: base('beta') })).text).toBe(
      errorText('Invalid message(s)', 'BAD_REQUEST'),
    )
    // Message ids are the server's: alpha's onboarding messages come first, then beta's, then the test.
    const betaIds = simulator.messaging.messages('beta').map((message) => message.id)
    expect(betaIds).not.toContain(body.message_id)
    expect((await api('GET', '/messages/1', { as: beta, base: base('beta') })).text).toBe(
      errorText('Invalid message(s)', 'BAD_REQUEST'),
    )
    expect(
      (await api('GET', `/messages/${betaIds[0]}`, { as: beta, base: base('beta') })).status,
    ).toBe(200)
  })

  it('gives each organization its own feature level', async () => {
    expect(
      (await api('GET', '/server_settings', { as: null, base: base('alpha') })).body
        .zulip_feature_level,
    ).toBe(500)
    expect(
      (await api('GET', '/server_settings', { as: null, base: base('beta') })).body
        .zulip_feature_level,
    ).toBe(300)
    expect(
      (
        await api('POST', '/realm/test_welcome_bot_custom_message', {
          as: beta,
          base: base('beta'),
        })
      ).status,
    ).toBe(404)
  })

  it('shows organizations, accounts and credentials through the control interface', () => {
    expect(simulator.messaging.organizations()).toEqual([
      {
        subdomain: 'alpha',
        name: 'Alpha',
        baseUrl: 'https://alpha.zulipchat.com',
        featureLevel: 500,
        zulipVersion: '12.2',
        deactivated: false,
        users: [
          {
            userId: 1,
            email: alpha.email,
            fullName: 'Alpha Admin',
            role: 'owner',
            canCreateUsers: true,
            isActive: true,
            bot: null,
            botOwnerId: null,
            systemBot: false,
            apiKey: alpha.key,
            password: null,
            dateJoined: '2026-01-01T00:00:00.000Z',
          },
          {
            userId: 2,
            email: 'welcome-bot@zulip.com',
            fullName: 'Welcome Bot',
            role: 'member',
            canCreateUsers: false,
            isActive: true,
            bot: 'generic',
            botOwnerId: null,
            systemBot: true,
            apiKey: expect.stringMatching(/^[A-Za-z0-9]{32}$/),
            password: null,
            dateJoined: '2026-01-01T00:00:00.000Z',
          },
        ],
      },
      expect.objectContaining({
        subdomain: 'beta',
        baseUrl: 'https://beta.zulipchat.com',
        featureLevel: 300,
        zulipVersion: '10.0-dev+git',
      }),
    ])
    expect(simulator.messaging.baseUrlOf('beta')).toBe('https://beta.zulipchat.com')
    expect(simulator.messaging.apiKeyOf('alpha', 'ADMIN@shared.example')).toBe(alpha.key)
    expect(simulator.messaging.apiKeyOf('alpha', 'nobody@shared.example')).toBeUndefined()
    expect(() => simulator.messaging.users('gamma')).toThrow(
      'Failed to find the messaging organization "gamma"',
    )
  })

  it('answers an unknown organization as a subdomain without a realm, and leaves other hosts to other handlers', async () => {
    const request = (url: string) =>
      getResponse(
        simulator.handlers,
        new Request(url, { headers: { authorization: basic(alpha) } }),
      )
    // The service's host all the same: answered, never left to msw (which would pass it to the network).
    const unknown = await request('https://gamma.zulipchat.com/api/v1/users')
    expect([unknown?.status, await unknown?.text()]).toEqual([
      401,
      '{"result":"error","msg":"Account is not associated with this subdomain","code":"UNAUTHORIZED"}\n',
    ])
    expect(await request('https://zulipchat.com/api/v1/users')).toBeUndefined()
    expect(await request('https://a.b.zulipchat.com/api/v1/users')).toBeUndefined()
    expect(await request('https://alpha.zulipchat.com/login/')).toBeUndefined()
    expect((await request('https://alpha.zulipchat.com/api/v1/users'))?.status).toBe(200)
  })

  it('serves organizations under path prefixes, with everything below them on the server scope', async () => {
    const prefixed = createSimulator({
      seed: 2,
      scenario,
      messaging: { baseUrl: 'http://127.0.0.1:4999/messaging/{subdomain}' },
    })
    await prefixed.ready
    const send = (url: string, scope: 'in-process' | 'server' = 'server', init: RequestInit = {}) =>
      getResponse(prefixed.handlersFor(scope), new Request(url, init))
    const settings = await send('http://127.0.0.1:4999/messaging/beta/api/v1/server_settings')
    expect(((await (settings as Response).json()) as { realm_url: string }).realm_url).toBe(
      'http://127.0.0.1:4999/messaging/beta',
    )
    const login = await send('http://127.0.0.1:4999/messaging/alpha/api/v1/users', 'server', {
      headers: { accept: 'text/html' },
    })
    expect([login?.status, login?.headers.get('location')]).toEqual([
      302,
      '/messaging/alpha/login/?next=/messaging/alpha/api/v1/users',
    ])
    expect((await send('http://127.0.0.1:4999/messaging/alpha/'))?.status).toBe(404)
    expect(await send('http://127.0.0.1:4999/messaging/alpha/', 'in-process')).toBeUndefined()
    expect((await send('http://127.0.0.1:4999/messaging/gamma/api/v1/users'))?.status).toBe(401)
    expect(prefixed.messaging.organizations().map((o) => o.baseUrl)).toEqual([
      'http://127.0.0.1:4999/messaging/alpha',
      'http://127.0.0.1:4999/messaging/beta',
    ])
  })

  it('refuses a base URL template without exactly one {subdomain}', () => {
    expect(() => createSimulator({ messaging: { baseUrl: 'https://chat.example.com' } })).toThrow(
      '[understudy] Failed to create the messaging service: the base URL "https://chat.example.com" must contain {subdomain} exactly once.',
    )
    expect(() =>
      createSimulator({ messaging: { baseUrl: 'https://chat.example.com/?org={subdomain}' } }),
    ).toThrow('must have {subdomain} in its host or path')
  })

  it('refuses scenarios with clashing subdomains, keys or addresses', () => {
    const user = { email: 'a@x.example', fullName: 'A', apiKey: 'K'.repeat(32) }
    expect(() =>
      createSimulator({
        scenario: {
          name: 'clash',
          messaging: {
            organizations: [
              {
                subdomain: 'one',
                name: 'One',
                users: [user, { ...user, email: 'A@X.example', apiKey: 'L'.repeat(32) }],
              },
              { subdomain: 'one', name: 'Two', users: [{ ...user, email: 'b@x.example' }] },
            ],
          },
        },
      }),
    ).toThrow(
      '[understudy] Failed to load scenario "clash": messaging.organizations.0.users.1.email: is used by another user of the organization; messaging.organizations.1.subdomain: is used by another organization; messaging.organizations.1.users.0.apiKey: is used by another user.',
    )
  })
})
