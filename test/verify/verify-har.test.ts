/**
 * `verifyHar` (understudy-mock/verify) on recordings made from Understudy itself: clean as recorded, and
 * exactly one difference, with both values, per edit of the recording; identity (ids, UUIDs, dates, seed,
 * another feature level) is not a difference, an id that maps inconsistently is.
 */
import { describe, expect, it } from 'vitest'
import { type Difference, verifyHar } from '../../src/surfaces/verify/index.js'
import { copy, editBody, entry, position, sessionHar } from './support.js'

const har = await sessionHar()
/** The same session in bare organizations (no onboarding messages): Iago's `max_message_id` is -1 there. */
const bareHar = await sessionHar({ scenario: 'empty' })
const MESSAGING = 'https://acme.zulipchat.com/api/v1'
const ROUTER = 'https://openrouter.ai/api/v1'

/** The one difference of an edited recording. */
async function onlyDifference(edited: unknown): Promise<Difference> {
  const report = await verifyHar(edited)
  expect(report.differences).toHaveLength(1)
  expect(report.compared).toBe(har.log.entries.length)
  return report.differences[0] as Difference
}

describe('a recording made from Understudy itself', () => {
  it('verifies clean, every exchange compared', async () => {
    const report = await verifyHar(har)
    expect(report.differences).toEqual([])
    expect(report.skipped).toEqual([])
    expect(report.compared).toBe(har.log.entries.length)
    expect(report.compared).toBe(31)
  })

  it('as JSON text too, and says how it set the simulator up', async () => {
    const report = await verifyHar(JSON.stringify(har))
    expect(report.differences).toEqual([])
    expect(report.setup.clock).toEqual({
      start: '2026-03-01T10:00:00.000Z',
      from: "the recording's first date",
    })
    expect(report.setup.organizations).toEqual([
      {
        recordedUrl: 'https://acme.zulipchat.com',
        subdomain: 'acme',
        name: 'Acme',
        featureLevel: 500,
        featureLevelFrom: 'zulip_feature_level in exchange 1',
        emailVisibility: 'everyone',
        emailVisibilityFrom: 'the addresses of the users the recording created',
      },
    ])
    expect(report.setup.accounts).toEqual([
      {
        service: 'messaging',
        credential: 'iago@acme.example (another key)',
        role: 'unknown',
        from: 'every answer to it was a 401: replayed as recorded',
      },
      {
        service: 'messaging',
        credential: 'iago@acme.example',
        role: 'administrator (can_create_users)',
        from: 'its user object',
      },
      {
        service: 'messaging',
        credential: 'hamlet@acme.example',
        role: 'member',
        from: 'its user object',
      },
      {
        // Its key got only 'Account is deactivated': an account, deactivated before the recording.
        service: 'messaging',
        credential: 'cordelia@acme.example',
        role: 'member',
        from: 'its user object',
      },
      {
        service: 'router',
        credential: 'sk-or-v1-…ence',
        role: 'inference',
        from: 'the default (inference)',
      },
      {
        service: 'router',
        credential: 'sk-or-v1-…ence',
        role: 'inference',
        from: 'the default (inference)',
      },
    ])
  })

  it("the journal's default (redacted) export verifies clean too: its _understudy.actor names who sent each request", async () => {
    const simulator = await (await import('./support.js')).recordSession()
    const redacted = simulator.journal.toHAR()
    expect(JSON.stringify(redacted)).not.toContain('oCLrZ3aWZkSBvrjn9Wvgfygw2wMqZcUD')
    const report = await verifyHar(redacted)
    expect(report.differences).toEqual([])
    // A refused key's request has no actor (the wrong key, a deactivated account's): nothing says whose
    // it was.
    const refused = redacted.log.entries.flatMap((e, i) =>
      e.response.status === 401 &&
      e._understudy.actor === null &&
      e.request.headers.some((h) => h.name === 'authorization')
        ? [i + 1]
        : [],
    )
    expect(refused).toHaveLength(3)
    expect(report.skipped).toEqual(
      refused.map((exchange) => ({
        exchange,
        method: 'GET',
        url: `${MESSAGING}/users/me`,
        reason: 'its credentials were redacted and the recording does not say whose they were',
      })),
    )
  })
})

