/**
 * Inline Markdown of a message as the real server renders it: code spans, links, mentions (users by name
 * or id, wildcards, system groups), emoji (names and Unicode characters of the recorded list), emphasis.
 * @module
 */
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

/**
 * Zulip's emoji names recorded from the real server (name, code point): a name renders as
 * `<span aria-label="name" class="emoji emoji-<code>" role="img" title="name">:name:</span>`, with `_`
 * read as a space in the label and title. Other names stay text.
 */
const EMOJI: Readonly<Record<string, string>> = {
  '+1': '1f44d',
  '-1': '1f44e',
  '100': '1f4af',
  bulb: '1f4a1',
  cake: '1f370',
  check: '2705',
  clap: '1f44f',
  coffee: '2615',
  eyes: '1f440',
  fire: '1f525',
  heart: '2764',
  joy: '1f602',
  octopus: '1f419',
  pray: '1f64f',
  rocket: '1f680',
  slight_smile: '1f642',
  smile: '1f604',
  sparkles: '2728',
  star: '2b50',
  tada: '1f389',
  thinking: '1f914',
  thumbs_up: '1f44d',
  warning: '26a0',
  wave: '1f44b',
}

/**
 * The canonical name of each code point of `EMOJI` (the real server's `codepoint_to_name`, from its
 * `emoji_codes.json` at level 442): a Unicode emoji in the text renders like its name.
 */
const EMOJI_NAME_OF: Readonly<Record<string, string>> = {
  '1f44d': '+1',
  '1f44e': '-1',
  '1f4af': '100',
  '1f4a1': 'light_bulb',
  '1f370': 'cake',
  '2705': 'check',
  '1f44f': 'clap',
  '2615': 'coffee',
  '1f440': 'eyes',
  '1f525': 'fire',
  '2764': 'heart',
  '1f602': 'joy',
  '1f419': 'octopus',
  '1f64f': 'folded_hands',
  '1f680': 'rocket',
  '1f642': 'slight_smile',
  '1f604': 'smile',
  '2728': 'sparkles',
  '2b50': 'star',
  '1f389': 'tada',
  '1f914': 'thinking',
  '26a0': 'warning',
  '1f44b': 'wave',
}

/** `:zulip:`, the one emoji the real server shows as an image. */
const ZULIP_EMOJI =
  '<img alt=":zulip:" class="emoji" src="/static/generated/emoji/images/emoji/unicode/zulip.png" title="zulip">'

/** The emoji span of a name and its code point. */
function emojiSpan(name: string, code: string): string {
  const label = name.replace(/_/g, ' ')
  return `<span aria-label="${label}" class="emoji emoji-${code}" role="img" title="${label}">:${name}:</span>`
}

/**
 * A Unicode emoji of `EMOJI_NAME_OF`, as the real server's emoji pattern finds one: an emoji-presentation
 * character, or any of them followed by the variation selector U+FE0F (`❤️` is `:heart:`, a bare `❤` stays
 * text), and not part of a longer sequence (after or before a joiner, before a skin tone or a keycap; the
 * real server names joined, keycap and flag sequences, which stay text here, and leaves a skin tone text).
 */
const UNICODE_EMOJI = new RegExp(
  `(?<!\\u{200d})(?:(${Object.keys(EMOJI_NAME_OF)
    .map((code) => String.fromCodePoint(Number.parseInt(code, 16)))
    .join('|')})\\u{fe0f}|(?=\\p{Emoji_Presentation})(${Object.keys(EMOJI_NAME_OF)
    .map((code) => String.fromCodePoint(Number.parseInt(code, 16)))
    .join('|')}))(?![\\u{fe0f}\\u{200d}\\u{1f3fb}-\\u{1f3ff}\\u{20e3}])`,
  'gu',
)

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
    .replace(/:([a-z0-9_+-]+):/g, (whole, name: string) => {
      // Zulip's own emoji is an image.
      if (name === 'zulip') return placeholder(ZULIP_EMOJI)
      // Own names only: `:constructor:` or `:__proto__:` name no emoji (the real server leaves them as text).
      const code = Object.hasOwn(EMOJI, name) ? EMOJI[name] : undefined
      return code ? placeholder(emojiSpan(name, code)) : whole
    })
    .replace(UNICODE_EMOJI, (emoji: string) => {
      const code = (emoji.codePointAt(0) as number).toString(16)
      return placeholder(emojiSpan(EMOJI_NAME_OF[code] as string, code))
    })
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
