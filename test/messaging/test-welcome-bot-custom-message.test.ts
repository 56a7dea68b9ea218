import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { useSimulator } from '../../src/entries/node/index.js'
import { type Account, accounts, api, errorText, messagingOptions } from './support.js'

const simulator = useSimulator({ beforeAll, afterEach, afterAll }, messagingOptions)
const PATH = '/realm/test_welcome_bot_custom_message'
const send = (
  text: string | undefined,
  as: Account = accounts.desdemona,
  extra: Record<string, string> = {},
) =>
  api('POST', PATH, {
    as,
    form: text === undefined ? extra : { welcome_message_custom_text: text, ...extra },
  })
const bad = (msg: string) => errorText(msg, 'BAD_REQUEST')
/** `acme` holds 16 onboarding messages (docs/messaging.md): the test messages come after them. */
const ONBOARDING = 16
const sent = () => simulator.messaging.messages('acme').filter((message) => message.id > ONBOARDING)
const wrapped = (text: string, fence = '```') =>
  `A note from @_*role:administrators*:\n${fence}quote\n${text}\n${fence}`

describe('POST /realm/test_welcome_bot_custom_message', () => {
  it('refuses empty text with Message must not be empty', async () => {
    const { status, text } = await send('')
    expect(status).toBe(400)
    expect(text).toBe(bad('Message must not be empty'))
    expect(sent()).toEqual([])
  })

  it('sends one direct message from Welcome Bot to the caller and answers its id', async () => {
    const { status, text } = await send('Welcome Bot custom message for testing')
    expect(status).toBe(200)
    expect(text).toBe('{"result":"success","msg":"","message_id":17}\n')
    expect(sent()).toEqual([
      {
        id: 17,
        senderId: accounts.welcomeBot.id,
        senderEmail: 'welcome-bot@zulip.com',
        recipientId: accounts.desdemona.id,
        recipientEmail: 'desdemona@acme.example',
        channel: null,
        topic: '',
        content: wrapped('Welcome Bot custom message for testing'),
        renderedContent:
          '<p>A note from <span class="user-group-mention silent" data-user-group-id="11">Administrators</span>:</p>\n<blockquote>\n<p>Welcome Bot custom message for testing</p>\n</blockquote>',
        sentAt: '2026-01-01T00:00:00.000Z',
        client: 'Internal',
      },
    ])
  })

  it('numbers test messages on from the onboarding messages (17 in acme)', async () => {
    expect((await send('one')).body).toEqual({ result: 'success', msg: '', message_id: 17 })
    expect((await send('two', accounts.iago)).body).toEqual({
      result: 'success',
      msg: '',
      message_id: 18,
    })
    expect(sent().map((m) => m.recipientEmail)).toEqual([
      'desdemona@acme.example',
      'iago@acme.example',
    ])
  })

  it('picks a fence longer than any fence inside the text', async () => {
    const text = 'Intro\n```python\nprint(1)\n```\n   ````\nnot a fence: x ``````'
    await send(text)
    expect(sent()[0]?.content).toBe(wrapped(text, '`````'))
  })

  it('keeps the text verbatim, surrounding whitespace included, and accepts a single space', async () => {
    await send('  hello \n')
    await send(' ')
    expect(sent().map((m) => m.content)).toEqual([wrapped('  hello \n'), wrapped(' ')])
  })

  it('accepts 8000 characters and refuses 8001, counting code points', async () => {
    const emoji = '\u{1F600}'
    const accepted = await send(emoji.repeat(8000))
    expect(accepted.status).toBe(200)
    const refused = await send(`${emoji.repeat(8000)}x`)
    expect(refused.status).toBe(400)
    expect(refused.text).toBe(
      bad('welcome_message_custom_text is too long (limit: 8000 characters)'),
    )
    expect((await send('y'.repeat(8001))).text).toBe(
      bad('welcome_message_custom_text is too long (limit: 8000 characters)'),
    )
  })

  it('asks for the text, after checking the role', async () => {
    expect((await send(undefined)).text).toBe(
      errorText("Missing 'welcome_message_custom_text' argument", 'REQUEST_VARIABLE_MISSING', {
        var_name: 'welcome_message_custom_text',
      }),
    )
    const member = await send(undefined, accounts.hamlet)
    expect([member.status, member.text]).toEqual([
      400,
      errorText('Must be an organization administrator', 'UNAUTHORIZED_PRINCIPAL'),
    ])
  })

  it('lets every administrator send it, can_create_users or not', async () => {
    for (const account of [
      accounts.desdemona,
      accounts.iago,
      accounts.othello,
      accounts.provisioner,
    ]) {
      expect((await send('hi', account)).status).toBe(200)
    }
  })

  it('lists unsupported parameters', async () => {
    const { body } = await send('hi', accounts.iago, { zeta: '1', Alpha: '2', client: 'mine' })
    expect(body).toEqual({
      result: 'success',
      msg: '',
      message_id: 17,
      ignored_parameters_unsupported: ['Alpha', 'zeta'],
    })
  })

  it('answers 405 with the real body to GET, even without credentials', async () => {
    const { status, text, headers } = await api('GET', PATH, { as: null })
    expect(status).toBe(405)
    expect(text).toBe('{"result":"error","msg":"Method Not Allowed","allowed_methods":["POST"]}')
    expect(headers.get('allow')).toBe('POST')
    expect(headers.get('content-type')).toBe('text/html; charset=utf-8')
  })

  it('answers the real 500 for a NUL character', async () => {
    const { status, text } = await send('nul \u0000 here')
    expect(status).toBe(500)
    expect(text).toBe('{"result":"error","msg":"Internal server error"}\n')
  })

  it('accepts a multipart body as zulip-js sends it', async () => {
    const { body } = await api('POST', PATH, {
      as: accounts.iago,
      multipart: { welcome_message_custom_text: 'line 1\nline 2' },
    })
    expect(body).toEqual({ result: 'success', msg: '', message_id: 17 })
    // fetch's FormData sends newlines in values as CRLF, as browsers do; the server keeps them.
    expect(sent()[0]?.content).toBe(wrapped('line 1\r\nline 2'))
  })
})
