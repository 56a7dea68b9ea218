/**
 * What the journal keeps of an inference (`InferenceMeta`, `src/core/inference-meta.ts`): the fields a filter
 * reads (preset, version, model, scripted) as they are, and the whole record as JSON text, which copies it
 * (a caller who changes the request or the preset's config afterwards changes nothing kept) and measures it
 * for the byte budget. An effective request whose JSON is longer than the body prefix is kept as its first
 * part, as a body is. Read back parsed, the effective request redacted as a body is.
 * @module
 */
import type { InferenceMeta } from '../core/inference-meta.js'
import { ownPrefix, utf8Length } from './body-text.js'
import { redact, redactText } from './redact.js'

/** An inference as a journal entry gives it back. */
export type JournalInference = Omit<InferenceMeta, 'effectiveRequest'> &
  (
    | {
        /** The request after the preset was merged in (secret-named fields redacted). */
        effectiveRequest: Record<string, unknown>
        effectiveRequestTruncated?: undefined
        effectiveRequestSize?: undefined
      }
    | {
        /** The first part of the effective request's JSON text (longer than the journal's body prefix). */
        effectiveRequest: string
        effectiveRequestTruncated: true
        /** The effective request's JSON size in UTF-8 bytes. */
        effectiveRequestSize: number
      }
  )

/** An inference as an entry keeps it. */
export interface StoredInference {
  /** The slug and version number of the preset applied, or null. */
  preset: string | null
  version: number | null
  /** The model that answered. */
  model: string
  /** Whether a script answered. */
  scripted: boolean
  /** The whole record as JSON (`JournalInference`, not yet redacted). */
  json: string
}

/** The inference as kept: copied into JSON text, its effective request cut to `prefixBytes` when longer. */
export function storeInference(meta: InferenceMeta, prefixBytes: number): StoredInference {
  let json = JSON.stringify(meta)
  if (json.length * 3 > prefixBytes) {
    const request = JSON.stringify(meta.effectiveRequest)
    const size = utf8Length(request)
    if (size > prefixBytes) {
      json = JSON.stringify({
        ...meta,
        effectiveRequest: ownPrefix(request, prefixBytes),
        effectiveRequestTruncated: true,
        effectiveRequestSize: size,
      })
    }
  }
  return {
    preset: meta.preset?.slug ?? null,
    version: meta.preset?.version ?? null,
    model: meta.model,
    scripted: meta.script !== null,
    json,
  }
}

/** The inference as read: a fresh copy, its effective request redacted. */
export function readInference(stored: StoredInference): JournalInference {
  const inference = JSON.parse(stored.json) as JournalInference
  inference.effectiveRequest =
    typeof inference.effectiveRequest === 'string'
      ? redactText(inference.effectiveRequest)
      : (redact(inference.effectiveRequest) as Record<string, unknown>)
  return inference
}
