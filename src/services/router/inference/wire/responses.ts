/**
 * The responses dialect's answers (`POST /responses`, OpenAI's Responses API): a `response`, or its stream
 * of `response.*` events (data only, after an empty comment, `sequence_number` last, then `data: [DONE]`), as
 * recorded 2026-08-24 (test/recordings/openrouter/responses-stream-openai-2026-08-24.sse; docs/router-inference.md
 * §15). No public recording of a non-streamed body exists: it is the stream's final `response`.
 * @module
 */
import { type BodyPart, jsonResponse, type PlainResponse } from '../../../../engine/core/http.js'
import { errorTypeOf } from '../../errors.js'
import { type Answer, chunksOf, type Turn, type Usage } from '../reply.js'
import { type EventStream, eventStreamResponse, OPENING } from './sse.js'
import { availabilityField } from './stream-error.js'
import { jsonTemplate } from './template.js'

/** `usage`, as recorded (an OpenAI upstream; another provider's may lack `cache_write_tokens`). */
function responsesUsage(usage: Usage) {
  return {
    input_tokens: usage.promptTokens,
    input_tokens_details: { cached_tokens: 0, cache_write_tokens: 0 },
    output_tokens: usage.completionTokens,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: usage.totalTokens,
    cost: usage.cost,
    is_byok: false,
    cost_details: {
      upstream_inference_cost: usage.cost,
      upstream_inference_input_cost: usage.promptCost,
      upstream_inference_output_cost: usage.completionCost,
    },
  }
}

/**
 * A function tool as a response echoes it (one in the chat dialect's shape, as a preset made from a chat
 * body holds it, read from its `function`); any other tool as it was sent.
 */
function echoedTool(tool: unknown): unknown {
  if (typeof tool !== 'object' || tool === null) return tool
  const t = tool as Record<string, unknown>
  if (t.type !== 'function') return tool
  const fn = typeof t.function === 'object' && t.function !== null ? (t.function as typeof t) : t
  return {
    type: 'function',
    name: fn.name,
    description: fn.description ?? null,
    strict: fn.strict ?? null,
    parameters: fn.parameters ?? null,
  }
}

/** An item id as recorded (`msg_tmp_tujkixbm9`): a prefix and lower-case letters and digits. */
const itemId = (turn: Turn, prefix: string) => `${prefix}_tmp_${turn.draw(11).toLowerCase()}`

/**
 * The output items of an answer: a message (text or refusal) and function calls, with their ids. A message's
 * keys are `id, type, status, role, content, phase` in the stream's item events, and `id, type, role, status,
 * content, phase` in the final `response`, as recorded.
 */
function outputOf(turn: Turn, answer: Answer) {
  const items: Array<Record<string, unknown>> = []
  if (answer.kind === 'refusal' || answer.text !== '' || answer.kind === 'text') {
    const part =
      answer.kind === 'refusal'
        ? { type: 'refusal', refusal: answer.text }
        : { type: 'output_text', text: answer.text, annotations: [], logprobs: [] }
    items.push({ id: itemId(turn, 'msg'), type: 'message', content: [part] })
  }
  if (answer.kind === 'tool_calls') {
    for (const call of answer.calls) {
      items.push({
        id: itemId(turn, 'fc'),
        type: 'function_call',
        call_id: call.id ?? `call_${turn.draw(24)}`,
        name: call.name,
        arguments: call.arguments,
      })
    }
  }
  return items
}

/** An item at a status, in the key order of the stream's item events (`final`: of the final `response`). */
function itemAt(item: Record<string, unknown>, status: string, final = false) {
  const { id, type, ...rest } = item
  if (type !== 'message')
    return { id, type, status, ...rest, ...(status === 'in_progress' && { arguments: '' }) }
  const content = status === 'in_progress' ? [] : rest.content
  return final
    ? { id, type, role: 'assistant', status, content, phase: 'final_answer' }
    : { id, type, status, role: 'assistant', content, phase: 'final_answer' }
}

/**
 * `reasoning` of a completed response: the request's, as sent; an OpenAI upstream adds its `mode` and
 * `summary` (recorded 2026-08-24; a MiniMax upstream the same day echoed the request's as sent).
 */
function servedReasoning(turn: Turn, reasoning: unknown) {
  const given = obj(reasoning, null) as Record<string, unknown> | null
  if (given === null || turn.provider !== 'OpenAI') return given
  return { ...given, mode: given.mode ?? 'standard', summary: given.summary ?? null }
}

const str = (value: unknown, otherwise: string | null) =>
  typeof value === 'string' ? value : otherwise
const num = (value: unknown, otherwise: number | null) =>
  typeof value === 'number' ? value : otherwise
const obj = (value: unknown, otherwise: unknown) =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? value : otherwise

/**
 * The `response` object at a status, with its output and usage (null until completed): the recorded field
 * set and order, each request field echoed as sent, else the value recorded for a request without it
 * (temperature and top_p 1, penalties and top_logprobs 0, `truncation: "disabled"`, `store: false`,
 * `text: {format: {type: "text"}}`). `service_tier` is the request's (`auto` when absent) until completed,
 * then the tier that served it (`default` for `auto`). No `provider`, no `output_text`.
 */
