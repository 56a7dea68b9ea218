/**
 * The chat skin: `POST /presets/{slug}/chat/completions` with an OpenAI-style ChatRequest.
 * Every rule of the seed's tables (sections 4 and 8) is enforced here or in the shared schemas.
 * @module
 */
import * as z from '../../../engine/core/zod.js'
import type { ValidationIssue } from './issues.js'
import { plugins } from './plugins.js'
import {
  arr,
  bool,
  byField,
  byKind,
  fields,
  int,
  isObject,
  map,
  nul,
  nullableBool,
  nullableInteger,
  nullableNumber,
  nullableString,
  num,
  obj,
  oneOf,
  str,
} from './primitives.js'
import { provider } from './provider.js'
import {
  cacheControl,
  debug,
  imageConfig,
  metadata,
  modalities,
  model,
  models,
  promptCacheKey,
  promptCacheOptions,
  REASONING_EFFORTS,
  reasoningEffort,
  reasoningSummary,
  route,
  serviceTier,
  sessionId,
  stopServerToolsWhen,
  textPart,
  trace,
} from './shared.js'
import { type SkinRules, textOfParts } from './skin.js'

/**
 * The seed's ranges (section 4), which ChatRequest states only in prose: temperature 0 to 2, top_p 0 to 1,
 * the penalties -2 to 2, top_logprobs an integer 0 to 20. Only this skin has them (the messages and
 * responses schemas state none).
 */
const temperature = num({ min: 0, max: 2, nullable: true })
const topP = num({ min: 0, max: 1, nullable: true })
const penalty = num({ min: -2, max: 2, nullable: true })
const topLogprobs = int({ min: 0, max: 20, nullable: true })

/** A content array item of user, assistant and tool messages: an object with a string `type`. */
const contentItem = obj({ type: str() })

const content = (item: typeof contentItem) =>
  byKind({ string: str(), array: arr(item) }, 'a string or an array')

/** system and developer messages: text content only. */
const instructionMessage = obj({ role: str(), content: content(textPart), name: z.optional(str()) })

const message = byField('role', {
  system: instructionMessage,
  user: obj({ role: str(), content: content(contentItem), name: z.optional(str()) }),
  developer: instructionMessage,
  assistant: obj({
    role: str(),
    content: z.optional(
      byKind({ string: str(), array: arr(contentItem), null: nul() }, 'a string, an array or null'),
    ),
    name: z.optional(str()),
    tool_calls: z.optional(arr(obj({}))),
    reasoning: nullableString,
    refusal: nullableString,
    model: z.optional(str()),
  }),
  tool: obj({ role: str(), content: content(contentItem), tool_call_id: str() }),
})

/** Function tool names: at most 64 characters of letters, digits, underscores and dashes. */
const functionName = str({
  min: 1,
  max: 64,
  pattern: {
    regex: /^[A-Za-z0-9_-]*$/,
    message: 'must contain only letters, digits, underscores and dashes',
  },
})

/** `tools` items: a function tool, or any server tool `{type, parameters?}` (stored verbatim). */
const tool = byField(
  'type',
  {
    function: obj({
      type: str(),
      function: obj({
        name: functionName,
        description: z.optional(str()),
        parameters: z.optional(obj({})),
        strict: nullableBool,
      }),
      cache_control: z.optional(cacheControl),
    }),
  },
  obj({ type: str(), parameters: z.optional(obj({})) }),
)

/** `tool_choice`: none, auto, required, a named function choice, or a server-tool choice. */
const toolChoice = byKind(
  {
    string: oneOf(['none', 'auto', 'required']),
    object: byField(
      'type',
      { function: obj({ type: str(), function: obj({ name: str() }) }) },
      obj({ type: str() }),
    ),
  },
  'one of: none, auto, required, or an object',
)

/** `response_format`, discriminated on `type`. */
const responseFormat = byField('type', {
  text: obj({ type: str() }),
  json_object: obj({ type: str() }),
  json_schema: obj({
    type: str(),
    json_schema: obj({
      name: str({ max: 64 }),
      description: z.optional(str()),
      schema: z.optional(obj({})),
      strict: nullableBool,
    }),
  }),
  grammar: obj({ type: str(), grammar: str() }),
  python: obj({ type: str() }),
})

/** `stop`: a string, at most 4 strings, or null. */
const stop = byKind(
  { string: str(), array: arr(str(), { max: 4 }), null: nul() },
  'a string, an array of strings or null',
)

