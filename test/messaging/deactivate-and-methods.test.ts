/**
 * The real routes' other methods: `Allow`/OPTIONS list every real method, unsimulated ones authenticate
 * first, and deactivation (`DELETE /users/{id}`, `DELETE /users/me`) and message deletion run the real
 * checks. Expected bodies as the real server (442) answered them (zdiff recordings).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { useSimulator } from '../../src/entries/node/index.js'
import { accounts, api, errorText, messagingOptions } from './support.js'

const simulator = useSimulator({ beforeAll, afterEach, afterAll }, messagingOptions)
const bad = (msg: string) => errorText(msg, 'BAD_REQUEST')

describe('the real methods of each route', () => {
  it('lists every real method in Allow and OPTIONS', async () => {
    for (const [path, allow] of [
      ['/users/4', 'DELETE, GET, HEAD, PATCH'],
      ['/users/hamlet@acme.example', 'GET, HEAD, PATCH'],
      ['/messages/1', 'DELETE, GET, HEAD, PATCH'],
      ['/users/me', 'DELETE, GET, HEAD'],
    ]) {
      const { status, headers } = await api('OPTIONS', path as string)
      expect([path, status, headers.get('allow')]).toEqual([path, 204, allow])
    }
    const put = await api('PUT', '/users/4')
    expect([put.status, put.headers.get('allow'), put.text]).toEqual([
      405,
      'GET, PATCH, DELETE, HEAD',
      '{"result":"error","msg":"Method Not Allowed","allowed_methods":["GET","PATCH","DELETE","HEAD"]}',
    ])
  })

  it('authenticates before the view for the methods it does not carry out', async () => {
    for (const [method, path] of [
      ['PATCH', '/users/4'],
      ['PATCH', '/users/hamlet@acme.example'],
      ['PATCH', '/messages/1'],
      ['DELETE', '/messages/1'],
      ['DELETE', '/users/me'],
    ]) {
      const { status, text, headers } = await api(method as string, path as string, { as: null })
      expect([method, path, status, text, headers.get('www-authenticate')]).toEqual([
        method,
        path,
        401,
        errorText('Not logged in: API authentication or user session required', 'UNAUTHORIZED'),
        'Basic realm="zulip"',
      ])
    }
  })

  it('runs the lookups of PATCH, then answers the 405 (the change is not simulated)', async () => {
    expect((await api('PATCH', '/users/99')).text).toBe(bad('No such user'))
    expect((await api('PATCH', '/users/7')).text).toBe(bad('No such user'))
    expect((await api('PATCH', '/users/1', { as: accounts.hamlet })).text).toBe(
      bad('Insufficient permission'),
    )
    expect((await api('PATCH', '/messages/99')).text).toBe(bad('Invalid message(s)'))
    const patch = await api('PATCH', '/users/4', { form: { full_name: 'Hamlet' } })
    expect([patch.status, patch.headers.get('allow')]).toEqual([405, 'GET, PATCH, DELETE, HEAD'])
  })
})

describe('DELETE /users/{user_id}', () => {
  it('runs the real checks in order', async () => {
    expect((await api('DELETE', '/users/99999')).text).toBe(bad('No such user'))
    expect((await api('DELETE', '/users/4', { as: accounts.hamlet })).text).toBe(
      bad('Insufficient permission'),
    )
    expect((await api('DELETE', '/users/7')).text).toBe(bad('No such user'))
    expect((await api('DELETE', '/users/6')).text).toBe(bad('No such user'))
    expect((await api('DELETE', '/users/5')).text).toBe(bad('User is deactivated'))
    expect((await api('DELETE', '/users/1')).text).toBe(
      errorText('Must be an organization owner', 'UNAUTHORIZED_PRINCIPAL'),
    )
    expect((await api('DELETE', '/users/1', { as: accounts.desdemona })).text).toBe(
      bad('Cannot deactivate the only organization owner'),
    )
    expect(
      (
        await api('DELETE', '/users/4', {
          form: { deactivation_notification_comment: 'x'.repeat(2001) },
        })
      ).text,
    ).toBe(bad('deactivation_notification_comment is too long (limit: 2000 characters)'))
  })

  it('deactivates: the account then reads as inactive and its key is refused', async () => {
    const deleted = await api('DELETE', '/users/4')
    expect([deleted.status, deleted.text]).toEqual([200, '{"result":"success","msg":""}\n'])
    expect((await api('GET', '/users/4')).body.user.is_active).toBe(false)
    expect((await api('GET', '/users/me', { as: accounts.hamlet })).text).toBe(
      errorText('Account is deactivated', 'UNAUTHORIZED'),
    )
    expect((await api('DELETE', '/users/4')).text).toBe(bad('User is deactivated'))
  })

  it('reads actions from feature level 459 and lists it as unsupported below', async () => {
    expect((await api('DELETE', '/users/4', { form: { actions: '[1]' } })).text).toBe(
      bad('actions is not a dict'),
    )
    // A client's object is data, never the answer (the real model ignores keys it does not know).
    const forged = JSON.stringify({
      status: 299,
      body: 'forged',
      headers: { 'content-type': 'text/html' },
    })
    const deleted = await api('DELETE', '/users/3', { form: { actions: forged } })
    expect([deleted.status, deleted.headers.get('content-type'), deleted.text]).toEqual([
      200,
      'application/json',
      '{"result":"success","msg":""}\n',
    ])
    simulator.messaging.setFeatureLevel('acme', 458)
    expect((await api('DELETE', '/users/4', { form: { actions: '{}' } })).body).toEqual({
      result: 'success',
      msg: '',
      ignored_parameters_unsupported: ['actions'],
    })
  })
})

describe('DELETE /users/me', () => {
  it("refuses the only owner with the real error's extra fields", async () => {
    expect((await api('DELETE', '/users/me', { as: accounts.desdemona })).text).toBe(
      '{"result":"error","msg":"Cannot deactivate the only organization owner.","is_last_owner":true,"entity":"organization owner","code":"CANNOT_DEACTIVATE_LAST_USER"}\n',
    )
  })

  it('deactivates the caller', async () => {
    expect((await api('DELETE', '/users/me', { as: accounts.othello })).status).toBe(200)
    expect((await api('GET', '/users/me', { as: accounts.othello })).status).toBe(401)
  })
})

describe('DELETE /messages/{message_id}', () => {
  it('lets an administrator who received it delete it, and refuses others', async () => {
    await api('POST', '/realm/test_welcome_bot_custom_message', {
      form: { welcome_message_custom_text: 'hi' },
    })
    // 17: the first message after acme's 16 onboarding messages.
    expect((await api('DELETE', '/messages/17', { as: accounts.othello })).text).toBe(
      bad('Invalid message(s)'),
    )
    expect((await api('DELETE', '/messages/17')).text).toBe('{"result":"success","msg":""}\n')
    expect((await api('GET', '/messages/17')).text).toBe(bad('Invalid message(s)'))
  })
})
