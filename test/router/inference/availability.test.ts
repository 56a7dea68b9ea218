/**
 * The model-availability contract (OpenRouter, since 2026-08-19: test/recordings/openrouter/
 * catalog-and-availability.json, `availabilityDocumented`): each of the 11 codes with its status, from an
 * injected fault, in every skin's error body; and from a script, in every skin's stream error event.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { post, presetSimulator } from './support.js'

const documented = JSON.parse(
  readFileSync(
    new URL('../../recordings/openrouter/catalog-and-availability.json', import.meta.url),
    'utf8',
  ),
).availabilityDocumented as {
  codes: Record<string, number>
  retryable: string[]
  fieldOrder: string[]
  example: string
}

const MODEL = 'anthropic/claude-sonnet-4.5'
const chat = { model: MODEL, messages: [{ role: 'user', content: 'Hi' }] }
const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request',
  403: 'permission_denied',
  404: 'not_found',
  429: 'rate_limit_exceeded',
  503: 'provider_unavailable',
}

describe('an availability fault', () => {
  it('answers each of the 11 codes with its status, retryability and the model the request named', async () => {
    const simulator = presetSimulator()
    expect(Object.keys(documented.codes)).toHaveLength(11)
    for (const [code, status] of Object.entries(documented.codes)) {
      simulator.faults.inject({
        service: 'router',
        operation: 'sendChatCompletionRequest',
        status,
        availability: code,
        times: 1,
      })
      const answer = await post(simulator, '/chat/completions', chat)
      const retryable = documented.retryable.includes(code)
      const { error } = JSON.parse(answer.text)
      expect([code, answer.status]).toEqual([code, status])
      expect(Object.keys(error)).toEqual([
        'message',
        'code',
        'error_type',
        'http_status',
        'availability',
      ])
      expect(error).toMatchObject({
        code: status,
        error_type: ERROR_TYPES[status],
        http_status: status,
      })
      expect(error.availability).toEqual({
        code,
        retryable,
        ...(retryable && { retry_after: 1 }),
        requested_models: [MODEL],
        docs_url: `https://openrouter.ai/docs/errors#${code}`,
      })
      const keys = Object.keys(error.availability)
      expect(keys).toEqual(documented.fieldOrder.filter((key) => keys.includes(key)))
      if (retryable) expect(answer.headers['retry-after']).toBe('1')
    }
  })

  it('words capacity_exhausted as the documented example, with the retry the fault gives', async () => {
    const simulator = presetSimulator()
    simulator.faults.inject({
      service: 'router',
      operation: 'sendChatCompletionRequest',
      status: 429,
      availability: 'capacity_exhausted',
      retryAfter: 40,
    })
    const answer = await post(simulator, '/chat/completions', chat)
    const example = JSON.parse(documented.example).error
    const { error } = JSON.parse(answer.text)
    expect(error.message).toBe(example.message)
    expect(answer.headers['retry-after']).toBe('40')
    const { fallback_models: _none, ...rest } = example.availability
    expect(error.availability).toEqual(rest)
  })

  it("answers in the messages skin's envelope, and the responses skin's like chat", async () => {
    const simulator = presetSimulator()
    simulator.faults.inject({ service: 'router', status: 404, availability: 'no_endpoints' })
    const messages = await post(simulator, '/messages', { ...chat, max_tokens: 5 })
    const availability = {
      code: 'no_endpoints',
      retryable: false,
      requested_models: [MODEL],
      docs_url: 'https://openrouter.ai/docs/errors#no_endpoints',
    }
    expect([messages.status, messages.text]).toEqual([
      404,
      JSON.stringify({
        type: 'error',
        error: {
          type: 'not_found_error',
          message: `No endpoints found for ${MODEL}.`,
          error_type: 'not_found',
          availability,
        },
        request_id: null,
      }),
    ])
    const responses = await post(simulator, '/responses', { model: MODEL, input: 'Hi' })
    expect(JSON.parse(responses.text).error.availability).toEqual(availability)
  })

  it('is refused when armed with an unknown code, another status, on messaging, or without a status', () => {
    const simulator = presetSimulator()
    const inject = (fault: Record<string, unknown>) => () => simulator.faults.inject(fault as never)
    expect(inject({ status: 404, availability: 'gone' })).toThrow(
      'availability: must be one of: model_not_found, wrong_endpoint, no_endpoints, model_deprecated, model_unavailable_upstream, region_restricted, privacy_restricted, constraint_filtered, free_variant_ended, capacity_exhausted, temporarily_unavailable',
    )
    expect(inject({ status: 500, availability: 'capacity_exhausted' })).toThrow(
      'availability: comes with status 429: give that status',
    )
    expect(inject({ service: 'messaging', status: 404, availability: 'no_endpoints' })).toThrow(
      'availability: only the router answers model-availability errors',
    )
    expect(inject({ availability: 'no_endpoints' })).toThrow(
      'availability: needs a status to answer with',
    )
    expect(inject({ status: 404, availability: 'no_endpoints', body: {} })).toThrow(
      'availability: give either a body of your own or an availability in the service’s body, not both',
    )
    expect(simulator.faults.list()).toEqual([])
  })
})

describe('an availability error a script places in a stream', () => {
  const script = {
    content: 'Partial answer',
    error: { message: 'Gone', availability: 'model_deprecated' as const },
    afterChunks: 1,
    chunkSize: 8,
  }
  const availability = {
    code: 'model_deprecated',
    retryable: false,
    requested_models: [MODEL],
    docs_url: 'https://openrouter.ai/docs/errors#model_deprecated',
  }

  it("is in the chat chunk's error, the messages error event and the responses failed event", async () => {
    const simulator = presetSimulator()
    simulator.router.script({ response: script })
    const events = async (path: string, body: Record<string, unknown>) => {
      const answer = await post(simulator, path, { ...body, stream: true })
      expect(answer.status).toBe(200)
      return answer.text
        .split('\n')
        .filter((line) => line.startsWith('data: {'))
        .map((line) => JSON.parse(line.slice(6)))
    }
    const chunks = await events('/chat/completions', chat)
    expect(chunks.at(-1).error).toEqual({
      code: 404,
      message: 'Gone',
      metadata: { error_type: 'not_found' },
      availability,
    })
    const named = await events('/messages', { ...chat, max_tokens: 5 })
    expect(named.at(-1)).toEqual({
      type: 'error',
      error: { type: 'not_found_error', message: 'Gone', error_type: 'not_found', availability },
    })
    const numbered = await events('/responses', { model: MODEL, input: 'Hi' })
    expect(numbered.at(-1).response.error).toEqual({
      code: 'not_found',
      message: 'Gone',
      availability,
    })
  })

  it("is before the stream, with the code's status, when the request does not stream", async () => {
    const simulator = presetSimulator()
    simulator.router.script({ response: { error: { availability: 'free_variant_ended' } } })
    const answer = await post(simulator, '/chat/completions', chat)
    expect(answer.status).toBe(404)
    expect(JSON.parse(answer.text).error).toMatchObject({
      message: `The free variant ${MODEL} is no longer available`,
      availability: { code: 'free_variant_ended', requested_models: [MODEL] },
    })
  })
})

describe('an availability fault on a request that names no model', () => {
  it('says "the requested model" and lists none', async () => {
    const simulator = presetSimulator()
    simulator.faults.inject({ service: 'router', status: 404, availability: 'model_deprecated' })
    const answer = await post(simulator, '/chat/completions', { messages: [] })
    const { error } = JSON.parse(answer.text)
    expect(error.message).toBe('the requested model has been deprecated')
    expect(error.availability.requested_models).toEqual([])
  })
})
