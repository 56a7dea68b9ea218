/**
 * The responses skin: `POST /presets/{slug}/responses` with an OpenAI Responses-style body.
 * No field is required; `instructions` becomes the system prompt. Shared rules come from the same
 * schemas as the chat skin; `modalities` here allows only text and image (OpenAPI OutputModalityEnum).
 * Ranges follow this skin's own OpenAPI schema: `temperature`, `top_p`, the penalties and `top_logprobs`
 * are plain (nullable) numbers here, the chat ranges being ChatRequest's alone. The description's nested
 * rules are checked by `described.ts`.
 * @module
 */
import type { ValidationIssue } from './issues.js'
import { plugins } from './plugins.js'
import { arr, bool, byKind, exactly, fields, int, nul, num, obj, oneOf, str } from './primitives.js'
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
  reasoningEffort,
  reasoningSummary,
  route,
  serviceTier,
  sessionId,
  stopServerToolsWhen,
  trace,
} from './shared.js'
import type { SkinRules } from './skin.js'

const nullableBool = bool({ nullable: true }).optional()
const nullableInteger = int({ nullable: true }).optional()
const nullableNumber = num({ nullable: true }).optional()

/** `tool_choice`: auto, none, required, or a choice object with a string `type`. */
const toolChoice = byKind(
  { string: oneOf(['auto', 'none', 'required']), object: obj({ type: str() }) },
  'one of: auto, none, required, or an object',
)

/** ResponsesRequest; unknown keys pass and are dropped. */
const schema = fields({
  model: model.optional(),
  models: models.optional(),
  input: byKind({ string: str(), array: arr(obj({})) }, 'a string or an array').optional(),
  instructions: str({ nullable: true }).optional(),
  temperature: nullableNumber,
  top_p: nullableNumber,
  top_k: int().optional(),
  frequency_penalty: nullableNumber,
  presence_penalty: nullableNumber,
  top_logprobs: nullableInteger,
  max_output_tokens: nullableInteger,
  max_tool_calls: nullableInteger,
  tools: arr(obj({})).optional(),
  tool_choice: toolChoice.optional(),
  parallel_tool_calls: nullableBool,
  provider: provider.optional(),
  plugins: plugins.optional(),
  reasoning: obj(
    {
      effort: reasoningEffort.optional(),
      summary: reasoningSummary.optional(),
      enabled: nullableBool,
      max_tokens: nullableInteger,
    },
    { nullable: true },
  ).optional(),
  text: obj({}).optional(),
  service_tier: serviceTier.optional(),
  modalities: modalities(['text', 'image']).optional(),
  image_config: imageConfig.optional(),
  route: route.optional(),
  truncation: oneOf(['auto', 'disabled'], { nullable: true }).optional(),
  include: arr(str(), { nullable: true }).optional(),
  metadata: metadata(true).optional(),
  previous_response_id: nul().optional(),
  prompt: obj({ id: str() }, { nullable: true }).optional(),
  prompt_cache_key: promptCacheKey.optional(),
  prompt_cache_options: promptCacheOptions.optional(),
  cache_control: cacheControl.optional(),
  debug: debug.optional(),
  trace: trace.optional(),
  stop_server_tools_when: stopServerToolsWhen.optional(),
  session_id: sessionId.optional(),
  safety_identifier: str({ nullable: true }).optional(),
  user: str({ max: 256 }).optional(),
  store: exactly(false).optional(),
  background: nullableBool,
  stream: bool().optional(),
})

/**
 * Persisted responses keys: the generation and routing settings of ResponsesRequest, by the same
 * reasoning as the chat list. Dropped: `input`, `instructions` (→ system prompt), `include`,
 * `metadata`, `previous_response_id`, `prompt`, `prompt_cache_key`, `prompt_cache_options`,
 * `cache_control`, `debug`, `trace`, `stop_server_tools_when`, `session_id`, `safety_identifier`,
 * `user`, `store`, `background`, `stream`, unknown keys.
 */
const persisted = new Set([
  'model',
  'models',
  'temperature',
  'top_p',
  'top_k',
  'max_output_tokens',
  'max_tool_calls',
  'tools',
  'tool_choice',
  'parallel_tool_calls',
  'provider',
  'plugins',
  'reasoning',
  'text',
  'service_tier',
  'modalities',
  'image_config',
  'route',
  'frequency_penalty',
  'presence_penalty',
  'top_logprobs',
  'truncation',
])

function crossChecks(): ValidationIssue[] {
  return []
}

/** `instructions` when it is a string; otherwise `null`. */
function systemPrompt(body: Readonly<Record<string, unknown>>): string | null {
  return typeof body.instructions === 'string' ? body.instructions : null
}

export const responses: SkinRules = { schema, persisted, crossChecks, systemPrompt }