describe('an edited copy: exactly one difference per edit, with both values', () => {
  it('another error message', async () => {
    const edited = copy(har)
    const duplicate = entry(edited, 'POST', '/api/v1/users', 1)
    editBody(duplicate, (body) => {
      body.msg = 'Email is taken.'
    })
    expect(await onlyDifference(edited)).toEqual({
      exchange: position(edited, duplicate),
      method: 'POST',
      url: `${MESSAGING}/users`,
      kind: 'value',
      path: 'body.msg',
      expected: 'Email is taken.',
      actual: 'Email is already in use.',
    })
  })

  it('another status', async () => {
    const edited = copy(har)
    const missing = entry(edited, 'GET', '/presets/nope')
    missing.response.status = 410
    expect(await onlyDifference(edited)).toEqual({
      exchange: position(edited, missing),
      method: 'GET',
      url: `${ROUTER}/presets/nope`,
      kind: 'status',
      path: 'status',
      expected: 410,
      actual: 404,
    })
  })

  it('an extra field in the real answer (the simulator lacks it)', async () => {
    const edited = copy(har)
    const read = entry(edited, 'GET', '/users/romeo@acme.example')
    editBody(read, (body) => {
      ;(body.user as Record<string, unknown>).is_billing_admin = false
    })
    expect(await onlyDifference(edited)).toEqual({
      exchange: position(edited, read),
      method: 'GET',
      url: `${MESSAGING}/users/romeo@acme.example`,
      kind: 'missing',
      path: 'body.user.is_billing_admin',
      expected: false,
      actual: undefined,
    })
  })

  it('a field the real answer lacks (the simulator has it)', async () => {
    const edited = copy(har)
    const preset = entry(edited, 'GET', '/presets/support-bot')
    editBody(preset, (body) => {
      delete (body.data as Record<string, unknown>).status_updated_at
    })
    expect(await onlyDifference(edited)).toEqual({
      exchange: position(edited, preset),
      method: 'GET',
      url: `${ROUTER}/presets/support-bot`,
      kind: 'extra',
      path: 'body.data.status_updated_at',
      expected: undefined,
      actual: null,
    })
  })

  it('a max_message_id where the simulator has none: -1 is a value, not an id to map', async () => {
    const edited = copy(bareHar)
    const me = entry(edited, 'GET', '/users/me')
    editBody(me, (body) => {
      body.max_message_id = 5
    })
    expect(await onlyDifference(edited)).toEqual({
      exchange: position(edited, me),
      method: 'GET',
      url: `${MESSAGING}/users/me`,
      kind: 'value',
      path: 'body.max_message_id',
      expected: 5,
      actual: -1,
    })
  })

  it('a header a client reads', async () => {
    const edited = copy(har)
    const refused = entry(edited, 'GET', '/users/me', 2)
    refused.response.headers = refused.response.headers.map((header) =>
      header.name.toLowerCase() === 'www-authenticate'
        ? { ...header, value: 'Basic realm="zulip.example"' }
        : header,
    )
    expect(await onlyDifference(edited)).toEqual({
      exchange: position(edited, refused),
      method: 'GET',
      url: `${MESSAGING}/users/me`,
      kind: 'header',
      path: 'headers.www-authenticate',
      expected: 'Basic realm="zulip.example"',
      actual: 'Basic realm="zulip"',
    })
  })

  it('keys in another order: the milder kind, once', async () => {
    const edited = copy(har)
    const settings = entry(edited, 'GET', '/server_settings')
    editBody(settings, (body) => {
      const { msg, ...rest } = body
      for (const key of Object.keys(body)) delete body[key]
      Object.assign(body, rest, { msg })
    })
    const difference = await onlyDifference(edited)
    expect(difference.kind).toBe('order')
    expect(difference.path).toBe('body')
    expect((difference.expected as string[]).slice(0, 2)).toEqual([
      'result',
      'authentication_methods',
    ])
    expect((difference.actual as string[]).slice(0, 2)).toEqual(['result', 'msg'])
  })
})

