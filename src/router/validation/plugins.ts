/**
 * `plugins`: an array of plugin objects discriminated on `id`, each with its own limits (seed section 4).
 * `switchyard-router` is not in the seed but the real SDK (1.3.19) sends it, so it is accepted.
 * @module
 */
import { arr, bool, byField, int, num, obj, oneOf, str, totalLength } from './primitives.js'

const enabled = bool().optional()

/** Router model patterns: at most 1024 items, each at most 1024 characters, 65536 characters in total. */
const patterns = arr(str({ max: 1024 }), { max: 1024 })
  .check(totalLength(65536))
  .optional()

const costTier = oneOf(['low', 'medium', 'high', 'xhigh', 'max']).optional()

/** `cost_quality_tradeoff` (deprecated): an integer 0 to 10. */
const costQualityTradeoff = int({ min: 0, max: 10 }).optional()

const strings = arr(str()).optional()

const autoRouter = obj({
  id: str(),
  enabled,
  allowed_models: patterns,
  excluded_models: patterns,
  cost_tier: costTier,
  cost_quality_tradeoff: costQualityTradeoff,
  pin_model: bool().optional(),
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
  engine: str().optional(),
  mode: str().optional(),
  max_results: int().optional(),
  max_uses: int().optional(),
  search_prompt: str().optional(),
  include_domains: strings,
  exclude_domains: strings,
  user_location: obj(
    {
      type: oneOf(['approximate']),
      city: str({ nullable: true }).optional(),
      country: str({ nullable: true }).optional(),
      region: str({ nullable: true }).optional(),
      timezone: str({ nullable: true }).optional(),
    },
    { nullable: true },
  ).optional(),
})

const webFetch = obj({
  id: str(),
  enabled,
  allowed_domains: strings,
  blocked_domains: strings,
  max_content_tokens: int().optional(),
  max_uses: int().optional(),
})

const paretoRouter = obj({
  id: str(),
  enabled,
  max_price: num({ min: 0 }).optional(),
  min_coding_score: num({ min: 0, max: 1 }).optional(),
  price_source: oneOf(['prompt', 'weighted_avg']).optional(),
})

const fusion = obj({
  id: str(),
  enabled,
  analysis_models: arr(str(), { min: 1, max: 8 }).optional(),
  model: str().optional(),
  preset: oneOf(['general-high', 'general-budget', 'general-fast']).optional(),
  max_tool_calls: int({ min: 1, max: 16 }).optional(),
  tools: arr(obj({ type: str(), parameters: obj({}).optional() }), { max: 8 }).optional(),
})

/** One plugin, by `id`. */
const plugin = byField('id', {
  'auto-router': autoRouter,
  'auto-beta-router': autoBetaRouter,
  moderation: obj({ id: str() }),
  web,
  'web-fetch': webFetch,
  'file-parser': obj({ id: str(), enabled, pdf: obj({}).optional() }),
  'response-healing': obj({ id: str(), enabled }),
  'context-compression': obj({ id: str(), enabled, engine: str().optional() }),
  'pareto-router': paretoRouter,
  fusion,
  'switchyard-router': obj({ id: str(), enabled, algorithm: str().optional() }),
})

/** `plugins`: an array of plugins. */
export const plugins = arr(plugin)
