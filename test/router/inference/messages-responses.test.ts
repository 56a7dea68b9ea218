/**
 * `POST /messages` (Anthropic's dialect, its error envelope) and `POST /responses` (OpenAI's Responses)
 * using a preset by the model forms: exact bodies and streams, the preset's system prompt merged into
 * `system` and `instructions`, and the errors.
 */
import { describe, expect, it } from 'vitest'
import { keys } from '../../support/credentials.js'
import { metaOf, post, postJson, presetSimulator, SECONDS } from './support.js'

const ID = 'gen-1775001600-aq36OQ9Uc25Fv8mBKl7w'
const TEXT = 'This is a simulated answer from anthropic/claude-sonnet-4.5.'

const costs = (input: number, output: number) => {
  const cost = (input + 2 * output) / 1e6
  return {
    cost,
    is_byok: false,
    cost_details: {
      upstream_inference_cost: cost,
      upstream_inference_prompt_cost: input / 1e6,
      upstream_inference_completions_cost: (2 * output) / 1e6,
    },
  }
}
const cacheCreation = { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 }

/**
 * `message_start`'s usage, as recorded 2026-08-24 (test/recordings/openrouter/messages-stream-aws-2026-08-24.sse):
 * `speed` and `cache_creation`, output tokens 1, no cost.
 */
const startUsage = (input: number) => ({
  input_tokens: input,
  output_tokens: 1,
  output_tokens_details: null,
  cache_creation_input_tokens: 0,
  cache_read_input_tokens: 0,
  cache_creation: cacheCreation,
  inference_geo: null,
  server_tool_use: null,
  service_tier: 'standard',
  speed: 'standard',
})

/** `message_delta`'s usage, as recorded: the final counts and the cost fields, no `inference_geo`. */
const deltaUsage = (input: number, output: number) => ({
  input_tokens: input,
  output_tokens: output,
  output_tokens_details: { thinking_tokens: 0 },
  cache_creation_input_tokens: 0,
  cache_read_input_tokens: 0,
  cache_creation: cacheCreation,
  server_tool_use: null,
  service_tier: 'standard',
  speed: 'standard',
  ...costs(input, output),
})

/** A non-streamed message's usage (derived: `message_start`'s fields, the final counts and costs). */
const answerUsage = (input: number, output: number) => ({
  ...startUsage(input),
  output_tokens: output,
  output_tokens_details: { thinking_tokens: 0 },
  ...costs(input, output),
})

const ask = { max_tokens: 100, messages: [{ role: 'user', content: 'Welcome Bob.' }] }

