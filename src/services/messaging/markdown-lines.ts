/**
 * The line-level readers of message Markdown, each in time linear in the line (no pattern that can
 * backtrack over a run of spaces, `#`, `-` or backticks): a fence's opening line, a horizontal rule, an
 * ATX heading.
 * @module
 */

/** A fence's opening line: its marker (```` ``` ```` or `~~~`, three or more), language and header. */
export interface FenceOpening {
  marker: string
  language: string
  header: string | undefined
}

const isSpaceOrTab = (char: string | undefined) => char === ' ' || char === '\t'
/** JavaScript's `\s`. */
const isSpace = (char: string) => /^\s$/u.test(char)

/**
 * Zulip's `FENCE_RE` as the renderer reads it (`^(`{3,}|~{3,})[ \t]*([^`\s]*)(?:[ \t]+(.*))?$`, with `.`
 * matching any character, as Python's does on a line): the marker, then spaces, a language of no space
 * or backtick, then spaces and a header. A line whose language is followed by something else (a
 * backtick, another space character) takes all that follows the spaces as its header, with no language;
 * without spaces after the marker it opens no fence.
 */
export function readFenceOpening(line: string): FenceOpening | undefined {
  const mark = line[0]
  if (mark !== '`' && mark !== '~') return undefined
  let at = 0
  while (line[at] === mark) at += 1
  if (at < 3) return undefined
  const marker = line.slice(0, at)
  const spaced = at
  while (isSpaceOrTab(line[at])) at += 1
  const afterSpaces = at
  while (at < line.length && line[at] !== '`' && !isSpace(line[at] as string)) at += 1
  const language = line.slice(afterSpaces, at)
  if (at === line.length) return { marker, language, header: undefined }
  if (isSpaceOrTab(line[at])) {
    while (isSpaceOrTab(line[at])) at += 1
    return { marker, language, header: line.slice(at) }
  }
  // The language cannot end there: the spaces after the marker (one at least) start the header.
  if (afterSpaces === spaced) return undefined
  return { marker, language: '', header: line.slice(afterSpaces) }
}

/**
 * Python-Markdown's `HRProcessor` (`^[ ]{0,3}(?=(?P<atomicgroup>(-+[ ]{0,2}){3,}|…))(?P=atomicgroup)[ ]*$`,
 * its lookahead and backreference standing for an atomic group, so that it never backtracks): at most
 * three spaces, then three or more of one of `-`, `_`, `*`, at most two spaces between them, and only
 * spaces after.
 */
export function isRule(line: string): boolean {
  let at = 0
  while (at < 3 && line[at] === ' ') at += 1
  const mark = line[at]
  if (mark !== '-' && mark !== '_' && mark !== '*') return false
  let count = 0
  let gap = 0
  for (; at < line.length; at++) {
    const char = line[at]
    if (char === mark) {
      if (gap > 2) return false
      count += 1
      gap = 0
    } else if (char === ' ') gap += 1
    else return false
  }
  return count >= 3
}

/**
 * An ATX heading (`^(#{1,6})[ \t]+(.*?)[ \t#]*$`): one to six `#`, spaces, and the text without the
 * spaces and `#` that end the line.
 */
export function readHeading(line: string): { level: number; text: string } | undefined {
  let level = 0
  while (line[level] === '#') level += 1
  if (level < 1 || level > 6 || !isSpaceOrTab(line[level])) return undefined
  let start = level
  while (isSpaceOrTab(line[start])) start += 1
  let end = line.length
  while (end > start && (isSpaceOrTab(line[end - 1]) || line[end - 1] === '#')) end -= 1
  return { level, text: line.slice(start, end) }
}

/**
 * A line with its tabs expanded to the next multiple of four columns, as Python-Markdown's
 * `NormalizeWhitespace` preprocessor does to the whole message (`source.expandtabs(4)`, before Zulip's fence
 * preprocessor, so inside code too): Python counts a column for each code point.
 */
export function expandTabs(line: string): string {
  if (!line.includes('\t')) return line
  let out = ''
  let column = 0
  for (const char of line) {
    if (char === '\t') {
      const spaces = 4 - (column % 4)
      out += ' '.repeat(spaces)
      column += spaces
    } else {
      out += char
      column += 1
    }
  }
  return out
}
