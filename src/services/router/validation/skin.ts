/**
 * What each skin (request-body dialect) supplies to the extraction: its schema, the keys a preset
 * version persists, the cross-field rules zod's per-field schemas cannot express, and how the
 * system prompt is found.
 * @module
 */
import type * as z from '../../../engine/core/zod.js'
import type { ValidationIssue } from './issues.js'

export interface SkinRules {
  /** Validates the body (already known to be a JSON object); unknown top-level keys are allowed. */
  schema: z.ZodMiniType
  /** The top-level keys copied verbatim into `config` when the body carries them. */
  persisted: ReadonlySet<string>
  /** Rules across fields, run on the raw body after the schema. */
  crossChecks(body: Readonly<Record<string, unknown>>): ValidationIssue[]
  /** The preset's system prompt, from a body that passed validation; `null` when there is none. */
  systemPrompt(body: Readonly<Record<string, unknown>>): string | null
}

/** The `text` of every `{type: 'text', text}` part of a content array, joined by a newline. */
export function textOfParts(parts: readonly unknown[]): string {
  const texts: string[] = []
  for (const part of parts) {
    if (typeof part !== 'object' || part === null) continue
    const { type, text } = part as { type?: unknown; text?: unknown }
    if (type === 'text' && typeof text === 'string') texts.push(text)
  }
  return texts.join('\n')
}
