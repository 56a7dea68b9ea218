/**
 * Message content: the Welcome Bot test message's Markdown (exact, as the real server builds it) and its
 * HTML, rendered the way Zulip's Markdown processor renders what a welcome text holds. The expected
 * outputs in `test/messaging/welcome-markdown.test.ts` (`fixtures/welcome-markdown-442.json`) were
 * recorded from a real Zulip server (feature level 442).
 *
 * Rendered like the real server: paragraphs (a single newline is `<br>\n`), headings (`#` to `######`
 * and a space), block quotes (`>`, nested, lazy continuation; mentions inside are silent), fenced code
 * blocks, indented code (4 spaces or a tab), bullet lists (`-`, `*`, `+`) and numbered lists (`1.`,
 * `start` kept), inline code (any number of backticks), `**strong**`, `*em*`, `~~del~~`, links
 * (`[text](url)`, bare `http(s)://` and `www.` URLs), the emoji of `EMOJI` (others stay text), user
 * mentions by full name, system-group mentions (`@_*role:administrators*`), channel, topic and message
 * links to the organization's channels (`#**name**`, `#**name>topic**`, `#**name>topic@id**`), HTML
 * escaped.
 *
 * Approximate (documented in docs/messaging.md): syntax highlighting of code with a language (the code is
 * escaped, not tokenised), emoji outside `EMOJI`, a topic link's `/with/` (the channels hold no
 * messages), spoilers, math, tables, time mentions, and the real server's quirks with a fence that ends
 * the text (reproduced for code and quote fences only).
 * @module
 */

