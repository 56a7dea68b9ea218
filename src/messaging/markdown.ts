/**
 * Message content: the Welcome Bot test message's Markdown (exact, as the real server builds it) and a
 * small HTML rendering.
 *
 * The HTML is an approximation of Zulip's Markdown processor, which the simulator does not reproduce:
 * text is HTML-escaped, blank lines separate paragraphs, and single newlines become `<br>`. The Welcome
 * Bot wrapper renders as a paragraph with a silent group mention (`role:administrators`) followed by a
 * blockquote.
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

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

const NEEDS_ESCAPE = /[&<>"']/

/** Escapes text for HTML. */
function escapeHtml(text: string): string {
  if (!NEEDS_ESCAPE.test(text)) return text
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] as string)
}

/** Paragraphs of escaped text (the approximation described above); `''` for blank text. */
export function renderParagraphs(text: string): string {
  // One line (the usual case): one paragraph, or nothing when blank. Same result as the general path.
  if (!text.includes('\n') && !text.includes('\r'))
    return text.trim() === '' ? '' : `<p>${escapeHtml(text)}</p>`
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((block) => block.replace(/^\n+|\n+$/g, ''))
    .filter((block) => block.trim() !== '')
    .map((block) => `<p>${block.split('\n').map(escapeHtml).join('<br>\n')}</p>`)
    .join('\n')
}

/** The HTML of the Welcome Bot custom message. `groupId` is the organization's Administrators group. */
export function renderWelcomeMessage(text: string, groupId: number): string {
  const quoted = renderParagraphs(text)
  const mention = `<span class="user-group-mention silent" data-user-group-id="${groupId}">role:administrators</span>`
  return `<p>A note from ${mention}:</p>\n<blockquote>\n${quoted === '' ? '' : `${quoted}\n`}</blockquote>`
}
