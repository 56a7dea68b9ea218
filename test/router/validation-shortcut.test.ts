/**
 * The create-preset validation's shortcut (`acceptor` in src/services/router/validation/primitives.ts): a plain
 * predicate per schema that lets a body skip the zod parse. It may only accept what zod accepts, else a
 * refused body would be stored; what it does not accept goes to zod, so every issue stays zod's. Proven
 * over random bodies of each skin, near-valid ones (real field names, values around the limits) most.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { chat } from '../../src/services/router/validation/chat.js'
import { messages } from '../../src/services/router/validation/messages.js'
import { acceptor } from '../../src/services/router/validation/primitives.js'
import { responses } from '../../src/services/router/validation/responses.js'

const FIELDS = [
  'messages',
  'model',
  'models',
  'temperature',
  'top_p',
  'top_k',
  'seed',
  'max_tokens',
  'stop',
  'stream',
  'tools',
  'tool_choice',
  'response_format',
  'reasoning',
  'reasoning_effort',
  'service_tier',
  'metadata',
  'provider',
  'plugins',
  'logit_bias',
  'modalities',
  'prediction',
  'session_id',
  'system',
  'input',
  'instructions',
  'max_output_tokens',
  'thinking',
  'text',
  'cache_control',
  'user',
  'route',
  'trace',
  'debug',
  'stop_server_tools_when',
  'image_config',
  'prompt_cache_options',
]

const text = fc.oneof(
  fc.constantFrom('', 'a', 'auto', 'none', 'high', 'text', 'user', 'system', 'ephemeral'),
  fc.string({ maxLength: 70 }),
  fc.constant('x'.repeat(257)),
)
const number = fc.oneof(
  fc.constantFrom(
    -3,
    -2,
    -1,
    -0.5,
    0,
    0.7,
    1,
    2,
    2.5,
    3,
    20,
    21,
    2 ** 53 + 2,
    Number.POSITIVE_INFINITY,
  ),
  fc.double(),
  fc.integer(),
)
const scalar = fc.oneof(text, number, fc.boolean(), fc.constant(null))
const message = fc.record(
  {
    role: fc.constantFrom('system', 'user', 'assistant', 'developer', 'tool', 'other', 7),
    content: fc.oneof(
      text,
      fc.constant(null),
      fc.array(fc.record({ type: fc.constantFrom('text', 'image_url', 3), text }), {
        maxLength: 3,
      }),
    ),
    name: text,
    tool_call_id: text,
  },
  { requiredKeys: [] },
)
const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  any: fc.oneof(
    { depthSize: 'small' },
    scalar,
    fc.array(tie('any'), { maxLength: 4 }),
    fc.dictionary(
      fc.constantFrom('type', 'id', 'effort', 'order', 'k', 'mode', 'name'),
      tie('any'),
      {
        maxKeys: 4,
      },
    ),
  ),
})).any
const body = fc.dictionary(
  fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 8 })),
  fc.oneof(value, fc.array(message, { maxLength: 4 }), fc.array(text, { maxLength: 6 })),
  { maxKeys: 6 },
)
/** Values around each rule's limits: valid ones and ones just past them. */
const NEAR: Record<string, unknown[]> = {
  model: ['m/1', 3, ''],
  models: [['a'], [], [1]],
  temperature: [0, 0.7, 2, 2.01, -0.1, null, '1'],
  top_p: [0, 1, 1.5, null],
  top_k: [3, 3.5, null, -1],
  top_a: [0.5, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, null],
  top_logprobs: [0, 20, 21, -1, null, 1.5],
  max_tokens: [16, 1.5, null, 2 ** 53 + 2, 0, -1],
  max_output_tokens: [16, 0, -1, 1.5],
  frequency_penalty: [-2, 2, 2.1, -3, null],
  stop: ['x', ['a', 'b'], ['a', 'b', 'c', 'd', 'e'], null, [1]],
  stop_sequences: [['a'], 'a', [1]],
  stream: [true, 'yes'],
  reasoning_effort: ['high', 'extreme', null],
  service_tier: ['auto', 'slow', null],
  session_id: ['x', 'x'.repeat(256), 'x'.repeat(257)],
  metadata: [
    { k: 'v' },
    { k: 1 },
    Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`k${i}`, 'v'])),
    { ['k'.repeat(65)]: 'v' },
    { k: 'v'.repeat(513) },
    null,
  ],
  logit_bias: [{ '1': 2 }, { '1': 'x' }, null],
  reasoning: [{ effort: 'low' }, { effort: 'x' }, { summary: 'auto' }, { summary: 1 }],
  modalities: [['text'], ['video']],
  tools: [
    [{ type: 'function', function: { name: 'f' } }],
    [{ type: 'function', function: { name: 'bad name' } }],
    [{ type: 'function', function: { name: 'x'.repeat(65) } }],
    [{ type: 'function' }],
    [{ type: 'openrouter:web_search' }],
  ],
  tool_choice: [
    'auto',
    'maybe',
    { type: 'function', function: { name: 'f' } },
    { type: 'function' },
  ],
  response_format: [
    { type: 'text' },
    { type: 'json_schema', json_schema: { name: 'n' } },
    { type: 'json_schema', json_schema: { name: 'x'.repeat(65) } },
    { type: 'xml' },
  ],
  provider: [{ order: ['a'] }, { speed: 'fast' }, null, { order: [1] }],
  user: ['u', 5],
  prompt_cache_options: [{ mode: 'explicit' }, { mode: 'implicit' }, null],
  system: ['S', [{ type: 'text', text: 'S' }], [{ type: 'image' }], 5],
  instructions: ['I', 5, null],
  input: ['x', [{ role: 'user', content: 'x' }], 5],
  thinking: [{ type: 'enabled', budget_tokens: 1024 }, { type: 'sometimes' }],
  image_config: [{ aspect_ratio: '16:9' }, { n: [1] }, { x: true }],
  prediction: [
    { type: 'content', content: 'x' },
    { type: 'other', content: 'x' },
  ],
  stop_server_tools_when: [[{ type: 'step_count_is', step_count: 3 }], [], [{ type: 'x' }]],
}
const near = fc
  .tuple(
    fc.subarray(Object.keys(NEAR), { maxLength: 6 }),
    fc.array(fc.nat(), { minLength: 6, maxLength: 6 }),
    fc.array(message, { minLength: 1, maxLength: 3 }),
  )
  .map(([keys, picks, list]) => ({
    messages: list,
    model: 'm/1',
    max_tokens: 16,
    ...Object.fromEntries(
      keys.map((key, i) => {
        const values = NEAR[key] as unknown[]
        return [key, values[(picks[i] as number) % values.length]]
      }),
    ),
  }))
