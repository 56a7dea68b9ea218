/**
 * Every behaviour of preset use that the real service does not make public, decided once, here. Each
 * decision names its section of docs/router-inference.md, where its evidence is written down; when a
 * recording of the real service shows otherwise, this file is the one to change (and its tests).
 * What IS documented (the three reference forms, the shallow merge where the request wins, tools merged by
 * identity) is in `reference.ts` and `merge.ts`; the error types by status (§13) are with every other error
 * wording, in `../errors.ts`.
 * @module
 */
import type { PresetRecord } from '../records.js'
import type { RouterStore } from '../store.js'

/** The request dialects that take a preset. */
export type Endpoint = 'chat' | 'messages' | 'responses'

/**
 * §1 Which endpoints honour the `preset` field (form 2). Documented for chat completions only; on
 * messages and responses it is an unknown key, dropped like every other (their schemas have no `preset`).
 */
export const PRESET_FIELD_ENDPOINTS: ReadonlySet<Endpoint> = new Set(['chat'])

/**
 * §2 The preset a request may use: one of its workspace (another workspace's slug is unknown), whose
 * status is `active`. Unknown, disabled and archived presets are all answered as unknown (`null` here):
 * 404 `Preset not found`, the preset API's own message.
 */
export function usablePreset(
  store: RouterStore,
  workspaceId: string,
  slug: string,
): PresetRecord | null {
  const preset = store.preset(workspaceId, slug)
  return preset && preset.status === 'active' ? preset : null
}

/** §2 The status of a request naming a preset it may not use (see `usablePreset`). */
export const PRESET_UNAVAILABLE_STATUS = 404

/**
 * §3 The version applied: the preset's designated version (the one `GET /presets/{slug}` shows inline).
 * Through the API it is always the latest; only a snapshot or the UI's rollback can make them differ.
 */
export function appliedVersion(store: RouterStore, preset: PresetRecord) {
  return store.version(preset.designated_version_id)
}

/**
 * §4 Keys of a preset's config that are preset settings, not request parameters: never part of the
 * effective request (response caching is not simulated).
 */
export const PRESET_ONLY_KEYS: ReadonlySet<string> = new Set(['cache_enabled', 'cache_ttl_seconds'])

/**
 * §5 The preset's system prompt and the request's own: both are kept, the preset's first. Chat: a leading
 * `system` message before the request's messages; messages: `system` (a string joined by a blank line, or
 * a text block before the request's blocks); responses: `instructions` joined by a blank line. Sets it on
 * the effective request being built (its key keeps its place; a new one goes last).
 */
export function addSystemPrompt(
  endpoint: Endpoint,
  request: Record<string, unknown>,
  prompt: string | null,
): void {
  if (prompt === null || prompt === '') return
  if (endpoint === 'chat') {
    const messages = Array.isArray(request.messages) ? request.messages : []
    request.messages = [{ role: 'system', content: prompt }, ...messages]
    return
  }
  const key = endpoint === 'messages' ? 'system' : 'instructions'
  const own = request[key]
  if (Array.isArray(own)) request[key] = [{ type: 'text', text: prompt }, ...own]
  else if (typeof own === 'string' && own !== '') request[key] = `${prompt}\n\n${own}`
  else request[key] = prompt
}

/**
 * §6 The model that answers: the effective `model`, else the first of `models`, else this one (the real
 * service answers with the account's default model; the simulator's is fixed).
 */
const DEFAULT_MODEL = 'openai/gpt-4o-mini'

export function answeringModel(effective: Record<string, unknown>): string {
  if (typeof effective.model === 'string' && effective.model !== '') return effective.model
  const models = effective.models
  if (Array.isArray(models) && typeof models[0] === 'string') return models[0]
  return DEFAULT_MODEL
}

/** §7 Display names of provider slugs and model authors (as real answers carry them: `OpenAI`, `Azure`). */
const PROVIDER_NAMES: Readonly<Record<string, string>> = {
  openai: 'OpenAI',
  azure: 'Azure',
  anthropic: 'Anthropic',
  google: 'Google AI Studio',
  'google-ai-studio': 'Google AI Studio',
  'google-vertex': 'Google',
  'meta-llama': 'Together',
  together: 'Together',
  mistralai: 'Mistral',
  mistral: 'Mistral',
  deepseek: 'DeepSeek',
  'x-ai': 'xAI',
  xai: 'xAI',
  groq: 'Groq',
  deepinfra: 'DeepInfra',
  fireworks: 'Fireworks',
  qwen: 'Alibaba',
  alibaba: 'Alibaba',
  moonshotai: 'Moonshot AI',
  cohere: 'Cohere',
  perplexity: 'Perplexity',
  'amazon-bedrock': 'Amazon Bedrock',
}

