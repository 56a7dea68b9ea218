/**
 * The messages skin: `POST /presets/{slug}/messages` with an Anthropic-style MessagesRequest.
 * `model` and `messages` are required (OpenAPI); `system` becomes the system prompt, not config.
 * Shared rules (provider, plugins, route, session_id, ...) come from the same schemas as the chat skin;
 * nullability and ranges follow this skin's own OpenAPI schema: `temperature` and `top_p` are plain
 * numbers here (the chat ranges are ChatRequest's alone). The description's nested rules are checked by
 * `described.ts`.
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
  nullableString,
  num,
  obj,
  oneOf,
  str,
} from './primitives.js'
import { provider } from './provider.js'
import {
  cacheControl,
  model,
  models,
  route,
  sessionId,
  stopServerToolsWhen,
  trace,
} from './shared.js'
import { type SkinRules, textOfParts } from './skin.js'

/** A content block: an object with a string `type` (block shapes are stored, not checked). */
const block = obj({ type: str() })

const message = obj({
  role: oneOf(['user', 'assistant', 'system']),
  content: byKind({ string: str(), array: arr(block) }, 'a string or an array'),
})

/** `system`: a string or text blocks. */
const system = byKind(
  {
    string: str(),
    array: arr(
      obj({
        type: oneOf(['text']),
        text: str(),
        cache_control: z.optional(cacheControl),
        citations: z.optional(arr(obj({}), { nullable: true })),
      }),
    ),
  },
  'a string or an array',
)

const parallel = z.optional(bool())

const toolChoice = byField('type', {
  auto: obj({ type: str(), disable_parallel_tool_use: parallel }),
  any: obj({ type: str(), disable_parallel_tool_use: parallel }),
  none: obj({ type: str() }),
  tool: obj({ type: str(), name: str(), disable_parallel_tool_use: parallel }),
})

const display = z.optional(oneOf(['summarized', 'omitted'], { nullable: true }))

const thinking = byField('type', {
  enabled: obj({ type: str(), budget_tokens: int(), display }),
  disabled: obj({ type: str() }),
  adaptive: obj({ type: str(), display }),
})

/** MessagesRequest; unknown keys pass and are dropped. */
const schema = fields({
  model,
  messages: arr(message, { nullable: true }),
  system: z.optional(system),
  models: z.optional(models),
  max_tokens: z.optional(int()),
  temperature: z.optional(num()),
  top_p: z.optional(num()),
  top_k: z.optional(int()),
  stop_sequences: z.optional(arr(str())),
  tools: z.optional(arr(obj({}))),
  tool_choice: z.optional(toolChoice),
  thinking: z.optional(thinking),
  output_config: z.optional(obj({})),
  service_tier: z.optional(str()),
  speed: z.optional(oneOf(['fast', 'standard'], { nullable: true })),
  // "Each entry accepts only `model`. Maximum of 3 entries." (MessagesRequest.fallbacks)
  fallbacks: z.optional(arr(obj({ model: str() }, { strict: true }), { max: 3, nullable: true })),
  provider: z.optional(provider),
  plugins: z.optional(plugins),
  route: z.optional(route),
  metadata: z.optional(obj({ user_id: nullableString })),
  session_id: z.optional(sessionId),
  user: z.optional(str({ max: 256 })),
  stream: z.optional(bool()),
  stop_server_tools_when: z.optional(stopServerToolsWhen),
  cache_control: z.optional(cacheControl),
  trace: z.optional(trace),
  context_management: z.optional(obj({}, { nullable: true })),
})

/**
 * Persisted messages keys: the generation and routing settings of MessagesRequest, by the same
 * reasoning as the chat list. Dropped: `messages`, `system` (→ system prompt), `metadata`,
 * `session_id`, `user`, `stream`, `stop_server_tools_when`, `cache_control`, `trace`,
 * `context_management`, unknown keys.
 */
const persisted = new Set([
  'model',
  'models',
  'max_tokens',
  'temperature',
  'top_p',
  'top_k',
  'stop_sequences',
  'tools',
  'tool_choice',
  'provider',
  'plugins',
  'thinking',
  'output_config',
  'service_tier',
  'route',
  'speed',
  'fallbacks',
])

/** `fallbacks` cannot be combined with `models` (OpenAPI description). */
function crossChecks(body: Readonly<Record<string, unknown>>): ValidationIssue[] {
  const has = (key: string) => body[key] !== undefined && body[key] !== null
  if (has('fallbacks') && has('models')) {
    return [{ path: 'fallbacks', message: 'cannot be combined with models' }]
  }
  return []
}

/** `system` as is when a string; the text of its text blocks joined by a newline when an array. */
function systemPrompt(body: Readonly<Record<string, unknown>>): string | null {
  const system = body.system
  if (typeof system === 'string') return system
  if (Array.isArray(system)) return textOfParts(system)
  return null
}

export const messages: SkinRules = { schema, persisted, crossChecks, systemPrompt }
