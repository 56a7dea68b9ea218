/**
 * What the journal keeps of an inference (`InferenceMeta`, `src/core/inference-meta.ts`): the fields a filter
 * reads (preset, version, model, scripted) as they are, and the record as JSON text, which copies it (a
 * caller who changes the request or the preset's config afterwards changes nothing kept) and measures it for
 * the byte budget. The effective request is kept apart, as a body is: its first part when its JSON is longer
 * than the body prefix; read back parsed and redacted, or as a text preview where a reader asks for one.
 * @module
 */
import type { InferenceMeta } from '../core/inference-meta.js'
import { keptText, utf8Length } from './body-text.js'
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
  /** The record but its effective request, as JSON. */
  fields: string
  /** The effective request as JSON text: whole, or its first part when `requestSize` is set. */
  request: string
  /** The effective request's JSON size in UTF-8 bytes, set only when `request` keeps less. */
  requestSize: number | undefined
}

/** What an inference counts against the journal's byte budget. */
export const inferenceBytes = (stored: StoredInference): number =>
  stored.fields.length + stored.request.length

/** The inference as kept: copied into JSON text, its effective request cut to `prefixBytes` when longer. */
export function storeInference(meta: InferenceMeta, prefixBytes: number): StoredInference {
  const { effectiveRequest, ...fields } = meta
  const { text: request, size: requestSize } = keptText(
    JSON.stringify(effectiveRequest),
    prefixBytes,
  )
  return {
    preset: meta.preset?.slug ?? null,
    version: meta.preset?.version ?? null,
    model: meta.model,
    scripted: meta.script !== null,
    fields: JSON.stringify(fields),
    request,
    requestSize,
  }
}

/**
 * The inference as read: a fresh copy, its effective request redacted; as a text preview of `preview`
 * characters (with its size) when it is longer than that, or was kept in part.
 */
export function readInference(stored: StoredInference, preview?: number): JournalInference {
  const { endpoint, requestedModel, preset, ...rest } = JSON.parse(stored.fields) as Omit<
    InferenceMeta,
    'effectiveRequest'
  >
  const { request, requestSize } = stored
  if (requestSize === undefined && (preview === undefined || request.length <= preview)) {
    const effectiveRequest = redact(JSON.parse(request)) as Record<string, unknown>
    return { endpoint, requestedModel, preset, effectiveRequest, ...rest }
  }
  return {
    endpoint,
    requestedModel,
    preset,
    effectiveRequest: redactText(preview === undefined ? request : request.slice(0, preview)),
    effectiveRequestTruncated: true,
    effectiveRequestSize: requestSize ?? utf8Length(request),
    ...rest,
  }
}
