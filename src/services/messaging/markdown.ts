/**
 * Message content: the Welcome Bot test message's Markdown (exact, as the real server builds it) and its
 * HTML, rendered the way Zulip's Markdown processor renders what a welcome text holds. The expected
 * outputs in `test/messaging/welcome-markdown.test.ts` (`fixtures/welcome-markdown-442.json`) were
 * recorded from a real Zulip server (feature level 442).
 *
 * Rendered like the real server: paragraphs (a single newline is `<br>\n`), headings (`#` to `######`
 * and a space), horizontal rules, block quotes (`>`, nested, lazy continuation; mentions inside are
 * silent), fenced code blocks (opened at the start of a line, closed by the same fence), indented code (4
 * spaces or a tab), bullet lists (`-`, `*`, `+`) and numbered lists (`1.`, `start` kept; loose items
 * around a blank line), spoilers (```` ```spoiler header ````), tables (`markdown-table.ts`), fences nested
 * in quote and spoiler fences, a fence left open at the end. The inline part is `markdown-inline.ts`
 * (links: `markdown-links.ts`, time mentions: `markdown-time.ts`).
 *
 * Approximate (documented in docs/messaging.md): syntax highlighting of code with a language (the code is
 * escaped, not tokenised), math, images, fences inside a `>` quote (the real server sees none there), and
 * the real server's quirks with a fence that ends the text (reproduced for code, quote and spoiler fences).
 * @module
 */

import { trimRuns } from '../../engine/core/text-runs.js'
import { renderInline } from './markdown-inline.js'
import { expandTabs, isRule, readFenceOpening, readHeading } from './markdown-lines.js'
import { readTable, renderTable } from './markdown-table.js'
import {
  escapeText,
  MAX_RENDERED_LENGTH,
  type MarkdownContext,
  RenderingFailed,
  systemGroupId,
} from './markdown-text.js'

export type { MarkdownContext } from './markdown-text.js'

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

/** Paragraphs of escaped text, blank lines between them (an organization's description); `''` when blank. */
export function renderParagraphs(text: string): string {
  // One line (the usual case): one paragraph, or nothing when blank. Same result as the general path.
  if (!text.includes('\n') && !text.includes('\r'))
    return text.trim() === '' ? '' : `<p>${escapeText(text)}</p>`
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((block) => trimRuns(block, '\n'))
    .filter((block) => block.trim() !== '')
    .map((block) => `<p>${block.split('\n').map(escapeText).join('<br>\n')}</p>`)
    .join('\n')
}

// The line readers (`markdown-lines.ts`) and the patterns below run in time linear in a line: `.` matches
// any character (`s`), as Python's does on a line, so `(.*)$` always ends the match.
const BULLET = /^[-*+][ \t]+(.*)$/s
const NUMBERED = /^(\d+)\.[ \t]+(.*)$/s
const INDENTED = /^(?: {4}|\t)/

/** Whether a line starts a block that interrupts a paragraph. */
function startsBlock(line: string): boolean {
  return (
    /^ {0,3}>/.test(line) ||
    line === EMPTY_CODE ||
    readFenceOpening(line) !== undefined ||
    isRule(line) ||
    readHeading(line) !== undefined ||
    BULLET.test(line) ||
    NUMBERED.test(line)
  )
}

/** A code block as the real server renders one without a known language. */
function codeBlock(lines: readonly string[]): string {
  return `<div class="codehilite"><pre><span></span><code>${lines.map((line) => `${escapeText(line)}\n`).join('')}</code></pre></div>`
}

/** The fences whose content opens fences of its own (Zulip's handlers with `process_contents`). */
const NESTING = ['quote', 'quoted', 'spoiler']

/**
 * The index of the line that closes a fence whose content starts at `start` (`lines.length` when none),
 * as the real server's fence handlers read lines: a code fence waits for its own line; in a quote or
 * spoiler fence (`nests`), a fence opened inside is closed first.
 */
function closingLine(
  lines: readonly string[],
  start: number,
  marker: string,
  nests: boolean,
): number {
  const open = [{ marker, nests }]
  for (let i = start; i < lines.length; i++) {
    const line = lines[i] as string
    const top = open.at(-1) as (typeof open)[number]
    if (line.trimEnd() === top.marker) {
      open.pop()
      if (open.length === 0) return i
      continue
    }
    const fence = top.nests ? readFenceOpening(line) : undefined
    if (fence)
      open.push({ marker: fence.marker, nests: NESTING.includes(fence.language.toLowerCase()) })
  }
  return lines.length
}

/**
 * Stands for the wrapping quote fence's closing line when a quote or spoiler fence of the text is still
 * open: the real server reads that longer fence as a code fence, which opens an empty code block.
 */
const EMPTY_CODE = '\u0000empty code'
const SPOILER_OPEN = '<div class="spoiler-block"><div class="spoiler-header">'
const SPOILER_CONTENT = '</div><div class="spoiler-content" aria-hidden="true">'

