/**
 * The chat-completions skin's request rules: every body the seed's tables accept (with the exact `config` each
 * stores) and every body they refuse (with the one issue each gets). Each is sent beside a user message
 * (`chat.base` in `chat.ts`) unless it sets `messages` itself.
 */
import type { Fields } from './dialect.js'

export const chars = (n: number, c = 'a') => c.repeat(n)
export const items = <T>(n: number, item: (i: number) => T) =>
  Array.from({ length: n }, (_, i) => item(i))
const pairs = (n: number) => Object.fromEntries(items(n, (i) => [`k${i}`, 'v']))
const serverTool = { type: 'openrouter:web_search' }

const EFFORTS = ['max', 'xhigh', 'high', 'medium', 'low', 'minimal', 'none']
const TIERS = ['auto', 'default', 'fast', 'flex', 'priority', 'scale']
const PLUGIN_IDS =
  'auto-router, auto-beta-router, moderation, web, web-fetch, file-parser, response-healing, ' +
  'context-compression, pareto-router, fusion, switchyard-router'
const STOP_CONDITIONS = 'step_count_is, has_tool_call, max_tokens_used, max_cost, finish_reason_is'

/** Accepted bodies (besides `messages`) and the exact `config` each one stores. */
export const accepted: Array<[string, Fields, Fields]> = [
  // messages
  [
    'every message role',
    {
      messages: [
        { role: 'system', content: [{ type: 'text', text: 'S' }] },
        { role: 'developer', content: 'D' },
        { role: 'user', content: [{ type: 'image_url', image_url: { url: 'https://x/y.png' } }] },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{}' } }],
        },
        { role: 'tool', content: 'result', tool_call_id: 'c1' },
      ],
    },
    {},
  ],
  // ranges
  ['temperature 0', { temperature: 0 }, { temperature: 0 }],
  ['temperature 2', { temperature: 2 }, { temperature: 2 }],
  ['temperature null', { temperature: null }, { temperature: null }],
  ['top_p 0', { top_p: 0 }, { top_p: 0 }],
  ['top_p 1', { top_p: 1 }, { top_p: 1 }],
  ['frequency_penalty -2', { frequency_penalty: -2 }, { frequency_penalty: -2 }],
  ['frequency_penalty 2', { frequency_penalty: 2 }, { frequency_penalty: 2 }],
  ['presence_penalty -2', { presence_penalty: -2 }, { presence_penalty: -2 }],
  ['presence_penalty 2', { presence_penalty: 2 }, { presence_penalty: 2 }],
  ['top_logprobs 0', { top_logprobs: 0 }, { top_logprobs: 0 }],
  ['top_logprobs 20', { top_logprobs: 20 }, { top_logprobs: 20 }],
  ['top_logprobs null', { top_logprobs: null }, { top_logprobs: null }],
  // integers
  ['top_k 3', { top_k: 3 }, { top_k: 3 }],
  ['seed -7', { seed: -7 }, { seed: -7 }],
  ['max_tokens 16', { max_tokens: 16 }, { max_tokens: 16 }],
  ['max_completion_tokens 4096', { max_completion_tokens: 4096 }, { max_completion_tokens: 4096 }],
  ['an integer written as 3.0', { top_k: 3.0 }, { top_k: 3 }],
  // unbounded numbers
  [
    'top_a, min_p and repetition_penalty',
    { top_a: 0.5, min_p: 0.1, repetition_penalty: 1.2 },
    { top_a: 0.5, min_p: 0.1, repetition_penalty: 1.2 },
  ],
  // stop
  ['stop with 4 items', { stop: ['a', 'b', 'c', 'd'] }, { stop: ['a', 'b', 'c', 'd'] }],
  ['stop as a string', { stop: 'END' }, { stop: 'END' }],
  ['stop null', { stop: null }, { stop: null }],
  // session_id, user, metadata (transient)
  ['a 256-character session_id', { session_id: chars(256) }, {}],
  ['a user', { user: 'end-user-1' }, {}],
  ['metadata with 16 pairs', { metadata: pairs(16) }, {}],
  ['a 64-character metadata key', { metadata: { [chars(64, 'k')]: 'v' } }, {}],
  ['a 512-character metadata value', { metadata: { k: chars(512) } }, {}],
  // logit_bias, logprobs
  [
    'logit_bias and logprobs',
    { logit_bias: { '50256': -100 }, logprobs: true },
    { logit_bias: { '50256': -100 }, logprobs: true },
  ],
  ['logit_bias null', { logit_bias: null }, { logit_bias: null }],
  // modalities, image_config
  [
    'modalities text, image and audio',
    { modalities: ['text', 'image', 'audio'] },
    { modalities: ['text', 'image', 'audio'] },
  ],
  [
    'image_config with string, number and array values',
    { image_config: { aspect_ratio: '16:9', n: 2, sizes: [1, 'a'] } },
    { image_config: { aspect_ratio: '16:9', n: 2, sizes: [1, 'a'] } },
  ],
  // service_tier
  ...TIERS.map((tier): [string, Fields, Fields] => [
    `service_tier ${tier}`,
    { service_tier: tier },
    { service_tier: tier },
  ]),
  ['service_tier null', { service_tier: null }, { service_tier: null }],
  // reasoning
  ...EFFORTS.map((effort): [string, Fields, Fields] => [
    `reasoning.effort ${effort}`,
    { reasoning: { effort } },
    { reasoning: { effort } },
  ]),
  ...EFFORTS.map((effort): [string, Fields, Fields] => [
    `reasoning_effort ${effort}`,
    { reasoning_effort: effort },
    { reasoning_effort: effort },
  ]),
  ['reasoning.effort null', { reasoning: { effort: null } }, { reasoning: { effort: null } }],
  ...['auto', 'concise', 'detailed'].map((summary): [string, Fields, Fields] => [
    `reasoning.summary ${summary}`,
    { reasoning: { summary } },
    { reasoning: { summary } },
  ]),
  [
    'reasoning_effort equal to reasoning.effort',
    { reasoning_effort: 'high', reasoning: { effort: 'high' } },
    { reasoning_effort: 'high', reasoning: { effort: 'high' } },
  ],
  [
    'reasoning_effort beside a null reasoning.effort',
    { reasoning_effort: 'low', reasoning: { effort: null } },
    { reasoning_effort: 'low', reasoning: { effort: null } },
  ],
  // route (deprecated)
  ['route fallback', { route: 'fallback' }, { route: 'fallback' }],
  ['route sort', { route: 'sort' }, { route: 'sort' }],
  ['route null', { route: null }, { route: null }],
  // provider
  ['provider null', { provider: null }, { provider: null }],
  ...['allow', 'deny', null].map((value): [string, Fields, Fields] => [
    `provider.data_collection ${value}`,
    { provider: { data_collection: value } },
    { provider: { data_collection: value } },
  ]),
  ['provider.sort as a string', { provider: { sort: 'price' } }, { provider: { sort: 'price' } }],
  [
    'provider.sort as an object',
    { provider: { sort: { by: 'throughput', partition: 'model' } } },
    { provider: { sort: { by: 'throughput', partition: 'model' } } },
  ],
  [
    'every provider field',
    {
      provider: {
        allow_fallbacks: false,
        data_collection: 'deny',
        enforce_distillable_text: true,
        ignore: ['a'],
        only: null,
        order: ['b', 'c'],
        max_price: { prompt: '1', completion: '2', image: '3', audio: '4', request: '5' },
        preferred_max_latency: { p50: 1, p90: null },
        preferred_min_throughput: 100,
        quantizations: ['fp8'],
        require_parameters: true,
        sort: null,
        zdr: true,
      },
    },
    {
      provider: {
        allow_fallbacks: false,
        data_collection: 'deny',
        enforce_distillable_text: true,
        ignore: ['a'],
        only: null,
        order: ['b', 'c'],
        max_price: { prompt: '1', completion: '2', image: '3', audio: '4', request: '5' },
        preferred_max_latency: { p50: 1, p90: null },
        preferred_min_throughput: 100,
        quantizations: ['fp8'],
        require_parameters: true,
        sort: null,
        zdr: true,
      },
    },
  ],
  // plugins: auto-router and auto-beta-router
  ...(['auto-router', 'auto-beta-router'] as const).flatMap(
    (id): Array<[string, Fields, Fields]> => [
      [
        `${id} with 1024 allowed_models`,
        { plugins: [{ id, allowed_models: items(1024, (i) => `v${i}/*`) }] },
        { plugins: [{ id, allowed_models: items(1024, (i) => `v${i}/*`) }] },
      ],
      [
        `${id} with a 1024-character pattern and 65536 characters in total`,
        { plugins: [{ id, excluded_models: items(64, () => chars(1024)) }] },
        { plugins: [{ id, excluded_models: items(64, () => chars(1024)) }] },
      ],
    ],
  ),
  ...['low', 'medium', 'high', 'xhigh', 'max'].map((tier): [string, Fields, Fields] => [
    `auto-router cost_tier ${tier}`,
    { plugins: [{ id: 'auto-router', cost_tier: tier }] },
    { plugins: [{ id: 'auto-router', cost_tier: tier }] },
  ]),
  ...[0, 9, 10].map((value): [string, Fields, Fields] => [
    `the deprecated auto-router cost_quality_tradeoff ${value}`,
    { plugins: [{ id: 'auto-router', cost_quality_tradeoff: value }] },
    { plugins: [{ id: 'auto-router', cost_quality_tradeoff: value }] },
  ]),
  [
    'auto-router pin_model',
    { plugins: [{ id: 'auto-router', enabled: false, pin_model: true }] },
    { plugins: [{ id: 'auto-router', enabled: false, pin_model: true }] },
  ],
  // plugins: pareto-router
  ...[0, 1, 0.66].map((score): [string, Fields, Fields] => [
    `pareto-router min_coding_score ${score}`,
    { plugins: [{ id: 'pareto-router', min_coding_score: score }] },
    { plugins: [{ id: 'pareto-router', min_coding_score: score }] },
  ]),
  [
    'pareto-router max_price 0',
    { plugins: [{ id: 'pareto-router', max_price: 0 }] },
    { plugins: [{ id: 'pareto-router', max_price: 0 }] },
  ],
  ...['prompt', 'weighted_avg'].map((source): [string, Fields, Fields] => [
    `pareto-router price_source ${source}`,
    { plugins: [{ id: 'pareto-router', price_source: source }] },
    { plugins: [{ id: 'pareto-router', price_source: source }] },
  ]),
  // plugins: fusion
  ...[1, 8].map((n): [string, Fields, Fields] => [
    `fusion with ${n} analysis_models`,
    { plugins: [{ id: 'fusion', analysis_models: items(n, (i) => `m/${i}`) }] },
    { plugins: [{ id: 'fusion', analysis_models: items(n, (i) => `m/${i}`) }] },
  ]),
  ...[1, 16].map((n): [string, Fields, Fields] => [
    `fusion max_tool_calls ${n}`,
    { plugins: [{ id: 'fusion', max_tool_calls: n }] },
    { plugins: [{ id: 'fusion', max_tool_calls: n }] },
  ]),
  ...[0, 8].map((n): [string, Fields, Fields] => [
    `fusion with ${n} tools`,
    { plugins: [{ id: 'fusion', tools: items(n, () => ({ ...serverTool, parameters: {} })) }] },
    { plugins: [{ id: 'fusion', tools: items(n, () => ({ ...serverTool, parameters: {} })) }] },
  ]),
  ...['general-high', 'general-budget', 'general-fast'].map((preset): [string, Fields, Fields] => [
    `fusion preset ${preset}`,
    { plugins: [{ id: 'fusion', preset, model: 'm/1' }] },
    { plugins: [{ id: 'fusion', preset, model: 'm/1' }] },
  ]),
  // plugins: the others
  [
    'every other plugin',
    {
      plugins: [
        { id: 'moderation' },
        {
          id: 'web',
          engine: 'exa',
          max_results: 5,
          include_domains: ['*.org'],
          user_location: { type: 'approximate', city: 'Oslo', country: null },
        },
        { id: 'web-fetch', blocked_domains: ['x.com'], max_content_tokens: 1000, max_uses: 2 },
        { id: 'file-parser', pdf: { engine: 'mistral-ocr' } },
        { id: 'response-healing', enabled: true },
        { id: 'context-compression', engine: 'middle-out' },
        { id: 'switchyard-router', algorithm: 'auto' },
      ],
    },
    {
      plugins: [
        { id: 'moderation' },
        {
          id: 'web',
          engine: 'exa',
          max_results: 5,
          include_domains: ['*.org'],
          user_location: { type: 'approximate', city: 'Oslo', country: null },
        },
        { id: 'web-fetch', blocked_domains: ['x.com'], max_content_tokens: 1000, max_uses: 2 },
        { id: 'file-parser', pdf: { engine: 'mistral-ocr' } },
        { id: 'response-healing', enabled: true },
        { id: 'context-compression', engine: 'middle-out' },
        { id: 'switchyard-router', algorithm: 'auto' },
      ],
    },
  ],
  // tools
  [
    'a function tool with a 64-character name',
    { tools: [{ type: 'function', function: { name: chars(64, 'f') } }] },
    { tools: [{ type: 'function', function: { name: chars(64, 'f') } }] },
  ],
  [
    'a function tool name of letters, digits, underscores and dashes',
    {
      tools: [
        {
          type: 'function',
          function: { name: 'get_Weather-2', parameters: { type: 'object' }, strict: null },
          cache_control: { type: 'ephemeral' },
        },
      ],
    },
    {
      tools: [
        {
          type: 'function',
          function: { name: 'get_Weather-2', parameters: { type: 'object' }, strict: null },
          cache_control: { type: 'ephemeral' },
        },
      ],
    },
  ],
  [
    'a server tool of any type',
    { tools: [{ type: 'router:web_fetch', parameters: { max_uses: 1 } }] },
    { tools: [{ type: 'router:web_fetch', parameters: { max_uses: 1 } }] },
  ],
  // tool_choice, parallel_tool_calls
  ...['none', 'auto', 'required'].map((choice): [string, Fields, Fields] => [
    `tool_choice ${choice}`,
    { tool_choice: choice },
    { tool_choice: choice },
  ]),
  [
    'a named tool_choice and parallel_tool_calls',
    { tool_choice: { type: 'function', function: { name: 'f' } }, parallel_tool_calls: false },
    { tool_choice: { type: 'function', function: { name: 'f' } }, parallel_tool_calls: false },
  ],
  ['a server-tool choice', { tool_choice: serverTool }, { tool_choice: serverTool }],
  // response_format
  ...['text', 'json_object', 'python'].map((type): [string, Fields, Fields] => [
    `response_format ${type}`,
    { response_format: { type } },
    { response_format: { type } },
  ]),
  [
    'response_format json_schema with a 64-character name',
    {
      response_format: {
        type: 'json_schema',
        json_schema: { name: chars(64, 'n'), schema: { type: 'object' }, strict: true },
      },
    },
    {
      response_format: {
        type: 'json_schema',
        json_schema: { name: chars(64, 'n'), schema: { type: 'object' }, strict: true },
      },
    },
  ],
  [
    'response_format grammar',
    { response_format: { type: 'grammar', grammar: 'root ::= "a"' } },
    { response_format: { type: 'grammar', grammar: 'root ::= "a"' } },
  ],
  // stop_server_tools_when (transient)
  [
    'stop_server_tools_when step_count_is',
    { stop_server_tools_when: [{ type: 'step_count_is', step_count: 3 }] },
    {},
  ],
  [
    'stop_server_tools_when max_cost',
    { stop_server_tools_when: [{ type: 'max_cost', max_cost_in_dollars: 0.25 }] },
    {},
  ],
  [
    'every stop_server_tools_when condition',
    {
      stop_server_tools_when: [
        { type: 'step_count_is', step_count: 3 },
        { type: 'has_tool_call', tool_name: 'f' },
        { type: 'max_tokens_used', max_tokens: 1000 },
        { type: 'max_cost', max_cost_in_dollars: 1 },
        { type: 'finish_reason_is', reason: 'stop' },
      ],
    },
    {},
  ],
  // caching, prediction, debug, trace (transient)
  ['cache_control ephemeral', { cache_control: { type: 'ephemeral' } }, {}],
  ['cache_control ephemeral with a ttl', { cache_control: { type: 'ephemeral', ttl: '1h' } }, {}],
  ['prompt_cache_key', { prompt_cache_key: 'k' }, {}],
  ['prompt_cache_options explicit', { prompt_cache_options: { mode: 'explicit' } }, {}],
  [
    'prompt_cache_options with a null ttl',
    { prompt_cache_options: { mode: 'explicit', ttl: null } },
    {},
  ],
  ['prompt_cache_options null', { prompt_cache_options: null }, {}],
  ['prediction with string content', { prediction: { type: 'content', content: 'x' } }, {}],
  [
    'prediction with text parts',
    { prediction: { type: 'content', content: [{ type: 'text', text: 'x' }] } },
    {},
  ],
  ['prediction null', { prediction: null }, {}],
  ['debug and trace', { debug: { echo_upstream_body: true }, trace: { id: 't' } }, {}],
  // deprecated fields
  ['the deprecated stream_options.include_usage', { stream_options: { include_usage: true } }, {}],
  ['stream_options null', { stream_options: null, stream: true }, {}],
]

