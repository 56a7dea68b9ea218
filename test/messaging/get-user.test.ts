import { createHash } from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { useSimulator } from '../../src/entries/node/index.js'
import { accounts, api, errorText, messagingOptions, userObject } from './support.js'

const simulator = useSimulator(
  { beforeAll, afterEach, afterAll },
  {
    ...messagingOptions,
    scenario: {
      name: 'two-organizations',
      messaging: {
        organizations: [
          {
            subdomain: 'acme',
            name: 'Acme',
            emailAddressVisibility: 'everyone',
            users: [
              {
                email: 'desdemona@acme.example',
                fullName: 'Desdemona',
                role: 'owner',
                apiKey: accounts.desdemona.key,
              },
              {
                email: 'iago@acme.example',
                fullName: 'Iago',
                role: 'administrator',
                apiKey: accounts.iago.key,
              },
            ],
          },
          {
            subdomain: 'other',
            name: 'Other',
            users: [
              {
                email: 'iago@acme.example',
                fullName: 'Other Iago',
                role: 'member',
                apiKey: 'Other0000000000000000000000000000'.slice(0, 32),
              },
            ],
          },
        ],
      },
    },
  },
)
const noSuchUser = errorText('No such user', 'BAD_REQUEST')

describe('GET /users/{user_id}', () => {
  it('answers one account', async () => {
    const { status, body } = await api('GET', '/users/1')
    expect(status).toBe(200)
    expect(body).toEqual({
      result: 'success',
      msg: '',
      user: userObject(1, 'desdemona@acme.example', 'Desdemona', 100),
    })
  })

  it('answers No such user for Welcome Bot, a system bot of the internal realm', async () => {
    // The real server (442): `access_user_by_id` looks in the organization only.
    expect((await api('GET', '/users/3')).text).toBe(noSuchUser)
    expect((await api('GET', '/users/welcome-bot@zulip.com')).text).toBe(noSuchUser)
  })

  it("answers No such user for an unknown id and another organization's account", async () => {
    expect((await api('GET', '/users/99')).text).toBe(noSuchUser)
    expect((await api('GET', '/users/4')).text).toBe(noSuchUser)
    expect((await api('GET', '/users/123456789012345678901234567890')).text).toBe(noSuchUser)
  })

  it('validates its parameters in the view signature order of the level (as the real 384 and 442 do)', async () => {
    const both = '/users/2?client_gravatar=maybe&include_custom_profile_fields=1'
    expect((await api('GET', both)).text).toBe(
      errorText('client_gravatar is not valid JSON', 'BAD_REQUEST'),
    )
    simulator.messaging.setFeatureLevel('acme', 384)
    expect((await api('GET', both)).text).toBe(
      errorText('include_custom_profile_fields is not a boolean', 'BAD_REQUEST'),
    )
  })

  it('reads leading zeros as the number', async () => {
    expect((await api('GET', '/users/0002')).body.user.user_id).toBe(2)
  })

  it('answers the HTML 404 for a trailing slash', async () => {
    expect((await api('GET', '/users/1/')).status).toBe(404)
    expect((await api('GET', '/users/')).status).toBe(404)
  })
})

describe('GET /users/{email}', () => {
  it('answers the account with the address, whatever its case', async () => {
    const { body } = await api('GET', '/users/IAGO@acme.example')
    expect(body).toEqual({
      result: 'success',
      msg: '',
      user: userObject(2, 'iago@acme.example', 'Iago', 200),
    })
    expect((await api('GET', '/users/iago%40acme.example')).body.user.user_id).toBe(2)
  })

  it('answers No such user for an unknown address', async () => {
    expect((await api('GET', '/users/nobody@acme.example')).text).toBe(noSuchUser)
  })
})

describe('GET /users/me', () => {
  it("answers the caller's own user object with its Gravatar URL and max_message_id", async () => {
    const { body } = await api('GET', '/users/me')
    const hash = createHash('md5').update('iago@acme.example').digest('hex')
    expect(body).toEqual({
      result: 'success',
      msg: '',
      ...userObject(2, 'iago@acme.example', 'Iago', 200, {
        avatar_url: `https://secure.gravatar.com/avatar/${hash}?d=identicon&version=1`,
        profile_data: {},
      }),
      // The onboarding: acme's channel messages 1 to 11, greetings to Desdemona (12) and Iago (13), then
      // the other organization's 14 to 25.
      max_message_id: 13,
    })
    await api('POST', '/realm/test_welcome_bot_custom_message', {
      form: { welcome_message_custom_text: 'hi' },
    })
    expect((await api('GET', '/users/me')).body.max_message_id).toBe(26)
  })
  // The real 384 and 442 servers (oracle round 2, r2-reads [47] [48]) answer `?bogus=1` and `?client_gravatar=false`
  // with the plain user object: `get_profile_backend` is no typed_endpoint, so it lists no ignored parameters.
  it('lists no ignored parameters, as the real plain view', async () => {
    const plain = await api('GET', '/users/me')
    for (const query of [
      '?bogus=1',
      '?client_gravatar=false&include_custom_profile_fields=false',
    ]) {
      const answer = await api('GET', `/users/me${query}`)
      expect(answer.status).toBe(200)
      expect(answer.text).toBe(plain.text)
      expect(answer.text.endsWith('"max_message_id":13}\n')).toBe(true)
    }
  })

  it('DELETE /users/me lists no ignored parameters either', async () => {
    const answer = await api('DELETE', '/users/me?bogus=1', { form: { other: 'x' } })
    expect(answer.status).toBe(200)
    expect(answer.text).toBe('{"result":"success","msg":""}\n')
  })
})
