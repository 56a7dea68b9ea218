/**
 * The real zulip-js client (node-fetch, multipart bodies with `;boundary=`) against the simulator in process.
 */

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import zulip from 'zulip-js'
import { useSimulator } from '../../src/entries/node/index.js'
import { type Account, accounts, messagingOptions, ORIGIN } from './support.js'

const simulator = useSimulator({ beforeAll, afterEach, afterAll }, messagingOptions)
const client = (account: Account = accounts.iago) =>
  zulip({ username: account.email, apiKey: account.key, realm: ORIGIN })
const newUser = {
  email: 'romeo@acme.example',
  password: 'correct-horse',
  full_name: 'Romeo Montague',
}

describe('zulip-js through setupServer', () => {
  it('creates a user, then gets the duplicate error', async () => {
    const iago = await client()
    expect(await iago.users.create(newUser)).toEqual({ result: 'success', msg: '', user_id: 8 })
    expect(await iago.users.create(newUser)).toEqual({
      result: 'error',
      msg: 'Email is already in use.',
      code: 'BAD_REQUEST',
    })
    const romeo = await zulip({
      username: newUser.email,
      apiKey: simulator.messaging.apiKeyOf('acme', newUser.email) as string,
      realm: ORIGIN,
    })
    expect((await romeo.users.me.getProfile()).user_id).toBe(8)
  })

  it('sends the welcome test message through callEndpoint, newlines kept', async () => {
    const desdemona = await client(accounts.desdemona)
    const sent = await desdemona.callEndpoint('/realm/test_welcome_bot_custom_message', 'POST', {
      welcome_message_custom_text: 'Hi\nthere',
    })
    // After acme's 16 onboarding messages.
    expect(sent).toEqual({ result: 'success', msg: '', message_id: 17 })
    expect(simulator.messaging.messages('acme').at(-1)?.content).toBe(
      'A note from @_*role:administrators*:\n```quote\nHi\nthere\n```',
    )
    const read = await desdemona.callEndpoint('/messages/17', 'GET', { apply_markdown: false })
    expect(read.raw_content).toBe('A note from @_*role:administrators*:\n```quote\nHi\nthere\n```')
  })

  it('reads the server settings and the user list', async () => {
    const iago = await client()
    const settings = await iago.server.settings()
    expect([
      settings.result,
      settings.zulip_version,
      settings.zulip_feature_level,
      settings.realm_url,
    ]).toEqual(['success', '12.2', 500, ORIGIN])
    expect((await iago.users.retrieve()).members).toHaveLength(6)
  })

  it('copes with an older server: the welcome endpoint is an HTML 404 that zulip-js cannot parse', async () => {
    simulator.messaging.setFeatureLevel('acme', 415)
    const iago = await client()
    expect((await iago.server.settings()).zulip_feature_level).toBe(415)
    await expect(
      iago.callEndpoint('/realm/test_welcome_bot_custom_message', 'POST', {
        welcome_message_custom_text: 'x',
      }),
    ).rejects.toMatchObject({
      name: 'FetchError',
      type: 'invalid-json',
    })
  })

  it('gets the 405 body as a normal object', async () => {
    const iago = await client()
    expect(await iago.callEndpoint('/realm/test_welcome_bot_custom_message', 'GET')).toEqual({
      result: 'error',
      msg: 'Method Not Allowed',
      allowed_methods: ['POST'],
    })
  })
})