/** §7 The display name of a provider slug or model author as recorded answers carry it, where it differs from the provider list's. */
export function observedProviderName(slug: string): string | undefined {
  return Object.hasOwn(PROVIDER_NAMES, slug) ? PROVIDER_NAMES[slug] : undefined
}

/**
 * §7 The provider that answers: the first of the effective request's `provider.only`, else of
 * `provider.order` (a slug, shown by its display name: `nameOf`), else the model's own (the catalog's).
 */
export function answeringProvider(
  effective: Record<string, unknown>,
  modelProvider: string,
  nameOf: (slug: string) => string,
): string {
  const preferences = effective.provider
  if (preferences && typeof preferences === 'object') {
    const { only, order } = preferences as { only?: unknown; order?: unknown }
    for (const list of [only, order]) {
      if (Array.isArray(list) && typeof list[0] === 'string') return nameOf(list[0])
    }
  }
  return modelProvider
}

/** §8 The answer when no script matches: the same text for the same model, so the same bytes. */
export function defaultAnswerText(model: string): string {
  return `This is a simulated answer from ${model}.`
}

/**
 * §9 Token counts: a quarter of the characters, rounded up, at least 1 (prompt: every text the effective
 * request carries; completion: the answer's text and tool arguments). Their price is the model's in the
 * catalog (`../catalog/catalog.ts`).
 */
export function tokensOf(characters: number): number {
  return Math.max(1, Math.ceil(characters / 4))
}

/**
 * §10 Streams: one `: OPENROUTER PROCESSING` comment opens a chat stream (the real service sends it while a
 * request waits; responses streams an empty comment, messages streams none: `wire/sse.ts`); text goes out in
 * chunks of this many characters; the chat stream ends with the finish chunk, the same chunk again with
 * `service_tier` and `usage`, then `data: [DONE]` (recorded 2026-08-18, test/recordings/openrouter/).
 */
export const DEFAULT_CHUNK_SIZE = 20
export const PROCESSING_COMMENT = ': OPENROUTER PROCESSING\n\n'

/**
 * §10 Where a chat stream's usage goes: on the finish chunk sent again, its `finish_reason` repeated
 * (`repeat-finish`, as recorded 2026-05-06 and 2026-08-18), or on a last chunk with empty `choices`
 * (`empty-choices`, as the API overview words it).
 */
export const CHAT_USAGE_CHUNK: 'repeat-finish' | 'empty-choices' = 'repeat-finish'

/**
 * §10 A chat stream's error is its last event, `choices: []` before the `error`: no `data: [DONE]` follows
 * (recorded 2026-09-04: "exactly one event and a close"; the error page: "the stream then ends").
 */
export const DONE_AFTER_STREAM_ERROR = false

/**
 * §10 An error a script places inside a stream (`afterChunks`), for a request that does not stream: the
 * status before anything, as an error before a stream.
 */
export function errorBeforeAnswer(afterChunks: number | null, stream: boolean): boolean {
  return afterChunks === null || !stream
}

/**
 * §14 Whether the messages dialect's stream ends with `event: data` / `data: [DONE]` after `message_stop`:
 * it does, as recorded 2026-08-24 (test/recordings/openrouter/messages-stream-aws-2026-08-24.sse).
 */
export const DONE_IN_MESSAGES_STREAM = true

/**
 * §11 `system_fingerprint`: `null` in a chat completion (the key is always there, as the SDK requires),
 * absent from stream chunks (the SDK refuses `null` there); a script may give a string.
 */
export const SYSTEM_FINGERPRINT: string | null = null

/** §12 The id of every answer, in every dialect: the generation id `gen-<unix seconds>-<20 characters>`. */
export function generationId(nowMs: number, draw: (length: number) => string): string {
  return `gen-${Math.floor(nowMs / 1000)}-${draw(20)}`
}