describe('POST /messages with a preset', () => {
  it('answers a message: text block, end_turn, usage with costs', async () => {
    const answer = await post(presetSimulator(), '/messages', {
      model: '@preset/email-copywriter',
      ...ask,
    })
    expect(answer.status).toBe(200)
    expect(answer.text).toBe(
      JSON.stringify({
        id: ID,
        type: 'message',
        role: 'assistant',
        container: null,
        content: [{ type: 'text', text: TEXT, citations: [] }],
        model: 'anthropic/claude-sonnet-4.5',
        stop_reason: 'end_turn',
        stop_details: null,
        stop_sequence: null,
        // "You write short emails." + "Welcome Bob." (35 characters): 9 tokens.
        usage: answerUsage(9, 15),
        provider: 'Amazon Bedrock',
      }),
    )
  })

  it('streams named events as recorded: message_start, a block, its deltas, message_delta with usage, message_stop, [DONE]; no ping', async () => {
    const simulator = presetSimulator()
    simulator.router.script({
      response: {
        toolCalls: [{ name: 'lookup', arguments: { id: 7 }, id: 'toolu_1' }],
        chunkSize: 5,
      },
    })
    const answer = await post(simulator, '/messages', {
      model: 'anthropic/claude-haiku-4.5',
      ...ask,
      stream: true,
    })
    const message = {
      id: ID,
      type: 'message',
      role: 'assistant',
      container: null,
      content: [],
      model: 'anthropic/claude-haiku-4.5',
      stop_reason: null,
      stop_details: null,
      stop_sequence: null,
      // "Welcome Bob." (12): 3 tokens.
      usage: startUsage(3),
      provider: 'Anthropic',
    }
    const event = (name: string, data: Record<string, unknown>) =>
      `event: ${name}\ndata: ${JSON.stringify({ type: name, ...data })}\n\n`
    expect(answer.headers['content-type']).toBe('text/event-stream')
    expect(answer.text).toBe(
      event('message_start', { message }) +
        event('content_block_start', {
          index: 0,
          content_block: { type: 'tool_use', id: 'toolu_1', name: 'lookup', input: {} },
        }) +
        event('content_block_delta', {
          index: 0,
          delta: { type: 'input_json_delta', partial_json: '{"id"' },
        }) +
        event('content_block_delta', {
          index: 0,
          delta: { type: 'input_json_delta', partial_json: ':7}' },
        }) +
        event('content_block_stop', { index: 0 }) +
        event('message_delta', {
          delta: {
            container: null,
            stop_details: null,
            stop_reason: 'tool_use',
            stop_sequence: null,
          },
          // "lookup" + '{"id":7}' (14): 4 tokens.
          usage: deltaUsage(3, 4),
          context_management: null,
        }) +
        event('message_stop', {}) +
        'event: data\ndata: [DONE]\n\n',
    )
  })

  it('puts the preset system prompt before the request system', async () => {
    const meta = await metaOf(presetSimulator(), '/messages', {
      model: '@preset/email-copywriter',
      system: 'Sign as Ada.',
      ...ask,
    })
    expect(meta.inference?.effectiveRequest.system).toBe('You write short emails.\n\nSign as Ada.')
    expect(meta.inference?.preset).toMatchObject({
      slug: 'email-copywriter',
      form: 'model',
      version: 2,
    })
  })

  it('answers errors in the Anthropic envelope: 401, 404, 400', async () => {
    const simulator = presetSimulator()
    const none = await post(simulator, '/messages', { model: 'a/b', ...ask }, null)
    expect([none.status, none.text]).toEqual([
      401,
      '{"type":"error","error":{"type":"authentication_error","message":"No cookie auth credentials found","error_type":"authentication"},"request_id":null}',
    ])
    const unknown = await post(simulator, '/messages', { model: '@preset/retired', ...ask })
    expect([unknown.status, unknown.text]).toEqual([
      404,
      '{"type":"error","error":{"type":"not_found_error","message":"Preset not found","error_type":"not_found"},"request_id":null}',
    ])
    const invalid = await postJson(simulator, '/messages', { messages: [] })
    expect([invalid.status, invalid.body]).toEqual([
      400,
      {
        type: 'error',
        error: {
          type: 'invalid_request_error',
          message: 'Invalid request parameters: model: is required',
          error_type: 'invalid_request',
        },
        request_id: null,
      },
    ])
  })
})

