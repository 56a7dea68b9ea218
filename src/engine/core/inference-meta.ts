/**
 * What an inference request applied, as plain JSON: the request's endpoint and model as sent, the preset
 * and version it used, the request after the preset was merged in, the model and provider that answered,
 * and the scripted answer it got. The router's inference operations fill it in (`RequestMeta.inference`)
 * for the journal and its matchers.
 * @module
 */

/** A preset applied to an inference request. */
export interface AppliedPreset {
  slug: string
  /** How the request named it: `model` (`@preset/<slug>`), `field` (`preset: "<slug>"`), `model-suffix` (`<model>@preset/<slug>`). */
  form: 'model' | 'field' | 'model-suffix'
  /** The preset's id. */
  id: string
  /** The version applied (its number) and its id. */
  version: number
  versionId: string
}

/** A scripted answer given to an inference request. */
interface AppliedScript {
  /** The script's id (`simulator.router.script(...).id`). */
  id: number
  name: string | null
  /** Which of the script's answers (0 for the first). */
  answer: number
}

export interface InferenceMeta {
  /** The request's dialect: `chat` (`/chat/completions`), `messages`, `responses`. */
  endpoint: 'chat' | 'messages' | 'responses'
  /** `model` as the request sent it (`@preset/x`, `openai/gpt-4o@preset/x`), or null. */
  requestedModel: string | null
  preset: AppliedPreset | null
  /** The request after the preset's version was merged in (the body the simulated provider got). */
  effectiveRequest: Record<string, unknown>
  /** The model that answered (never `@preset/…`), and its provider's display name. */
  model: string
  provider: string
  stream: boolean
  /** The answer's id (`gen-…`). */
  generationId: string
  /** The script that answered, or null for the default answer. */
  script: AppliedScript | null
}
