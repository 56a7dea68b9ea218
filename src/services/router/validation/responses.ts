/**
 * The responses skin: `POST /presets/{slug}/responses` with an OpenAI Responses-style body.
 * No field is required; `instructions` becomes the system prompt. Shared rules come from the same
 * schemas as the chat skin; `modalities` here allows only text and image (OpenAPI OutputModalityEnum).
 * Ranges follow this skin's own OpenAPI schema: `temperature`, `top_p`, the penalties and `top_logprobs`
 * are plain (nullable) numbers here, the chat ranges being ChatRequest's alone. The description's nested
 * rules are checked by `described.ts`.
 * @module
 */
import * as z from '../../../engine/core/zod.js'
import type { ValidationIssue } from './issues.js'
import { plugins } from './plugins.js'
import {
  arr,
  bool,
  byKind,
  exactly,
  fields,
  int,
  nul,
  nullableBool,
  nullableInteger,
  nullableNumber,
  nullableString,
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
  reasoningEffort,
  reasoningSummary,
  route,
  serviceTier,
  sessionId,
  stopServerToolsWhen,
  trace,
} from './shared.js'
import type { SkinRules } from './skin.js'

/** `tool_choice`: auto, none, required, or a choice object with a string `type`. */
const toolChoice = byKind(
  { string: oneOf(['auto', 'none', 'required']), object: obj({ type: str() }) },
  'one of: auto, none, required, or an object',
)

/** ResponsesRequest; unknown keys pass and are dropped. */
const schema = fields({
  model: z.optional(model),
  models: z.optional(models),
  input: z.optional(byKind({ string: str(), array: arr(obj({})) }, 'a string or an array')),
  instructions: nullableString,
  temperature: nullableNumber,
  top_p: nullableNumber,
  top_k: z.optional(int()),
  frequency_penalty: nullableNumber,
  presence_penalty: nullableNumber,
  top_logprobs: nullableInteger,
  max_output_tokens: nullableInteger,
  max_tool_calls: nullableInteger,
  tools: z.optional(arr(obj({}))),
  tool_choice: z.optional(toolChoice),
  parallel_tool_calls: nullableBool,
  provider: z.optional(provider),
  plugins: z.optional(plugins),
  reasoning: z.optional(
    obj(
      {
        effort: z.optional(reasoningEffort),
        summary: z.optional(reasoningSummary),
        enabled: nullableBool,
        max_tokens: nullableInteger,
      },
      { nullable: true },
    ),
  ),
  text: z.optional(obj({})),
  service_tier: z.optional(serviceTier),
  modalities: z.optional(modalities(['text', 'image'])),
  image_config: z.optional(imageConfig),
  route: z.optional(route),
  truncation: z.optional(oneOf(['auto', 'disabled'], { nullable: true })),
  include: z.optional(arr(str(), { nullable: true })),
  metadata: z.optional(metadata(true)),
  previous_response_id: z.optional(nul()),
  prompt: z.optional(obj({ id: str() }, { nullable: true })),
  prompt_cache_key: z.optional(promptCacheKey),
  prompt_cache_options: z.optional(promptCacheOptions),
  cache_control: z.optional(cacheControl),
  debug: z.optional(debug),
  trace: z.optional(trace),
  stop_server_tools_when: z.optional(stopServerToolsWhen),
  session_id: z.optional(sessionId),
  safety_identifier: nullableString,
  user: z.optional(str({ max: 256 })),
  store: z.optional(exactly(false)),
  background: nullableBool,
  stream: z.optional(bool()),
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
