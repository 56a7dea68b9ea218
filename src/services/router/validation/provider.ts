/**
 * `provider` (ProviderPreferences): a closed object (no additional properties), or null.
 * Provider slugs, quantization levels and sort values are not listed by the seed, so any string passes.
 * @module
 */
import * as z from '../../../engine/core/zod.js'
import {
  arr,
  byKind,
  nul,
  nullableBool,
  nullableNumber,
  nullableString,
  num,
  obj,
  oneOf,
  str,
} from './primitives.js'

/** `order` / `only` / `ignore`: provider slugs, or null. */
const providerSlugs = z.optional(arr(str(), { nullable: true }))

/** `preferred_max_latency` / `preferred_min_throughput`: a number, a percentile-cutoff object, or null (as the real API). */
const preference = z.optional(
  byKind(
    {
      number: num(),
      object: obj({
        p50: nullableNumber,
        p75: nullableNumber,
        p90: nullableNumber,
        p99: nullableNumber,
      }),
      null: nul(),
    },
    'a number, an object or null',
  ),
)

/** `max_price`: string-valued prices. */
const maxPrice = obj({
  prompt: z.optional(str()),
  completion: z.optional(str()),
  image: z.optional(str()),
  audio: z.optional(str()),
  request: z.optional(str()),
})

/** `sort`: a sort name, `{by, partition}`, or null. */
const sort = byKind(
  {
    string: str(),
    object: obj({
      by: nullableString,
      partition: nullableString,
    }),
    null: nul(),
  },
  'a string, an object or null',
)

/** `provider`: provider routing preferences; unknown keys are rejected one by one. */
export const provider = obj(
  {
    allow_fallbacks: nullableBool,
    data_collection: z.optional(oneOf(['allow', 'deny'], { nullable: true })),
    enforce_distillable_text: nullableBool,
    ignore: providerSlugs,
    only: providerSlugs,
    order: providerSlugs,
    max_price: z.optional(maxPrice),
    preferred_max_latency: preference,
    preferred_min_throughput: preference,
    quantizations: z.optional(arr(str(), { nullable: true })),
    require_parameters: nullableBool,
    sort: z.optional(sort),
    zdr: nullableBool,
  },
  { strict: true, nullable: true },
)