describe('what answers in the service’s place, on each dialect', () => {
  const send = async (
    simulator: ReturnType<typeof presetSimulator>,
    path: string,
    headers: Record<string, string> = {},
    body: string = JSON.stringify({ model: 'a/b', input: 'x', ...ask }),
  ) => {
    const response = await simulator.fetch(`https://openrouter.ai/api/v1${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${keys.inference}`,
        'content-type': 'application/json',
        ...headers,
      },
      body,
    })
    return [response.status, response.headers.get('retry-after'), await response.text()]
  }

  it('/messages answers an injected fault, Prefer: code= and the body limit in the Anthropic envelope', async () => {
    const simulator = presetSimulator({ maxBodyBytes: 1024 })
    simulator.faults.inject({ operation: 'createMessages', status: 429, times: 1 })
    expect(await send(simulator, '/messages')).toEqual([
      429,
      '1',
      '{"type":"error","error":{"type":"rate_limit_error","message":"Rate limit exceeded","error_type":"rate_limit_exceeded"},"request_id":null}',
    ])
    simulator.faults.inject({ operation: 'createMessages', status: 503, message: 'Down', times: 1 })
    expect(await send(simulator, '/messages')).toEqual([
      503,
      '1',
      '{"type":"error","error":{"type":"api_error","message":"Down","error_type":"provider_unavailable"},"request_id":null}',
    ])
    expect(await send(simulator, '/messages', { prefer: 'code=529' })).toEqual([
      529,
      null,
      '{"type":"error","error":{"type":"overloaded_error","message":"Error 529","error_type":"provider_overloaded"},"request_id":null}',
    ])
    expect(await send(simulator, '/messages', { prefer: 'code=99' })).toEqual([
      400,
      null,
      `{"type":"error","error":{"type":"invalid_request_error","message":"[understudy] Prefer: code=99 is not a status Understudy answers for a Prefer header: give an error status from 400 to 599 (the service's own error for it), or leave the header out for the real answer.","error_type":"invalid_request"},"request_id":null}`,
    ])
    expect(
      await send(simulator, '/messages', {}, JSON.stringify({ pad: 'x'.repeat(2048) })),
    ).toEqual([
      413,
      null,
      '{"type":"error","error":{"type":"request_too_large","message":"Payload too large","error_type":"payload_too_large"},"request_id":null}',
    ])
    // A fault's own body is answered as given.
    simulator.faults.inject({ operation: 'createMessages', status: 500, body: { no: 'shape' } })
    expect(await send(simulator, '/messages')).toEqual([500, null, '{"no":"shape"}'])
  })

  it('/responses and /chat/completions answer them in the router’s error body', async () => {
    const simulator = presetSimulator()
    simulator.faults.inject({ operation: 'createResponses', status: 429, times: 1 })
    expect(await send(simulator, '/responses')).toEqual([
      429,
      '1',
      // An injected 429 carries the rate limit's headers in its metadata, as recorded (errors.json,
      // `rate-limited`); the clock is at 2026-04-01T00:00:00Z, so the next minute starts 60 s later.
      `{"error":{"message":"Rate limit exceeded","code":429,"metadata":{"headers":{"X-RateLimit-Limit":"20","X-RateLimit-Remaining":"0","X-RateLimit-Reset":"${SECONDS * 1000 + 60_000}"},"provider_name":null}}}`,
    ])
    expect(await send(simulator, '/chat/completions', { prefer: 'code=503' })).toEqual([
      503,
      '1',
      '{"error":{"message":"Service unavailable","code":503}}',
    ])
  })
})

