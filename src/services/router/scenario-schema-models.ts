/**
 * The models a scenario adds to the router's catalog (`router.models`): ids the default catalog (OpenRouter's
 * public model list, src/services/router/catalog/) does not have, for tests that use made-up or newer models.
 * @module
 */
import * as z from '../../engine/core/zod.js'

/**
 * The longest model id a scenario may add. OpenRouter's ids are short (the longest of its list: 61
 * characters); every chunk of a streamed answer carries the id, so an unbounded one would make a stream grow
 * with the square of its length (docs/guarantees.md).
 */
const MAX_MODEL_ID_LENGTH = 128

/** The most models a scenario may add (the real list has a few hundred). */
const MAX_SCENARIO_MODELS = 1000

/** A price: dollars (credits) per token, as the real list writes it (a decimal string). */
const price = z
  .string()
  .check(
    z.regex(
      /^\d{1,9}(?:\.\d{1,18})?$/,
      'must be dollars per token as a decimal string, like "0.000003"',
    ),
  )

/** A model a scenario adds. */
const routerModelSchema = z.strictObject({
  /** The id requests name (`model`), as OpenRouter writes them: `author/slug`, `:variant` allowed. */
  id: z
    .string()
    .check(
      z.regex(
        /^[A-Za-z0-9_~][A-Za-z0-9._~:/-]*$/,
        'must be a model id such as "acme/model-1" (letters, digits and . _ ~ : / -)',
      ),
      z.maxLength(MAX_MODEL_ID_LENGTH),
    ),
  /** Its name in the list (default: the id). */
  name: z.optional(z.string().check(z.minLength(1), z.maxLength(256))),
  /** The display name of the provider that answers for it (`provider` of an answer). */
  provider: z.optional(z.string().check(z.minLength(1), z.maxLength(128))),
  contextLength: z.optional(z.number().check(z.int(), z.gte(1), z.lte(1e9))),
  /** Per token; default 0.000001 prompt and 0.000002 completion. */
  pricing: z.optional(z.strictObject({ prompt: price, completion: price })),
})

/** `router.models`. */
export const routerModelsSchema = z._default(
  z.array(routerModelSchema).check(
    z.maxLength(MAX_SCENARIO_MODELS),
    z.superRefine((models, context) => {
      const seen = new Set<string>()
      for (const [index, model] of models.entries()) {
        if (seen.has(model.id))
          context.addIssue({ code: 'custom', path: [index, 'id'], message: 'is given twice' })
        seen.add(model.id)
      }
    }),
  ),
  [],
)
