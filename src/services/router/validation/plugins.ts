/**
 * `plugins`: an array of plugin objects discriminated on `id`, each with its own limits (seed section 4).
 * `switchyard-router` is not in the seed but the real SDK (1.3.19) sends it, so it is accepted.
 * @module
 */
import * as z from '../../../engine/core/zod.js'
import {
  arr,
  bool,
  byField,
  int,
  nullableString,
  num,
  obj,
  oneOf,
  str,
  totalLength,
} from './primitives.js'

const enabled = z.optional(bool())

/** Router model patterns: at most 1024 items, each at most 1024 characters, 65536 characters in total. */
const patterns = z.optional(arr(str({ max: 1024 }), { max: 1024 }).check(totalLength(65536)))

const costTier = z.optional(oneOf(['low', 'medium', 'high', 'xhigh', 'max']))

/** `cost_quality_tradeoff` (deprecated): an integer 0 to 10. */
const costQualityTradeoff = z.optional(int({ min: 0, max: 10 }))

const strings = z.optional(arr(str()))

const autoRouter = obj({
  id: str(),
  enabled,
  allowed_models: patterns,
  excluded_models: patterns,
  cost_tier: costTier,
  cost_quality_tradeoff: costQualityTradeoff,
  pin_model: z.optional(bool()),
})

const autoBetaRouter = obj({
  id: str(),
  enabled,
  allowed_models: patterns,
  excluded_models: patterns,
  cost_tier: costTier,
  cost_quality_tradeoff: costQualityTradeoff,
})

const web = obj({
  id: str(),
  enabled,
  engine: z.optional(str()),
  mode: z.optional(str()),
  max_results: z.optional(int()),
  max_uses: z.optional(int()),
  search_prompt: z.optional(str()),
  include_domains: strings,
  exclude_domains: strings,
  user_location: z.optional(
    obj(
      {
        type: oneOf(['approximate']),
        city: nullableString,
        country: nullableString,
        region: nullableString,
        timezone: nullableString,
      },
      { nullable: true },
    ),
  ),
})

const webFetch = obj({
  id: str(),
  enabled,
  allowed_domains: strings,
  blocked_domains: strings,
  max_content_tokens: z.optional(int()),
  max_uses: z.optional(int()),
})

const paretoRouter = obj({
  id: str(),
  enabled,
  max_price: z.optional(num({ min: 0 })),
  min_coding_score: z.optional(num({ min: 0, max: 1 })),
  price_source: z.optional(oneOf(['prompt', 'weighted_avg'])),
})

const fusion = obj({
  id: str(),
  enabled,
  analysis_models: z.optional(arr(str(), { min: 1, max: 8 })),
  model: z.optional(str()),
  preset: z.optional(oneOf(['general-high', 'general-budget', 'general-fast'])),
  max_tool_calls: z.optional(int({ min: 1, max: 16 })),
  tools: z.optional(arr(obj({ type: str(), parameters: z.optional(obj({})) }), { max: 8 })),
})

/** One plugin, by `id`. */
const plugin = byField('id', {
  'auto-router': autoRouter,
  'auto-beta-router': autoBetaRouter,
  moderation: obj({ id: str() }),
  web,
  'web-fetch': webFetch,
  'file-parser': obj({ id: str(), enabled, pdf: z.optional(obj({})) }),
  'response-healing': obj({ id: str(), enabled }),
  'context-compression': obj({ id: str(), enabled, engine: z.optional(str()) }),
  'pareto-router': paretoRouter,
  fusion,
  'switchyard-router': obj({ id: str(), enabled, algorithm: z.optional(str()) }),
})

/** `plugins`: an array of plugins. */
export const plugins = arr(plugin)