describe('identity is not a difference', () => {
  it('user ids changed consistently throughout (answers and paths) verify clean', async () => {
    const shifted = JSON.stringify(har)
      .replace(
        /(\\"(?:user_id|sender_id|bot_owner_id|recipient_id)\\":)(\d+)/g,
        (_, key, id) => `${key}${Number(id) + 100}`,
      )
      .replace(
        /(\\"id\\":)(\d+)(,\\"(?:is_mirror_dummy|email))/g,
        (_, key, id, rest) => `${key}${Number(id) + 100}${rest}`,
      )
      .replace(/\/users\/(\d+)/g, (_, id) => `/users/${Number(id) + 100}`)
      .replace(/\/users\/user(\d+)@/g, (_, id) => `/users/user${Number(id) + 100}@`)
      .replace(/(%5B|\[)(\d+)(%2C|,)(\d+)(%5D|\])/g, (_, open, a, comma, b, close) => {
        return `${open}${Number(a) + 100}${comma}${Number(b) + 100}${close}`
      })
    expect(shifted).toContain('"user_id\\":108')
    expect(shifted).toContain('/users/user108@acme.zulipchat.com')
    expect(shifted).toContain('user_ids=%5B108%2C104%5D')
    const report = await verifyHar(shifted)
    expect(report.differences).toEqual([])
  })

  it('messages that existed before the recording, as a max_message_id shows them, are seeded at their ids', async () => {
    // As on a real server, where onboarding messages come first: every message id 20 higher, and Iago's
    // newest message before the recording is 12.
    const later = copy(bareHar)
    for (const e of later.log.entries) {
      e.request.url = e.request.url.replace(
        /\/messages\/(\d+)/,
        (_, id) => `/messages/${Number(id) + 20}`,
      )
      e.response.content.text = e.response.content.text
        ?.replace(/"message_id":(\d+)/g, (_, id) => `"message_id":${Number(id) + 20}`)
        .replace(/"id":(\d+),"sender_id"/g, (_, id) => `"id":${Number(id) + 20},"sender_id"`)
    }
    const me = entry(later, 'GET', '/users/me')
    expect(me.response.content.text).toContain('"max_message_id":-1')
    me.response.content.text = me.response.content.text?.replace(
      '"max_message_id":-1',
      '"max_message_id":12',
    )
    const report = await verifyHar(later)
    expect(report.differences).toEqual([])
    expect(report.setup.seededMessages).toBe(1)
    // Reading such a message is not compared: the recording does not show what it held.
    const older = copy(later)
    const read = entry(older, 'GET', '/messages/21')
    read.request.url = read.request.url.replace('/messages/21', '/messages/12')
    expect((await verifyHar(older)).skipped).toEqual([
      {
        exchange: position(older, read),
        method: 'GET',
        url: `${MESSAGING}/messages/12`,
        reason:
          'it acts on a message that existed before the recording, whose content the recording does not show',
      },
    ])
  })

  it('UUIDs changed consistently verify clean; one changed alone maps inconsistently', async () => {
    // A permutation of hex digits that keeps every UUID a valid v4 UUID.
    const swap: Record<string, string> = {
      '0': '1',
      '1': '0',
      '2': '3',
      '3': '2',
      c: 'd',
      d: 'c',
      e: 'f',
      f: 'e',
    }
    const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/g
    const text = JSON.stringify(har)
    const changed = text.replace(uuid, (id) => id.replace(/[0-9a-f]/g, (c) => swap[c] ?? c))
    expect(changed).not.toBe(text)
    expect((await verifyHar(changed)).differences).toEqual([])

    const edited = copy(har)
    const read = entry(edited, 'GET', '/presets/support-bot')
    let before = ''
    editBody(read, (body) => {
      const data = body.data as Record<string, unknown>
      before = data.id as string
      data.id = '0b7e5a1c-3d2f-4e6a-9b8c-7d6e5f4a3b2c'
    })
    const difference = await onlyDifference(edited)
    expect(difference).toMatchObject({
      exchange: position(edited, read),
      kind: 'identity',
      path: 'body.data.id',
      expected: '0b7e5a1c-3d2f-4e6a-9b8c-7d6e5f4a3b2c',
    })
    expect(difference.note).toMatch(
      /^simulator "[0-9a-f-]{36}" was recorded "[0-9a-f-]{36}" earlier$/,
    )
    expect(difference.note).toContain(before)
  })

  it('a recording made with another seed, at another date, verifies clean', async () => {
    const other = await sessionHar({ seed: 'someone-else', now: '2031-07-15T08:30:00Z' })
    const report = await verifyHar(other)
    expect(report.differences).toEqual([])
    expect(report.setup.clock.start).toBe('2031-07-15T08:30:00.000Z')
  })

  it('a recording made at another feature level verifies clean (the level read from server_settings)', async () => {
    for (const level of [185, 30, 416]) {
      const other = await sessionHar({ messaging: { featureLevel: level } }, level >= 416)
      const report = await verifyHar(other)
      expect(report.differences, `level ${level}`).toEqual([])
      expect(report.setup.organizations[0]?.featureLevel).toBe(level)
    }
  })

  it('without server_settings the level is the default or --feature-level, and the wrong one shows', async () => {
    const other = await sessionHar({ messaging: { featureLevel: 185 } }, false)
    other.log.entries = other.log.entries.filter((e) => !e.request.url.endsWith('/server_settings'))
    const guessed = await verifyHar(other)
    expect(guessed.setup.organizations[0]?.featureLevelFrom).toBe(
      'the default (the recording states no level)',
    )
    // At 421 the duplicate is worded as from 416 on: the wrong level shows.
    expect(guessed.differences).toContainEqual(
      expect.objectContaining({
        path: 'body.msg',
        expected: "Email 'ROMEO@acme.example' already in use",
        actual: 'Email is already in use.',
      }),
    )
    const told = await verifyHar(other, { featureLevel: 185 })
    expect(told.differences).toEqual([])
    expect(told.setup.organizations[0]?.featureLevelFrom).toBe('--feature-level')
  })
})
