/**
 * Inline Markdown of a message as the real server renders it: code spans, links, mentions (users by name
 * or id, wildcards, system groups), emoji (by name and as Unicode characters, the real server's table:
 * `emoji/`), emphasis.
 * @module
 */

import { emojiPart } from './emoji/source.js'
import { channelLinks, replaceMarkdownLinks, sanitizeUrl, URL_PATTERN } from './markdown-links.js'
import {
  escapeAttribute,
  escapeInlineText,
  escapeText,
  type MarkdownContext,
  type MentionedUser,
  SYSTEM_GROUPS,
  systemGroupId,
} from './markdown-text.js'
import { renderTime, replaceTimeMentions } from './markdown-time.js'

/** `:zulip:`, the one emoji the real server shows as an image. */
const ZULIP_EMOJI =
  '<img alt=":zulip:" class="emoji" src="/static/generated/emoji/images/emoji/unicode/zulip.png" title="zulip">'

/** The emoji span of a name and its code (`make_emoji`: `_` read as a space in the label and title). */
function emojiSpan(name: string, code: string): string {
  const label = name.replace(/_/g, ' ')
  return `<span aria-label="${label}" class="emoji emoji-${code}" role="img" title="${label}">:${name}:</span>`
}

/** Zulip's `EMOJI_REGEX` (`:[\w\-\+]+:`, Python's `\w`: letters, digits, `_`). */
const EMOJI_NAME = /:([\p{L}\p{N}_+-]+):/gu
/** One emoji of `POSSIBLE_EMOJI_RE`: a character with a skin tone, U+FE0F (and a keycap) or a tag sequence. */
const ONE_EMOJI = String.raw`\p{Emoji}(?:\p{Emoji_Modifier}|\u{FE0F}\u{20E3}?|[\u{E0020}-\u{E007E}]+\u{E007F})?`
/**
 * Zulip's `POSSIBLE_EMOJI_RE` (UTS #51's possible emoji): a pair of regional indicators (a flag) or one emoji,
 * then any more after a zero-width joiner each.
 */
const POSSIBLE_EMOJI = new RegExp(
  String.raw`\p{RI}\p{RI}|${ONE_EMOJI}(?:\u{200D}(?:\p{RI}\p{RI}|${ONE_EMOJI}))*`,
  'gu',
)
/** `TEXT_PRESENTATION_RE`: one character shown as text unless asked (`❤`, a digit), maybe with a keycap. */
const TEXT_PRESENTATION = /^\P{Emoji_Presentation}\u{20E3}?$/u

/** `emoji_to_hex_codepoint(unqualify_emoji(…))`: the code points in hex, `-` between them, without U+FE0F. */
function emojiCode(emoji: string): string {
  return [...emoji.replaceAll('\u{fe0f}', '')]
    .map((char) => (char.codePointAt(0) as number).toString(16).padStart(4, '0'))
    .join('-')
}

/**
 * Whether a text may hold an emoji, by name (`:name:`) or as Unicode (a character past ASCII): the renderer reads
 * the emoji table only then, and the Welcome Bot operation loads it (in a browser) only then.
 */
export function mayHoldEmoji(text: string): boolean {
  return /[\u0080-\u{10ffff}]/u.test(text) || /:[\p{L}\p{N}_+-]+:/u.test(text)
}

/** Zulip's `stream_wildcards` and `topic_wildcards`: `@**all**` and the rest mention everyone. */
const CHANNEL_WILDCARDS = new Set(['all', 'everyone', 'stream', 'channel'])

/** Renders inline Markdown (backticks first, then the rest on escaped text). */
export function renderInline(text: string, context: MarkdownContext, quoted: boolean): string {
  let out = ''
  let rest = text
  // Whether the run follows a code span (whose placeholder keeps a channel link from starting there).
  let afterCode = false
  for (;;) {
    const open = /`+/.exec(rest)
    if (!open) break
    const ticks = open[0]
    const after = rest.slice(open.index + ticks.length)
    const close = new RegExp(`(?<!\`)${ticks}(?!\`)`).exec(after)
    if (!close) {
      out += renderSpans(rest.slice(0, open.index + ticks.length), context, quoted, afterCode)
      afterCode = false
      rest = after
      continue
    }
    out += renderSpans(rest.slice(0, open.index), context, quoted, afterCode)
    out += `<code>${escapeText(after.slice(0, close.index).trim())}</code>`
    afterCode = true
    rest = after.slice(close.index + ticks.length)
  }
  return out + renderSpans(rest, context, quoted, afterCode)
}

