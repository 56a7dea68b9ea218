import { getResponse } from 'msw'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createSimulator, scenarios } from '../../src/entries/index.js'
import { useSimulator } from '../../src/entries/node/index.js'
import { FEATURE_LEVEL_RANGE } from '../../src/services/messaging/feature-levels.js'
import { type Account, accounts, api, errorText, messagingOptions } from './support.js'

const simulator = useSimulator({ beforeAll, afterEach, afterAll }, messagingOptions)
const at = (level: number) => simulator.messaging.setFeatureLevel('acme', level)
const strong = {
  email: 'romeo@acme.example',
  password: 'correct-horse',
  full_name: 'Romeo Montague',
}
const create = (form: Record<string, string>, as: Account = accounts.iago) =>
  api('POST', '/users', { form, as })
const welcome = (as: Account = accounts.iago) =>
  api('POST', '/realm/test_welcome_bot_custom_message', {
    as,
    form: { welcome_message_custom_text: 'hi' },
  })
const bad = (msg: string) => errorText(msg, 'BAD_REQUEST')

describe('feature levels', () => {
  it('emulates Zulip 12.2 (feature level 500), the newest stable release, by default', () => {
    expect(
      simulator.messaging.organizations().map((o) => [o.subdomain, o.featureLevel, o.zulipVersion]),
    ).toEqual([['acme', 500, '12.2']])
  })

  it('answers user_id from feature level 30', async () => {
    at(29)
    expect((await create(strong)).text).toBe('{"result":"success","msg":""}\n')
    at(30)
    expect((await create({ ...strong, email: 'juliet@acme.example' })).text).toBe(
      '{"result":"success","msg":"","user_id":9}\n',
    )
  })

  it('requires can_create_users from feature level 36', async () => {
    at(35)
    expect((await create(strong, accounts.othello)).status).toBe(200)
    at(36)
    expect((await create({ ...strong, email: 'juliet@acme.example' }, accounts.othello)).text).toBe(
      bad('User not authorized to create users'),
    )
    expect((await create(strong, accounts.hamlet)).text).toBe(
      errorText('Must be an organization administrator', 'UNAUTHORIZED_PRINCIPAL'),
    )
  })

  it('lists unsupported parameters from feature level 167', async () => {
    at(166)
    expect((await create({ ...strong, short_name: 'x' })).body).toEqual({
      result: 'success',
      msg: '',
      user_id: 8,
    })
    at(167)
    expect(
      (await create({ ...strong, email: 'juliet@acme.example', short_name: 'x' })).body,
    ).toEqual({
      result: 'success',
      msg: '',
      user_id: 9,
      ignored_parameters_unsupported: ['short_name'],
    })
  })

  it('serves the welcome test endpoint from feature level 416, the HTML 404 below', async () => {
    at(415)
    for (const method of ['POST', 'GET', 'OPTIONS']) {
      const { status, headers, text } = await api(
        method,
        '/realm/test_welcome_bot_custom_message',
        { form: method === 'POST' ? { welcome_message_custom_text: 'hi' } : undefined },
      )
      expect([method, status, headers.get('content-type')]).toEqual([
        method,
        404,
        'text/html; charset=utf-8',
      ])
      expect(text).toContain('Page not found')
    }
    // Nothing was sent: acme holds its 16 onboarding messages only.
    expect(simulator.messaging.messages('acme').map((message) => message.id)).toEqual(
      Array.from({ length: 16 }, (_, i) => i + 1),
    )
    at(416)
    expect((await welcome()).body).toEqual({ result: 'success', msg: '', message_id: 17 })
  })

  it('words a duplicate address the new way from 361 (PR #33664 merged at that level), as the real 384 server', async () => {
    at(360)
    expect((await create({ ...strong, email: 'IAGO@acme.example' })).text).toBe(
      bad("Email 'IAGO@acme.example' already in use"),
    )
    at(361)
    expect((await create({ ...strong, email: 'IAGO@acme.example' })).text).toBe(
      bad('Email is already in use.'),
    )
  })

  it('refuses names under 2 characters (Name too short!) below 442, accepts one character from it', async () => {
    at(441)
    expect((await create({ ...strong, full_name: ' ' })).text).toBe(bad('Name too short!'))
    expect((await create({ ...strong, full_name: 'R' })).text).toBe(bad('Name too short!'))
    expect((await create({ ...strong, full_name: 'Ro' })).status).toBe(200)
    at(442)
    expect((await create({ ...strong, full_name: ' ' })).text).toBe(bad('Name must not be empty!'))
    expect((await create({ ...strong, email: 'juliet@acme.example', full_name: 'J' })).status).toBe(
      200,
    )
  })

  it('shows is_billing_admin from feature level 73 to 362 and is_imported_stub from 433', async () => {
    const keys = async (level: number) => {
      at(level)
      return Object.keys((await api('GET', '/users/1')).body.user)
    }
    expect(await keys(72)).not.toContain('is_billing_admin')
    expect(await keys(73)).toContain('is_billing_admin')
    expect(await keys(362)).toContain('is_billing_admin')
    expect(await keys(363)).not.toContain('is_billing_admin')
    expect(await keys(432)).not.toContain('is_imported_stub')
    expect(await keys(433)).toContain('is_imported_stub')
  })

  it('serves GET /users/{email} from feature level 39', async () => {
    at(38)
    // `/users/{email}` does not exist: the path matches `/users/{user_id}` only for digits.
    expect((await api('GET', '/users/iago@acme.example')).status).toBe(404)
    at(39)
    expect((await api('GET', '/users/iago@acme.example')).body.user.user_id).toBe(2)
  })

  // Zulip's description of `is_deleted` (level 490): "A boolean specifying whether the user has been permanently
  // deleted. Deleted users are a subset of deactivated users (`is_active=false`) who have had their account
  // data removed. This field is only present when `true`." The simulator deletes no user (it deactivates), so
  // no user object has it, a deactivated one (Cordelia) included, before or after 490.
  it('gives no user object is_deleted: only a permanently deleted user has it (level 490)', async () => {
    for (const level of [489, 490, 500, 512]) {
      at(level)
      const reads = [
        (await api('GET', '/users')).body.members,
        [(await api('GET', `/users/${accounts.cordelia.id}`)).body.user],
        [(await api('GET', '/users/cordelia@acme.example')).body.user],
        [(await api('GET', '/users/me')).body],
      ].flat()
      expect(reads.length).toBeGreaterThan(3)
      for (const user of reads) expect(Object.keys(user)).not.toContain('is_deleted')
      expect(reads.find((user) => user.user_id === accounts.cordelia.id)?.is_active).toBe(false)
    }
  })

  it('answers only raw_content for a message below feature level 120', async () => {
    await welcome()
    at(119)
    expect((await api('GET', '/messages/17')).body).toEqual({
      result: 'success',
      msg: '',
      raw_content: 'A note from @_*role:administrators*:\n```quote\nhi\n```',
    })
  })

  it('changes at run time and goes back to the scenario on reset', async () => {
    at(100)
    expect(simulator.messaging.featureLevel('acme')).toBe(100)
    expect((await api('GET', '/server_settings', { as: null })).body.zulip_feature_level).toBe(100)
    await simulator.reset()
    expect(simulator.messaging.featureLevel('acme')).toBe(500)
  })

  it('refuses a bad level and an unknown organization', () => {
    expect(() => at(0)).toThrow(
      '[understudy] Failed to set the messaging feature level of "acme": 0 is not a feature level the simulator models (a whole number from 1 to 512).',
    )
    expect(() => at(4.5)).toThrow(TypeError)
    expect(() => at(Number.NaN)).toThrow(TypeError)
    expect(() => simulator.messaging.setFeatureLevel('nope', 100)).toThrow(
      '[understudy] Failed to find the messaging organization "nope". Known organizations: acme.',
    )
  })

  it('takes the level from the simulator options unless the scenario sets one', async () => {
    const organizations = [
      ...(scenarios.default.messaging?.organizations ?? []),
      { subdomain: 'old', name: 'Old', featureLevel: 200, users: [] },
    ]
    const other = createSimulator({
      seed: 1,
      messaging: { featureLevel: 415 },
      scenario: { name: 'levels', messaging: { organizations } },
    })
    await other.ready
    expect(other.messaging.organizations().map((o) => [o.subdomain, o.featureLevel])).toEqual([
      ['acme', 415],
      ['old', 200],
    ])
    const response = await getResponse(
      other.handlers,
      new Request('https://old.zulipchat.com/api/v1/server_settings'),
    )
    expect(((await (response as Response).json()) as { zulip_version: string }).zulip_version).toBe(
      '8.0-dev+git',
    )
    expect(() => createSimulator({ messaging: { featureLevel: -1 } })).toThrow(
      '[understudy] Failed to set the messaging feature level in the simulator options: -1 is not a feature level the simulator models (a whole number from 1 to 512).',
    )
  })

  it('accepts the levels it models, 1 to 512 (the newest it models), and refuses the rest with a RangeError', async () => {
    expect(FEATURE_LEVEL_RANGE).toEqual({ min: 1, max: 512 })
    for (const level of [1, 433, 512]) {
      at(level)
      expect((await api('GET', '/server_settings', { as: null })).body.zulip_feature_level).toBe(
        level,
      )
    }
    for (const level of [513, 9999]) {
      expect(() => at(level)).toThrow(RangeError)
      expect(() => at(level)).toThrow(
        `[understudy] Failed to set the messaging feature level of "acme": ${level} is not a feature level the simulator models (a whole number from 1 to 512).`,
      )
    }
    expect(simulator.messaging.featureLevel('acme')).toBe(512)
    expect(() => createSimulator({ messaging: { featureLevel: 9999 } })).toThrow(RangeError)
  })

  it("refuses a scenario organization's level outside the range", () => {
    const organization = { subdomain: 'future', name: 'Future', featureLevel: 9999, users: [] }
    expect(() =>
      createSimulator({
        scenario: { name: 'future', messaging: { organizations: [organization] } },
      }),
    ).toThrow(
      '[understudy] Failed to load scenario "future": messaging.organizations.0.featureLevel: must be at most 512, the newest feature level the simulator models.',
    )
  })
})