const withMessages = fc
  .tuple(body, fc.array(message, { minLength: 1, maxLength: 4 }))
  .map(([fields, list]) => ({ model: 'm/1', ...fields, messages: list }))

describe('the validation shortcut', () => {
  for (const [name, rules] of [
    ['chat', chat],
    ['messages', messages],
    ['responses', responses],
  ] as const) {
    it(`accepts no ${name} body zod refuses`, () => {
      const accepts = acceptor(rules.schema)
      let accepted = 0
      fc.assert(
        fc.property(fc.oneof(near, near, body, withMessages, value), (input) => {
          if (!accepts(input)) return
          accepted += 1
          expect(rules.schema.safeParse(input).success).toBe(true)
        }),
        { numRuns: 4000, seed: 15 },
      )
      // The property says something: the shortcut took a share of the bodies.
      expect(accepted).toBeGreaterThan(40)
    })
  }

  it('takes a usual chat body without zod, and leaves a body with a rule it does not know to zod', () => {
    const accepts = acceptor(chat.schema)
    expect(
      accepts({
        messages: [
          { role: 'system', content: 'You are a helpful assistant.' },
          { role: 'user', content: 'Hello!' },
        ],
        model: 'openai/gpt-5.4',
        temperature: 0.7,
      }),
    ).toBe(true)
    // `plugins[].allowed_models` carries a total-length check of its own: zod judges it.
    const withPatterns = {
      messages: [{ role: 'user', content: 'x' }],
      plugins: [{ id: 'auto-router', allowed_models: ['a/*'] }],
    }
    expect(accepts(withPatterns)).toBe(false)
    expect(chat.schema.safeParse(withPatterns).success).toBe(true)
  })
})
