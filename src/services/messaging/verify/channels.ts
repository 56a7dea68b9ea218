/**
 * The channels an organization of a recording shows: the channel, topic and message links of the messages
 * its answers hold (`<a class="stream" data-stream-id="3" href="/#narrow/channel/3-general">#general</a>`
 * and the like), each channel's id and name. The set-up gives the organization the three channels of a new
 * real organization (`Zulip`, `sandbox`, `general`) with the recorded ids where the recording shows them,
 * and the other channels it shows, so that the simulator renders the same links (an id inside an href is
 * compared as text, so the channel must have the recorded id).
 * @module
 */
import { NEW_ORGANIZATION_CHANNELS } from '../records.js'

/** A channel a recording shows: id and name. */
export interface RecordedChannel {
  id: number
  name: string
}

/** The links that name a channel: its id, then the text after `#` (up to ` > ` for a topic's). */
const LINKS = [
  /<a class="stream" data-stream-id="(\d+)" href="[^"]*">#([^<]*)<\/a>/g,
  // The name is escaped text, with no `<` (`.*?`, tried at each link without ` &gt; `, scanned to the end).
  /<a class="stream-topic" data-stream-id="(\d+)" href="[^"]*">#([^<]*?) &gt; /g,
  /<a class="message-link" href="\/#narrow\/channel\/(\d+)-[^"]*">#([^<]*?) &gt; /g,
]

/** Text as the real server escapes it, back to the text. */
const unescapeText = (html: string) =>
  html.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&')

/** Every string inside a JSON value. */
function* stringsOf(value: unknown): Generator<string> {
  if (typeof value === 'string') yield value
  else if (Array.isArray(value)) for (const item of value) yield* stringsOf(item)
  else if (value !== null && typeof value === 'object')
    for (const item of Object.values(value)) yield* stringsOf(item)
}

/**
 * The channels the answers' messages link to, in the order first seen; where two sightings disagree (an id
 * with two names, a name, whatever its case, with two ids), the first is kept.
 */
export function channelsIn(bodies: readonly unknown[]): RecordedChannel[] {
  const channels: RecordedChannel[] = []
  for (const body of bodies) {
    for (const text of stringsOf(body)) {
      if (!text.includes('<a class="')) continue
      for (const pattern of LINKS) {
        for (const [, id, name] of text.matchAll(pattern)) {
          const channel = { id: Number(id), name: unescapeText(name as string) }
          const lower = channel.name.toLowerCase()
          if (channel.id < 1 || channel.name === '') continue
          if (channels.some((c) => c.id === channel.id || c.name.toLowerCase() === lower)) continue
          channels.push(channel)
        }
      }
    }
  }
  return channels
}

/**
 * The scenario's channels for an organization whose answers show these: the new organization's three
 * (a recorded one with its recorded id), then the others the recording shows; `undefined` (the default
 * three) when it shows none. `taken`: ids an earlier organization's channels have (a recording of two
 * servers may show one id twice); such a channel gets a free id instead. The ids given are added to it.
 */
export function plannedChannels(
  shown: readonly RecordedChannel[],
  taken: Set<number>,
): Array<{ name: string; id?: number }> | undefined {
  if (shown.length === 0) return undefined
  const recorded = shown.map((channel) =>
    taken.has(channel.id) ? { name: channel.name } : { ...channel },
  ) as Array<{ name: string; id?: number }>
  for (const channel of recorded) if (channel.id !== undefined) taken.add(channel.id)
  const isNew = (name: string) => (NEW_ORGANIZATION_CHANNELS as readonly string[]).includes(name)
  const planned = NEW_ORGANIZATION_CHANNELS.flatMap(
    (name): Array<{ name: string; id?: number }> => {
      const seen = recorded.find((channel) => channel.name === name)
      if (seen) return [seen]
      // A recorded channel of the same name in another case stands in its place.
      const lower = name.toLowerCase()
      return recorded.some((channel) => channel.name.toLowerCase() === lower) ? [] : [{ name }]
    },
  )
  for (const channel of recorded) if (!isNew(channel.name)) planned.push(channel)
  return planned
}

/**
 * Whether the answers show the organization's onboarding: a channel message from Welcome Bot that the
 * recording did not send (`GET /messages/{id}` of one of a new organization's first messages). Then the
 * set-up's organization holds the onboarding messages (docs/messaging.md); otherwise it is a bare one, and
 * the messages a `max_message_id` shows stand in for what existed before the recording.
 */
export function showsOnboarding(bodies: readonly unknown[]): boolean {
  return bodies.some((body) => {
    const message = (body as { message?: Record<string, unknown> } | null)?.message
    return (
      typeof message === 'object' &&
      message !== null &&
      message.type === 'stream' &&
      message.sender_email === 'welcome-bot@zulip.com'
    )
  })
}
