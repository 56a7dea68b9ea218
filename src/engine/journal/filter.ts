/**
 * What a journal filter means: which fields it has and how an entry matches them. One definition for
 * `entries`, `count`, `last`, `waitFor`, `toHAR` and the closest-entry listing. The metadata fields are
 * compared on the stored entry (`matchesMetadata`, no parsing); `body` is a deep partial match against
 * the parsed request body (`matchesPartially`). A new filter field goes here (`JournalFilterFields` and
 * its test), and in the control surface's query (`control/http-inputs.ts`).
 * @module
 */
import type { StoredEntry } from './stored-entry.js'

/** The fields of a journal filter besides `service` and `operation`. */
export interface JournalFilterFields {
  /** The router workspace id or the messaging organization's subdomain. */
  tenant?: string
  method?: string
  status?: number | ((status: number) => boolean)
  /** Epoch ms or ISO time: entries at or after it. */
  since?: number | string
  /** Epoch ms or ISO time: entries at or before it. */
  until?: number | string
  /** A deep partial match against the parsed request body. */
  body?: unknown
  /** Inferences that applied the preset with this slug (the router's inference operations). */
  preset?: string
  /** Inferences that applied this version (its number) of a preset. */
  presetVersion?: number
  /** Inferences that this model answered (the resolved model, never `@preset/…`). */
  model?: string
  /** Inferences that a script answered (`true`) or that got the default answer (`false`). */
  scripted?: boolean
}

/**
 * A filter as the journal reads it, with `service` and `operation` as plain strings (the registered
 * ones' types: `JournalFilter`, `src/simulator/operations/journal.ts`).
 */
export type EntryFilter = JournalFilterFields & { service?: string; operation?: string }

const toMs = (value: number | string) => (typeof value === 'number' ? value : Date.parse(value))

/** Whether a stored entry matches every field of a filter but `body`. */
export const matchesMetadata = (entry: StoredEntry, filter: EntryFilter): boolean =>
  (filter.service === undefined || entry.service === filter.service) &&
  (filter.tenant === undefined || entry.tenant === filter.tenant) &&
  (filter.operation === undefined || entry.operation === filter.operation) &&
  (filter.method === undefined || entry.method === filter.method.toUpperCase()) &&
  (filter.status === undefined ||
    (typeof filter.status === 'function'
      ? filter.status(entry.status)
      : entry.status === filter.status)) &&
  (filter.since === undefined || entry.time >= toMs(filter.since)) &&
  (filter.until === undefined || entry.time <= toMs(filter.until)) &&
  (!hasInferenceFields(filter) || matchesInference(entry, filter))

const hasInferenceFields = (filter: EntryFilter): boolean =>
  filter.preset !== undefined ||
  filter.presetVersion !== undefined ||
  filter.model !== undefined ||
  filter.scripted !== undefined

/** Whether an entry records an inference with the preset, version, model and scripting a filter names. */
function matchesInference(entry: StoredEntry, filter: EntryFilter): boolean {
  const inference = entry.inference
  if (!inference) return false
  return (
    (filter.preset === undefined || inference.preset === filter.preset) &&
    (filter.presetVersion === undefined || inference.version === filter.presetVersion) &&
    (filter.model === undefined || inference.model === filter.model) &&
    (filter.scripted === undefined || inference.scripted === filter.scripted)
  )
}

/** Whether `actual` contains everything in `expected` (objects partially, arrays and scalars exactly). */
export function matchesPartially(actual: unknown, expected: unknown): boolean {
  if (expected === null || typeof expected !== 'object') return Object.is(actual, expected)
  if (Array.isArray(expected)) {
    return (
      Array.isArray(actual) &&
      actual.length === expected.length &&
      expected.every((item, index) => matchesPartially(actual[index], item))
    )
  }
  if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return false
  return Object.keys(expected).every(
    (key) =>
      Object.hasOwn(actual, key) &&
      matchesPartially(
        (actual as Record<string, unknown>)[key],
        (expected as Record<string, unknown>)[key],
      ),
  )
}