/** Rejected bodies (besides `messages`, unless they set it) and the one issue each one gets. */
export const refused: Array<[string, Fields, string, string]> = [
  // messages
  ['a missing messages', { messages: undefined }, 'messages', 'is required'],
  ['an empty messages array', { messages: [] }, 'messages', 'must contain at least 1 item'],
  ['messages as a string', { messages: 'Hi' }, 'messages', 'must be an array'],
  ['a message that is not an object', { messages: ['Hi'] }, 'messages[0]', 'must be an object'],
  ['a message without a role', { messages: [{ content: 'x' }] }, 'messages[0].role', 'is required'],
  [
    'an unknown message role',
    { messages: [{ role: 'bot', content: 'x' }] },
    'messages[0].role',
    'must be one of: system, user, developer, assistant, tool',
  ],
  [
    'a message role named like an Object.prototype key',
    { messages: [{ role: 'constructor', content: 'x' }] },
    'messages[0].role',
    'must be one of: system, user, developer, assistant, tool',
  ],
  [
    'a tool message without tool_call_id',
    { messages: [{ role: 'tool', content: 'x' }] },
    'messages[0].tool_call_id',
    'is required',
  ],
  [
    'a user message without content',
    { messages: [{ role: 'user' }] },
    'messages[0].content',
    'is required',
  ],
  [
    'a numeric message content',
    { messages: [{ role: 'user', content: 1 }] },
    'messages[0].content',
    'must be a string or an array',
  ],
  [
    'a system message with a non-text part',
    { messages: [{ role: 'system', content: [{ type: 'image', text: 'x' }] }] },
    'messages[0].content[0].type',
    'must be text',
  ],
  // ranges
  ['temperature 2.01', { temperature: 2.01 }, 'temperature', 'must be at most 2'],
  ['temperature -0.01', { temperature: -0.01 }, 'temperature', 'must be at least 0'],
  ['temperature as a string', { temperature: '1' }, 'temperature', 'must be a number or null'],
  ['top_p 1.01', { top_p: 1.01 }, 'top_p', 'must be at most 1'],
  ['top_p -0.1', { top_p: -0.1 }, 'top_p', 'must be at least 0'],
  [
    'frequency_penalty -2.1',
    { frequency_penalty: -2.1 },
    'frequency_penalty',
    'must be at least -2',
  ],
  ['frequency_penalty 2.1', { frequency_penalty: 2.1 }, 'frequency_penalty', 'must be at most 2'],
  ['presence_penalty -2.1', { presence_penalty: -2.1 }, 'presence_penalty', 'must be at least -2'],
  ['presence_penalty 2.1', { presence_penalty: 2.1 }, 'presence_penalty', 'must be at most 2'],
  ['top_logprobs 21', { top_logprobs: 21 }, 'top_logprobs', 'must be at most 20'],
  ['top_logprobs -1', { top_logprobs: -1 }, 'top_logprobs', 'must be at least 0'],
  ['top_logprobs 1.5', { top_logprobs: 1.5 }, 'top_logprobs', 'must be an integer or null'],
  [
    'repetition_penalty as a string',
    { repetition_penalty: '1' },
    'repetition_penalty',
    'must be a number or null',
  ],
  // integers
  ...['top_k', 'seed', 'max_tokens', 'max_completion_tokens'].flatMap(
    (key): Array<[string, Fields, string, string]> => [
      [`${key} 1.5`, { [key]: 1.5 }, key, 'must be an integer or null'],
      [`${key} "3"`, { [key]: '3' }, key, 'must be an integer or null'],
    ],
  ),
  // stop
  [
    'stop with 5 items',
    { stop: ['a', 'b', 'c', 'd', 'e'] },
    'stop',
    'must contain at most 4 items',
  ],
  ['a non-string stop item', { stop: ['a', 1] }, 'stop[1]', 'must be a string'],
  ['stop as a number', { stop: 1 }, 'stop', 'must be a string, an array of strings or null'],
  // session_id, user, metadata
  [
    'a 257-character session_id',
    { session_id: chars(257) },
    'session_id',
    'must be at most 256 characters',
  ],
  ['a numeric user', { user: 1 }, 'user', 'must be a string'],
  [
    'metadata with 17 pairs',
    { metadata: pairs(17) },
    'metadata',
    'must contain at most 16 entries',
  ],
  [
    'a 65-character metadata key',
    { metadata: { [chars(65, 'k')]: 'v' } },
    `metadata.${chars(65, 'k')}`,
    'key must be at most 64 characters',
  ],
  [
    'a 513-character metadata value',
    { metadata: { k: chars(513) } },
    'metadata.k',
    'must be at most 512 characters',
  ],
  ['a non-string metadata value', { metadata: { k: 1 } }, 'metadata.k', 'must be a string'],
  [
    'a metadata key that is not a simple name',
    { metadata: { 'a b': true } },
    'metadata["a b"]',
    'must be a string',
  ],
  ['metadata null', { metadata: null }, 'metadata', 'must be an object'],
  ['metadata as an array', { metadata: ['v'] }, 'metadata', 'must be an object'],
  // logit_bias, logprobs
  [
    'a non-numeric logit_bias value',
    { logit_bias: { '1': 'x' } },
    'logit_bias.1',
    'must be a number',
  ],
  ['logprobs as a string', { logprobs: 'yes' }, 'logprobs', 'must be a boolean or null'],
  // modalities, image_config
  [
    'modalities video',
    { modalities: ['text', 'video'] },
    'modalities[1]',
    'must be one of: text, image, audio',
  ],
  ['modalities as a string', { modalities: 'text' }, 'modalities', 'must be an array'],
  [
    'an image_config boolean value',
    { image_config: { hd: true } },
    'image_config.hd',
    'must be a string, a number or an array',
  ],
  // service_tier, reasoning
  [
    'an unknown service_tier',
    { service_tier: 'premium' },
    'service_tier',
    `must be one of: ${TIERS.join(', ')} or null`,
  ],
  [
    'an unknown reasoning.effort',
    { reasoning: { effort: 'extreme' } },
    'reasoning.effort',
    `must be one of: ${EFFORTS.join(', ')} or null`,
  ],
  [
    'an unknown reasoning_effort',
    { reasoning_effort: 'extreme' },
    'reasoning_effort',
    `must be one of: ${EFFORTS.join(', ')} or null`,
  ],
  [
    'an unknown reasoning.summary',
    { reasoning: { summary: 'brief' } },
    'reasoning.summary',
    'must be one of: auto, concise, detailed or null',
  ],
  ['reasoning as a string', { reasoning: 'high' }, 'reasoning', 'must be an object'],
  [
    'reasoning_effort different from reasoning.effort',
    { reasoning_effort: 'high', reasoning: { effort: 'low' } },
    'reasoning_effort',
    'must equal reasoning.effort when both are sent',
  ],
  // route
  ['an unknown route', { route: 'random' }, 'route', 'must be one of: fallback, sort or null'],
  // provider
  [
    'an unknown provider key',
    { provider: { sort: 'price', speed: 'fast' } },
    'provider.speed',
    'unrecognized key',
  ],
  ['provider as a string', { provider: 'anthropic' }, 'provider', 'must be an object or null'],
  [
    'an unknown provider.data_collection',
    { provider: { data_collection: 'maybe' } },
    'provider.data_collection',
    'must be one of: allow, deny or null',
  ],
  [
    'provider.sort as a number',
    { provider: { sort: 1 } },
    'provider.sort',
    'must be a string, an object or null',
  ],
  [
    'a numeric provider.sort.by',
    { provider: { sort: { by: 1 } } },
    'provider.sort.by',
    'must be a string or null',
  ],
  [
    'a non-string provider.order item',
    { provider: { order: [1] } },
    'provider.order[0]',
    'must be a string',
  ],
  [
    'a numeric provider.max_price field',
    { provider: { max_price: { prompt: 1 } } },
    'provider.max_price.prompt',
    'must be a string',
  ],
  [
    'provider.preferred_max_latency as a string',
    { provider: { preferred_max_latency: 'fast' } },
    'provider.preferred_max_latency',
    'must be a number, an object or null',
  ],
  [
    'provider.zdr as a string',
    { provider: { zdr: 'yes' } },
    'provider.zdr',
    'must be a boolean or null',
  ],
  // plugins: auto-router and auto-beta-router
  ...(['auto-router', 'auto-beta-router'] as const).flatMap(
    (id): Array<[string, Fields, string, string]> => [
      [
        `${id} with 1025 allowed_models`,
        { plugins: [{ id, allowed_models: items(1025, (i) => `v${i}/*`) }] },
        'plugins[0].allowed_models',
        'must contain at most 1024 items',
      ],
      [
        `${id} with 1025 excluded_models`,
        { plugins: [{ id, excluded_models: items(1025, (i) => `v${i}/*`) }] },
        'plugins[0].excluded_models',
        'must contain at most 1024 items',
      ],
      [
        `${id} with a 1025-character pattern`,
        { plugins: [{ id, allowed_models: ['a/*', chars(1025)] }] },
        'plugins[0].allowed_models[1]',
        'must be at most 1024 characters',
      ],
      [
        `${id} with 65537 pattern characters in total`,
        { plugins: [{ id, allowed_models: [...items(64, () => chars(1024)), 'x'] }] },
        'plugins[0].allowed_models',
        'must contain at most 65536 characters in total',
      ],
      [
        `${id} with an unknown cost_tier`,
        { plugins: [{ id, cost_tier: 'ultra' }] },
        'plugins[0].cost_tier',
        'must be one of: low, medium, high, xhigh, max',
      ],
      [
        `${id} cost_quality_tradeoff 11`,
        { plugins: [{ id, cost_quality_tradeoff: 11 }] },
        'plugins[0].cost_quality_tradeoff',
        'must be at most 10',
      ],
      [
        `${id} cost_quality_tradeoff -1`,
        { plugins: [{ id, cost_quality_tradeoff: -1 }] },
        'plugins[0].cost_quality_tradeoff',
        'must be at least 0',
      ],
      [
        `${id} cost_quality_tradeoff 1.5`,
        { plugins: [{ id, cost_quality_tradeoff: 1.5 }] },
        'plugins[0].cost_quality_tradeoff',
        'must be an integer',
      ],
    ],
  ),
  [
    'a non-boolean auto-router pin_model',
    { plugins: [{ id: 'auto-router', pin_model: 'yes' }] },
    'plugins[0].pin_model',
    'must be a boolean',
  ],
  // plugins: pareto-router
  [
    'pareto-router min_coding_score 1.1',
    { plugins: [{ id: 'pareto-router', min_coding_score: 1.1 }] },
    'plugins[0].min_coding_score',
    'must be at most 1',
  ],
  [
    'pareto-router min_coding_score -0.1',
    { plugins: [{ id: 'pareto-router', min_coding_score: -0.1 }] },
    'plugins[0].min_coding_score',
    'must be at least 0',
  ],
  [
    'pareto-router max_price -1',
    { plugins: [{ id: 'pareto-router', max_price: -1 }] },
    'plugins[0].max_price',
    'must be at least 0',
  ],
  [
    'an unknown pareto-router price_source',
    { plugins: [{ id: 'pareto-router', price_source: 'cheapest' }] },
    'plugins[0].price_source',
    'must be one of: prompt, weighted_avg',
  ],
  // plugins: fusion
  [
    'fusion with 0 analysis_models',
    { plugins: [{ id: 'fusion', analysis_models: [] }] },
    'plugins[0].analysis_models',
    'must contain at least 1 item',
  ],
  [
    'fusion with 9 analysis_models',
    { plugins: [{ id: 'fusion', analysis_models: items(9, (i) => `m/${i}`) }] },
    'plugins[0].analysis_models',
    'must contain at most 8 items',
  ],
  [
    'fusion max_tool_calls 0',
    { plugins: [{ id: 'fusion', max_tool_calls: 0 }] },
    'plugins[0].max_tool_calls',
    'must be at least 1',
  ],
  [
    'fusion max_tool_calls 17',
    { plugins: [{ id: 'fusion', max_tool_calls: 17 }] },
    'plugins[0].max_tool_calls',
    'must be at most 16',
  ],
  [
    'fusion with 9 tools',
    { plugins: [{ id: 'fusion', tools: items(9, () => serverTool) }] },
    'plugins[0].tools',
    'must contain at most 8 items',
  ],
  [
    'a fusion tool without a type',
    { plugins: [{ id: 'fusion', tools: [{ parameters: {} }] }] },
    'plugins[0].tools[0].type',
    'is required',
  ],
  [
    'an unknown fusion preset',
    { plugins: [{ id: 'fusion', preset: 'general-max' }] },
    'plugins[0].preset',
    'must be one of: general-high, general-budget, general-fast',
  ],
  // plugins: the others
  [
    'an unknown plugin id',
    { plugins: [{ id: 'teleport' }] },
    'plugins[0].id',
    `must be one of: ${PLUGIN_IDS}`,
  ],
  [
    'a plugin id named like an Object.prototype key',
    { plugins: [{ id: 'toString' }] },
    'plugins[0].id',
    `must be one of: ${PLUGIN_IDS}`,
  ],
  ['a plugin without an id', { plugins: [{ enabled: true }] }, 'plugins[0].id', 'is required'],
  [
    'a non-boolean plugin enabled',
    { plugins: [{ id: 'web', enabled: 'no' }] },
    'plugins[0].enabled',
    'must be a boolean',
  ],
  [
    'a web user_location of another type',
    { plugins: [{ id: 'web', user_location: { type: 'exact' } }] },
    'plugins[0].user_location.type',
    'must be approximate',
  ],
  [
    'a non-integer web-fetch max_uses',
    { plugins: [{ id: 'web-fetch', max_uses: 1.5 }] },
    'plugins[0].max_uses',
    'must be an integer',
  ],
  ['plugins as an object', { plugins: { id: 'web' } }, 'plugins', 'must be an array'],
  // tools
  [
    'a 65-character function name',
    { tools: [{ type: 'function', function: { name: chars(65, 'f') } }] },
    'tools[0].function.name',
    'must be at most 64 characters',
  ],
  [
    'a function name with a space',
    { tools: [{ type: 'function', function: { name: 'get weather' } }] },
    'tools[0].function.name',
    'must contain only letters, digits, underscores and dashes',
  ],
  [
    'a function name with a dot',
    { tools: [{ type: 'function', function: { name: 'get.weather' } }] },
    'tools[0].function.name',
    'must contain only letters, digits, underscores and dashes',
  ],
  [
    'an empty function name',
    { tools: [{ type: 'function', function: { name: '' } }] },
    'tools[0].function.name',
    'must be at least 1 character',
  ],
  [
    'a function tool without function',
    { tools: [{ type: 'function' }] },
    'tools[0].function',
    'is required',
  ],
  [
    'a tool without a type',
    { tools: [{ function: { name: 'f' } }] },
    'tools[0].type',
    'is required',
  ],
  [
    'a function tool with cache_control of another type',
    { tools: [{ type: 'function', function: { name: 'f' }, cache_control: { type: 'x' } }] },
    'tools[0].cache_control.type',
    'must be ephemeral',
  ],
  // tool_choice
  [
    'an unknown tool_choice string',
    { tool_choice: 'any' },
    'tool_choice',
    'must be one of: none, auto, required',
  ],
  [
    'tool_choice as a number',
    { tool_choice: 1 },
    'tool_choice',
    'must be one of: none, auto, required, or an object',
  ],
  [
    'a named tool_choice without a name',
    { tool_choice: { type: 'function', function: {} } },
    'tool_choice.function.name',
    'is required',
  ],
  // response_format
  [
    'response_format json_schema without json_schema',
    { response_format: { type: 'json_schema' } },
    'response_format.json_schema',
    'is required',
  ],
  [
    'response_format json_schema without a name',
    { response_format: { type: 'json_schema', json_schema: { schema: {} } } },
    'response_format.json_schema.name',
    'is required',
  ],
  [
    'a 65-character response_format json_schema name',
    { response_format: { type: 'json_schema', json_schema: { name: chars(65, 'n') } } },
    'response_format.json_schema.name',
    'must be at most 64 characters',
  ],
  [
    'response_format grammar without grammar',
    { response_format: { type: 'grammar' } },
    'response_format.grammar',
    'is required',
  ],
  [
    'an unknown response_format type',
    { response_format: { type: 'xml' } },
    'response_format.type',
    'must be one of: text, json_object, json_schema, grammar, python',
  ],
  [
    'response_format without a type',
    { response_format: {} },
    'response_format.type',
    'is required',
  ],
  // stop_server_tools_when
  [
    'an empty stop_server_tools_when',
    { stop_server_tools_when: [] },
    'stop_server_tools_when',
    'must contain at least 1 item',
  ],
  [
    'a step_count_is condition without step_count',
    { stop_server_tools_when: [{ type: 'step_count_is' }] },
    'stop_server_tools_when[0].step_count',
    'is required',
  ],
  [
    'a step_count_is condition with a string step_count',
    { stop_server_tools_when: [{ type: 'step_count_is', step_count: '3' }] },
    'stop_server_tools_when[0].step_count',
    'must be an integer',
  ],
  [
    'a max_cost condition with a string amount',
    { stop_server_tools_when: [{ type: 'max_cost', max_cost_in_dollars: '1' }] },
    'stop_server_tools_when[0].max_cost_in_dollars',
    'must be a number',
  ],
  [
    'an unknown stop_server_tools_when condition',
    { stop_server_tools_when: [{ type: 'never' }] },
    'stop_server_tools_when[0].type',
    `must be one of: ${STOP_CONDITIONS}`,
  ],
  [
    'stop_server_tools_when as an object',
    { stop_server_tools_when: { type: 'step_count_is', step_count: 3 } },
    'stop_server_tools_when',
    'must be an array',
  ],
  // caching, prediction, debug, trace, stream
  [
    'cache_control of another type',
    { cache_control: { type: 'persistent' } },
    'cache_control.type',
    'must be ephemeral',
  ],
  ['cache_control without a type', { cache_control: {} }, 'cache_control.type', 'is required'],
  [
    'a numeric cache_control ttl',
    { cache_control: { type: 'ephemeral', ttl: 3600 } },
    'cache_control.ttl',
    'must be a string',
  ],
  [
    'prompt_cache_key as a number',
    { prompt_cache_key: 1 },
    'prompt_cache_key',
    'must be a string or null',
  ],
  [
    'prompt_cache_options of another mode',
    { prompt_cache_options: { mode: 'auto' } },
    'prompt_cache_options.mode',
    'must be explicit',
  ],
  [
    'prompt_cache_options without a mode',
    { prompt_cache_options: {} },
    'prompt_cache_options.mode',
    'is required',
  ],
  [
    'a numeric prompt_cache_options ttl',
    { prompt_cache_options: { mode: 'explicit', ttl: 60 } },
    'prompt_cache_options.ttl',
    'must be a string or null',
  ],
  [
    'prediction of another type',
    { prediction: { type: 'diff', content: 'x' } },
    'prediction.type',
    'must be content',
  ],
  [
    'prediction without content',
    { prediction: { type: 'content' } },
    'prediction.content',
    'is required',
  ],
  [
    'prediction with non-text parts',
    { prediction: { type: 'content', content: [{ type: 'image', text: 'x' }] } },
    'prediction.content[0].type',
    'must be text',
  ],
  [
    'a non-boolean debug.echo_upstream_body',
    { debug: { echo_upstream_body: 1 } },
    'debug.echo_upstream_body',
    'must be a boolean',
  ],
  ['trace as a string', { trace: 't' }, 'trace', 'must be an object'],
  ['stream as a string', { stream: 'true' }, 'stream', 'must be a boolean'],
  [
    'a non-boolean stream_options.include_usage',
    { stream_options: { include_usage: 'yes' } },
    'stream_options.include_usage',
    'must be a boolean',
  ],
  // model, models
  ['a numeric model', { model: 1 }, 'model', 'must be a string'],
  ['a non-string models item', { models: ['a', null] }, 'models[1]', 'must be a string'],
]