/** Links, mentions, emoji and emphasis on a run of text without code spans. */
function renderSpans(
  raw: string,
  context: MarkdownContext,
  quoted: boolean,
  afterCode = false,
): string {
  // Mentions inside a quote are made silent before rendering, as the real server does.
  const text = quoted ? raw.replace(/@(?!_)(\*\*?)/g, '@_$1') : raw
  const pieces: string[] = []
  const placeholder = (html: string) => {
    pieces.push(html)
    return `\u0000${pieces.length - 1}\u0000`
  }
  // Channel links come before links (the real server's priorities): a NUL stands for the code span
  // before the run, so that no link starts right after it, and goes again.
  const linked = afterCode
    ? channelLinks(`\u0000${text}`, context, placeholder).slice(1)
    : channelLinks(text, context, placeholder)
  const timed = replaceTimeMentions(linked, (whole, time) => {
    const html = renderTime(time)
    return html === undefined ? whole : placeholder(html)
  })
  let working = replaceMarkdownLinks(timed, (whole, label, target, doubleQuoted, singleQuoted) => {
    const href = sanitizeUrl(target.startsWith('<') ? target.slice(1, -1) : target)
    if (href === undefined) return whole
    // ElementTree writes an attribute whose value is its name bare (`title="title"` → `title`).
    const title = doubleQuoted ?? singleQuoted
    const titleAttribute =
      title === undefined ? '' : title === 'title' ? ' title' : ` title="${escapeAttribute(title)}"`
    return placeholder(
      `<a href="${escapeAttribute(href)}"${titleAttribute}>${escapeText(label)}</a>`,
    )
  })
    .replace(URL_PATTERN, (url) => {
      const href = sanitizeUrl(url)
      if (href === undefined) return url
      return placeholder(`<a href="${escapeAttribute(href)}">${escapeText(url)}</a>`)
    })
    .replace(/@_?\*\*([^*\n]+)\*\*/g, (whole, name: string) => {
      const silent = whole.startsWith('@_')
      const shown = (text: string) => `${silent ? '' : '@'}${escapeText(text)}`
      const classes = (base: string) => `${base}${silent ? ' silent' : ''}`
      if (CHANNEL_WILDCARDS.has(name))
        return placeholder(
          `<span class="${classes('user-mention channel-wildcard-mention')}" data-user-id="*">${shown(name)}</span>`,
        )
      if (name === 'topic')
        return placeholder(`<span class="${classes('topic-mention')}">${shown(name)}</span>`)
      // `@**name|id**` and `@**|id**`: the user with that id, whose full name must be the one given.
      const byId = /^(.+)?\|(\d+)$/.exec(name)
      let user: MentionedUser | undefined
      if (byId) {
        user = context.userById(Number(byId[2]))
        if (byId[1] !== undefined && user && user.fullName !== byId[1]) return whole
      } else user = context.userByName(name)
      if (user === undefined) return whole
      return placeholder(
        `<span class="${classes('user-mention')}" data-user-id="${user.id}">${shown(user.fullName)}</span>`,
      )
    })
    .replace(/@_?\*([^*\n]+)\*/g, (whole, name: string) => {
      const id = systemGroupId(context.realmId, name)
      const group = SYSTEM_GROUPS.find(([groupName]) => groupName === name)
      if (id === undefined || !group) return whole
      return placeholder(
        `<span class="user-group-mention${whole.startsWith('@_') ? ' silent' : ''}" data-user-group-id="${id}">${whole.startsWith('@_') ? '' : '@'}${group[1]}</span>`,
      )
    })

  if (mayHoldEmoji(working)) {
    const { emojiTable } = emojiPart.get()
    working = working
      .replace(EMOJI_NAME, (whole, name: string) => {
        // Zulip's own emoji is an image.
        if (name === 'zulip') return placeholder(ZULIP_EMOJI)
        const code = emojiTable.codeOfName(name)
        return code === undefined ? whole : placeholder(emojiSpan(name, code))
      })
      .replace(POSSIBLE_EMOJI, (emoji: string) => {
        // `UnicodeEmoji.handleMatch`: a character shown as text stays, and so does a code with no name.
        if (TEXT_PRESENTATION.test(emoji)) return emoji
        const code = emojiCode(emoji)
        const name = emojiTable.nameOfCode(code)
        return name === undefined ? emoji : placeholder(emojiSpan(name, code))
      })
  }
  working = escapeInlineText(working)
    // Text that starts with neither a space nor the marker, up to the next marker: one way to match.
    .replace(/\*\*\*([^*\s][^*]*)\*\*\*/g, '<strong><em>$1</em></strong>')
    .replace(/\*\*([^*\s][^*]*)\*\*/g, '<strong>$1</strong>')
    .replace(/\*([^*\s][^*]*)\*/g, '<em>$1</em>')
    .replace(/~~([^~\s][^~]*)~~/g, '<del>$1</del>')
  // A link's label may hold a channel link's placeholder: restored in turn.
  const restore = (html: string): string =>
    html.replace(
      // biome-ignore lint/suspicious/noControlCharactersInRegex: NUL marks the placeholders (the endpoint refuses a text holding one).
      /\u0000(\d+)\u0000/g,
      (_, index: string) => restore(pieces[Number(index)] as string),
    )
  return restore(working)
}