/** `get_unused_fence`: backticks longer than any fence opening a line (at most 3 spaces in) inside the text. */
function unusedFence(text: string): string {
  // No three backticks in a row: no line opens a fence.
  if (!text.includes('```')) return '```'
  let longest = 0
  for (const line of text.split('\n')) {
    const match = /^ {0,3}(`{3,})/.exec(line)
    if (match) longest = Math.max(longest, (match[1] as string).length)
  }
  return '`'.repeat(Math.max(3, longest + 1))
}

/** The raw content of the Welcome Bot custom message: a note from the administrators quoting the text. */
export function welcomeMessageContent(text: string): string {
  const fence = unusedFence(text)
  return `A note from @_*role:administrators*:\n${fence}quote\n${text}\n${fence}`
}

const TEXT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' }

/** Escapes text as Python-Markdown writes a text node (`&`, `<`, `>`; quotes stay). */
function escapeText(text: string): string {
  return /[&<>]/.test(text) ? text.replace(/[&<>]/g, (char) => TEXT_ESCAPES[char] as string) : text
}

/** Escapes an attribute value. */
function escapeAttribute(text: string): string {
  return escapeText(text).replace(/"/g, '&quot;')
}

/** Paragraphs of escaped text, blank lines between them (an organization's description); `''` when blank. */
export function renderParagraphs(text: string): string {
  // One line (the usual case): one paragraph, or nothing when blank. Same result as the general path.
  if (!text.includes('\n') && !text.includes('\r'))
    return text.trim() === '' ? '' : `<p>${escapeText(text)}</p>`
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((block) => block.replace(/^\n+|\n+$/g, ''))
    .filter((block) => block.trim() !== '')
    .map((block) => `<p>${block.split('\n').map(escapeText).join('<br>\n')}</p>`)
    .join('\n')
}

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

/** The emoji span of a name and its code point. */
function emojiSpan(name: string, code: string): string {
  const label = name.replace(/_/g, ' ')
  return `<span aria-label="${label}" class="emoji emoji-${code}" role="img" title="${label}">:${name}:</span>`
}

/**
 * A Unicode emoji of `EMOJI_NAME_OF`, as the real server's emoji pattern finds one: an emoji-presentation
 * character, or any of them followed by the variation selector U+FE0F (`❤️` is `:heart:`, a bare `❤` stays
 * text), and not part of a longer sequence (a joiner, a skin tone or a keycap, which have other code
 * points there; such sequences stay text here).
 */
const UNICODE_EMOJI = new RegExp(
  `(?:(${Object.keys(EMOJI_NAME_OF)
    .map((code) => String.fromCodePoint(Number.parseInt(code, 16)))
    .join('|')})\\u{fe0f}|(?=\\p{Emoji_Presentation})(${Object.keys(EMOJI_NAME_OF)
    .map((code) => String.fromCodePoint(Number.parseInt(code, 16)))
    .join('|')}))(?![\\u{fe0f}\\u{200d}\\u{1f3fb}-\\u{1f3ff}\\u{20e3}])`,
  'gu',
)

/** Zulip's `stream_wildcards` and `topic_wildcards`: `@**all**` and the rest mention everyone. */
const CHANNEL_WILDCARDS = new Set(['all', 'everyone', 'stream', 'channel'])

/** `[text](url "title")`: the URL with up to one level of balanced parentheses, an optional title. */
const MARKDOWN_LINK =
  /\[([^\]\n]+)\]\(\s*(<[^<>\n]*>|(?:[^()\s]|\([^()\s]*\))+)(?:\s+(?:"([^"]*)"|'([^']*)'))?\s*\)/g

/** `allowed_schemes` of Zulip's `sanitize_url`. */
const ALLOWED_SCHEMES = new Set(
  'http https ftp file bitcoin geo im irc ircs magnet mailto matrix mms news nntp openpgp4fpr sip sms smsto ssh tel urn webcal wtai xmpp'.split(
    ' ',
  ),
)

/**
 * `sanitize_url`: the href of a link, or `undefined` for a scheme the real server refuses (the link then
 * stays text). No scheme: an address is a `mailto:`, a path or a fragment stays relative, anything else
 * gets `http://`.
 */
function sanitizeUrl(url: string): string | undefined {
  const href = url.replace(/ /g, '%20')
  // urlsplit's scheme: letters first, then letters, digits, `+`, `-`, `.`, up to the first colon.
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(href)?.[1]?.toLowerCase()
  if (scheme !== undefined) return ALLOWED_SCHEMES.has(scheme) ? href : undefined
  if (href.startsWith('/') || href.startsWith('#')) return href
  if (href.split(/[?#]/)[0]?.includes('@')) return `mailto:${href}`
  return `http://${href}`
}

/**
 * The organization's system groups as the real server numbers them: eight per organization, the server's
 * internal realm first (realm 1), each organization's in this order.
 */
const SYSTEM_GROUPS = [
  ['role:nobody', 'Nobody'],
  ['role:owners', 'Owners'],
  ['role:administrators', 'Administrators'],
  ['role:moderators', 'Moderators'],
  ['role:fullmembers', 'Full members'],
  ['role:members', 'Members'],
  ['role:everyone', 'Everyone'],
  ['role:internet', 'Everyone on the internet'],
] as const

/** The id of a system group of the organization whose realm id is `realmId`, or `undefined`. */
function systemGroupId(realmId: number, name: string): number | undefined {
  const index = SYSTEM_GROUPS.findIndex(([groupName]) => groupName === name)
  return index < 0 ? undefined : (realmId - 1) * SYSTEM_GROUPS.length + index + 1
}

/** What a user mention shows of a user. */
export interface MentionedUser {
  id: number
  fullName: string
}

/** What rendering needs of the organization: its realm id and its users (for mentions). */
export interface MarkdownContext {
  realmId: number
  /** The (active or not) user with this full name, or `undefined`. */
  userByName(name: string): MentionedUser | undefined
  /** The (active or not) user of the organization with this id, or `undefined`. */
  userById(id: number): MentionedUser | undefined
  /** The id of the organization's channel with exactly this name (case counts), or `undefined`. */
  channelIdByName(name: string): number | undefined
}

/**
 * `encode_hash_component`: the UTF-8 bytes percent-encoded as Python's `quote(s, safe="*")` does, then
 * `%` written `.` and a literal `.` as `.2E`.
 */
function encodeHashComponent(text: string): string {
  let out = ''
  for (const char of text) {
    if (/^[A-Za-z0-9_~*-]$/.test(char)) out += char
    else
      for (const byte of new TextEncoder().encode(char))
        out += `.${byte.toString(16).toUpperCase().padStart(2, '0')}`
  }
  return out
}

/** `encode_channel`: the id, a dash, and the name with spaces as dashes, hash-encoded. */
const channelSlug = (id: number, name: string) =>
  `${id}-${encodeHashComponent(name.replaceAll(' ', '-'))}`

/** Zulip's `BEFORE_MENTION_ALLOWED_REGEX`: a channel link starts the text or follows one of these. */
const BEFORE_LINK = `(?<![^\\s'"({[/<])`
/** `#**channel>topic@message**`, `#**channel>topic**` and `#**channel**`, tried in this order. */
const MESSAGE_LINK = new RegExp(`${BEFORE_LINK}#\\*\\*([^*>]+)>([^*]*)@(\\d+)\\*\\*`, 'g')
const TOPIC_LINK = new RegExp(`${BEFORE_LINK}#\\*\\*([^*>]+)>([^*]*)\\*\\*`, 'g')
const CHANNEL_LINK = new RegExp(`${BEFORE_LINK}#\\*\\*([^*]+)\\*\\*`, 'g')

/** Zulip's `Message.EMPTY_TOPIC_FALLBACK_NAME`, shown for the empty topic. */
const EMPTY_TOPIC = '<em>general chat</em>'

/**
 * Channel, topic and message links to the organization's channels, as placeholders (the real server's
 * `StreamTopicMessagePattern`, `StreamTopicPattern`, `StreamPattern`); a name no channel has stays text.
 * A topic link has no `/with/<message id>`: the simulator's channels hold no messages.
 */
function channelLinks(
  text: string,
  context: MarkdownContext,
  placeholder: (html: string) => string,
): string {
  if (!text.includes('#**')) return text
  const topicText = (topic: string) => (topic === '' ? EMPTY_TOPIC : escapeText(topic))
  return text
    .replace(MESSAGE_LINK, (whole, name: string, topic: string, message: string) => {
      const id = context.channelIdByName(name)
      if (id === undefined) return whole
      const href = `/#narrow/channel/${channelSlug(id, name)}/topic/${encodeHashComponent(topic)}/near/${message}`
      return placeholder(
        `<a class="message-link" href="${href}">#${escapeText(name)} &gt; ${topicText(topic)} @ \u{1f4ac}</a>`,
      )
    })
    .replace(TOPIC_LINK, (whole, name: string, topic: string) => {
      const id = context.channelIdByName(name)
      if (id === undefined) return whole
      const href = `/#narrow/channel/${channelSlug(id, name)}/topic/${encodeHashComponent(topic)}`
      return placeholder(
        `<a class="stream-topic" data-stream-id="${id}" href="${href}">#${escapeText(name)} &gt; ${topicText(topic)}</a>`,
      )
    })
    .replace(CHANNEL_LINK, (whole, name: string) => {
      const id = context.channelIdByName(name)
      if (id === undefined) return whole
      return placeholder(
        `<a class="stream" data-stream-id="${id}" href="/#narrow/channel/${channelSlug(id, name)}">#${escapeText(name)}</a>`,
      )
    })
}

/** Renders inline Markdown (backticks first, then the rest on escaped text). */
function renderInline(text: string, context: MarkdownContext, quoted: boolean): string {
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

/**
 * The top-level domains the bare-domain autolink knows: the most used of the real server's list (it has
 * every IANA TLD but `java`, `md`, `mov`, `py`, `zip`); a domain under another one stays text here.
 */
const TLDS =
  'com|org|net|edu|gov|mil|int|io|dev|app|ai|co|me|info|biz|chat|tech|online|site|xyz|cloud|us|uk|de|fr|eu|ca|au|nz|in|jp|cn|ru|nl|be|ch|at|se|no|dk|fi|es|it|pt|pl|cz|br|mx|ar|za|kr|tw|hk|sg|il|ie|tv|cc|ly|gg|so'
/** Zulip's `get_web_link_regex` path part: text with up to three levels of balanced parentheses. */
const PAREN_PATH = (() => {
  let chunk = '[^\\s()"]*'
  for (let i = 0; i < 3; i++) chunk = `[^\\s()"]*?(?:\\(${chunk}\\)[^\\s()"]*?)*`
  return chunk
})()
const W = '[\\p{L}\\p{M}\\p{N}_]'
/**
 * Zulip's `get_web_link_regex`: after a space or one of `'"(,:<` (or at the start), an `http(s)://` URL,
 * a domain with a known TLD, or an e-mail address; a path may hold balanced parentheses; trailing
 * punctuation is left out.
 */
const URL_PATTERN = new RegExp(
  `(?<![^\\s'"(,:<])(?:(?:https?://[${W.slice(1, -1)}.:@-]+?|(?:[${W.slice(1, -1)}-]+\\.)+(?:${TLDS}))(?:/${PAREN_PATH}|\\?(?![)"\\s]|$)${PAREN_PATH})?|[${W.slice(1, -1)}.-]+@[${W.slice(1, -1)}.-]+\\.${W}+)(?=[!:;?),.'">]*(?:$|\\s))`,
  'gu',
)

/** Python-Markdown's escaping of a text run: entity and character references (`&copy;`, `&#169;`) stay. */
function escapeInlineText(text: string): string {
  if (!/[&<>]/.test(text)) return text
  return text
    .replace(/&(?!(?:#[0-9]+|#x[0-9a-fA-F]+|[a-zA-Z0-9]+);)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
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
  let working = linked
    .replace(
      MARKDOWN_LINK,
      (whole, label: string, target: string, doubleQuoted?: string, singleQuoted?: string) => {
        const href = sanitizeUrl(target.startsWith('<') ? target.slice(1, -1) : target)
        if (href === undefined) return whole
        // ElementTree writes an attribute whose value is its name bare (`title="title"` → `title`).
        const title = doubleQuoted ?? singleQuoted
        const titleAttribute =
          title === undefined
            ? ''
            : title === 'title'
              ? ' title'
              : ` title="${escapeAttribute(title)}"`
        return placeholder(
          `<a href="${escapeAttribute(href)}"${titleAttribute}>${escapeText(label)}</a>`,
        )
      },
    )
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
      const code = EMOJI[name]
      return code ? placeholder(emojiSpan(name, code)) : whole
    })
    .replace(UNICODE_EMOJI, (emoji: string) => {
      const code = (emoji.codePointAt(0) as number).toString(16)
      return placeholder(emojiSpan(EMOJI_NAME_OF[code] as string, code))
    })
  working = escapeInlineText(working)
    .replace(/\*\*\*(?=\S)([^*]+?)\*\*\*/g, '<strong><em>$1</em></strong>')
    .replace(/\*\*(?=\S)([^*]+?)\*\*/g, '<strong>$1</strong>')
    .replace(/\*(?=\S)([^*]+?)\*/g, '<em>$1</em>')
    .replace(/~~(?=\S)([^~]+?)~~/g, '<del>$1</del>')
  // A link's label may hold a channel link's placeholder: restored in turn.
  const restore = (html: string): string =>
    html.replace(
      // biome-ignore lint/suspicious/noControlCharactersInRegex: NUL marks the placeholders (the endpoint refuses a text holding one).
      /\u0000(\d+)\u0000/g,
      (_, index: string) => restore(pieces[Number(index)] as string),
    )
  return restore(working)
}

/** Zulip's `FENCE_RE`: a fence opens only at the start of a line. */
const FENCE_OPEN = /^(`{3,}|~{3,})[ \t]*([^`\s]*)(?:[ \t]+(.*))?$/
/** Python-Markdown's `HRProcessor`: three or more `-`, `_` or `*`, spaced by at most two spaces. */
const RULE = /^ {0,3}(?:(?:-+ {0,2}){3,}|(?:_+ {0,2}){3,}|(?:\*+ {0,2}){3,}) *$/
const HEADING = /^(#{1,6})[ \t]+(.*?)[ \t#]*$/
const BULLET = /^[-*+][ \t]+(.*)$/
const NUMBERED = /^(\d+)\.[ \t]+(.*)$/
const INDENTED = /^(?: {4}|\t)/

/** Whether a line starts a block that interrupts a paragraph. */
function startsBlock(line: string): boolean {
  return (
    /^ {0,3}>/.test(line) ||
    FENCE_OPEN.test(line) ||
    RULE.test(line) ||
    HEADING.test(line) ||
    BULLET.test(line) ||
    NUMBERED.test(line)
  )
}

/** A code block as the real server renders one without a known language. */
function codeBlock(lines: readonly string[]): string {
  return `<div class="codehilite"><pre><span></span><code>${lines.map((line) => `${escapeText(line)}\n`).join('')}</code></pre></div>`
}

/** Renders the blocks of some lines; `quoted` inside a block quote (mentions are silent). */
function renderBlocks(lines: readonly string[], context: MarkdownContext, quoted: boolean): string {
  const blocks: string[] = []
  let i = 0
  while (i < lines.length) {
    const line = lines[i] as string
    if (line.trim() === '') {
      i += 1
      continue
    }
    const fence = FENCE_OPEN.exec(line)
    if (fence) {
      const marker = fence[1] as string
      const language = (fence[2] ?? '').toLowerCase()
      const content: string[] = []
      i += 1
      // Only the same fence closes it (`line.rstrip() == self.fence`).
      while (i < lines.length && (lines[i] as string).trimEnd() !== marker) {
        content.push(lines[i] as string)
        i += 1
      }
      const closed = i < lines.length
      i += 1
      const last = !closed || lines.slice(i).every((rest) => rest.trim() === '')
      if (language === 'quote' || language === 'quoted') {
        // The real server leaves an empty line at the end of a nested quote fence's paragraph.
        const inner = renderBlocks(quoted && last ? [...content, ' '] : content, context, true)
        blocks.push(`<blockquote>\n${inner}\n</blockquote>`)
      } else if (quoted && last) {
        // A code fence that ends a quoted text lands in a paragraph with a trailing line break.
        blocks.push(`<p>${codeBlock(content)}<br>\n</p>`)
      } else blocks.push(codeBlock(content))
      continue
    }
    if (/^ {0,3}>/.test(line)) {
      const inner: string[] = []
      while (i < lines.length) {
        const current = lines[i] as string
        if (/^ {0,3}>/.test(current)) inner.push(current.replace(/^ {0,3}> ?/, ''))
        else if (current.trim() !== '' && !startsBlock(current)) inner.push(current)
        else break
        i += 1
      }
      blocks.push(`<blockquote>\n${renderBlocks(inner, context, true)}\n</blockquote>`)
      continue
    }
    if (RULE.test(line)) {
      blocks.push('<hr>')
      i += 1
      continue
    }
    const heading = HEADING.exec(line)
    if (heading) {
      const level = (heading[1] as string).length
      blocks.push(`<h${level}>${renderInline(heading[2] ?? '', context, quoted)}</h${level}>`)
      i += 1
      continue
    }
    const numbered = NUMBERED.exec(line)
    if (BULLET.test(line) || numbered) {
      const ordered = numbered !== null
      const pattern = ordered ? NUMBERED : BULLET
      // Python-Markdown's list processors: a blank line followed by another item continues the list, and
      // makes the item before it and the first item after it loose (their text in a paragraph).
      const items: { parts: string[]; loose: boolean }[] = []
      while (i < lines.length) {
        const current = lines[i] as string
        const item = pattern.exec(current)
        if (item) items.push({ parts: [(ordered ? item[2] : item[1]) ?? ''], loose: false })
        else if (current.trim() !== '' && !startsBlock(current)) items.at(-1)?.parts.push(current)
        else if (current.trim() === '') {
          let next = i + 1
          while (next < lines.length && (lines[next] as string).trim() === '') next += 1
          if (next >= lines.length || !pattern.exec(lines[next] as string)) break
          const before = items.at(-1)
          if (before) before.loose = true
          const after = pattern.exec(lines[next] as string) as RegExpExecArray
          items.push({ parts: [(ordered ? after[2] : after[1]) ?? ''], loose: true })
          i = next
        } else break
        i += 1
      }
      const start = ordered && numbered[1] !== '1' ? ` start="${Number(numbered[1])}"` : ''
      const tag = ordered ? 'ol' : 'ul'
      const rendered = items.map(({ parts, loose }) => {
        const html = parts.map((part) => renderInline(part, context, quoted)).join('<br>\n')
        return loose ? `<li>\n<p>${html}</p>\n</li>` : `<li>${html}</li>`
      })
      blocks.push(`<${tag}${start}>\n${rendered.join('\n')}\n</${tag}>`)
      continue
    }
    if (INDENTED.test(line)) {
      const content: string[] = []
      while (
        i < lines.length &&
        (INDENTED.test(lines[i] as string) || (lines[i] as string).trim() === '')
      ) {
        content.push((lines[i] as string).replace(INDENTED, ''))
        i += 1
      }
      while (content.length > 0 && (content.at(-1) as string).trim() === '') content.pop()
      // The real server follows an indented code block with an empty line.
      blocks.push(`${codeBlock(content)}\n`)
      continue
    }
    const paragraph = [line.replace(/^[ \t]+/, '')]
    i += 1
    while (
      i < lines.length &&
      (lines[i] as string).trim() !== '' &&
      !startsBlock(lines[i] as string)
    ) {
      paragraph.push(lines[i] as string)
      i += 1
    }
    if (i < lines.length && (lines[i] as string) === ' ' && i === lines.length - 1)
      paragraph.push('')
    blocks.push(
      `<p>${paragraph.map((part) => renderInline(part, context, quoted)).join('<br>\n')}</p>`,
    )
  }
  return blocks.join('\n')
}

/**
 * Whether a code fence of the text is still open at its end, as Zulip's fenced-code preprocessor reads it
 * (quote and spoiler fences open fences inside them; a code fence only waits for its own closing line).
 */
function endsInOpenCodeFence(lines: readonly string[]): boolean {
  const open: { marker: string; code: boolean }[] = []
  for (const line of lines) {
    const top = open.at(-1)
    if (top && line.trimEnd() === top.marker) {
      open.pop()
      continue
    }
    if (top?.code) continue
    const fence = FENCE_OPEN.exec(line)
    if (fence) {
      const language = (fence[2] ?? '').toLowerCase()
      const code = !['quote', 'quoted', 'spoiler', 'math', 'tex', 'latex'].includes(language)
      open.push({ marker: fence[1] as string, code })
    }
  }
  return open.at(-1)?.code === true
}

/** The HTML of the Welcome Bot custom message, as the real server renders its raw content. */
export function renderWelcomeMessage(text: string, context: MarkdownContext): string {
  const groupId = systemGroupId(context.realmId, 'role:administrators')
  const intro = `<p>A note from <span class="user-group-mention silent" data-user-group-id="${groupId}">Administrators</span>:</p>`
  const lines = text.replace(/\r\n?/g, '\n').split('\n')
  // A text of only spaces, tabs and newlines leaves the quote fence with nothing to quote: the real server
  // shows a lone "> " for each line (`"   "` → one, `"\n"` → two).
  if (text.trim() === '') return `${intro}\n<p>${lines.map(() => '&gt; ').join('<br>\n')}</p>`
  // A code fence left open takes the wrapping quote fence's closing line as code.
  if (endsInOpenCodeFence(lines)) lines.push(unusedFence(text))
  const body = renderBlocks(lines, context, true)
  return `${intro}\n<blockquote>\n${body}\n</blockquote>`
}
