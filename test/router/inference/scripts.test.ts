/**
 * Scripted answers: in process (`simulator.router.script`) and in a scenario (`router.scripts`); what they
 * match on, first match wins, successive answers, each kind of answer on the wire, streaming options, and
 * how scripts live through reset, snapshot and restore.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadScenarioFile } from '../../../src/entries/cli/scenario-file.js'
import { createSimulator } from '../../../src/entries/index.js'
import { metaOf, NOW, post, postJson, presetScenario, presetSimulator, SECONDS } from './support.js'

const ask = (content: string, extra: Record<string, unknown> = {}) => ({
  model: 'openai/gpt-4o',
  messages: [{ role: 'user', content }],
  ...extra,
})
const contentOf = (body: unknown) =>
  (body as { choices: Array<{ message: { content: unknown } }> }).choices[0]?.message.content

describe('scripts in process', () => {
  it('answer with text, first match wins, the test before the scenario, the default when none matches', async () => {
    const simulator = createSimulator({
      seed: 'scripts',
      now: NOW,
      scenario: presetScenario({
        scripts: [{ match: { userMessage: 'refund' }, response: 'Scenario says no.' }],
      }),
    })
    simulator.router.script({ match: { userMessage: 'refund' }, response: 'Refunds take 5 days.' })
    simulator.router.script({ match: { userMessage: 'refund' }, response: 'Never reached.' })
    expect(
      contentOf((await postJson(simulator, '/chat/completions', ask('A refund, please'))).body),
    ).toBe('Refunds take 5 days.')
    expect(contentOf((await postJson(simulator, '/chat/completions', ask('Hello'))).body)).toBe(
      'This is a simulated answer from openai/gpt-4o.',
    )
    simulator.router.clearScripts()
    expect(
      contentOf((await postJson(simulator, '/chat/completions', ask('A refund, please'))).body),
    ).toBe('Scenario says no.')
  })

  it('give successive answers to repeated matches, the last again once used up', async () => {
    const simulator = presetSimulator()
    const handle = simulator.router.script({ response: ['first', { content: 'second' }] })
    const answers = []
    for (let i = 0; i < 3; i++)
      answers.push(contentOf((await postJson(simulator, '/chat/completions', ask('x'))).body))
    expect(answers).toEqual(['first', 'second', 'second'])
    expect(handle.calls).toBe(3)
    handle.remove()
    expect(simulator.router.scripts()).toEqual([])
  })

  it('match on the preset, the resolved model, the endpoint, a tool result, and text patterns', async () => {
    const simulator = presetSimulator()
    simulator.router.script({
      name: 'preset',
      match: { preset: 'email-copywriter', endpoint: 'chat' },
      response: 'p',
    })
    simulator.router.script({
      name: 'model',
      match: { model: 'openai/gpt-4o-mini' },
      response: 'm',
    })
    simulator.router.script({
      name: 're2',
      match: { model: { pattern: '^mistralai/' } },
      response: 'r',
    })
    simulator.router.script({ name: 'regexp', match: { userMessage: /^bonjour/i }, response: 'fr' })
    simulator.router.script({ name: 'tool', match: { hasToolResult: true }, response: 't' })
    simulator.router.script({
      name: 'responses',
      match: { endpoint: 'responses' },
      response: 'resp',
    })
    const chat = async (body: unknown) =>
      contentOf((await postJson(simulator, '/chat/completions', body)).body)
    expect(
      await chat({ model: '@preset/email-copywriter', messages: [{ role: 'user', content: 'x' }] }),
    ).toBe('p')
    expect(await chat(ask('x', { model: 'openai/gpt-4o-mini' }))).toBe('m')
    expect(await chat(ask('x', { model: 'mistralai/mistral-large' }))).toBe('r')
    expect(await chat(ask('BONJOUR'))).toBe('fr')
    expect(
      await chat({
        model: 'a/b',
        messages: [
          { role: 'user', content: 'bonjour' },
          {
            role: 'assistant',
            content: null,
            tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{}' } }],
          },
          { role: 'tool', tool_call_id: 'c1', content: '{"ok":true}' },
        ],
      }),
    ).toBe('fr')
    expect(
      await chat({
        model: 'a/b',
        messages: [
          { role: 'user', content: 'hello' },
          { role: 'tool', tool_call_id: 'c1', content: '{"ok":true}' },
        ],
      }),
    ).toBe('t')
    const responses = await postJson(simulator, '/responses', { model: 'a/b', input: 'x' })
    // The real response has no `output_text` (the SDKs compute it): the text is the message item's.
    const output = (responses.body as { output: Array<{ content: Array<{ text: string }> }> })
      .output
    expect(output[0]?.content[0]?.text).toBe('resp')
    expect(simulator.router.scripts().map((script) => [script.name, script.calls])).toEqual([
      ['preset', 1],
      ['model', 1],
      ['re2', 1],
      ['regexp', 2],
      ['tool', 1],
      ['responses', 1],
    ])
    expect(simulator.router.scripts()[3]?.match).toEqual({ userMessage: { regexp: '/^bonjour/i' } })
    const meta = await metaOf(
      simulator,
      '/chat/completions',
      ask('x', { model: 'openai/gpt-4o-mini' }),
    )
    expect(meta.inference?.script).toEqual({ id: 2, name: 'model', answer: 0 })
  })

  it('refuse a bad script with a clear error, naming the field', () => {
    const simulator = presetSimulator()
    expect(() =>
      simulator.router.script({ match: { userMessage: { pattern: '(a)\\1' } }, response: 'x' }),
    ).toThrow(
      /^\[understudy\] Failed to add a script: match\.userMessage\.pattern: must be a regular expression in RE2 syntax, without backreferences or lookaround/,
    )
    // A short pattern whose compiled program is large (re2js's slow engine: 0.4-0.6 s per test) is refused.
    expect(() =>
      simulator.router.script({
        match: { userMessage: { pattern: '(?:a?){1000}a{1000}[0-9]' } },
        response: 'x',
      }),
    ).toThrow(
      '[understudy] Failed to add a script: match.userMessage.pattern: compiles to 3003 instructions, more than the 500 a pattern may take (a large repetition such as {1000} costs one per repeat).',
    )
    expect(() =>
      simulator.router.script({ response: { refusal: 'no', toolCalls: [{ name: 'f' }] } }),
    ).toThrow(
      '[understudy] Failed to add a script: response: give one of toolCalls, refusal, not several.',
    )
    // @ts-expect-error: an unknown condition
    expect(() => simulator.router.script({ match: { userMesage: 'x' }, response: 'x' })).toThrow(
      '[understudy] Failed to add a script: match.userMesage: unknown field.',
    )
  })
})

describe('scripted answers on the wire', () => {
  it('a tool call: name and JSON arguments, finish_reason tool_calls', async () => {
    const simulator = presetSimulator()
    simulator.router.script({
      response: {
        content: 'Checking.',
        toolCalls: [{ name: 'lookup_order', arguments: { id: 42 } }],
      },
    })
    const answer = await postJson(simulator, '/chat/completions', ask('Order a refund'))
    expect(answer.body).toMatchObject({
      choices: [
        {
          index: 0,
          logprobs: null,
          finish_reason: 'tool_calls',
          native_finish_reason: 'tool_calls',
          message: {
            role: 'assistant',
            content: 'Checking.',
            refusal: null,
            reasoning: null,
            tool_calls: [
              {
                index: 0,
                id: expect.stringMatching(/^call_[A-Za-z0-9]{24}$/),
                type: 'function',
                function: { name: 'lookup_order', arguments: '{"id":42}' },
              },
            ],
          },
        },
      ],
      // "Order a refund" (14): 4 tokens; "Checking." + "lookup_order" + '{"id":42}' (30): 8 tokens;
      // openai/gpt-4o costs $2.5 and $10 per million tokens.
      usage: { prompt_tokens: 4, completion_tokens: 8, total_tokens: 12, cost: 0.00009 },
    })
  })

  it('a refusal: content null, the refusal text', async () => {
    const simulator = presetSimulator()
    simulator.router.script({ response: { refusal: 'I cannot help with that.' } })
    const answer = await postJson(simulator, '/chat/completions', ask('x'))
    expect((answer.body as { choices: unknown[] }).choices[0]).toEqual({
      index: 0,
      logprobs: null,
      finish_reason: 'stop',
      native_finish_reason: 'stop',
      message: {
        role: 'assistant',
        content: null,
        refusal: 'I cannot help with that.',
        reasoning: null,
      },
    })
  })

  it('the exact bytes of a refusal and of a text with the envelope overridden (keys in order, text escaped)', async () => {
    const simulator = presetSimulator()
    const text = 'Say "no"\\n\ttwice\u2028 — ünïcode 😀, and \u0001.'
    const overrides = {
      model: 'openai/gpt-4o-2024-08-06',
      provider: 'Azure',
      finishReason: 'length',
      systemFingerprint: 'fp_"quoted"',
      usage: { promptTokens: 7, completionTokens: 3, cost: 0.000123 },
    }
    simulator.router.script({ response: { refusal: text, ...overrides } })
    const envelope = (id: string, message: Record<string, unknown>) =>
      JSON.stringify({
        id,
        object: 'chat.completion',
        created: SECONDS,
        model: 'openai/gpt-4o-2024-08-06',
        provider: 'Azure',
        system_fingerprint: 'fp_"quoted"',
        service_tier: null,
        choices: [
          {
            index: 0,
            logprobs: null,
            finish_reason: 'length',
            native_finish_reason: 'length',
            message: { role: 'assistant', ...message, reasoning: null },
          },
        ],
        usage: {
          prompt_tokens: 7,
          completion_tokens: 3,
          total_tokens: 10,
          cost: 0.000123,
          is_byok: false,
          prompt_tokens_details: {
            cached_tokens: 0,
            cache_write_tokens: 0,
            audio_tokens: 0,
            video_tokens: 0,
          },
          cost_details: {
            upstream_inference_cost: 0.000123,
            // The model asked for (openai/gpt-4o: $2.5 and $10 per million) prices each side.
            upstream_inference_prompt_cost: 0.0000175,
            upstream_inference_completions_cost: 0.00003,
          },
          completion_tokens_details: { reasoning_tokens: 0, image_tokens: 0, audio_tokens: 0 },
        },
      })
    const refusal = await post(simulator, '/chat/completions', ask('x'))
    const id = refusal.headers['x-generation-id'] as string
    expect(refusal.text).toBe(envelope(id, { content: null, refusal: text }))
    simulator.router.clearScripts()
    simulator.router.script({ response: { content: text, ...overrides } })
    const answer = await post(simulator, '/chat/completions', ask('x'))
    const next = answer.headers['x-generation-id'] as string
    expect(answer.text).toBe(envelope(next, { content: text, refusal: null }))
    expect(next).not.toBe(id)
  })

  it('an error before the stream: the status in the router error body, with Retry-After', async () => {
    const simulator = presetSimulator()
    simulator.router.script({
      response: { error: { message: 'Rate limit exceeded' }, status: 429 },
    })
    for (const stream of [false, true]) {
      const answer = await post(simulator, '/chat/completions', ask('x', { stream }))
      expect([answer.status, answer.headers, answer.text]).toEqual([
        429,
        { 'content-type': 'application/json', 'retry-after': '1' },
        // As recorded (test/recordings/openrouter/errors.json, `rate-limited`): message first, the limit's
        // headers in the metadata (the reset at the next minute, in ms), the key owner's user id.
        JSON.stringify({
          error: {
            message: 'Rate limit exceeded',
            code: 429,
            metadata: {
              headers: {
                'X-RateLimit-Limit': '20',
                'X-RateLimit-Remaining': '0',
                'X-RateLimit-Reset': String((SECONDS + 60) * 1000),
              },
              provider_name: null,
            },
          },
          user_id: 'user_2understudyAlice00000000',
        }),
      ])
    }
  })

  it('an error in the middle of a stream: chunks, then the error event with empty choices, no [DONE]', async () => {
    const simulator = presetSimulator()
    simulator.router.script({
      response: {
        content: 'Partial answer',
        error: { message: 'Rate limit exceeded' },
        status: 429,
        afterChunks: 1,
        chunkSize: 8,
      },
    })
    const answer = await post(simulator, '/chat/completions', ask('x', { stream: true }))
    const head = {
      id: 'gen-1775001600-aq36OQ9Uc25Fv8mBKl7w',
      object: 'chat.completion.chunk',
      created: SECONDS,
      model: 'openai/gpt-4o',
      provider: 'OpenAI',
    }
    expect(answer.status).toBe(200)
    expect(answer.text).toBe(
      ': OPENROUTER PROCESSING\n\n' +
        `data: ${JSON.stringify({
          ...head,
          choices: [
            {
              index: 0,
              delta: { content: 'Partial ', role: 'assistant' },
              finish_reason: null,
              native_finish_reason: null,
            },
          ],
        })}\n\n` +
        // As recorded (test/recordings/openrouter/chat-stream-error-nvidia-2026-09-04.sse): `choices: []`,
        // then the error.
        `data: ${JSON.stringify({
          ...head,
          choices: [],
          error: {
            code: 429,
            message: 'Rate limit exceeded',
            metadata: { error_type: 'rate_limit_exceeded' },
          },
        })}\n\n`,
    )
  })

  it('streams in chunks of the size given, after the delays given', async () => {
    const simulator = presetSimulator()
    simulator.router.script({
      response: { content: 'abcdefgh', chunkSize: 3, initialDelayMs: 20, chunkDelayMs: 20 },
    })
    const began = performance.now()
    const response = await simulator.fetch('https://openrouter.ai/api/v1/chat/completions', {
      method: 'POST',
      headers: {
        authorization: 'Bearer sk-or-v1-understudy-default-inference',
        'content-type': 'application/json',
      },
      body: JSON.stringify(ask('x', { stream: true })),
    })
    const reader = (response.body as ReadableStream<Uint8Array>).getReader()
    const decoder = new TextDecoder()
    const reads: string[] = []
    for (let read = await reader.read(); !read.done; read = await reader.read())
      reads.push(decoder.decode(read.value))
    // Four events wait 20 ms each (the first piece, two more pieces, the finish chunk).
    expect(performance.now() - began).toBeGreaterThanOrEqual(75)
    const pieces = reads
      .filter((part) => part.startsWith('data: {') && part.includes('"finish_reason":null'))
      .map((part) => JSON.parse(part.slice(6)).choices[0].delta.content)
    expect(pieces).toEqual(['abc', 'def', 'gh'])
    expect(reads[0]).toBe(': OPENROUTER PROCESSING\n\n')
    expect(reads.at(-1)).toBe('data: [DONE]\n\n')
  })

  it('overrides the envelope: model, provider, finish reason, usage, a string system_fingerprint', async () => {
    const simulator = presetSimulator()
    simulator.router.script({
      response: {
        content: 'ok',
        model: 'openai/gpt-4o-2024-08-06',
        provider: 'Azure',
        finishReason: 'length',
        systemFingerprint: 'fp_1234',
        usage: { promptTokens: 100, completionTokens: 50, cost: 0.5 },
      },
    })
    const answer = await postJson(simulator, '/chat/completions', ask('x'))
    expect(answer.body).toMatchObject({
      model: 'openai/gpt-4o-2024-08-06',
      provider: 'Azure',
      system_fingerprint: 'fp_1234',
      choices: [{ finish_reason: 'length', native_finish_reason: 'length' }],
      usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150, cost: 0.5 },
    })
    const stream = await post(simulator, '/chat/completions', ask('x', { stream: true }))
    const chunks = stream.text
      .split('\n\n')
      .filter((event) => event.startsWith('data: {'))
      .map((event) => JSON.parse(event.slice(6)))
    expect(chunks.every((chunk) => chunk.system_fingerprint === 'fp_1234')).toBe(true)
  })
})

describe('scripts through reset, snapshot and restore', () => {
  it('a reset takes the test scripts away and re-arms the scenario scripts from their first answer', async () => {
    const simulator = createSimulator({
      seed: 's',
      now: NOW,
      scenario: presetScenario({ scripts: [{ name: 'turns', response: ['one', 'two'] }] }),
    })
    simulator.router.script({ match: { userMessage: 'test' }, response: 'test script' })
    expect(contentOf((await postJson(simulator, '/chat/completions', ask('x'))).body)).toBe('one')
    await simulator.reset()
    expect(simulator.router.scripts().map((script) => [script.source, script.calls])).toEqual([
      ['scenario', 0],
    ])
    expect(contentOf((await postJson(simulator, '/chat/completions', ask('test'))).body)).toBe(
      'one',
    )
  })

  it('a snapshot keeps the scenario scripts and their calls; restore drops the test scripts', async () => {
    const simulator = createSimulator({
      seed: 's',
      now: NOW,
      scenario: presetScenario({ scripts: [{ response: ['one', 'two', 'three'] }] }),
    })
    await postJson(simulator, '/chat/completions', ask('x'))
    const snapshot = simulator.snapshot()
    expect(snapshot.services.router.scripts).toEqual([
      { script: { match: {}, response: ['one', 'two', 'three'] }, calls: 1 },
    ])
    const first = await post(simulator, '/chat/completions', ask('x'))
    simulator.router.script({ response: 'test script' })
    await simulator.restore(JSON.parse(JSON.stringify(snapshot)))
    const again = await post(simulator, '/chat/completions', ask('x'))
    expect(again.text).toBe(first.text)
    expect(contentOf(JSON.parse(again.text))).toBe('two')
  })
})

describe('scripts in a scenario file', () => {
  it('loads JSON scripts with RE2 patterns, and refuses a pattern RE2 cannot run', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'understudy-scripts-'))
    const good = join(dir, 'good.json')
    writeFileSync(
      good,
      JSON.stringify(
        presetScenario({
          scripts: [
            {
              match: { userMessage: { pattern: '(?i)^refund' } },
              response: { content: 'Scripted.' },
            },
          ],
        }),
      ),
    )
    const simulator = createSimulator({
      seed: 's',
      now: NOW,
      scenario: await loadScenarioFile(good),
    })
    expect(
      contentOf((await postJson(simulator, '/chat/completions', ask('REFUND now'))).body),
    ).toBe('Scripted.')
    const bad = presetScenario({
      scripts: [{ match: { userMessage: { pattern: '(?=x)' } }, response: 'x' }],
    })
    expect(() => createSimulator({ scenario: bad })).toThrow(
      /^\[understudy\] Failed to load scenario "preset-use": router\.scripts\.0\.match\.userMessage\.pattern: must be a regular expression in RE2 syntax/,
    )
  })
})
