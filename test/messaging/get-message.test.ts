import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { useSimulator } from '../../src/entries/node/index.js'
import { type Account, accounts, api, errorText, messagingOptions } from './support.js'

const simulator = useSimulator({ beforeAll, afterEach, afterAll }, messagingOptions)
const sendWelcome = (text: string, as: Account = accounts.iago) =>
  api('POST', '/realm/test_welcome_bot_custom_message', {
    as,
    form: { welcome_message_custom_text: text },
  })
const RAW =
  'A note from @_*role:administrators*:\n```quote\nHello <team> & friends\n\nSecond paragraph\n```'

describe('GET /messages/{message_id}', () => {
  it('lets the recipient read the welcome test message, in the real key order (as the real server at 442)', async () => {
    simulator.messaging.setFeatureLevel('acme', 442)
    await sendWelcome('Hello <team> & friends\n\nSecond paragraph')
    simulator.clock.advance(5000)
    const { status, text } = await api('GET', '/messages/17')
    expect(status).toBe(200)
    // The shape recorded from the real server: flags after submessages, the Welcome Bot's personal
    // recipient as recipient_id (327 to 481), its static avatar, the reader's display_recipient entry
    // as `id, email, full_name, is_mirror_dummy` and the sender's as `email, full_name, id, …`.
    expect(text).toBe(
      `${JSON.stringify({
        result: 'success',
        msg: '',
        message: {
          id: 17,
          sender_id: 7,
          content:
            '<p>A note from <span class="user-group-mention silent" data-user-group-id="11">Administrators</span>:</p>\n<blockquote>\n<p>Hello &lt;team&gt; &amp; friends</p>\n<p>Second paragraph</p>\n</blockquote>',
          recipient_id: 7,
          timestamp: 1767225600,
          client: 'Internal',
          subject: '',
          topic_links: [],
          is_me_message: false,
          reactions: [],
          submessages: [],
          flags: [],
          sender_full_name: 'Welcome Bot',
          sender_email: 'welcome-bot@zulip.com',
          sender_realm_str: 'zulipinternal',
          display_recipient: [
            { id: 2, email: 'iago@acme.example', full_name: 'Iago', is_mirror_dummy: false },
            {
              email: 'welcome-bot@zulip.com',
              full_name: 'Welcome Bot',
              id: 7,
              is_mirror_dummy: false,
            },
          ],
          type: 'private',
          avatar_url: 'https://acme.zulipchat.com/static/images/static_avatars/welcome-bot.png',
          content_type: 'text/html',
        },
        raw_content: RAW,
      })}\n`,
    )
  })

  it("answers the recipient_id of each level: the reader's own below 327, the conversation's from 482", async () => {
    await sendWelcome('hi')
    const read = async (level: number) => {
      simulator.messaging.setFeatureLevel('acme', level)
      return (await api('GET', '/messages/17')).body.message
    }
    // Personal recipients are numbered with the users (1 to 7), then the channels' (8 to 10); the
    // conversation of Iago and Welcome Bot got its recipient id, 12, with Iago's greeting (the second).
    expect((await read(326)).recipient_id).toBe(2)
    expect((await read(327)).recipient_id).toBe(7)
    expect((await read(481)).recipient_id).toBe(7)
    const newest = await read(482)
    expect(newest.recipient_id).toBe(12)
    expect(newest.display_recipient).toEqual([
      { id: 2, email: 'iago@acme.example', full_name: 'Iago', is_mirror_dummy: false },
      { id: 7, email: 'welcome-bot@zulip.com', full_name: 'Welcome Bot', is_mirror_dummy: false },
    ])
    expect(Object.keys(newest.display_recipient[1])).toEqual([
      'id',
      'email',
      'full_name',
      'is_mirror_dummy',
    ])
  })

  it('answers the Markdown with apply_markdown=false', async () => {
    await sendWelcome('Hello <team> & friends\n\nSecond paragraph')
    const { body } = await api('GET', '/messages/17?apply_markdown=false')
    expect(body.message.content).toBe(RAW)
    expect(body.message.content_type).toBe('text/x-markdown')
  })

  it('refuses everyone but the sender and the recipient, and unknown ids', async () => {
    await sendWelcome('private')
    for (const as of [accounts.desdemona, accounts.hamlet]) {
      const { status, text } = await api('GET', '/messages/17', { as })
      expect([status, text]).toEqual([400, errorText('Invalid message(s)', 'BAD_REQUEST')])
    }
    expect((await api('GET', '/messages/18')).text).toBe(
      errorText('Invalid message(s)', 'BAD_REQUEST'),
    )
    expect((await api('GET', '/messages/99999999999999999999')).text).toBe(
      errorText('Invalid message(s)', 'BAD_REQUEST'),
    )
  })

  it('validates apply_markdown as JSON before looking the message up', async () => {
    expect((await api('GET', '/messages/5?apply_markdown=yes')).text).toBe(
      errorText('apply_markdown is not valid JSON', 'BAD_REQUEST'),
    )
    expect((await api('GET', '/messages/5?apply_markdown=1')).text).toBe(
      errorText('apply_markdown is not a boolean', 'BAD_REQUEST'),
    )
  })

  it('validates its parameters in the view signature order of the level (as the real 384 and 442 do)', async () => {
    const both = '/messages/5?apply_markdown=yes&allow_empty_topic_name=1'
    expect((await api('GET', both)).text).toBe(
      errorText('allow_empty_topic_name is not a boolean', 'BAD_REQUEST'),
    )
    simulator.messaging.setFeatureLevel('acme', 384)
    expect((await api('GET', both)).text).toBe(
      errorText('apply_markdown is not valid JSON', 'BAD_REQUEST'),
    )
  })

  it('answers the HTML 404 for an id that is not a number', async () => {
    const { status, headers } = await api('GET', '/messages/abc')
    expect(status).toBe(404)
    expect(headers.get('content-type')).toBe('text/html; charset=utf-8')
  })

  it('lists unsupported query parameters', async () => {
    await sendWelcome('x')
    const { body } = await api(
      'GET',
      '/messages/17?apply_markdown=true&narrow=x&allow_empty_topic_name=true',
    )
    expect(body.ignored_parameters_unsupported).toEqual(['narrow'])
  })
})
