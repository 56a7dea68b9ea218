/**
 * The onboarding messages a new organization holds (docs/messaging.md, Onboarding messages), against the real
 * servers' answers: test/recordings/zulip-oracle/zulip-384-onboarding.har and zulip-442-onboarding.har (the
 * whole sessions also verify in test/recordings). Ids in `acme`: channel messages 1 to 11, greetings to
 * Desdemona 12, Iago 13, Othello 14, King Hamlet 15, Cordelia 16.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { scenarios } from '../../src/entries/index.js'
import { useSimulator } from '../../src/entries/node/index.js'
import { ONBOARDING_TEXTS } from '../../src/services/messaging/onboarding.js'
import { textsOf } from '../recordings/zulip-oracle/onboarding-texts.mjs'
import { type Account, accounts, api, errorText, messagingOptions } from './support.js'

const simulator = useSimulator({ beforeAll, afterEach, afterAll }, messagingOptions)
// Tests that switch scenarios go back to the default one (a reset keeps the current scenario).
afterEach(() => simulator.useScenario('default'))
const invalid = errorText('Invalid message(s)', 'BAD_REQUEST')
const acme = scenarios.default.messaging?.organizations?.[0]
if (!acme) throw new Error('the default scenario has no messaging organization')
const maxMessageId = async (as: Account = accounts.iago) =>
  (await api('GET', '/users/me', { as })).body.max_message_id

describe('onboarding messages', () => {
  it('keeps the texts the real servers answered (src/services/messaging/onboarding-texts.ts, 384 as edits of 442)', () => {
    expect(ONBOARDING_TEXTS[384]).toEqual(textsOf(384))
    expect(ONBOARDING_TEXTS[442]).toEqual(textsOf(442))
  })

  it("answers Welcome Bot's greetings channel message as the real 442 server, byte for byte", async () => {
    simulator.messaging.setFeatureLevel('acme', 442)
    const { status, text } = await api('GET', '/messages/7')
    expect(status).toBe(200)
    // The real 442 server's answer to its administrator (zulip-442-onboarding.har, "GET /messages/7 admin"),
    // with the simulator's recipient id of `general` (10: after the 7 users), its time and organization URL.
    expect(text).toBe(
      '{"result":"success","msg":"","message":{"id":7,"sender_id":7,"content":"<p>This <strong>greetings</strong> topic is a great place to say “hi” <span aria-label=\\"wave\\" class=\\"emoji emoji-1f44b\\" role=\\"img\\" title=\\"wave\\">:wave:</span> to your teammates.</p>","recipient_id":10,"timestamp":1767225600,"client":"Internal","subject":"greetings","topic_links":[],"is_me_message":false,"reactions":[{"emoji_name":"wave","emoji_code":"1f44b","reaction_type":"unicode_emoji","user_id":7}],"submessages":[],"flags":["historical"],"sender_full_name":"Welcome Bot","sender_email":"welcome-bot@zulip.com","sender_realm_str":"zulipinternal","display_recipient":"general","type":"stream","stream_id":3,"avatar_url":"https://acme.zulipchat.com/static/images/static_avatars/welcome-bot.png","content_type":"text/html"},"raw_content":"This **greetings** topic is a great place to say “hi” :wave: to your teammates."}\n',
    )
  })

  it('gives each account its max_message_id and each reader its flags, as the real servers', async () => {
    // The real servers: owner 12, administrator 13, member 14 (their greetings).
    expect(await maxMessageId(accounts.desdemona)).toBe(12)
    expect(await maxMessageId(accounts.iago)).toBe(13)
    expect(await maxMessageId(accounts.hamlet)).toBe(15)
    // A bot holds no channel message and got no greeting.
    expect(await maxMessageId(accounts.provisioner)).toBe(-1)
    const flags = async (id: number, as: Account = accounts.iago) =>
      (await api('GET', `/messages/${id}`, { as })).body.message?.flags
    // The creator's copies are not historical; the others' are; first of a topic starred (1, 3, 5, 8, 10).
    expect(await flags(1, accounts.desdemona)).toEqual(['starred'])
    expect(await flags(2, accounts.desdemona)).toEqual([])
    expect(await flags(1)).toEqual(['starred', 'historical'])
    expect(await flags(7)).toEqual(['historical'])
    expect(await flags(8, accounts.hamlet)).toEqual(['starred', 'historical'])
    expect(await flags(1, accounts.provisioner)).toEqual(['read', 'historical'])
    // The greetings: starred for their recipient, read by nobody else.
    expect(await flags(13)).toEqual(['starred'])
    expect((await api('GET', '/messages/12')).text).toBe(invalid)
    expect((await api('GET', '/messages/17')).text).toBe(invalid)
  })

  it('greets an administrator with the moving guide and a member without it', async () => {
    const raw = async (id: number, as: Account) =>
      (await api('GET', `/messages/${id}?apply_markdown=false`, { as })).body.message.content
    expect(await raw(13, accounts.iago)).toBe(ONBOARDING_TEXTS[442].greetings.administrator.content)
    expect(await raw(15, accounts.hamlet)).toBe(ONBOARDING_TEXTS[442].greetings.member.content)
    expect(await raw(15, accounts.hamlet)).not.toContain('moving-to-zulip')
  })

  it('greets a member created through the API, as the real server (its greeting is the next id)', async () => {
    const { body } = await api('POST', '/users', {
      form: { email: 'romeo@acme.example', password: 'correct-horse', full_name: 'Romeo' },
    })
    const romeo = {
      id: body.user_id,
      email: 'romeo@acme.example',
      key: simulator.messaging.apiKeyOf('acme', 'romeo@acme.example') ?? '',
    }
    expect(await maxMessageId(romeo)).toBe(17)
    const greeting = (await api('GET', '/messages/17', { as: romeo })).body.message
    expect([greeting.sender_email, greeting.flags, greeting.content]).toEqual([
      'welcome-bot@zulip.com',
      ['starred'],
      ONBOARDING_TEXTS[442].greetings.member.rendered,
    ])
    expect((await api('GET', '/messages/4', { as: romeo })).body.message.flags).toEqual([
      'historical',
    ])
  })

  it('gives the texts of the level: 384 below 442 (the experiments example changed in between)', async () => {
    const raw = async () =>
      (await api('GET', '/messages/4?apply_markdown=false')).body.message.content as string
    expect(await raw()).toContain('\n\n ````\n\n')
    await simulator.useScenario({
      name: 'old',
      messaging: { organizations: [{ ...acme, featureLevel: 384 }] },
    })
    expect(await raw()).toContain('\n\n````\n\n')
    expect(await raw()).toBe(ONBOARDING_TEXTS[384].channelMessages[3]?.content)
  })

  it("lists the reacting user's object below 328", async () => {
    simulator.messaging.setFeatureLevel('acme', 327)
    const { reactions } = (await api('GET', '/messages/7')).body.message
    expect(reactions).toEqual([
      {
        emoji_name: 'wave',
        emoji_code: '1f44b',
        reaction_type: 'unicode_emoji',
        user: { email: 'welcome-bot@zulip.com', id: 7, full_name: 'Welcome Bot' },
        user_id: 7,
      },
    ])
  })

  it('sends nothing in a bare organization (onboarding: false)', async () => {
    await simulator.useScenario({
      name: 'bare',
      messaging: { organizations: [{ ...acme, onboarding: false }] },
    })
    expect(simulator.messaging.messages('acme')).toEqual([])
    expect(await maxMessageId()).toBe(-1)
    expect((await api('GET', '/messages/1')).text).toBe(invalid)
    await api('POST', '/users', {
      form: { email: 'romeo@acme.example', password: 'correct-horse', full_name: 'Romeo' },
    })
    expect(simulator.messaging.messages('acme')).toEqual([])
    const sent = await api('POST', '/realm/test_welcome_bot_custom_message', {
      form: { welcome_message_custom_text: 'hi' },
    })
    expect(sent.body.message_id).toBe(1)
  })

  it('sends the messages of the channels an organization has; without any, the greeting skips them', async () => {
    await simulator.useScenario({
      name: 'channels',
      messaging: {
        organizations: [
          { ...acme, channels: [{ name: 'general', id: 9 }] },
          {
            ...acme,
            subdomain: 'none',
            users: [
              {
                email: 'owner@none.example',
                fullName: 'Owner',
                role: 'owner',
                apiKey: 'N'.repeat(32),
              },
            ],
            channels: [],
          },
        ],
      },
    })
    const messages = simulator.messaging.messages('acme')
    expect(messages.slice(0, 2).map((m) => [m.id, m.channel, m.topic])).toEqual([
      [1, 'general', 'greetings'],
      [2, 'general', 'greetings'],
    ])
    expect((await api('GET', '/messages/1')).body.message.stream_id).toBe(9)
    const [greeting] = simulator.messaging.messages('none')
    const { greetings, trackedSentence } = ONBOARDING_TEXTS[442]
    expect(greeting?.content).toBe(
      greetings.administrator.content.replace(` ${trackedSentence.content}`, ''),
    )
    expect(greeting?.content).not.toContain('kicked off')
    expect(greeting?.content.startsWith('Hello, and welcome to Zulip!👋 \n')).toBe(true)
  })

  it('gives a guest the onboarding messages as a member (add_new_user_history knows no role)', async () => {
    const guest = { id: 8, email: 'guest@acme.example', key: 'G'.repeat(32) }
    await simulator.useScenario({
      name: 'guest',
      messaging: {
        organizations: [
          {
            ...acme,
            users: [
              ...acme.users,
              { email: guest.email, fullName: 'Guest', role: 'guest', apiKey: guest.key },
            ],
          },
        ],
      },
    })
    const read = (await api('GET', '/messages/1', { as: guest })).body.message
    expect([read.subject, read.flags]).toEqual(['moving messages', ['starred', 'historical']])
    // Welcome Bot (7) comes before the guest: the greetings go to Desdemona … Cordelia, then the guest (17).
    expect(await maxMessageId(guest)).toBe(17)
  })

  it("links a second organization's messages to its own channels (4, 5, 6)", async () => {
    await simulator.useScenario({
      name: 'two',
      messaging: {
        organizations: [
          acme,
          {
            subdomain: 'beta',
            name: 'Beta',
            users: [
              { email: 'o@beta.example', fullName: 'O', role: 'owner', apiKey: 'B'.repeat(32) },
            ],
          },
        ],
      },
    })
    const beta = simulator.messaging.messages('beta')
    // acme's 16 messages first; beta's channel messages 17 to 27, its owner's greeting 28.
    expect([beta[0]?.id, beta.at(-1)?.id]).toEqual([17, 28])
    const welcome = beta.find((m) => m.topic === 'welcome to Zulip!')
    expect(welcome?.renderedContent).toContain(
      '<a class="stream" data-stream-id="4" href="/#narrow/channel/4-Zulip">#Zulip</a>',
    )
  })

  it('keeps the onboarding messages through a snapshot', async () => {
    const before = (await api('GET', '/messages/7')).text
    await simulator.restore(structuredClone(simulator.snapshot()))
    expect((await api('GET', '/messages/7')).text).toBe(before)
    expect(await maxMessageId()).toBe(13)
  })
})