/** A line that would open a block quote. */
const QUOTE_LINE = /^ {0,3}>/
/** A `>` line holding nothing but spaces. */
const EMPTY_QUOTE_LINE = /^ {0,3}>\s*$/
/**
 * How deep `>` quotes of the text nest at most: Python-Markdown stops opening quotes when it nears Python's
 * recursion limit (`nearing_recursion_limit()` in its `BlockQuoteProcessor.test`), which the real 442 server
 * reached at 296 levels inside the wrapping quote for every text recorded ('>' x 600, 1000, 8000, '> ' x 4000);
 * what is left is a paragraph.
 */
const MAX_QUOTE_DEPTH = 296

/**
 * Whether a block quote may start at line `from`: Zulip's quote pattern (zerver/lib/markdown, its
 * `BlockQuoteProcessor.RE`) starts none where every line left in the block holds only `>` and spaces (so a
 * lone `>` stays text), and the nesting stops at `MAX_QUOTE_DEPTH`.
 */
function opensQuote(lines: readonly string[], from: number, depth: number): boolean {
  if (!QUOTE_LINE.test(lines[from] as string) || depth >= MAX_QUOTE_DEPTH) return false
  const stop = quoteStops(lines)[from] as number
  return stop < lines.length && (lines[stop] as string).trim() !== ''
}

/**
 * For each line, the first line from it that is blank or more than `>` and spaces (`lines.length` when
 * none): made once for each list of lines, so that the test of each `>` line costs nothing more (a text
 * of thousands of lone `>` lines asked it again for every line, in quadratic time).
 */
const stopsOf = new WeakMap<readonly string[], Int32Array>()
function quoteStops(lines: readonly string[]): Int32Array {
  let stops = stopsOf.get(lines)
  if (stops) return stops
  stops = new Int32Array(lines.length + 1)
  stops[lines.length] = lines.length
  for (let j = lines.length - 1; j >= 0; j--) {
    const line = lines[j] as string
    stops[j] = line.trim() === '' || !EMPTY_QUOTE_LINE.test(line) ? j : (stops[j + 1] as number)
  }
  stopsOf.set(lines, stops)
  return stops
}

/**
 * Renders the blocks of some lines; `quoted` inside a block quote (mentions are silent); `tail` when the
 * lines end the text (a fence closed there gets the real server's trailing line break); `depth` how many `>`
 * quotes of the text it is inside.
 */
