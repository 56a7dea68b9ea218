/**
 * The onboarding messages of a new real organization, by feature level: Welcome Bot's messages in the
 * `Zulip`, `sandbox` and `general` channels (`send_initial_realm_messages`) and its greeting to each human
 * account (`send_initial_direct_messages_to_user`). Texts and HTML are the real servers' (levels 384 and
 * 442, `onboarding-texts.ts`); the channel ids in the HTML are the organization's.
 *
 * Which texts a level gets: the 442 texts from 442 on (the newest known, also for 443 to 512), the 384 texts
 * below. The 384 tree's history of `zerver/lib/onboarding.py` makes them exact from 368 (the greeting's last
 * change; the channel messages last changed at 354) to 384; between 385 and 441 the greeting's spaces and the
 * `experiments` example's inner fence changed at a level no source gives (placed at 442, the first level known
 * to have them); below 368 older servers' onboarding differed (approximate: docs/messaging.md).
 * @module
 */
import { EDITS_FOR_384, ONBOARDING_TEXTS_442, type OnboardingTexts } from './onboarding-texts.js'

/** The first level whose texts are the 442 server's. */
const TEXTS_442_FROM = 442

/** The texts with each edit's span replaced (`EDITS_FOR_384`), in a copy. */
function edited(
  texts: OnboardingTexts,
  edits: ReadonlyArray<readonly [string, number, number, string]>,
): OnboardingTexts {
  const copy = structuredClone(texts) as unknown as Record<string, unknown>
  for (const [path, start, end, text] of edits) {
    const keys = path.split('.')
    const last = keys.pop() as string
    let node = copy
    for (const key of keys) node = node[key] as Record<string, unknown>
    const value = node[last] as string
    node[last] = value.slice(0, start) + text + value.slice(end)
  }
  return copy as unknown as OnboardingTexts
}

/** The real servers' onboarding texts, by level: 442's, and 384's made from them. */
export const ONBOARDING_TEXTS: Readonly<Record<384 | 442, OnboardingTexts>> = {
  384: edited(ONBOARDING_TEXTS_442, EDITS_FOR_384),
  442: ONBOARDING_TEXTS_442,
}

/** A channel message of the onboarding, its HTML with the organization's channel ids. */
export interface OnboardingChannelMessage {
  channel: string
  topic: string
  content: string
  rendered: string
  starred: boolean
  reactions: Array<{ emojiName: string; emojiCode: string; reactionType: string }>
}

/** The texts of a feature level. */
function textsFor(featureLevel: number): OnboardingTexts {
  return featureLevel >= TEXTS_442_FROM ? ONBOARDING_TEXTS[442] : ONBOARDING_TEXTS[384]
}

/** The recorded HTML names channels by the recording's ids (`Zulip` 1, `sandbox` 2, `general` 3). */
const RECORDED_CHANNEL_IDS: Readonly<Record<string, number>> = { Zulip: 1, sandbox: 2, general: 3 }

/** The HTML with each recorded channel id replaced by the organization's channel of that name. */
function withChannelIds(html: string, channelIds: ReadonlyMap<string, number>): string {
  let out = html
  for (const [name, recorded] of Object.entries(RECORDED_CHANNEL_IDS)) {
    const id = channelIds.get(name)
    if (id === undefined || id === recorded) continue
    const slug = encodeURIComponent(name)
    out = out
      .replaceAll(`data-stream-id="${recorded}"`, `data-stream-id="\u0000${id}"`)
      .replaceAll(`/channel/${recorded}-${slug}`, `/channel/\u0000${id}-${slug}`)
  }
  return out.replaceAll('\u0000', '')
}

/**
 * The onboarding's channel messages at a feature level, in sending order (ids follow it), each with the
 * HTML naming the organization's channels (`channelIds`: name to id).
 */
export function onboardingChannelMessages(
  featureLevel: number,
  channelIds: ReadonlyMap<string, number>,
): OnboardingChannelMessage[] {
  return textsFor(featureLevel).channelMessages.map((message) => ({
    ...message,
    rendered: withChannelIds(message.rendered, channelIds),
    reactions: message.reactions.map((reaction) => ({ ...reaction })),
  }))
}

/** What the greeting depends on: the account's role, and whether the organization has onboarding messages. */
export interface GreetingFor {
  /** An owner or administrator: the greeting adds the guide for moving an organization to Zulip. */
  administrator: boolean
  /** The organization holds onboarding channel messages: the greeting points at them in the Inbox. */
  tracked: boolean
}

/** Welcome Bot's greeting to a new human account at a feature level: its Markdown and HTML. */
export function onboardingGreeting(
  featureLevel: number,
  { administrator, tracked }: GreetingFor,
): { content: string; rendered: string } {
  const texts = textsFor(featureLevel)
  const greeting = administrator ? texts.greetings.administrator : texts.greetings.member
  if (tracked) return { ...greeting }
  // Without onboarding messages the sentence about them is left out (`inform_about_tracked_onboarding_messages_text`).
  return {
    content: greeting.content.replace(` ${texts.trackedSentence.content}`, ''),
    rendered: greeting.rendered.replace(` ${texts.trackedSentence.rendered}`, ''),
  }
}