describe('POST /responses with a preset', () => {
  /** `usage` as recorded 2026-08-24 (responses-stream-openai-2026-08-24.sse): `cache_write_tokens` included. */
  const responsesUsage = {
    input_tokens: 13,
    input_tokens_details: { cached_tokens: 0, cache_write_tokens: 0 },
    output_tokens: 15,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: 28,
    cost: 0.000043,
    is_byok: false,
    cost_details: {
      upstream_inference_cost: 0.000043,
      upstream_inference_input_cost: 0.000013,
      upstream_inference_output_cost: 0.00003,
    },
  }

  it('answers a response: the recorded field set and order, the preset instructions and parameters echoed, unset sampling as numbers', async () => {
    const answer = await postJson(presetSimulator(), '/responses', {
      model: '@preset/email-copywriter',
      input: 'Welcome Bob.',
      instructions: 'Sign as Ada.',
    })
    expect(answer.status).toBe(200)
    const body = answer.body as Record<string, unknown>
    const output = body.output as Array<{ id: string }>
    expect(output[0]?.id).toMatch(/^msg_tmp_[a-z0-9]{11}$/)
    // The final `response` of the recorded stream, key for key (no `provider`, no `output_text`).
    expect(answer.text).toBe(
      JSON.stringify({
        id: ID,
        object: 'response',
        created_at: SECONDS,
        model: 'anthropic/claude-sonnet-4.5',
        status: 'completed',
        completed_at: SECONDS,
        output: [
          {
            id: output[0]?.id,
            type: 'message',
            role: 'assistant',
            status: 'completed',
            content: [{ type: 'output_text', text: TEXT, annotations: [], logprobs: [] }],
            phase: 'final_answer',
          },
        ],
        error: null,
        incomplete_details: null,
        tools: [
          // The preset's chat-dialect function tool, echoed in the responses dialect, in the recorded order.
          {
            type: 'function',
            name: 'lookup_customer',
            description: null,
            strict: null,
            parameters: null,
          },
          { type: 'router:web_search' },
        ],
        tool_choice: 'auto',
        parallel_tool_calls: true,
        max_output_tokens: null,
        temperature: 0.2,
        top_p: 1,
        presence_penalty: 0,
        frequency_penalty: 0,
        top_logprobs: 0,
        max_tool_calls: null,
        metadata: {},
        background: false,
        previous_response_id: null,
        service_tier: 'default',
        truncation: 'disabled',
        store: false,
        instructions: 'You write short emails.\n\nSign as Ada.',
        text: { format: { type: 'text' } },
        reasoning: null,
        safety_identifier: null,
        prompt_cache_key: null,
        prompt_cache_options: null,
        // "Welcome Bob." + "You write short emails.\n\nSign as Ada." (49): 13 tokens.
        usage: responsesUsage,
      }),
    )
  })

  it('streams as recorded: an empty comment, numbered events with sequence_number last, then [DONE]', async () => {
    const simulator = presetSimulator()
    simulator.router.script({ response: { content: 'Hello Bob', chunkSize: 5 } })
    const answer = await post(simulator, '/responses', {
      model: 'openai/gpt-4o',
      input: 'x',
      stream: true,
      service_tier: 'auto',
      reasoning: { effort: 'high' },
    })
    const events = answer.text.split('\n\n').filter((event) => event !== '')
    expect(events[0]).toBe(': ')
    expect(events.at(-1)).toBe('data: [DONE]')
    const parsed = events.slice(1, -1).map((event) => JSON.parse(event.slice('data: '.length)))
    expect(parsed.map((event) => [event.type, event.sequence_number])).toEqual([
      ['response.created', 0],
      ['response.in_progress', 1],
      ['response.output_item.added', 2],
      ['response.content_part.added', 3],
      ['response.output_text.delta', 4],
      ['response.output_text.delta', 5],
      ['response.output_text.done', 6],
      ['response.content_part.done', 7],
      ['response.output_item.done', 8],
      ['response.completed', 9],
    ])
    for (const event of parsed) expect(Object.keys(event).at(-1)).toBe('sequence_number')
    const item = parsed[2].item
    expect(Object.keys(parsed[2])).toEqual(['type', 'output_index', 'item', 'sequence_number'])
    expect(item).toEqual({
      id: item.id,
      type: 'message',
      status: 'in_progress',
      role: 'assistant',
      content: [],
      phase: 'final_answer',
    })
    expect(Object.keys(item)).toEqual(['id', 'type', 'status', 'role', 'content', 'phase'])
    expect(Object.keys(parsed[4])).toEqual([
      'type',
      'output_index',
      'item_id',
      'content_index',
      'delta',
      'logprobs',
      'sequence_number',
    ])
    expect(parsed.filter((event) => event.delta).map((event) => event.delta)).toEqual([
      'Hello',
      ' Bob',
    ])
    const created = parsed[0].response
    const completed = parsed.at(-1).response
    expect([created.service_tier, completed.service_tier]).toEqual(['auto', 'default'])
    expect(created.reasoning).toEqual({ effort: 'high' })
    expect([created.usage, created.completed_at, created.output]).toEqual([null, null, []])
    expect(completed.output[0].content[0].text).toBe('Hello Bob')
    expect('provider' in completed || 'output_text' in completed).toBe(false)
  })
})
