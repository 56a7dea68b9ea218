/**
 * One body dialect ("skin") of create-preset: the operation's path and the cases every dialect is tested
 * with (`test/router/create-preset.test.ts` runs the same tests over each).
 */

export type Fields = Record<string, unknown>

/** A body and what creating a preset from it stores. */
interface Stored {
  body: Fields
  /** The exact `config`, in the order its keys are stored. */
  config: Fields
  systemPrompt: string | null
}

export interface Dialect {
  /** The path after `/presets/{slug}/`. */
  path: string
  /** The documented example body. */
  example: Stored
  /** A body with every persisted key and dropped ones among them. */
  persisted: Stored
  /** Where the system prompt comes from: the case, the body, the prompt stored. */
  prompts: Array<[string, Fields, string | null]>
  /** The smallest valid body, which `accepted` and `refused` add their fields to, and the config it stores. */
  base: Fields
  baseConfig: Fields
  /** Fields accepted, and the config each stores (besides `baseConfig`). */
  accepted: Array<[string, Fields, Fields]>
  /** Fields refused, with the one issue's path and message. */
  refused: Array<[string, Fields, string, string]>
}