function responseObject(
  turn: Turn,
  status: string,
  output: unknown[],
  usage: Usage | null,
  error: unknown = null,
) {
  const e = turn.effective
  const done = status === 'completed'
  const tier = str(e.service_tier, 'auto')
  return {
    id: turn.id,
    object: 'response',
    created_at: turn.created,
    model: turn.model,
    status,
    completed_at: done ? turn.created : null,
    output,
    error,
    incomplete_details: null,
    tools: Array.isArray(e.tools) ? e.tools.map(echoedTool) : [],
    tool_choice: e.tool_choice ?? 'auto',
    parallel_tool_calls: e.parallel_tool_calls !== false,
    max_output_tokens: num(e.max_output_tokens, null),
    temperature: num(e.temperature, 1),
    top_p: num(e.top_p, 1),
    presence_penalty: num(e.presence_penalty, 0),
    frequency_penalty: num(e.frequency_penalty, 0),
    top_logprobs: num(e.top_logprobs, 0),
    max_tool_calls: num(e.max_tool_calls, null),
    metadata: obj(e.metadata, {}),
    background: e.background === true,
    previous_response_id: str(e.previous_response_id, null),
    service_tier: done && tier === 'auto' ? 'default' : tier,
    truncation: str(e.truncation, 'disabled'),
    store: e.store === true,
    instructions: str(e.instructions, null),
    text: obj(e.text, { format: { type: 'text' } }),
    reasoning: done ? servedReasoning(turn, e.reasoning) : obj(e.reasoning, null),
    safety_identifier: str(e.safety_identifier, null),
    prompt_cache_key: str(e.prompt_cache_key, null),
    prompt_cache_options: obj(e.prompt_cache_options, null),
    usage: usage === null ? null : responsesUsage(usage),
  }
}

const headersOf = (turn: Turn) => ({ 'x-generation-id': turn.id })

/** A `response`: the final `response` of its stream (derived; no public recording of a non-streamed one). */
export function responsesAnswer(turn: Turn): PlainResponse {
  const output = outputOf(turn, turn.reply.answer).map((item) => itemAt(item, 'completed', true))
  return jsonResponse(200, responseObject(turn, 'completed', output, turn.usage), {
    headers: headersOf(turn),
  })
}

/**
 * The stream of a response: created, in progress, each item added, its deltas, done, completed, `[DONE]`.
 * The items (their ids drawn) are made here, once: each production of the events gives the same.
 */
export function responsesStream(turn: Turn): PlainResponse {
  const items = outputOf(turn, turn.reply.answer)
  return eventStreamResponse(
    headersOf(turn),
    OPENING.responses,
    turn.reply.delivery.initialDelayMs,
    (stream) => responsesEvents(stream, turn, items),
  )
}

/** The events of a response's stream, each made when it is taken. */
function* responsesEvents(
  stream: EventStream,
  turn: Turn,
  items: ReturnType<typeof outputOf>,
): Generator<BodyPart, void, undefined> {
  const { answer, delivery } = turn.reply
  let sequence = 0
  const event = (type: string, value: Record<string, unknown>) =>
    stream.data({ type, ...value, sequence_number: sequence++ })
  yield event('response.created', { response: responseObject(turn, 'in_progress', [], null) })
  yield event('response.in_progress', { response: responseObject(turn, 'in_progress', [], null) })
  const errorAfter = answer.kind === 'error' ? answer.afterChunks : null
  let sent = 0
  output: for (const [outputIndex, item] of items.entries()) {
    const itemId = item.id as string
    yield event('response.output_item.added', {
      output_index: outputIndex,
      item: itemAt(item, 'in_progress'),
    })
    if (item.type === 'message') {
      const part = (item.content as Array<Record<string, unknown>>)[0] as Record<string, unknown>
      const refusal = part.type === 'refusal'
      const text = (refusal ? part.refusal : part.text) as string
      const empty = refusal
        ? { type: 'refusal', refusal: '' }
        : { type: 'output_text', text: '', annotations: [], logprobs: [] }
      const at = { output_index: outputIndex, item_id: itemId, content_index: 0 }
      yield event('response.content_part.added', { ...at, part: empty })
      // Each delta event's text from a template (`template.ts`: the item's fields are ids and numbers).
      const deltaText = jsonTemplate(
        (fields: { delta: string; sequence: number }) => ({
          type: refusal ? 'response.refusal.delta' : 'response.output_text.delta',
          ...at,
          delta: fields.delta,
          ...(refusal ? {} : { logprobs: [] }),
          sequence_number: fields.sequence,
        }),
        ['delta', 'sequence'],
      )
      for (const piece of chunksOf(text, delivery.chunkSize)) {
        // Past the error's chunks, no other item follows.
        if (errorAfter !== null && sent >= errorAfter) break output
        stream.wait(delivery.chunkDelayMs)
        sent += 1
        yield stream.data(deltaText({ delta: piece, sequence: sequence++ }))
      }
      if (errorAfter !== null) break
      yield event(
        refusal ? 'response.refusal.done' : 'response.output_text.done',
        refusal ? { ...at, refusal: text } : { ...at, text, logprobs: [] },
      )
      yield event('response.content_part.done', { ...at, part })
    } else {
      const args = item.arguments as string
      const at = { output_index: outputIndex, item_id: itemId }
      for (const piece of chunksOf(args, delivery.chunkSize)) {
        stream.wait(delivery.chunkDelayMs)
        yield event('response.function_call_arguments.delta', { ...at, delta: piece })
      }
      yield event('response.function_call_arguments.done', {
        ...at,
        name: item.name,
        arguments: args,
      })
    }
    yield event('response.output_item.done', {
      output_index: outputIndex,
      item: itemAt(item, 'completed'),
    })
  }
  stream.wait(delivery.chunkDelayMs)
  if (answer.kind === 'error') {
    const error = {
      code: errorTypeOf(answer.status),
      message: answer.message ?? 'Provider returned error',
      ...availabilityField(turn, answer),
    }
    yield event('response.failed', { response: responseObject(turn, 'failed', [], null, error) })
  } else {
    const output = items.map((item) => itemAt(item, 'completed', true))
    yield event('response.completed', {
      response: responseObject(turn, 'completed', output, turn.usage),
    })
  }
  yield stream.data('[DONE]')
}
