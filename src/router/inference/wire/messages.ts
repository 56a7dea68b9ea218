/**
 * The messages dialect's answers (`POST /messages`, Anthropic's Messages API): a `message`, or its stream
 * of named events (`message_start` … `message_stop`); errors in Anthropic's envelope
 * (docs/router-inference.md §14).
 * @module
 */
import { jsonResponse, type PlainResponse } from '../../../core/http.js'
import { anthropicErrorType, errorTypeOf } from '../../errors.js'
import { DONE_IN_MESSAGES_STREAM } from '../inferred.js'
import { type Answer, chunksOf, type Turn, type Usage } from '../reply.js'
import { EventStream } from './sse.js'
import { availabilityField } from './stream-error.js'

/** `usage`: Anthropic's, with the router's cost fields. */
function messagesUsage(usage: Usage, outputTokens = usage.completionTokens) {
  return {
    input_tokens: usage.promptTokens,
    output_tokens: outputTokens,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
    cache_creation: null,
    inference_geo: null,
    output_tokens_details: null,
    server_tool_use: null,
    service_tier: 'standard',
    cost: usage.cost,
    cost_details: {
      upstream_inference_cost: usage.cost,
      upstream_inference_prompt_cost: usage.promptCost,
      upstream_inference_completions_cost: usage.completionCost,
    },
    is_byok: false,
  }
}

/** Anthropic's stop reason of an answer (a script's own finish reason as given). */
function stopReason(turn: Turn, answer: Answer): string {
  const given = turn.reply.overrides.finishReason
  if (given !== undefined) return given
  if (answer.kind === 'tool_calls') return 'tool_use'
  return answer.kind === 'refusal' ? 'refusal' : 'end_turn'
}

/** The content blocks of an answer, tool uses with their ids. */
function blocksOf(turn: Turn, answer: Answer) {
  const blocks: Array<Record<string, unknown>> = []
  if (answer.text !== '') blocks.push({ type: 'text', text: answer.text })
  if (answer.kind === 'tool_calls') {
    for (const call of answer.calls) {
      blocks.push({
        type: 'tool_use',
        id: call.id ?? `toolu_${turn.draw(24)}`,
        name: call.name,
        input: parseArguments(call.arguments),
      })
    }
  }
  return blocks
}

/** Tool arguments as the object Anthropic's `input` holds (JSON text that is no object: `{}`). */
function parseArguments(text: string): unknown {
  try {
    const value: unknown = JSON.parse(text)
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {}
  } catch {
    return {}
  }
}

const headersOf = (turn: Turn) => ({ 'x-generation-id': turn.id })

function message(turn: Turn, content: unknown[], stop: string | null, usage: unknown) {
  return {
    id: turn.id,
    type: 'message',
    role: 'assistant',
    model: turn.model,
    content,
    stop_reason: stop,
    stop_sequence: null,
    stop_details: null,
    container: null,
    usage,
    provider: turn.provider,
  }
}

/** A `message`. */
export function messagesAnswer(turn: Turn): PlainResponse {
  const { answer } = turn.reply
  return jsonResponse(
    200,
    message(turn, blocksOf(turn, answer), stopReason(turn, answer), messagesUsage(turn.usage)),
    { headers: headersOf(turn) },
  )
}

/** The stream of a message: `message_start`, a block's start, deltas and stop per block, `message_delta`, `message_stop`. */
export function messagesStream(turn: Turn): PlainResponse {
  const { answer, delivery } = turn.reply
  const stream = new EventStream(delivery.initialDelayMs)
  const event = (name: string, value: Record<string, unknown>) =>
    stream.data({ type: name, ...value }, name)
  event('message_start', { message: message(turn, [], null, messagesUsage(turn.usage, 0)) })
  const blocks = blocksOf(turn, answer)
  const errorAfter = answer.kind === 'error' ? answer.afterChunks : null
  let sent = 0
  blocks.forEach((block, index) => {
    const text = block.type === 'text' ? (block.text as string) : JSON.stringify(block.input)
    const start = block.type === 'text' ? { ...block, text: '' } : { ...block, input: {} }
    event('content_block_start', { index, content_block: start })
    if (index === 0) event('ping', {})
    for (const piece of chunksOf(text, delivery.chunkSize)) {
      if (errorAfter !== null && sent >= errorAfter) return
      stream.wait(delivery.chunkDelayMs)
      sent += 1
      const delta =
        block.type === 'text'
          ? { type: 'text_delta', text: piece }
          : { type: 'input_json_delta', partial_json: piece }
      event('content_block_delta', { index, delta })
    }
    if (errorAfter === null) event('content_block_stop', { index })
  })
  if (answer.kind === 'error') {
    stream.wait(delivery.chunkDelayMs)
    event('error', {
      error: {
        type: anthropicErrorType(answer.status),
        message: answer.message ?? 'Provider returned error',
        error_type: errorTypeOf(answer.status),
        ...availabilityField(turn, answer),
      },
    })
    return stream.response(headersOf(turn))
  }
  if (blocks.length === 0) event('ping', {})
  stream.wait(delivery.chunkDelayMs)
  const usage = messagesUsage(turn.usage)
  event('message_delta', {
    delta: { stop_reason: stopReason(turn, answer), stop_sequence: null },
    usage,
  })
  event('message_stop', {})
  if (DONE_IN_MESSAGES_STREAM) stream.data('[DONE]')
  return stream.response(headersOf(turn))
}
