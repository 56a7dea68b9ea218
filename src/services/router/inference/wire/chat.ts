/**
 * The chat completions dialect's answers (`POST /chat/completions`): a `chat.completion`, or its stream of
 * `chat.completion.chunk` events; keys in the order recorded from the real service
 * (docs/router-inference.md §10, §11).
 * @module
 */
import type { BodyPart, PlainResponse } from '../../../../engine/core/http.js'
import { errorTypeOf } from '../../errors.js'
import { CHAT_USAGE_CHUNK, DONE_AFTER_STREAM_ERROR, SYSTEM_FINGERPRINT } from '../inferred.js'
import { type Answer, chunksOf, type Turn, type Usage } from '../reply.js'
import { type EventStream, eventStreamResponse, OPENING } from './sse.js'
import { availabilityField } from './stream-error.js'
import { jsonTemplate } from './template.js'

/** `usage` of a chat answer (`ChatUsage`, with the cost fields). */
function chatUsage(usage: Usage) {
  return {
    prompt_tokens: usage.promptTokens,
    completion_tokens: usage.completionTokens,
    total_tokens: usage.totalTokens,
    cost: usage.cost,
    is_byok: false,
    prompt_tokens_details: {
      cached_tokens: 0,
      cache_write_tokens: 0,
      audio_tokens: 0,
      video_tokens: 0,
    },
    cost_details: {
      upstream_inference_cost: usage.cost,
      upstream_inference_prompt_cost: usage.promptCost,
      upstream_inference_completions_cost: usage.completionCost,
    },
    completion_tokens_details: { reasoning_tokens: 0, image_tokens: 0, audio_tokens: 0 },
  }
}

/** The finish reason of an answer (a script's own, or the natural one). */
function finishReason(turn: Turn, answer: Answer): string {
  return turn.reply.overrides.finishReason ?? (answer.kind === 'tool_calls' ? 'tool_calls' : 'stop')
}

/** The tool calls with their ids (drawn once per answer: the same for the answer and its stream). */
function callsWithIds(turn: Turn, answer: Answer & { kind: 'tool_calls' }) {
  return answer.calls.map((call, index) => ({
    index,
    id: call.id ?? `call_${turn.draw(24)}`,
    name: call.name,
    arguments: call.arguments,
  }))
}

const headersOf = (turn: Turn) => ({ 'x-generation-id': turn.id })

/** What differs from one `chat.completion` to another: the fields of its template (`usage` flat). */
interface CompletionFields extends Usage, Record<string, unknown> {
  id: string
  created: number
  model: string
  provider: string
  fingerprint: string | null
  reason: string
}

/** A `chat.completion` with its message. */
const completionValue = (fields: CompletionFields, message: Record<string, unknown>) => ({
  id: fields.id,
  object: 'chat.completion',
  created: fields.created,
  model: fields.model,
  provider: fields.provider,
  system_fingerprint: fields.fingerprint,
  service_tier: null,
  choices: [
    {
      index: 0,
      logprobs: null,
      finish_reason: fields.reason,
      native_finish_reason: fields.reason,
      message,
    },
  ],
  usage: chatUsage(fields),
})

/** The message of a text answer (`content`) or a refusal (`refusal`): the other is `null`. */
interface MessageFields {
  content: string | null
  refusal: string | null
}
const textMessage = (fields: MessageFields) => ({
  role: 'assistant',
  content: fields.content,
  refusal: fields.refusal,
  reasoning: null,
})

/** The JSON text of a text answer or a refusal, from a template (`template.ts`). */
const completionText = jsonTemplate(
  (fields: CompletionFields & MessageFields) => completionValue(fields, textMessage(fields)),
  [
    'id',
    'created',
    'model',
    'provider',
    'fingerprint',
    'reason',
    'content',
    'refusal',
    'promptTokens',
    'completionTokens',
    'totalTokens',
    'cost',
    'promptCost',
    'completionCost',
  ],
)

/** A `chat.completion`. */
export function chatCompletion(turn: Turn): PlainResponse {
  const { answer, overrides } = turn.reply
  const { usage } = turn
  const refused = answer.kind === 'refusal'
  const fields: CompletionFields & MessageFields = {
    id: turn.id,
    created: turn.created,
    model: turn.model,
    provider: turn.provider,
    fingerprint: overrides.systemFingerprint ?? SYSTEM_FINGERPRINT,
    reason: finishReason(turn, answer),
    content: refused ? null : answer.text,
    refusal: refused ? answer.text : null,
    promptTokens: usage.promptTokens,
    completionTokens: usage.completionTokens,
    totalTokens: usage.totalTokens,
    cost: usage.cost,
    promptCost: usage.promptCost,
    completionCost: usage.completionCost,
  }
  const body =
    answer.kind === 'tool_calls'
      ? JSON.stringify(
          completionValue(fields, {
            role: 'assistant',
            content: answer.text === '' ? null : answer.text,
            refusal: null,
            reasoning: null,
            tool_calls: callsWithIds(turn, answer).map((call) => ({
              index: call.index,
              id: call.id,
              type: 'function',
              function: { name: call.name, arguments: call.arguments },
            })),
          }),
        )
      : completionText(fields)
  return {
    status: 200,
    headers: { 'content-type': 'application/json', 'x-generation-id': turn.id },
    body,
  }
}