const prediction = obj(
  {
    type: oneOf(['content']),
    content: byKind({ string: str(), array: arr(textPart) }, 'a string or an array'),
  },
  { nullable: true },
)

/** ChatRequest: only `messages` is required; unknown keys pass and are dropped. */
const schema = fields({
  messages: arr(message, { min: 1 }),
  model: z.optional(model),
  models: z.optional(models),
  stream: z.optional(bool()),
  stream_options: z.optional(obj({ include_usage: z.optional(bool()) }, { nullable: true })),
  debug: z.optional(debug),
  cache_control: z.optional(cacheControl),
  prompt_cache_key: z.optional(promptCacheKey),
  prompt_cache_options: z.optional(promptCacheOptions),
  temperature: z.optional(temperature),
  top_p: z.optional(topP),
  top_k: nullableInteger,
  top_a: nullableNumber,
  min_p: nullableNumber,
  frequency_penalty: z.optional(penalty),
  presence_penalty: z.optional(penalty),
  repetition_penalty: nullableNumber,
  max_tokens: nullableInteger,
  max_completion_tokens: nullableInteger,
  seed: nullableInteger,
  stop: z.optional(stop),
  logit_bias: z.optional(map(num(), { nullable: true })),
  logprobs: nullableBool,
  top_logprobs: z.optional(topLogprobs),
  parallel_tool_calls: nullableBool,
  tools: z.optional(arr(tool)),
  tool_choice: z.optional(toolChoice),
  response_format: z.optional(responseFormat),
  modalities: z.optional(modalities(['text', 'image', 'audio'])),
  image_config: z.optional(imageConfig),
  prediction: z.optional(prediction),
  reasoning: z.optional(
    obj({
      effort: z.optional(reasoningEffort),
      summary: z.optional(reasoningSummary),
    }),
  ),
  reasoning_effort: z.optional(reasoningEffort),
  service_tier: z.optional(serviceTier),
  session_id: z.optional(sessionId),
  user: z.optional(str()),
  metadata: z.optional(metadata(false)),
  provider: z.optional(provider),
  plugins: z.optional(plugins),
  route: z.optional(route),
  stop_server_tools_when: z.optional(stopServerToolsWhen),
  trace: z.optional(trace),
})

/** Persisted chat keys (docs/router.md, Fidelity notes: config). */
const persisted = new Set([
  'model',
  'models',
  'provider',
  'plugins',
  'tools',
  'tool_choice',
  'parallel_tool_calls',
  'temperature',
  'top_p',
  'top_k',
  'top_a',
  'min_p',
  'frequency_penalty',
  'presence_penalty',
  'repetition_penalty',
  'seed',
  'max_tokens',
  'max_completion_tokens',
  'stop',
  'logit_bias',
  'logprobs',
  'top_logprobs',
  'response_format',
  'reasoning',
  'reasoning_effort',
  'service_tier',
  'modalities',
  'image_config',
  'route',
])

const EFFORTS: ReadonlySet<unknown> = new Set(REASONING_EFFORTS)

/** `reasoning_effort` must not differ from `reasoning.effort` when both carry an effort. */
function crossChecks(body: Readonly<Record<string, unknown>>): ValidationIssue[] {
  const shorthand = body.reasoning_effort
  const reasoning = body.reasoning
  const nested =
    isObject(reasoning) && Object.hasOwn(reasoning, 'effort') ? reasoning.effort : undefined
  if (EFFORTS.has(shorthand) && EFFORTS.has(nested) && shorthand !== nested) {
    return [{ path: 'reasoning_effort', message: 'must equal reasoning.effort when both are sent' }]
  }
  return []
}

/** Every system and developer message, in order, joined by a blank line; `null` when there is none. */
function systemPrompt(body: Readonly<Record<string, unknown>>): string | null {
  const texts: string[] = []
  const messages = Array.isArray(body.messages) ? body.messages : []
  for (const m of messages) {
    if (!isObject(m) || (m.role !== 'system' && m.role !== 'developer')) continue
    const c = m.content
    texts.push(typeof c === 'string' ? c : Array.isArray(c) ? textOfParts(c) : '')
  }
  return texts.length === 0 ? null : texts.join('\n\n')
}

export const chat: SkinRules = { schema, persisted, crossChecks, systemPrompt }
