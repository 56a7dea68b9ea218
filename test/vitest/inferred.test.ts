/**
 * `toHaveInferred`, on vitest's `expect` and on Jest's: an inference that used a preset at a version with
 * fields of the effective request (deep partial), the model, provider, form, endpoint, stream and script;
 * `.not` and the asymmetric form; a failure lists the closest inferences with what differs.
 */
import { expect as jestExpect } from 'expect'
import { describe, expect, it } from 'vitest'
import '../../src/entries/vitest/index.js'
import { matchers } from '../../src/entries/jest/index.js'
import { post, presetSimulator } from '../router/inference/support.js'
import { workspaces } from '../support/credentials.js'
import { failure } from '../support/failure.js'

jestExpect.extend(matchers)

const ask = (model: string, extra: Record<string, unknown> = {}) => ({
  model,
  messages: [{ role: 'user', content: 'Write the welcome email.' }],
  ...extra,
})

async function withInferences() {
  const simulator = presetSimulator()
  simulator.router.script({ name: 'welcome', match: { endpoint: 'messages' }, response: 'Hi.' })
  await post(simulator, '/chat/completions', ask('@preset/email-copywriter', { stream: true }))
  await post(simulator, '/chat/completions', ask('openai/gpt-4o', { preset: 'email-copywriter' }))
  await post(simulator, '/messages', {
    model: 'anthropic/claude-haiku-4.5@preset/email-copywriter',
    max_tokens: 50,
    messages: [{ role: 'user', content: 'Hello' }],
  })
  await post(simulator, '/presets', {})
  return simulator
}

describe('toHaveInferred', () => {
  it('passes on what an inference applied, the effective request deep partially', async () => {
    const simulator = await withInferences()
    expect(simulator).toHaveInferred({
      preset: 'email-copywriter',
      version: 2,
      form: 'model',
      model: 'anthropic/claude-sonnet-4.5',
      provider: 'Amazon Bedrock',
      endpoint: 'chat',
      stream: true,
      script: false,
      request: {
        temperature: 0.2,
        messages: [{ role: 'system', content: 'You write short emails.' }, { role: 'user' }],
      },
    })
    expect(simulator).toHaveInferred({ form: 'field', model: 'openai/gpt-4o' })
    expect(simulator).toHaveInferred({ endpoint: 'messages', script: 'welcome' })
    expect(simulator).toHaveInferred({ script: true, request: { max_tokens: 50 } })
    expect(simulator).toHaveInferred()
    expect(simulator).not.toHaveInferred({ preset: null })
    expect(simulator).not.toHaveInferred({ version: 1 })
    expect(simulator).not.toHaveInferred({ endpoint: 'responses' })
    expect({ simulator }).toEqual({
      simulator: expect.toHaveInferred({
        preset: 'email-copywriter',
        request: { max_tokens: 300 },
      }),
    })
  })

  it('fails with the closest inferences, each with what differs and a diff of the request', async () => {
    const temperatureDiff =
      '      request:\n' +
      '        - Expected\n' +
      '        + Received\n' +
      '        \n' +
      '          {\n' +
      '        -   "temperature": 0.7,\n' +
      '        +   "temperature": 0.2,\n' +
      '          }'
    const simulator = await withInferences()
    const message = failure(() =>
      expect(simulator).toHaveInferred({
        preset: 'email-copywriter',
        version: 2,
        stream: true,
        request: { temperature: 0.7 },
      }),
    )
    expect(message).toBe(
      'expect(simulator).toHaveInferred(expected)\n\n' +
        'Expected an inference matching { preset: "email-copywriter", version: 2, stream: true, request: {"temperature":0.7} }; none of the journal\'s inferences matches.\n' +
        'The closest of 3 inferences:\n' +
        `  #1 POST /chat/completions → 200 (sendChatCompletionRequest, ${workspaces.default}) [preset email-copywriter v2, model anthropic/claude-sonnet-4.5]\n` +
        `${temperatureDiff}\n` +
        `  #3 POST /messages → 200 (createMessages, ${workspaces.default}) [preset email-copywriter v2, model anthropic/claude-haiku-4.5, script "welcome"]\n` +
        '      stream: expected true, received false\n' +
        `${temperatureDiff}\n` +
        `  #2 POST /chat/completions → 200 (sendChatCompletionRequest, ${workspaces.default}) [preset email-copywriter v2, model openai/gpt-4o]\n` +
        '      stream: expected true, received false\n' +
        temperatureDiff,
    )
    expect(failure(() => expect(simulator).not.toHaveInferred({ script: 'welcome' }))).toBe(
      'expect(simulator).not.toHaveInferred(expected)\n\n' +
        'Expected no inference matching { script: "welcome" }, but 1 matched:\n' +
        `  #3 POST /messages → 200 (createMessages, ${workspaces.default}) [preset email-copywriter v2, model anthropic/claude-haiku-4.5, script "welcome"]`,
    )
  })

  it('says so when the journal holds no inference, and refuses what is not a simulator', async () => {
    const simulator = presetSimulator()
    await post(simulator, '/presets', {})
    expect(failure(() => expect(simulator).toHaveInferred({ model: 'a/b' }))).toContain(
      "none of the journal's inferences matches.\nThe journal holds no inference.",
    )
    expect(() => expect({} as any).toHaveInferred()).toThrow(
      /^\[understudy\] toHaveInferred expects a simulator \(from createSimulator\), received /,
    )
  })

  it('works on Jest’s expect, in Jest’s words', async () => {
    const simulator = await withInferences()
    jestExpect(simulator).toHaveInferred({
      preset: 'email-copywriter',
      request: { temperature: 0.2 },
    })
    jestExpect(simulator).not.toHaveInferred({ model: 'x/y' })
    expect(failure(() => jestExpect(simulator).toHaveInferred({ model: 'x/y' }))).toContain(
      'Expected an inference matching { model: "x/y" }; none of the journal\'s inferences matches.\n' +
        'The closest of 3 inferences:\n' +
        `  #3 POST /messages → 200 (createMessages, ${workspaces.default}) [preset email-copywriter v2, model anthropic/claude-haiku-4.5, script "welcome"]\n` +
        '      model: expected "x/y", received "anthropic/claude-haiku-4.5"\n',
    )
  })
})