function renderBlocks(
  lines: readonly string[],
  context: MarkdownContext,
  quoted: boolean,
  tail = true,
  depth = 0,
): string {
  const blocks: string[] = []
  let i = 0
  while (i < lines.length) {
    const line = lines[i] as string
    if (line.trim() === '') {
      i += 1
      continue
    }
    if (line === EMPTY_CODE) {
      blocks.push('<div class="codehilite"><pre><span></span><code>\n</code></pre></div>')
      i += 1
      continue
    }
    const fence = readFenceOpening(line)
    if (fence) {
      const marker = fence.marker
      const language = fence.language.toLowerCase()
      // Only the same fence closes it (`line.rstrip() == self.fence`), once the fences opened inside a
      // quote or spoiler fence are closed.
      const end = closingLine(lines, i + 1, marker, NESTING.includes(language))
      const content = lines.slice(i + 1, end)
      i = end
      const closed = i < lines.length
      i += 1
      const last = tail && (!closed || lines.slice(i).every((rest) => rest.trim() === ''))
      // `ZulipBaseHandler.done`: a fence closed with no line inside leaves nothing.
      if (closed && content.length === 0) continue
      if (language === 'quote' || language === 'quoted') {
        // The real server leaves an empty line at the end of a closed nested quote fence's paragraph; in
        // one left open, nothing ends the text.
        const padded = quoted && last && closed ? [...content, ' '] : content
        const inner = renderBlocks(padded, context, true, tail && closed, depth)
        blocks.push(`<blockquote>\n${inner}\n</blockquote>`)
      } else if (language === 'spoiler') {
        // `format_spoiler`: the header and the content between placeholders, as paragraphs of the quote.
        const header =
          fence.header === undefined
            ? ''
            : `<p>${renderInline(fence.header, context, quoted)}</p>\n`
        const inner = renderBlocks(content, context, quoted, false, depth)
        const footer = quoted && last ? '<p></div></div><br>\n</p>' : '</div></div>'
        blocks.push(`${SPOILER_OPEN}\n${header}${SPOILER_CONTENT}\n${inner}\n${footer}`)
      } else if (quoted && last) {
        // A code fence that ends a quoted text lands in a paragraph with a trailing line break.
        blocks.push(`<p>${codeBlock(content)}<br>\n</p>`)
      } else blocks.push(codeBlock(content))
      continue
    }
    if (!INDENTED.test(line)) {
      // Python-Markdown's table processor reads the block (up to a blank line) before other blocks.
      let end = i
      while (end < lines.length && (lines[end] as string).trim() !== '') end += 1
      const table = readTable(lines.slice(i, end))
      if (table) {
        blocks.push(renderTable(table, (cell) => renderInline(cell, context, quoted)))
        i = end
        continue
      }
    }
    if (opensQuote(lines, i, depth)) {
      const inner: string[] = []
      while (i < lines.length) {
        const current = lines[i] as string
        if (/^ {0,3}>/.test(current)) inner.push(current.replace(/^ {0,3}> ?/, ''))
        else if (current.trim() !== '' && !startsBlock(current)) inner.push(current)
        else break
        i += 1
      }
      blocks.push(
        `<blockquote>\n${renderBlocks(inner, context, true, true, depth + 1)}\n</blockquote>`,
      )
      continue
    }
    if (isRule(line)) {
      blocks.push('<hr>')
      i += 1
      continue
    }
    const heading = readHeading(line)
    if (heading) {
      const { level } = heading
      blocks.push(`<h${level}>${renderInline(heading.text, context, quoted)}</h${level}>`)
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
      (!startsBlock(lines[i] as string) ||
        (QUOTE_LINE.test(lines[i] as string) && !opensQuote(lines, i, depth)))
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
 * Which fence of the text is still open at its end, as Zulip's fenced-code preprocessor reads it (quote
 * and spoiler fences open fences inside them; a code fence only waits for its own closing line): a code
 * fence, a quote or spoiler fence (`block`), or none (also a math fence, left approximate).
 */
function openFenceAtEnd(lines: readonly string[]): 'code' | 'block' | undefined {
  const open: { marker: string; code: boolean; language: string }[] = []
  for (const line of lines) {
    const top = open.at(-1)
    if (top && line.trimEnd() === top.marker) {
      open.pop()
      continue
    }
    if (top?.code) continue
    const fence = readFenceOpening(line)
    if (fence) {
      const language = fence.language.toLowerCase()
      const code = !['quote', 'quoted', 'spoiler', 'math', 'tex', 'latex'].includes(language)
      open.push({ marker: fence.marker, code, language })
    }
  }
  const top = open.at(-1)
  if (top === undefined) return undefined
  if (top.code) return 'code'
  return ['quote', 'quoted', 'spoiler'].includes(top.language) ? 'block' : undefined
}

/**
 * The HTML of the Welcome Bot custom message, as the real server renders its raw content, or `undefined`
 * where the real server's rendering fails: HTML of more than `MAX_RENDERED_LENGTH` characters (code points,
 * as Python counts them), which only a table padded to many cells a row reaches from 8,000 characters.
 */
export function renderWelcomeMessage(text: string, context: MarkdownContext): string | undefined {
  let html: string
  try {
    html = renderWelcome(text, context)
  } catch (error) {
    if (error instanceof RenderingFailed) return undefined
    throw error
  }
  if (html.length > MAX_RENDERED_LENGTH && codePoints(html) > MAX_RENDERED_LENGTH) return undefined
  return html
}

/** How many code points a text has. */
function codePoints(text: string): number {
  let count = 0
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i)
    // A high surrogate followed by a low one is one code point.
    if (unit >= 0xd800 && unit < 0xdc00 && i + 1 < text.length) {
      const low = text.charCodeAt(i + 1)
      if (low >= 0xdc00 && low < 0xe000) i += 1
    }
    count += 1
  }
  return count
}

function renderWelcome(text: string, context: MarkdownContext): string {
  const groupId = systemGroupId(context.realmId, 'role:administrators')
  const intro = `<p>A note from <span class="user-group-mention silent" data-user-group-id="${groupId}">Administrators</span>:</p>`
  // Line ends made `\n` and tabs expanded, as `NormalizeWhitespace` does first.
  const lines = text.replace(/\r\n?/g, '\n').split('\n').map(expandTabs)
  // A text of only spaces, tabs and newlines leaves the quote fence with nothing to quote: the real server
  // shows a lone "> " for each line (`"   "` → one, `"\n"` → two).
  if (text.trim() === '') return `${intro}\n<p>${lines.map(() => '&gt; ').join('<br>\n')}</p>`
  // A code fence left open takes the wrapping quote fence's closing line as code; a quote or spoiler
  // fence left open reads it as a code fence, which stays empty.
  const open = openFenceAtEnd(lines)
  if (open === 'code') lines.push(unusedFence(text))
  else if (open === 'block') lines.push(EMPTY_CODE)
  const body = renderBlocks(lines, context, true)
  // Nothing to quote (only empty fences): the real server leaves out the wrapping quote.
  if (body === '') return intro
  return `${intro}\n<blockquote>\n${body}\n</blockquote>`
}
