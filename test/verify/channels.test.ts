/**
 * Channels in `verifyHar`'s set-up: an organization gets the channels its recorded messages link to, at
 * their recorded ids (an id inside an href is compared as text), beside the three of a new organization.
 */
import { describe, expect, it } from 'vitest'
import { createSimulator, type Har, scenarios } from '../../src/entries/index.js'
import { verifyHar } from '../../src/surfaces/verify/index.js'
import { accounts, basic } from '../support/credentials.js'

const MESSAGING = 'https://acme.zulipchat.com/api/v1'

/** A recording of one Welcome Bot message with `text`, from an organization with these channels. */
async function recording(
  channels: Array<{ name: string; id?: number }> | undefined,
  text: string,
): Promise<{ har: Har; content: string }> {
  const [acme] = scenarios.default.messaging?.organizations ?? []
  const simulator = createSimulator({
    seed: 'recorded',
    now: '2026-03-01T10:00:00Z',
    scenario: {
      name: 'channels',
      messaging: { organizations: [{ ...(acme as object), channels } as never] },
    },
  })
  const headers = { authorization: basic(accounts.iago) }
  await simulator.fetch(`${MESSAGING}/server_settings`)
  const sent = (await (
    await simulator.fetch(`${MESSAGING}/realm/test_welcome_bot_custom_message`, {
      method: 'POST',
      headers,
      body: new URLSearchParams({ welcome_message_custom_text: text }),
    })
  ).json()) as { message_id: number }
  const read = (await (
    await simulator.fetch(`${MESSAGING}/messages/${sent.message_id}`, { headers })
  ).json()) as { message: { content: string } }
  return {
    har: simulator.journal.toHAR({}, { redact: false }),
    content: read.message.content,
  }
}

describe('channels in the set-up', () => {
  it('gives the organization the channels its recorded links show, at their ids', async () => {
    const { har, content } = await recording(
      [{ name: 'general', id: 17 }, { name: 'design' }],
      '#**general** #**design>x** #**design>y@4**',
    )
    // What the recording shows: ids the default channels would not have.
    expect(content).toContain(
      '<a class="stream" data-stream-id="17" href="/#narrow/channel/17-general">#general</a> <a class="stream-topic" data-stream-id="1" href="/#narrow/channel/1-design/topic/x">#design &gt; x</a> <a class="message-link" href="/#narrow/channel/1-design/topic/y/near/4">#design &gt; y @ 💬</a>',
    )
    const report = await verifyHar(har)
    expect(report.differences).toEqual([])
    expect(report.compared).toBe(3)
  })

  it('keeps the default channels where the recording links to none', async () => {
    const { har, content } = await recording(undefined, '#**sandbox** #**general>x**')
    expect(content).toContain('data-stream-id="2"')
    expect((await verifyHar(har)).differences).toEqual([])
  })

  it('takes the id from the recorded answer itself: an id the default would not give verifies clean', async () => {
    const { har } = await recording(undefined, '#**general**')
    // The recorded link edited: general at 9, where the default set-up would give it 3.
    // The test message comes after the organization's 16 onboarding messages.
    const read = har.log.entries.find((e) => e.request.url.endsWith('/messages/17'))
    const answer = read?.response.content
    if (!answer?.text) throw new Error('no GET /messages/17 in the recording')
    answer.text = answer.text
      .replace('data-stream-id=\\"3\\"', 'data-stream-id=\\"9\\"')
      .replace('/channel/3-general', '/channel/9-general')
    // The set-up reads the channel from that very answer: general gets id 9, and the link matches.
    expect((await verifyHar(har)).differences).toEqual([])
  })
})
