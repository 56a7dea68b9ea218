/**
 * The real zulip-js client against the standalone server, started as a child process on port 0.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import zulip from 'zulip-js'
import { type CliServer, startCli } from '../support/cli.js'
import { type Account, accounts } from './support.js'

let server: CliServer
let oldServer: CliServer
/** Each server's `acme` base URL, from the line the CLI prints (`messaging  acme  <url>`). */
let realm: string
let oldRealm: string

beforeAll(async () => {
  ;[server, oldServer] = await Promise.all([
    startCli(['--seed', 'zulip-js', '--now', '2026-02-01T00:00:00Z']),
    startCli(['--seed', 'zulip-js', '--feature-level', '415']),
  ])
  realm = server.messaging.acme as string
  oldRealm = oldServer.messaging.acme as string
})
afterAll(async () => {
  await Promise.all([server?.stop(), oldServer?.stop()])
})

const client = (realm: string, account: Account = accounts.iago) =>
  zulip({ username: account.email, apiKey: account.key, realm })
const newUser = {
  email: 'romeo@acme.example',
  password: 'correct-horse',
  full_name: 'Romeo Montague',
}

describe('zulip-js over the standalone server', () => {
  it('prints the base URL of the default organization', () => {
    expect(realm).toBe(`${server.origin}/messaging/acme`)
  })

  it('creates a user, gets the duplicate error, sends the welcome test message and reads the settings', async () => {
    const iago = await client(realm)
    expect(await iago.users.create(newUser)).toEqual({ result: 'success', msg: '', user_id: 8 })
    expect(await iago.users.create(newUser)).toEqual({
      result: 'error',
      msg: 'Email is already in use.',
      code: 'BAD_REQUEST',
    })
    const sent = await iago.callEndpoint('/realm/test_welcome_bot_custom_message', 'POST', {
      welcome_message_custom_text: 'Hello from the server',
    })
    // acme's 16 onboarding messages, then Welcome Bot's greeting to Romeo (17).
    expect(sent).toEqual({ result: 'success', msg: '', message_id: 18 })
    const read = await iago.callEndpoint('/messages/18', 'GET')
    expect([read.message.sender_email, read.raw_content, read.message.timestamp]).toEqual([
      'welcome-bot@zulip.com',
      'A note from @_*role:administrators*:\n```quote\nHello from the server\n```',
      1769904000,
    ])
    const settings = await iago.server.settings()
    expect([
      settings.zulip_version,
      settings.zulip_feature_level,
      settings.realm_url,
      settings.realm_uri,
    ]).toEqual(['12.2', 500, realm, realm])
  })

  it('answers the HTML 404 below the organization, and an unknown one as a subdomain without a realm', async () => {
    const page = await fetch(`${realm}/api/v1/nonexistent`)
    expect([page.status, page.headers.get('content-type')]).toEqual([
      404,
      'text/html; charset=utf-8',
    ])
    // As a real server answers a subdomain no realm has: authentication refuses, server_settings says so.
    const unknown = await fetch(`${server.origin}/messaging/nope/api/v1/users`)
    expect([unknown.status, await unknown.text()]).toEqual([
      401,
      '{"result":"error","msg":"Not logged in: API authentication or user session required","code":"UNAUTHORIZED"}\n',
    ])
    const settings = await fetch(`${server.origin}/messaging/nope/api/v1/server_settings`)
    expect([settings.status, await settings.text()]).toEqual([
      400,
      '{"result":"error","msg":"Invalid subdomain","code":"BAD_REQUEST"}\n',
    ])
  })

  it('emulates the feature level given with --feature-level', async () => {
    const iago = await client(oldRealm)
    const settings = await iago.server.settings()
    expect([settings.zulip_version, settings.zulip_feature_level]).toEqual(['11.0-dev+git', 415])
    await expect(
      iago.callEndpoint('/realm/test_welcome_bot_custom_message', 'POST', {
        welcome_message_custom_text: 'x',
      }),
    ).rejects.toMatchObject({
      type: 'invalid-json',
    })
    // 415 is after the wording change of 361.
    expect(await iago.users.create({ ...newUser, email: 'IAGO@acme.example' })).toEqual({
      result: 'error',
      msg: 'Email is already in use.',
      code: 'BAD_REQUEST',
    })
  })
})
