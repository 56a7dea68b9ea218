/**
 * `POST /messages` (Anthropic's dialect, its error envelope) and `POST /responses` (OpenAI's Responses)
 * using a preset by the model forms: exact bodies and streams, the preset's system prompt merged into
 * `system` and `instructions`, and the errors.
 */
import { describe, expect, it } from 'vitest'
import { keys } from '../../support/credentials.js'
import { metaOf, PRICES, post, postJson, presetSimulator, SECONDS } from './support.js'

const ID = 'gen-1775001600-aq36OQ9Uc25Fv8mBKl7w'
const TEXT = 'This is a simulated answer from anthropic/claude-sonnet-4.5.'

/**
 * The messages dialect's usage (Anthropic's, with the router's costs: the model's prices per million tokens,
 * `PRICES`, as the catalog has them, times the token counts).
 */
function messagesUsage(
  input: number,
  output: number,
  price: { prompt: number; completion: number } = PRICES['anthropic/claude-sonnet-4.5'],
) {
  const cost = (input * price.prompt + output * price.completion) / 1e6
  return {
    input_tokens: input,
    output_tokens: output,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
    cache_creation: null,
    inference_geo: null,
    output_tokens_details: null,
    server_tool_use: null,
    service_tier: 'standard',
    cost,
    cost_details: {
      upstream_inference_cost: cost,
      upstream_inference_prompt_cost: (input * price.prompt) / 1e6,
      upstream_inference_completions_cost: (output * price.completion) / 1e6,
    },
    is_byok: false,
  }
}

/** anthropic/claude-haiku-4.5's prices per million tokens ("0.000001" and "0.000005" per token). */
const HAIKU = { prompt: 1, completion: 5 }

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
        model: 'anthropic/claude-sonnet-4.5',
        content: [{ type: 'text', text: TEXT }],
        stop_reason: 'end_turn',
        stop_sequence: null,
        stop_details: null,
        container: null,
        // "You write short emails." + "Welcome Bob." (35 characters): 9 tokens.
        usage: messagesUsage(9, 15),
        provider: 'Amazon Bedrock',
      }),
    )
  })

  it('streams named events: message_start, a block, its deltas, message_delta with usage, message_stop', async () => {
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
      model: 'anthropic/claude-haiku-4.5',
      content: [],
      stop_reason: null,
      stop_sequence: null,
      stop_details: null,
      container: null,
      usage: messagesUsage(3, 0, HAIKU),
      provider: 'Anthropic',
    }
    // "Welcome Bob." (12): 3 tokens; "lookup" + '{"id":7}' (14): 4 tokens.
    message.usage.cost = messagesUsage(3, 4, HAIKU).cost
    message.usage.cost_details = messagesUsage(3, 4, HAIKU).cost_details
    const event = (name: string, data: Record<string, unknown>) =>
      `event: ${name}\ndata: ${JSON.stringify({ type: name, ...data })}\n\n`
    expect(answer.headers['content-type']).toBe('text/event-stream')
    expect(answer.text).toBe(
      ': OPENROUTER PROCESSING\n\n' +
        event('message_start', { message }) +
        event('content_block_start', {
          index: 0,
          content_block: { type: 'tool_use', id: 'toolu_1', name: 'lookup', input: {} },
        }) +
        event('ping', {}) +
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
          delta: { stop_reason: 'tool_use', stop_sequence: null },
          usage: messagesUsage(3, 4, HAIKU),
        }) +
        event('message_stop', {}),
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
      '{"type":"error","error":{"type":"authentication_error","message":"No auth credentials found","error_type":"authentication"},"request_id":null}',
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
      '{"error":{"code":429,"message":"Rate limit exceeded"}}',
    ])
    expect(await send(simulator, '/chat/completions', { prefer: 'code=503' })).toEqual([
      503,
      '1',
      '{"error":{"code":503,"message":"Service unavailable"}}',
    ])
  })
})

describe('POST /responses with a preset', () => {
  it('answers a response: the preset instructions and parameters echoed, output_text, usage with costs', async () => {
    const answer = await postJson(presetSimulator(), '/responses', {
      model: '@preset/email-copywriter',
      input: 'Welcome Bob.',
      instructions: 'Sign as Ada.',
    })
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({
      id: ID,
      object: 'response',
      created_at: SECONDS,
      completed_at: SECONDS,
      status: 'completed',
      error: null,
      incomplete_details: null,
      instructions: 'You write short emails.\n\nSign as Ada.',
      max_output_tokens: null,
      model: 'anthropic/claude-sonnet-4.5',
      output: [
        {
          type: 'message',
          id: expect.stringMatching(/^msg_[A-Za-z0-9]{24}$/),
          status: 'completed',
          role: 'assistant',
          content: [{ type: 'output_text', text: TEXT, annotations: [], logprobs: [] }],
        },
      ],
      output_text: TEXT,
      parallel_tool_calls: true,
      temperature: 0.2,
      top_p: null,
      presence_penalty: null,
      frequency_penalty: null,
      tool_choice: 'auto',
      tools: [
        // The preset's chat-dialect function tool, echoed in the responses dialect.
        {
          type: 'function',
          name: 'lookup_customer',
          description: null,
          parameters: null,
          strict: null,
        },
        { type: 'router:web_search' },
      ],
      metadata: {},
      service_tier: null,
      // "Welcome Bob." + "You write short emails.\n\nSign as Ada." (49): 13 tokens.
      usage: {
        input_tokens: 13,
        input_tokens_details: { cached_tokens: 0 },
        output_tokens: 15,
        output_tokens_details: { reasoning_tokens: 0 },
        total_tokens: 28,
        // anthropic/claude-sonnet-4.5: $3 and $15 per million tokens.
        cost: 0.000264,
        is_byok: false,
        cost_details: {
          upstream_inference_cost: 0.000264,
          upstream_inference_input_cost: 0.000039,
          upstream_inference_output_cost: 0.000225,
        },
      },
      provider: 'Amazon Bedrock',
    })
  })

  it('streams numbered response events, then [DONE]', async () => {
    const simulator = presetSimulator()
    simulator.router.script({ response: { content: 'Hello Bob', chunkSize: 5 } })
    const answer = await post(simulator, '/responses', {
      model: 'openai/gpt-4o',
      input: 'x',
      stream: true,
    })
    const events = answer.text.split('\n\n').filter((event) => event !== '')
    expect(events[0]).toBe(': OPENROUTER PROCESSING')
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
    expect(parsed.filter((event) => event.delta).map((event) => event.delta)).toEqual([
      'Hello',
      ' Bob',
    ])
    expect(parsed.at(-1).response).toMatchObject({ status: 'completed', output_text: 'Hello Bob' })
  })
})
