import { createHash } from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { useSimulator } from '../../src/node/index.js'
import { accounts, api, errorText, JOINED, messagingOptions, userObject } from './support.js'

const simulator = useSimulator({ beforeAll, afterEach, afterAll }, messagingOptions)
const gravatar = (email: string) =>
  `https://secure.gravatar.com/avatar/${createHash('md5').update(email.toLowerCase()).digest('hex')}?d=identicon&version=1`

const provisioner = {
  ...userObject(6, 'provisioner-bot@acme.example', 'Provisioner', 200),
  is_bot: true,
  bot_type: 1,
  bot_owner_id: 1,
}
const members = [
  userObject(1, 'desdemona@acme.example', 'Desdemona', 100),
  userObject(2, 'iago@acme.example', 'Iago', 200),
  userObject(3, 'othello@acme.example', 'Othello', 200),
  userObject(4, 'hamlet@acme.example', 'King Hamlet', 400),
  userObject(5, 'cordelia@acme.example', 'Cordelia', 400, { is_active: false }),
  provisioner,
]

describe('GET /users', () => {
  it('lists every account of the organization, deactivated users and bots included, system bots left out', async () => {
    const { status, body } = await api('GET', '/users', { as: accounts.hamlet })
    expect(status).toBe(200)
    expect(body).toEqual({ result: 'success', msg: '', members })
  })

  it('shows a created user', async () => {
    simulator.clock.set('2026-03-04T05:06:07.089Z')
    await api('POST', '/users', {
      form: { email: 'romeo@acme.example', password: 'correct-horse', full_name: 'Romeo' },
    })
    const { body } = await api('GET', '/users')
    expect(body.members.at(-1)).toEqual(
      userObject(8, 'romeo@acme.example', 'Romeo', 400, {
        date_joined: '2026-03-04T05:06:07.089000+00:00',
      }),
    )
    expect(body.members[0].date_joined).toBe(JOINED)
  })

  it('answers Gravatar URLs when the client does not compute them, and profile data when asked', async () => {
    const { body } = await api(
      'GET',
      '/users?client_gravatar=false&include_custom_profile_fields=true',
    )
    expect(body.members[0]).toEqual(
      userObject(1, 'desdemona@acme.example', 'Desdemona', 100, {
        avatar_url: gravatar('desdemona@acme.example'),
        profile_data: {},
      }),
    )
    expect(body.members[5]).toEqual({
      ...provisioner,
      avatar_url: gravatar('provisioner-bot@acme.example'),
    })
  })

  it('validates its JSON parameters in order', async () => {
    expect(
      (await api('GET', '/users?client_gravatar=maybe&include_custom_profile_fields=1')).text,
    ).toBe(errorText('include_custom_profile_fields is not a boolean', 'BAD_REQUEST'))
    expect((await api('GET', '/users?client_gravatar=maybe')).text).toBe(
      errorText('client_gravatar is not valid JSON', 'BAD_REQUEST'),
    )
  })

  it('lists unsupported parameters, but never client', async () => {
    const { body } = await api('GET', '/users?client=mine&b=1&a=2&client_gravatar=true')
    expect(body.ignored_parameters_unsupported).toEqual(['a', 'b'])
  })

  it('answers HEAD with the headers and no body', async () => {
    const response = await fetch('https://acme.zulipchat.com/api/v1/users', {
      method: 'HEAD',
      headers: {
        authorization: `Basic ${Buffer.from(`${accounts.iago.email}:${accounts.iago.key}`).toString('base64')}`,
      },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json')
    expect(await response.text()).toBe('')
  })
})
