/**
 * A scenario's model catalog: OpenRouter's public model list (`snapshot.ts`) and the models the scenario adds
 * (`router.models`). It answers `GET /api/v1/models`, says which model ids exist (an unknown one is 400
 * `model_not_found`, `../inference/infer.ts`), which provider answers for a model, and what an answer costs
 * (its pricing times the token counts, as the real service bills). Loaded with the router's inference (a
 * chunk of its own in a browser: `../inference/source.ts`).
 * @module
 */
import { observedProviderName } from '../inference/inferred.js'
import {
  type CatalogModel,
  type ModelList,
  SCENARIO_MODEL_PRICING,
  type ScenarioModel,
  scenarioModelToWire,
} from './model.js'
import { PROVIDER_DISPLAY_NAMES, SNAPSHOT_LIST } from './snapshot.js'

/**
 * Suffixes the real service takes after any listed id: routing shortcuts (docs: "Model Variants" `:nitro`,
 * `:floor`, `:online`, `:exacto`). `:free`, `:extended`, `:thinking` are models of their own in the list.
 */
const ROUTING_SUFFIXES: readonly string[] = [':nitro', ':floor', ':online', ':exacto']

/** One scenario's catalog. */
export interface ModelCatalog {
  /** The model an id names (a listed id, or one with a routing suffix); `undefined`: not a valid model id. */
  find(id: string): CatalogModel | undefined
  /** `GET /api/v1/models`'s body. */
  list(): ModelList
  /** The same as JSON text (made once per catalog). */
  listText(): string
  /** The display name of the provider answering for `model` (a scenario's own, else its author's). */
  providerOf(model: CatalogModel): string
  /** The display name of a provider slug (`openai` → `OpenAI`), as answers carry it. */
  providerName(slug: string): string
}

const DECIMAL = /^(\d+)(?:\.(\d+))?$/

/**
 * `tokens × price` exactly, as a whole number of 10^-scale units (`scale` = the price's decimal places). A
 * price that is not a plain non-negative decimal (the meta-models' `"-1"`: priced by the model routed to) is 0.
 */
function scaledCost(tokens: number, price: string, scale: number): bigint {
  const match = DECIMAL.exec(price)
  if (!match) return 0n
  const fraction = (match[2] ?? '').padEnd(scale, '0')
  return BigInt(tokens) * BigInt(`${match[1]}${fraction}`)
}

const placesOf = (price: string) => DECIMAL.exec(price)?.[2]?.length ?? 0

/** A whole number of 10^-scale units as the closest double (`Number` of a decimal string rounds once). */
const toNumber = (units: bigint, scale: number) => Number(`${units}e-${scale}`)

/** What an answer costs: each side's tokens times its price, and their sum (credits = dollars). */
export function costOf(
  model: CatalogModel | undefined,
  promptTokens: number,
  completionTokens: number,
) {
  // Long-context tiers (`pricing.overrides`, which lists newer than the snapshot carry) are not applied.
  const pricing = model?.pricing ?? SCENARIO_MODEL_PRICING
  const scale = Math.max(placesOf(pricing.prompt), placesOf(pricing.completion))
  const prompt = scaledCost(promptTokens, pricing.prompt, scale)
  const completion = scaledCost(completionTokens, pricing.completion, scale)
  return {
    promptCost: toNumber(prompt, scale),
    completionCost: toNumber(completion, scale),
    cost: toNumber(prompt + completion, scale),
  }
}

const capitalised = (slug: string) =>
  slug === '' ? 'OpenAI' : slug[0]?.toUpperCase() + slug.slice(1)

function providerName(slug: string): string {
  const lower = slug.toLowerCase()
  return (
    observedProviderName(lower) ??
    (Object.hasOwn(PROVIDER_DISPLAY_NAMES, lower) ? PROVIDER_DISPLAY_NAMES[lower] : undefined) ??
    capitalised(lower)
  )
}

const snapshotById = new Map(SNAPSHOT_LIST.data.map((model) => [model.id, model]))
/**
 * Other names the real service takes for a listed model: its `canonical_slug`, and its id with `-` for `.`
 * (`anthropic/claude-haiku-4-5` for `anthropic/claude-haiku-4.5`: asked of the real service in
 * test/recordings/openrouter/chat-stream-bedrock-2026-05-06.sse, which answered as the canonical slug). A listed id always wins over an alias.
 */
const snapshotByAlias = new Map<string, CatalogModel>()
for (const listed of SNAPSHOT_LIST.data) {
  for (const alias of [listed.canonical_slug, listed.id.replaceAll('.', '-')]) {
    if (typeof alias === 'string' && !snapshotById.has(alias) && !snapshotByAlias.has(alias))
      snapshotByAlias.set(alias, listed)
  }
}

/** The catalog of each scenario's `router.models` (the same list object: the same catalog). */
const catalogs = new WeakMap<readonly ScenarioModel[], ModelCatalog>()

/** The catalog of a scenario adding `added`, made once per list. */
export function catalogOf(added: readonly ScenarioModel[]): ModelCatalog {
  let catalog = catalogs.get(added)
  if (catalog === undefined) {
    catalog = modelCatalog(added)
    catalogs.set(added, catalog)
  }
  return catalog
}

/** The catalog of a scenario adding `added` (in their order, after the snapshot's; an added id replaces a listed one). */
function modelCatalog(added: readonly ScenarioModel[]): ModelCatalog {
  let text: string | undefined
  const own = new Map(added.map((model) => [model.id, model]))
  const ownWire = new Map(added.map((model) => [model.id, scenarioModelToWire(model)]))
  const exact = (id: string) => ownWire.get(id) ?? snapshotById.get(id) ?? snapshotByAlias.get(id)
  return {
    find(id) {
      const model = exact(id)
      if (model !== undefined) return model
      const suffix = ROUTING_SUFFIXES.find((end) => id.endsWith(end))
      return suffix === undefined ? undefined : exact(id.slice(0, -suffix.length))
    },
    listText() {
      text ??= JSON.stringify(this.list())
      return text
    },
    list() {
      if (own.size === 0) return SNAPSHOT_LIST
      const data = [
        ...SNAPSHOT_LIST.data.filter((model) => !own.has(model.id)),
        ...ownWire.values(),
      ]
      return { data, total_count: data.length, links: SNAPSHOT_LIST.links }
    },
    providerOf(model) {
      const given = own.get(model.id)?.provider
      if (given !== undefined) return given
      const slash = model.id.indexOf('/')
      return providerName(slash < 0 ? model.id : model.id.slice(0, slash).replace(/^~/, ''))
    },
    providerName,
  }
}
