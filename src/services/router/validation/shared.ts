/**
 * Field rules shared by the three skins (chat, messages, responses): one schema per rule.
 * Ranges and enums come from the seed's tables (section 4) and the real OpenAPI.
 * @module
 */
import * as z from '../../../engine/core/zod.js'
import {
  anything,
  arr,
  bool,
  byField,
  byKind,
  int,
  map,
  nullableString,
  num,
  obj,
  oneOf,
  str,
} from './primitives.js'

/** `model`: a model slug. */
export const model = str()

/** `models`: fallback model slugs. */
export const models = arr(str())

/** Values of `reasoning.effort` and `reasoning_effort`. */
export const REASONING_EFFORTS = [
  'max',
  'xhigh',
  'high',
  'medium',
  'low',
  'minimal',
  'none',
] as const

/** `reasoning.effort` / `reasoning_effort`: one of {@link REASONING_EFFORTS}, or null. */
export const reasoningEffort = oneOf(REASONING_EFFORTS, { nullable: true })

/** `reasoning.summary`: auto, concise, detailed, or null. */
export const reasoningSummary = oneOf(['auto', 'concise', 'detailed'], { nullable: true })

/** `service_tier` (chat and responses): one of the listed tiers (`fast` aliases `priority`), or null. */
export const serviceTier = oneOf(['auto', 'default', 'fast', 'flex', 'priority', 'scale'], {
  nullable: true,
})

/** `modalities`: an array of the allowed output modalities. */
export const modalities = (values: readonly [string, ...string[]]) => arr(oneOf(values))

/** `route` (deprecated): fallback, sort, or null. */
export const route = oneOf(['fallback', 'sort'], { nullable: true })

/** `cache_control`: `{type: 'ephemeral', ttl?}` (ttl values are not constrained by the seed). */
export const cacheControl = obj({ type: oneOf(['ephemeral']), ttl: z.optional(str()) })

/** `prompt_cache_key`: a string or null. */
export const promptCacheKey = str({ nullable: true })

/** `prompt_cache_options`: `{mode: 'explicit', ttl?: string | null}` or null. */
export const promptCacheOptions = obj(
  { mode: oneOf(['explicit']), ttl: nullableString },
  { nullable: true },
)

/** `session_id`: at most 256 characters. */
export const sessionId = str({ max: 256 })

/** `metadata` (chat and responses): string to string, at most 16 pairs, keys ≤64, values ≤512 characters. */
export const metadata = (nullable: boolean) =>
  map(str({ max: 512 }), { maxEntries: 16, maxKeyLength: 64, nullable })

/** `image_config`: a map whose values are strings, numbers or arrays. */
export const imageConfig = map(
  byKind({ string: str(), number: num(), array: arr(anything) }, 'a string, a number or an array'),
)

/** `debug`: `{echo_upstream_body?: boolean}`. */
export const debug = obj({ echo_upstream_body: z.optional(bool()) })

/** `trace`: an object (its fields are not constrained by the seed). */
export const trace = obj({})

/** A text content part `{type: 'text', text, cache_control?}`. */
export const textPart = obj({
  type: oneOf(['text']),
  text: str(),
  cache_control: z.optional(cacheControl),
})

/** `stop_server_tools_when`: at least 1 condition, discriminated on `type`. */
export const stopServerToolsWhen = arr(
  byField('type', {
    step_count_is: obj({ type: str(), step_count: int() }),
    has_tool_call: obj({ type: str(), tool_name: str({ min: 1 }) }),
    max_tokens_used: obj({ type: str(), max_tokens: int() }),
    max_cost: obj({ type: str(), max_cost_in_dollars: num() }),
    finish_reason_is: obj({ type: str(), reason: str({ min: 1 }) }),
  }),
  { min: 1 },
)
