/**
 * The messages dialect's answers (`POST /messages`, Anthropic's Messages API): a `message`, or its stream
 * of named events (`message_start` … `message_stop`); errors in Anthropic's envelope
 * (docs/router-inference.md §14).
 * @module
 */
import { type BodyPart, jsonResponse, type PlainResponse } from '../../../../engine/core/http.js'
import { anthropicErrorType, errorTypeOf } from '../../errors.js'
import { DONE_IN_MESSAGES_STREAM } from '../inferred.js'
import { type Answer, chunksOf, type Turn, type Usage } from '../reply.js'
import { type EventStream, eventStreamResponse, OPENING } from './sse.js'
import { availabilityField } from './stream-error.js'

/** `cache_creation` as recorded: both ephemeral buckets, 0 (caching is not simulated). */
const cacheCreation = () => ({ ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 })

/** The cost fields the router adds to Anthropic's usage. */
const costOf = (usage: Usage) => ({
  cost: usage.cost,
  is_byok: false,
  cost_details: {
    upstream_inference_cost: usage.cost,
    upstream_inference_prompt_cost: usage.promptCost,
    upstream_inference_completions_cost: usage.completionCost,
  },
})

/**
 * `message_start`'s usage: Anthropic's, with `speed` and the `cache_creation` object, no cost (recorded
 * 2026-08-24, test/recordings/openrouter/messages-stream-aws-2026-08-24.sse); output tokens 1, as recorded.
 */
function startUsage(usage: Usage) {
  return {
    input_tokens: usage.promptTokens,
    output_tokens: 1,
    output_tokens_details: null,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
    cache_creation: cacheCreation(),
    inference_geo: null,
    server_tool_use: null,
    service_tier: 'standard',
    speed: 'standard',
  }
}

/** `message_delta`'s usage: the final counts with the cost fields (as recorded; no `inference_geo`). */
function finalUsage(usage: Usage) {
  return {
    input_tokens: usage.promptTokens,
    output_tokens: usage.completionTokens,
    output_tokens_details: { thinking_tokens: 0 },
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
    cache_creation: cacheCreation(),
    server_tool_use: null,
    service_tier: 'standard',
    speed: 'standard',
    ...costOf(usage),
  }
}

/**
 * A non-streamed message's usage: derived (no public recording of one): `message_start`'s fields with the
 * final counts, the thinking-token details and the cost fields of `message_delta`.
 */
function answerUsage(usage: Usage) {
  return {
    ...startUsage(usage),
    output_tokens: usage.completionTokens,
    output_tokens_details: { thinking_tokens: 0 },
    ...costOf(usage),
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
  if (answer.text !== '') blocks.push({ type: 'text', text: answer.text, citations: [] })
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

/** A `message` in the recorded key order (`message_start.message`, 2026-08-24). */
function message(turn: Turn, content: unknown[], stop: string | null, usage: unknown) {
  return {
    id: turn.id,
    type: 'message',
    role: 'assistant',
    container: null,
    content,
    model: turn.model,
    stop_reason: stop,
    stop_details: null,
    stop_sequence: null,
    usage,
    provider: turn.provider,
  }
}

/** A `message`. */
export function messagesAnswer(turn: Turn): PlainResponse {
  const { answer } = turn.reply
  return jsonResponse(
    200,
    message(turn, blocksOf(turn, answer), stopReason(turn, answer), answerUsage(turn.usage)),
    { headers: headersOf(turn) },
  )
}

/**
 * The stream of a message, as recorded 2026-08-24: `message_start`, a block's start, deltas and stop per block,
 * `message_delta`, `message_stop`, then `event: data` / `data: [DONE]`; no `ping`. The blocks (their tool
 * uses' ids drawn) are made here, once: each production of the events gives the same.
 */
export function messagesStream(turn: Turn): PlainResponse {
  const blocks = blocksOf(turn, turn.reply.answer)
  return eventStreamResponse(
    headersOf(turn),
    OPENING.messages,
    turn.reply.delivery.initialDelayMs,
    (stream) => messagesEvents(stream, turn, blocks),
  )
}

/** The events of a message's stream, each made when it is taken. */
function* messagesEvents(
  stream: EventStream,
  turn: Turn,
  blocks: ReturnType<typeof blocksOf>,
): Generator<BodyPart, void, undefined> {
  const { answer, delivery } = turn.reply
  const event = (name: string, value: Record<string, unknown>) =>
    stream.data({ type: name, ...value }, name)
  yield event('message_start', { message: message(turn, [], null, startUsage(turn.usage)) })
  const errorAfter = answer.kind === 'error' ? answer.afterChunks : null
  let sent = 0
  content: for (const [index, block] of blocks.entries()) {
    const text = block.type === 'text' ? (block.text as string) : JSON.stringify(block.input)
    const start = block.type === 'text' ? { ...block, text: '' } : { ...block, input: {} }
    yield event('content_block_start', { index, content_block: start })
    for (const piece of chunksOf(text, delivery.chunkSize)) {
      // Past the error's chunks, the block stops here (no stop event) and the next one starts.
      if (errorAfter !== null && sent >= errorAfter) continue content
      stream.wait(delivery.chunkDelayMs)
      sent += 1
      const delta =
        block.type === 'text'
          ? { type: 'text_delta', text: piece }
          : { type: 'input_json_delta', partial_json: piece }
      yield event('content_block_delta', { index, delta })
    }
    if (errorAfter === null) yield event('content_block_stop', { index })
  }
  if (answer.kind === 'error') {
    stream.wait(delivery.chunkDelayMs)
    yield event('error', {
      error: {
        type: anthropicErrorType(answer.status),
        message: answer.message ?? 'Provider returned error',
        error_type: errorTypeOf(answer.status),
        ...availabilityField(turn, answer),
      },
    })
    return
  }
  stream.wait(delivery.chunkDelayMs)
  yield event('message_delta', {
    delta: {
      container: null,
      stop_details: null,
      stop_reason: stopReason(turn, answer),
      stop_sequence: null,
    },
    usage: finalUsage(turn.usage),
    context_management: null,
  })
  yield event('message_stop', {})
  if (DONE_IN_MESSAGES_STREAM) yield stream.data('[DONE]', 'data')
}
