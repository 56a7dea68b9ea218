/**
 * A model of the router's catalog as `GET /api/v1/models` answers it, and the model a scenario adds
 * (`router.models`, `../scenario-schema-models.ts`) made into that shape.
 * @module
 */

/** Prices in dollars (credits) per token, as decimal strings (`"0.0000025"`); `"-1"`: priced by the model routed to. */
interface ModelPricing {
  prompt: string
  completion: string
  [other: string]: unknown
}

/** One model of the list, with the fields every answer has; the rest as the real service sent them. */
export interface CatalogModel {
  id: string
  name: string
  context_length: number | null
  pricing: ModelPricing
  [other: string]: unknown
}

/** `GET /api/v1/models`. */
export interface ModelList {
  data: CatalogModel[]
  total_count: number
  links: { next: string | null }
}

/** A model a scenario adds (`router.models`): what the simulator needs of it. */
export interface ScenarioModel {
  id: string
  name?: string | undefined
  /** The provider that answers for it (`provider` of an answer); default: its author's display name. */
  provider?: string | undefined
  contextLength?: number | undefined
  /** Dollars (credits) per token, as decimal strings; default `"0.000001"` and `"0.000002"`. */
  pricing?: { prompt: string; completion: string } | undefined
}

/**
 * The price of a model a scenario adds without one: 1 and 2 dollars per million prompt and completion
 * tokens, the simulator's price for every model before it had a catalog.
 */
export const SCENARIO_MODEL_PRICING = { prompt: '0.000001', completion: '0.000002' } as const

/** A scenario's model as the list shows it: the real fields, with the values a new model has. */
export function scenarioModelToWire(model: ScenarioModel): CatalogModel {
  const contextLength = model.contextLength ?? null
  return {
    id: model.id,
    canonical_slug: model.id,
    hugging_face_id: null,
    name: model.name ?? model.id,
    created: 0,
    description: '',
    context_length: contextLength,
    architecture: {
      modality: 'text->text',
      input_modalities: ['text'],
      output_modalities: ['text'],
      tokenizer: 'Other',
      instruct_type: null,
    },
    pricing: { ...(model.pricing ?? SCENARIO_MODEL_PRICING) },
    top_provider: {
      context_length: contextLength,
      max_completion_tokens: null,
      is_moderated: false,
    },
    per_request_limits: null,
    supported_parameters: [],
    default_parameters: {},
    supported_voices: null,
    knowledge_cutoff: null,
    expiration_date: null,
    links: { details: `/api/v1/models/${model.id}/endpoints` },
  }
}
