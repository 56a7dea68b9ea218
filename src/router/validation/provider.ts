/**
 * `provider` (ProviderPreferences): a closed object (no additional properties), or null.
 * Provider slugs, quantization levels and sort values are not listed by the seed, so any string passes.
 * @module
 */
import { arr, bool, byKind, nul, num, obj, oneOf, str } from './primitives.js'

const nullableBool = bool({ nullable: true }).optional()

/** `order` / `only` / `ignore`: provider slugs, or null. */
const providerSlugs = arr(str(), { nullable: true }).optional()

/** `preferred_max_latency` / `preferred_min_throughput`: a number, a percentile-cutoff object, or null (as the real API). */
const preference = byKind(
  {
    number: num(),
    object: obj({
      p50: num({ nullable: true }).optional(),
      p75: num({ nullable: true }).optional(),
      p90: num({ nullable: true }).optional(),
      p99: num({ nullable: true }).optional(),
    }),
    null: nul(),
  },
  'a number, an object or null',
).optional()

/** `max_price`: string-valued prices. */
const maxPrice = obj({
  prompt: str().optional(),
  completion: str().optional(),
  image: str().optional(),
  audio: str().optional(),
  request: str().optional(),
})

/** `sort`: a sort name, `{by, partition}`, or null. */
const sort = byKind(
  {
    string: str(),
    object: obj({
      by: str({ nullable: true }).optional(),
      partition: str({ nullable: true }).optional(),
    }),
    null: nul(),
  },
  'a string, an object or null',
)

/** `provider`: provider routing preferences; unknown keys are rejected one by one. */
export const provider = obj(
  {
    allow_fallbacks: nullableBool,
    data_collection: oneOf(['allow', 'deny'], { nullable: true }).optional(),
    enforce_distillable_text: nullableBool,
    ignore: providerSlugs,
    only: providerSlugs,
    order: providerSlugs,
    max_price: maxPrice.optional(),
    preferred_max_latency: preference,
    preferred_min_throughput: preference,
    quantizations: arr(str(), { nullable: true }).optional(),
    require_parameters: nullableBool,
    sort: sort.optional(),
    zdr: nullableBool,
  },
  { strict: true, nullable: true },
)
