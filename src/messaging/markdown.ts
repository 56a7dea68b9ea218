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

/** What rendering needs of the organization: its realm id and its users (for mentions). */
export interface MarkdownContext {
  realmId: number
  /** The id of the (active or not) user with exactly this full name, or `undefined`. */
  userIdByName(name: string): number | undefined
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

const URL_PATTERN = /\b(?:https?:\/\/|www\.)[^\s<>]*[^\s<>.,;:!?'")\]]/g

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
    .replace(/\[([^\]\n]+)\]\(([^)\s]+)\)/g, (_, label: string, url: string) =>
      placeholder(`<a href="${escapeAttribute(url)}">${escapeText(label)}</a>`),
    )
    .replace(URL_PATTERN, (url) =>
      placeholder(
        `<a href="${escapeAttribute(url.startsWith('www.') ? `http://${url}` : url)}">${escapeText(url)}</a>`,
      ),
    )
    .replace(/@_?\*\*([^*\n]+)\*\*/g, (whole, name: string) => {
      const id = context.userIdByName(name)
      if (id === undefined) return whole
      return placeholder(
        `<span class="user-mention${whole.startsWith('@_') ? ' silent' : ''}" data-user-id="${id}">${whole.startsWith('@_') ? '' : '@'}${escapeText(name)}</span>`,
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
      if (!code) return whole
      const label = name.replace(/_/g, ' ')
      return placeholder(
        `<span aria-label="${label}" class="emoji emoji-${code}" role="img" title="${label}">:${name}:</span>`,
      )
    })
  working = escapeText(working)
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

const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})[ \t]*([^`\s]*)(?:[ \t]+(.*))?$/
const HEADING = /^(#{1,6})[ \t]+(.*?)[ \t#]*$/
const BULLET = /^[-*+][ \t]+(.*)$/
const NUMBERED = /^(\d+)\.[ \t]+(.*)$/
const INDENTED = /^(?: {4}|\t)/

/** Whether a line starts a block that interrupts a paragraph. */
function startsBlock(line: string): boolean {
  return (
    /^ {0,3}>/.test(line) ||
    FENCE_OPEN.test(line) ||
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
      while (i < lines.length) {
        const closing = (lines[i] as string).trim()
        if (
          closing.startsWith(marker[0] as string) &&
          closing === marker[0]?.repeat(closing.length) &&
          closing.length >= marker.length
        )
          break
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
      const items: string[][] = []
      while (i < lines.length) {
        const current = lines[i] as string
        const item = pattern.exec(current)
        if (item) items.push([(ordered ? item[2] : item[1]) ?? ''])
        else if (current.trim() !== '' && !startsBlock(current)) items.at(-1)?.push(current)
        else break
        i += 1
      }
      const start = ordered && numbered[1] !== '1' ? ` start="${Number(numbered[1])}"` : ''
      const tag = ordered ? 'ol' : 'ul'
      const rendered = items.map(
        (item) =>
          `<li>${item.map((part) => renderInline(part, context, quoted)).join('<br>\n')}</li>`,
      )
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

/** The HTML of the Welcome Bot custom message, as the real server renders its raw content. */
export function renderWelcomeMessage(text: string, context: MarkdownContext): string {
  const groupId = systemGroupId(context.realmId, 'role:administrators')
  const intro = `<p>A note from <span class="user-group-mention silent" data-user-group-id="${groupId}">Administrators</span>:</p>`
  // A text of only spaces and tabs leaves the quote fence with nothing to quote: the real server shows a
  // lone "> ".
  if (text.trim() === '') return `${intro}\n<p>&gt; </p>`
  const body = renderBlocks(text.replace(/\r\n?/g, '\n').split('\n'), context, true)
  return `${intro}\n<blockquote>\n${body}\n</blockquote>`
}
