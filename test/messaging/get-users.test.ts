import { createHash } from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { useSimulator } from '../../src/entries/node/index.js'
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
      userObject(8, 'romeo@acme.example', 'Romeo', 400, { date_joined: '2026-03-04T05:06+00:00' }),
    )
    expect(body.members[0].date_joined).toBe(JOINED)
  })

  it('writes date_joined to the minute from feature level 280, to the second (isoformat) below', async () => {
    simulator.clock.set('2026-03-04T05:06:07.089Z')
    await api('POST', '/users', {
      form: { email: 'romeo@acme.example', password: 'correct-horse', full_name: 'Romeo' },
    })
    simulator.messaging.setFeatureLevel('acme', 279)
    const before = (await api('GET', '/users/8')).body.user
    expect(before.date_joined).toBe('2026-03-04T05:06:07.089000+00:00')
    expect((await api('GET', '/users/1')).body.user.date_joined).toBe('2026-01-01T00:00:00+00:00')
    simulator.messaging.setFeatureLevel('acme', 280)
    expect((await api('GET', '/users/8')).body.user.date_joined).toBe('2026-03-04T05:06+00:00')
  })

  it('puts is_imported_stub right after delivery_email (key order as the real server at 442)', async () => {
    const { text } = await api('GET', '/users?user_ids=[1]')
    expect(text).toBe(
      '{"result":"success","msg":"","members":[{"email":"desdemona@acme.example","user_id":1,"avatar_version":1,"is_admin":true,"is_owner":true,"is_guest":false,"role":100,"is_bot":false,"full_name":"Desdemona","timezone":"","is_active":true,"date_joined":"2026-01-01T00:00+00:00","delivery_email":"desdemona@acme.example","is_imported_stub":false,"avatar_url":null}]}\n',
    )
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

  it('validates its JSON parameters in the view signature order of the level', async () => {
    const both = '/users?client_gravatar=maybe&include_custom_profile_fields=1&user_ids=5'
    // 442 and above: client_gravatar, include_custom_profile_fields, user_ids.
    expect((await api('GET', both)).text).toBe(
      errorText('client_gravatar is not valid JSON', 'BAD_REQUEST'),
    )
    // 384: user_ids, include_custom_profile_fields, client_gravatar.
    simulator.messaging.setFeatureLevel('acme', 384)
    expect((await api('GET', both)).text).toBe(errorText('user_ids is not a list', 'BAD_REQUEST'))
    expect(
      (await api('GET', '/users?client_gravatar=maybe&include_custom_profile_fields=1')).text,
    ).toBe(errorText('include_custom_profile_fields is not a boolean', 'BAD_REQUEST'))
  })

  it('answers only the accounts of user_ids from feature level 384, leaving unknown ids out', async () => {
    const { body } = await api('GET', '/users?user_ids=[4,2,99,7,2]')
    // 7 is Welcome Bot, a system bot of the internal realm: left out like an unknown id.
    expect(body).toEqual({ result: 'success', msg: '', members: [members[1], members[3]] })
    expect((await api('GET', '/users?user_ids=[]')).body.members).toEqual([])
  })

  // As the real 384 and 442 servers answered each (Python's JSON grammar, pydantic's strict integers).
  it('refuses user_ids that are not a JSON list of integers', async () => {
    for (const [value, msg] of [
      ['nope', 'user_ids is not valid JSON'],
      ['[08]', 'user_ids is not valid JSON'],
      ['[8,]', 'user_ids is not valid JSON'],
      ['{"a":1}', 'user_ids is not a list'],
      ['3', 'user_ids is not a list'],
      ['NaN', 'user_ids is not a list'],
      ['[1,"2"]', 'user_ids[1] is not an integer'],
      ['[true]', 'user_ids[0] is not an integer'],
      ['[null]', 'user_ids[0] is not an integer'],
      ['[[8]]', 'user_ids[0] is not an integer'],
      ['[8.0]', 'user_ids[0] is not an integer'],
      ['[8,8.0]', 'user_ids[1] is not an integer'],
      ['[8.0, "x"]', 'user_ids[0] is not an integer'],
      ['[1e0]', 'user_ids[0] is not an integer'],
      ['[8.5]', 'user_ids[0] is not an integer'],
      ['[NaN]', 'user_ids[0] is not an integer'],
      ['[Infinity]', 'user_ids[0] is not an integer'],
      ['[-Infinity]', 'user_ids[0] is not an integer'],
    ] as const) {
      const { status, text } = await api('GET', `/users?user_ids=${encodeURIComponent(value)}`)
      expect([value, status, text]).toEqual([value, 400, errorText(msg, 'BAD_REQUEST')])
    }
    for (const [value, count] of [
      [' [4] ', 1],
      ['[\n4\t]', 1],
      ['[-0]', 0],
      ['[9999999999999999999999]', 0],
    ] as const) {
      const { status, body } = await api('GET', `/users?user_ids=${encodeURIComponent(value)}`)
      expect([value, status, body.members?.length]).toEqual([value, 200, count])
    }
    const gravatar = await api('GET', '/users?client_gravatar=NaN')
    expect(gravatar.text).toBe(errorText('client_gravatar is not a boolean', 'BAD_REQUEST'))
  })

  it('ignores user_ids below feature level 384 and lists it as unsupported', async () => {
    simulator.messaging.setFeatureLevel('acme', 383)
    const { body } = await api('GET', '/users?user_ids=[1]')
    expect(body.members).toHaveLength(6)
    expect(body.ignored_parameters_unsupported).toEqual(['user_ids'])
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
