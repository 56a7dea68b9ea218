/**
 * Each organization's channels, as channel links in the Welcome Bot message show them: the three a new
 * real organization gets (`Zulip`, `sandbox`, `general`) with ids numbered across organizations as the
 * real server numbers its streams, channels a scenario names (with or without ids), the real href
 * encoding, snapshots, and the scenario checks. The real server's own bytes for these links are checked
 * in `welcome-markdown.test.ts` (`fixtures/channel-links-442.json`).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createSimulator, type ScenarioDefinition } from '../../src/entries/index.js'
import { useSimulator } from '../../src/entries/node/index.js'
import { api, messagingOptions } from './support.js'

const admin = (name: string) => ({
  email: `admin@${name}.example`,
  fullName: `${name} admin`,
  role: 'owner' as const,
  apiKey: `${name}Admin`.padEnd(32, '0'),
})
const organization = (name: string) => ({
  subdomain: name,
  name,
  featureLevel: 442,
  users: [admin(name)],
})
const scenario: ScenarioDefinition = {
  name: 'channels',
  messaging: {
    organizations: [
      organization('alpha'),
      organization('beta'),
      {
        ...organization('gamma'),
        channels: [{ name: 'Product design' }, { name: 'général', id: 42 }, { name: 'a.b(c)' }],
      },
      { ...organization('delta'), channels: [] },
    ],
  },
}
const simulator = useSimulator(
  { beforeAll, afterEach, afterAll },
  { ...messagingOptions, scenario },
)

/** The content Welcome Bot's message gets for `text` in an organization, without the note before it. */
async function rendered(subdomain: string, text: string): Promise<string> {
  const as = { email: admin(subdomain).email, key: admin(subdomain).apiKey }
  const base = `https://${subdomain}.zulipchat.com/api/v1`
  const sent = await api('POST', '/realm/test_welcome_bot_custom_message', {
    as,
    base,
    form: { welcome_message_custom_text: text },
  })
  expect(sent.status).toBe(200)
  const read = await api('GET', `/messages/${sent.body.message_id}`, { as, base })
  return read.body.message.content.split('\n').slice(1).join('\n')
}

const quoted = (html: string) => `<blockquote>\n<p>${html}</p>\n</blockquote>`

describe('channels', () => {
  it('gives each organization the three channels of a new real organization, numbered across organizations', async () => {
    expect(await rendered('alpha', '#**Zulip** #**sandbox** #**general**')).toBe(
      quoted(
        '<a class="stream" data-stream-id="1" href="/#narrow/channel/1-Zulip">#Zulip</a> <a class="stream" data-stream-id="2" href="/#narrow/channel/2-sandbox">#sandbox</a> <a class="stream" data-stream-id="3" href="/#narrow/channel/3-general">#general</a>',
      ),
    )
    expect(await rendered('beta', '#**general**')).toBe(
      quoted('<a class="stream" data-stream-id="6" href="/#narrow/channel/6-general">#general</a>'),
    )
  })

  it("renders a scenario's channels with the real href encoding, ids given or the next free", async () => {
    expect(
      await rendered(
        'gamma',
        '#**Product design** #**général>été 2026** #**a.b(c)>x@9** #**general**',
      ),
    ).toBe(
      quoted(
        '<a class="stream" data-stream-id="7" href="/#narrow/channel/7-Product-design">#Product design</a> <a class="stream-topic" data-stream-id="42" href="/#narrow/channel/42-g.C3.A9n.C3.A9ral/topic/.C3.A9t.C3.A9.202026">#général &gt; été 2026</a> <a class="message-link" href="/#narrow/channel/8-a.2Eb.28c.29/topic/x/near/9">#a.b(c) &gt; x @ 💬</a> #<strong>general</strong>',
      ),
    )
  })

  it('leaves every channel link as text in an organization without channels', async () => {
    expect(await rendered('delta', '#**general** #**general>topic**')).toBe(
      quoted('#<strong>general</strong> #<strong>general&gt;topic</strong>'),
    )
  })

  it('keeps the channels through a snapshot', async () => {
    const snapshot = simulator.snapshot()
    const gamma = snapshot.services.messaging.organizations.find((o) => o.subdomain === 'gamma')
    expect(gamma?.channels.map(({ id, name }) => ({ id, name }))).toEqual([
      { id: 7, name: 'Product design' },
      { id: 42, name: 'général' },
      { id: 8, name: 'a.b(c)' },
    ])
    const renamed = structuredClone(snapshot)
    for (const o of renamed.services.messaging.organizations)
      if (o.subdomain === 'alpha') o.channels = [{ id: 3, name: 'announce', recipientId: 0 }]
    // The onboarding messages of the channels taken away go with them (a snapshot's messages name channels
    // the organization has).
    const kept = renamed.services.messaging.messages
    renamed.services.messaging.messages = kept.filter(
      (m) => m.organization !== 'alpha' || m.channelId === null || m.channelId === 3,
    )
    await simulator.restore(renamed)
    expect(await rendered('alpha', '#**announce** #**general**')).toBe(
      quoted(
        '<a class="stream" data-stream-id="3" href="/#narrow/channel/3-announce">#announce</a> #<strong>general</strong>',
      ),
    )
  })

  it('refuses channels whose names clash in any case, whose ids clash, or with bad names', () => {
    expect(() =>
      createSimulator({
        scenario: {
          name: 'clash',
          messaging: {
            organizations: [
              {
                ...organization('one'),
                channels: [{ name: 'general', id: 5 }, { name: 'General' }, { name: ' x' }],
              },
              { ...organization('two'), channels: [{ name: 'general', id: 5 }, { name: '' }] },
            ],
          },
        },
      }),
    ).toThrow(
      '[understudy] Failed to load scenario "clash": messaging.organizations.0.channels.2.name: must have no leading or trailing spaces and no control characters; messaging.organizations.1.channels.1.name: Too small: expected string to have >=1 characters; messaging.organizations.0.channels.1.name: is used by another channel of the organization; messaging.organizations.1.channels.0.id: is used by another channel.',
    )
  })
})