/** The fields every chunk of a chat stream starts with. */
type ChunkBase = Record<string, unknown>

/**
 * The stream of a chat answer: a chunk per piece, the finish chunk, the finish chunk again with `service_tier`
 * and usage, `[DONE]` (test/recordings/openrouter/chat-stream-*.sse). The tool calls' ids are drawn here,
 * once: each production of the events gives the same.
 */
export function chatStream(turn: Turn): PlainResponse {
  const { answer, delivery, overrides } = turn.reply
  const fingerprint = overrides.systemFingerprint
  const base: ChunkBase = {
    id: turn.id,
    object: 'chat.completion.chunk',
    created: turn.created,
    model: turn.model,
    provider: turn.provider,
    // Never `null` in a chunk: the official SDK refuses it there.
    ...(fingerprint === undefined ? {} : { system_fingerprint: fingerprint }),
  }
  const calls = answer.kind === 'tool_calls' ? callsWithIds(turn, answer) : []
  return eventStreamResponse(headersOf(turn), OPENING.chat, delivery.initialDelayMs, (stream) =>
    chatEvents(stream, turn, base, calls),
  )
}

/** A chunk with one choice, its `delta` given, not finished. */
const chunkValue = (base: ChunkBase, delta: Record<string, unknown>) => ({
  ...base,
  choices: [{ index: 0, delta, finish_reason: null, native_finish_reason: null }],
})

/** The events of a chat stream, each made when it is taken. */
function* chatEvents(
  stream: EventStream,
  turn: Turn,
  base: ChunkBase,
  calls: ReturnType<typeof callsWithIds>,
): Generator<BodyPart, void, undefined> {
  const { answer, delivery } = turn.reply
  let first = true
  /** A chunk's JSON text as the next event, after the delay between chunks. */
  const send = (json: string) => {
    if (!first) stream.wait(delivery.chunkDelayMs)
    first = false
    return stream.data(json)
  }
  const chunk = (delta: Record<string, unknown>) => send(JSON.stringify(chunkValue(base, delta)))
  const contentValue = (fields: { content: string }) =>
    chunkValue(base, { content: fields.content, role: 'assistant' })
  // A content chunk, the one most streams are made of, from a template (`template.ts`), unless a value of
  // the envelope holds U+0000 (a script's model id, say), which could read as a placeholder of it.
  const contentChunk = Object.values(base).some(
    (value) => typeof value === 'string' && value.includes('\u0000'),
  )
    ? (fields: { content: string }) => JSON.stringify(contentValue(fields))
    : jsonTemplate(contentValue, ['content'])
  const pieces = chunksOf(answer.text, delivery.chunkSize)
  if (answer.kind === 'error' && answer.afterChunks !== null) {
    let sent = 0
    for (const piece of pieces) {
      if (sent >= answer.afterChunks) break
      sent += 1
      yield send(contentChunk({ content: piece }))
    }
    stream.wait(delivery.chunkDelayMs)
    // As recorded (test/recordings/openrouter/chat-stream-error-nvidia-2026-09-04.sse): empty `choices`,
    // then the error.
    yield stream.data({
      ...base,
      choices: [],
      error: {
        code: answer.status,
        message: answer.message ?? 'Provider returned error',
        metadata: { error_type: errorTypeOf(answer.status) },
        ...availabilityField(turn, answer),
      },
    })
    if (DONE_AFTER_STREAM_ERROR) yield stream.data('[DONE]')
    return
  }
  if (answer.kind === 'refusal') {
    for (const piece of pieces) yield chunk({ content: null, role: 'assistant', refusal: piece })
  } else {
    for (const piece of pieces) yield send(contentChunk({ content: piece }))
  }
  for (const call of calls) {
    yield chunk({
      content: null,
      role: 'assistant',
      tool_calls: [
        {
          index: call.index,
          id: call.id,
          type: 'function',
          function: { name: call.name, arguments: '' },
        },
      ],
    })
    for (const piece of chunksOf(call.arguments, delivery.chunkSize)) {
      yield chunk({
        content: null,
        role: 'assistant',
        tool_calls: [{ index: call.index, function: { arguments: piece } }],
      })
    }
  }
  const reason = finishReason(turn, answer)
  const finish = {
    ...base,
    choices: [
      {
        index: 0,
        delta: { content: '', role: 'assistant' },
        finish_reason: reason,
        native_finish_reason: reason,
      },
    ],
  }
  if (!first) stream.wait(delivery.chunkDelayMs)
  yield stream.data(finish)
  const usage = chatUsage(turn.usage)
  // The usage chunk names the service tier (null) before its choices, as recorded 2026-08-18.
  yield stream.data(
    CHAT_USAGE_CHUNK === 'repeat-finish'
      ? { ...base, service_tier: null, choices: finish.choices, usage }
      : { ...base, service_tier: null, choices: [], usage },
  )
  yield stream.data('[DONE]')
}
