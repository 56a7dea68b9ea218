/**
 * The responses dialect's answers (`POST /responses`, OpenAI's Responses API): a `response`, or its stream
 * of `response.*` events (data only, numbered, then `data: [DONE]`) (docs/router-inference.md §15).
 * @module
 */
import { jsonResponse, type PlainResponse } from '../../../core/http.js'
import { errorTypeOf } from '../../errors.js'
import { type Answer, chunksOf, type Turn, type Usage } from '../reply.js'
import { EventStream } from './sse.js'
import { availabilityField } from './stream-error.js'

function responsesUsage(usage: Usage) {
  return {
    input_tokens: usage.promptTokens,
    input_tokens_details: { cached_tokens: 0 },
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
    parameters: fn.parameters ?? null,
    strict: fn.strict ?? null,
  }
}

/** The output items of an answer: a message (text or refusal) and function calls, with their ids. */
function outputOf(turn: Turn, answer: Answer, status: string) {
  const items: Array<Record<string, unknown>> = []
  if (answer.kind === 'refusal') {
    items.push({
      type: 'message',
      id: `msg_${turn.draw(24)}`,
      status,
      role: 'assistant',
      content: [{ type: 'refusal', refusal: answer.text }],
    })
  } else if (answer.text !== '' || answer.kind === 'text') {
    items.push({
      type: 'message',
      id: `msg_${turn.draw(24)}`,
      status,
      role: 'assistant',
      content: [{ type: 'output_text', text: answer.text, annotations: [], logprobs: [] }],
    })
  }
  if (answer.kind === 'tool_calls') {
    for (const call of answer.calls) {
      items.push({
        type: 'function_call',
        id: `fc_${turn.draw(24)}`,
        call_id: call.id ?? `call_${turn.draw(24)}`,
        name: call.name,
        arguments: call.arguments,
        status,
      })
    }
  }
  return items
}

/** The `response` object at a status, with its output and usage (null until completed). */
function responseObject(
  turn: Turn,
  status: string,
  output: unknown[],
  usage: Usage | null,
  error: unknown = null,
) {
  const e = turn.effective
  const text = output
    .flatMap((item) => (item as { content?: Array<{ text?: unknown }> }).content ?? [])
    .map((part) => (typeof part.text === 'string' ? part.text : ''))
    .join('')
  return {
    id: turn.id,
    object: 'response',
    created_at: turn.created,
    completed_at: status === 'completed' ? turn.created : null,
    status,
    error,
    incomplete_details: null,
    instructions: typeof e.instructions === 'string' ? e.instructions : null,
    max_output_tokens: typeof e.max_output_tokens === 'number' ? e.max_output_tokens : null,
    model: turn.model,
    output,
    ...(status === 'completed' ? { output_text: text } : {}),
    parallel_tool_calls: e.parallel_tool_calls !== false,
    temperature: typeof e.temperature === 'number' ? e.temperature : null,
    top_p: typeof e.top_p === 'number' ? e.top_p : null,
    presence_penalty: typeof e.presence_penalty === 'number' ? e.presence_penalty : null,
    frequency_penalty: typeof e.frequency_penalty === 'number' ? e.frequency_penalty : null,
    tool_choice: e.tool_choice ?? 'auto',
    tools: Array.isArray(e.tools) ? e.tools.map(echoedTool) : [],
    metadata: typeof e.metadata === 'object' && e.metadata !== null ? e.metadata : {},
    service_tier: typeof e.service_tier === 'string' ? e.service_tier : null,
    usage: usage === null ? null : responsesUsage(usage),
    provider: turn.provider,
  }
}

const headersOf = (turn: Turn) => ({ 'x-generation-id': turn.id })

/** A `response`. */
export function responsesAnswer(turn: Turn): PlainResponse {
  const { answer } = turn.reply
  return jsonResponse(
    200,
    responseObject(turn, 'completed', outputOf(turn, answer, 'completed'), turn.usage),
    { headers: headersOf(turn) },
  )
}

/** The stream of a response: created, in progress, each item added, its deltas, done, completed, `[DONE]`. */
export function responsesStream(turn: Turn): PlainResponse {
  const { answer, delivery } = turn.reply
  const stream = new EventStream(delivery.initialDelayMs)
  let sequence = 0
  const event = (type: string, value: Record<string, unknown>) =>
    stream.data({ type, sequence_number: sequence++, ...value })
  const done = outputOf(turn, answer, 'completed')
  event('response.created', { response: responseObject(turn, 'in_progress', [], null) })
  event('response.in_progress', { response: responseObject(turn, 'in_progress', [], null) })
  const errorAfter = answer.kind === 'error' ? answer.afterChunks : null
  let sent = 0
  let stopped = false
  done.forEach((item, outputIndex) => {
    if (stopped) return
    const itemId = item.id as string
    const pending =
      item.type === 'message'
        ? { ...item, status: 'in_progress', content: [] }
        : { ...item, status: 'in_progress', arguments: '' }
    event('response.output_item.added', { output_index: outputIndex, item: pending })
    if (item.type === 'message') {
      const part = (item.content as Array<Record<string, unknown>>)[0] as Record<string, unknown>
      const refusal = part.type === 'refusal'
      const text = (refusal ? part.refusal : part.text) as string
      const empty = refusal
        ? { type: 'refusal', refusal: '' }
        : { type: 'output_text', text: '', annotations: [], logprobs: [] }
      const at = { item_id: itemId, output_index: outputIndex, content_index: 0 }
      event('response.content_part.added', { ...at, part: empty })
      for (const piece of chunksOf(text, delivery.chunkSize)) {
        if (errorAfter !== null && sent >= errorAfter) {
          stopped = true
          return
        }
        stream.wait(delivery.chunkDelayMs)
        sent += 1
        event(refusal ? 'response.refusal.delta' : 'response.output_text.delta', {
          ...at,
          delta: piece,
          ...(refusal ? {} : { logprobs: [] }),
        })
      }
      if (errorAfter !== null) {
        stopped = true
        return
      }
      event(
        refusal ? 'response.refusal.done' : 'response.output_text.done',
        refusal ? { ...at, refusal: text } : { ...at, text, logprobs: [] },
      )
      event('response.content_part.done', { ...at, part })
    } else {
      const args = item.arguments as string
      for (const piece of chunksOf(args, delivery.chunkSize)) {
        stream.wait(delivery.chunkDelayMs)
        event('response.function_call_arguments.delta', {
          item_id: itemId,
          output_index: outputIndex,
          delta: piece,
        })
      }
      event('response.function_call_arguments.done', {
        item_id: itemId,
        output_index: outputIndex,
        name: item.name,
        arguments: args,
      })
    }
    event('response.output_item.done', { output_index: outputIndex, item })
  })
  stream.wait(delivery.chunkDelayMs)
  if (answer.kind === 'error') {
    const error = {
      code: errorTypeOf(answer.status),
      message: answer.message ?? 'Provider returned error',
      ...availabilityField(turn, answer),
    }
    event('response.failed', { response: responseObject(turn, 'failed', [], null, error) })
  } else {
    event('response.completed', { response: responseObject(turn, 'completed', done, turn.usage) })
  }
  stream.data('[DONE]')
  return stream.response(headersOf(turn))
}
