/**
 * Links in message Markdown as the real server makes them: `[text](url)` targets through Zulip's
 * `sanitize_url`, bare URLs by its `get_web_link_regex`, and channel, topic and message links to the
 * organization's channels.
 * @module
 */
import { escapeText, type MarkdownContext } from './markdown-text.js'

/** What a link's text, target and title are, as `[text](url "title")` gives them. */
export type LinkReplacer = (
  whole: string,
  label: string,
  target: string,
  doubleQuoted: string | undefined,
  singleQuoted: string | undefined,
) => string

/** For each index of a text, the first index from it whose character passes `test` (the length when none). */
function nextWhere(text: string, test: (char: string) => boolean): Int32Array {
  const next = new Int32Array(text.length + 1)
  next[text.length] = text.length
  for (let i = text.length - 1; i >= 0; i--)
    next[i] = test(text[i] as string) ? i : (next[i + 1] as number)
  return next
}
/** JavaScript's `\s` (one UTF-16 unit). */
const isSpace = (char: string) => /^\s$/.test(char)

/**
 * Every `[text](url "title")` of a text replaced by what `replace` makes of it, left to right, as the
 * pattern `\[([^\]\n]+)\]\(\s*(<[^<>\n]*>|(?:[^()\s]|\([^()\s]*\))+)(?:\s+(?:"([^"]*)"|'([^']*)'))?\s*\)`
 * with the `g` flag would: a text without a newline or `]` up to its `]`, then `(`, spaces, the URL (in
 * `<>`, or with up to one level of balanced parentheses), an optional title, spaces and `)`. In time
 * linear in the text: where each `]` leads, and where a URL from each index ends, is worked out once (the
 * pattern, tried at each `[` of `[[[…` or before many spaces, took quadratic time).
 */
export function replaceMarkdownLinks(text: string, replace: LinkReplacer): string {
  if (!text.includes('](')) return text
  const n = text.length
  const labelEnd = nextWhere(text, (char) => char === ']' || char === '\n')
  const nonSpace = nextWhere(text, (char) => !isSpace(char))
  const angle = nextWhere(text, (char) => char === '<' || char === '>' || char === '\n')
  const paren = nextWhere(text, (char) => char === '(' || char === ')' || isSpace(char))
  const doubleQuote = nextWhere(text, (char) => char === '"')
  const singleQuote = nextWhere(text, (char) => char === "'")
  // Where the URL without `<>` that starts at each index ends (itself when none starts there).
  const urlEnd = new Int32Array(n + 1)
  urlEnd[n] = n
  for (let p = n - 1; p >= 0; p--) {
    const char = text[p] as string
    if (char === ')' || isSpace(char)) urlEnd[p] = p
    else if (char === '(') {
      const close = paren[p + 1] as number
      urlEnd[p] = close < n && text[close] === ')' ? (urlEnd[close + 1] as number) : p
    } else urlEnd[p] = urlEnd[p + 1] as number
  }
  type Tail = { end: number; target: string; title?: ['"' | "'", string] } | null
  /** The rest of a link after the URL that ends at `t`. */
  const after = (t: number): { end: number; title?: ['"' | "'", string] } | null => {
    const j = nonSpace[t] as number
    const quote = text[j]
    if (j > t && (quote === '"' || quote === "'")) {
      const close = ((quote === '"' ? doubleQuote : singleQuote)[j + 1] ?? n) as number
      if (close < n) {
        const end = nonSpace[close + 1] as number
        if (text[end] === ')') return { end: end + 1, title: [quote, text.slice(j + 1, close)] }
      }
    }
    return text[j] === ')' ? { end: j + 1 } : null
  }
  // What follows each `](`, worked out once for every `[` that leads to it.
  const tails = new Map<number, Tail>()
  const tailAt = (close: number): Tail => {
    const known = tails.get(close)
    if (known !== undefined) return known
    let tail: Tail = null
    const p = nonSpace[close + 2] as number
    if (text[p] === '<') {
      const end = angle[p + 1] as number
      const rest = end < n && text[end] === '>' ? after(end + 1) : null
      if (rest) tail = { ...rest, target: text.slice(p, end + 1) }
    }
    const t = urlEnd[p] as number
    if (!tail && t > p) {
      const rest = after(t)
      if (rest) tail = { ...rest, target: text.slice(p, t) }
    }
    tails.set(close, tail)
    return tail
  }
  let out = ''
  let from = 0
  let i = text.indexOf('[')
  while (i >= 0) {
    const close = labelEnd[i + 1] as number
    const tail =
      close > i + 1 && text[close] === ']' && text[close + 1] === '(' ? tailAt(close) : null
    if (tail) {
      const [quote, title] = tail.title ?? [undefined, undefined]
      out +=
        text.slice(from, i) +
        replace(
          text.slice(i, tail.end),
          text.slice(i + 1, close),
          tail.target,
          quote === '"' ? title : undefined,
          quote === "'" ? title : undefined,
        )
      from = tail.end
      i = text.indexOf('[', tail.end)
    } else i = text.indexOf('[', i + 1)
  }
  return out + text.slice(from)
}

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
export function sanitizeUrl(url: string): string | undefined {
  const href = url.replace(/ /g, '%20')
  // urlsplit's scheme: letters first, then letters, digits, `+`, `-`, `.`, up to the first colon.
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(href)?.[1]?.toLowerCase()
  if (scheme !== undefined) return ALLOWED_SCHEMES.has(scheme) ? href : undefined
  if (href.startsWith('/') || href.startsWith('#')) return href
  if (href.split(/[?#]/)[0]?.includes('@')) return `mailto:${href}`
  return `http://${href}`
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
 * A topic link has no `/with/<message id>` (the real server adds its topic's newest message id; the onboarding
 * messages are not looked up here: an approximation listed in docs/messaging.md).
 */
export function channelLinks(
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
export const URL_PATTERN = new RegExp(
  `(?<![^\\s'"(,:<])(?:(?:https?://[${W.slice(1, -1)}.:@-]+?|(?:[${W.slice(1, -1)}-]+\\.)+(?:${TLDS}))(?:/${PAREN_PATH}|\\?(?![)"\\s]|$)${PAREN_PATH})?|[${W.slice(1, -1)}.-]+@[${W.slice(1, -1)}.-]+\\.${W}+)(?=[!:;?),.'">]*(?:$|\\s))`,
  'gu',
)
