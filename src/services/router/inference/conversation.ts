/**
 * What scripts match on and usage counts, read from an effective request in its dialect: the last user
 * message's text, whether the last message is a tool result, and every text the request carries.
 * @module
 */
import type { Endpoint } from './inferred.js'

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The text of a content value: a string, or the `text` of its text parts (`text`, `input_text`) joined by a newline. */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content
  if (!Array.isArray(content)) return ''
  const texts: string[] = []
  for (const part of content) {
    if (isRecord(part) && typeof part.text === 'string' && part.type !== 'tool_result')
      texts.push(part.text)
  }
  return texts.join('\n')
}

/** The conversation's items: chat and messages `messages`, responses `input` (a string is one user message). */
function itemsOf(endpoint: Endpoint, request: Readonly<Record<string, unknown>>): unknown[] {
  if (endpoint !== 'responses') return Array.isArray(request.messages) ? request.messages : []
  const input = request.input
  if (typeof input === 'string') return [{ role: 'user', content: input }]
  return Array.isArray(input) ? input : []
}

/** The text of the last message with the role `user` (`''` when there is none). */
export function lastUserMessage(
  endpoint: Endpoint,
  request: Readonly<Record<string, unknown>>,
): string {
  const items = itemsOf(endpoint, request)
  for (let i = items.length - 1; i >= 0; i--) {
    const item = items[i]
    if (isRecord(item) && item.role === 'user') return textOf(item.content)
  }
  return ''
}

/**
 * Whether the last message is a tool result: chat, a `tool` message; messages, a user message with a
 * `tool_result` block; responses, a `function_call_output` item.
 */
export function endsWithToolResult(
  endpoint: Endpoint,
  request: Readonly<Record<string, unknown>>,
): boolean {
  const last = itemsOf(endpoint, request).at(-1)
  if (!isRecord(last)) return false
  if (endpoint === 'chat') return last.role === 'tool'
  if (endpoint === 'responses') return last.type === 'function_call_output'
  return (
    last.role === 'user' &&
    Array.isArray(last.content) &&
    last.content.some((block) => isRecord(block) && block.type === 'tool_result')
  )
}

/** How many characters of text the request carries: its messages (or input), system and instructions. */
export function promptCharacters(
  endpoint: Endpoint,
  request: Readonly<Record<string, unknown>>,
): number {
  let total = 0
  for (const item of itemsOf(endpoint, request)) {
    if (!isRecord(item)) continue
    total += textOf(item.content).length
    if (typeof item.output === 'string') total += item.output.length
  }
  if (endpoint === 'messages') total += textOf(request.system).length
  if (endpoint === 'responses' && typeof request.instructions === 'string')
    total += request.instructions.length
  return total
}
