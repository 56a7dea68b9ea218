/**
 * Why no journal entry matches a filter: the entries closest to it (most of the filter's fields matching,
 * newest first) and, for each, the fields that differ. Each field is judged by the journal's own filter
 * (`entries({ [field]: value })`), so "matches" means here exactly what it means to `entries` and `count`.
 * Shared by `journal.waitFor`'s timeout and the vitest matchers.
 * @module
 */
import type { ParsedEntry } from './entry.js'
import type { EntryFilter } from './filter.js'
import type { JournalInference } from './inference.js'

/** What the listing reads of a journal. */
export interface ListableJournal {
  entries(filter?: EntryFilter): ParsedEntry[]
}

/** Turns an expected and a received value into a readable difference (vitest's `diff` in the matchers). */
export type DiffFunction = (expected: unknown, received: unknown) => string

/** How many entries a listing shows. */
const CLOSEST_SHOWN = 3

/** What an entry that records no inference holds for an inference field. */
const NO_INFERENCE = Symbol('no inference')

const json = (value: unknown) =>
  typeof value === 'function'
    ? `[Function ${value.name || 'anonymous'}]`
    : value === NO_INFERENCE
      ? 'no inference'
      : JSON.stringify(value)

/** The default difference: both values as JSON. */
const plainDiff: DiffFunction = (expected, received) =>
  `expected ${json(expected)}\nreceived ${json(received)}`

/** A filter as text (functions named, not dropped). */
export function describeFilter(filter: EntryFilter): string {
  const parts = Object.entries(filter)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}: ${json(value)}`)
  return `{ ${parts.join(', ')} }`
}

/**
 * One entry on one line: `#4 POST /api/v1/users → 400 (create-user, acme)`; an inference also says what it
 * applied: `[preset email-copywriter v2, model anthropic/claude-sonnet-4.5, script greeting]`.
 */
export function describeEntry(entry: ParsedEntry): string {
  const context = [entry.operation ?? 'no operation', entry.tenant].filter(Boolean).join(', ')
  const fault = entry.fault ? ` [fault: ${entry.fault.kind}]` : ''
  const inference = entry.inference ? ` [${describeInference(entry.inference)}]` : ''
  return `#${entry.seq} ${entry.method} ${entry.path} → ${entry.status} (${context})${fault}${inference}`
}

/** What an inference applied, in short: `preset email-copywriter v2, model anthropic/claude-sonnet-4.5`. */
function describeInference(inference: JournalInference): string {
  const { preset, script } = inference
  return [
    preset && `preset ${preset.slug} v${preset.version}`,
    `model ${inference.model}`,
    script && `script ${script.name === null ? `#${script.id}` : JSON.stringify(script.name)}`,
  ]
    .filter(Boolean)
    .join(', ')
}

const indent = (text: string, by: string) =>
  text
    .split('\n')
    .map((line) => `${by}${line}`)
    .join('\n')

/**
 * The part of `received` that `expected` speaks of (objects narrowed to the expected keys, recursively), so
 * a diff of a deep partial match shows what differs, not every field the entry has.
 */
export function subsetOf(received: unknown, expected: unknown): unknown {
  if (Array.isArray(received) && Array.isArray(expected)) {
    return received.map((item, index) =>
      index < expected.length ? subsetOf(item, expected[index]) : item,
    )
  }
  if (
    received === null ||
    expected === null ||
    typeof received !== 'object' ||
    typeof expected !== 'object' ||
    Array.isArray(received) ||
    Array.isArray(expected)
  ) {
    return received
  }
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(expected)) {
    if (Object.hasOwn(received, key)) {
      out[key] = subsetOf(
        (received as Record<string, unknown>)[key],
        (expected as Record<string, unknown>)[key],
      )
    }
  }
  return out
}

/** What an entry holds for a filter field, to show beside the expected value. */
function received(entry: ParsedEntry, field: keyof EntryFilter): unknown {
  if (field === 'since' || field === 'until') return entry.time
  const inference = entry.inference
  switch (field) {
    case 'preset':
      return inference ? (inference.preset?.slug ?? null) : NO_INFERENCE
    case 'presetVersion':
      return inference ? (inference.preset?.version ?? null) : NO_INFERENCE
    case 'model':
      return inference ? inference.model : NO_INFERENCE
    case 'scripted':
      return inference ? inference.script !== null : NO_INFERENCE
  }
  return entry[field]
}

/** One thing a listing compares: whether an entry has it, and, when not, how it differs (one or more lines). */
export interface ComparedField {
  matches(entry: ParsedEntry): boolean
  difference(entry: ParsedEntry): string
}

/**
 * The candidates closest to what is expected (the fewest fields differing), newest first among equally
 * close ones, each with how its fields differ, under `The closest of <n> <noun>:`.
 */
export function listClosest(
  candidates: readonly ParsedEntry[],
  fields: readonly ComparedField[],
  options: { shown?: number; noun?: readonly [string, string] } = {},
): string {
  const scored = candidates.map((entry) => ({
    entry,
    misses: fields.filter((field) => !field.matches(entry)),
  }))
  scored.sort((a, b) => a.misses.length - b.misses.length || b.entry.seq - a.entry.seq)
  const shown = scored.slice(0, options.shown ?? CLOSEST_SHOWN)
  const lines = shown.map(({ entry, misses }) =>
    [describeEntry(entry), ...misses.map((field) => indent(field.difference(entry), '    '))].join(
      '\n',
    ),
  )
  const more = scored.length - shown.length
  const [one, many] = options.noun ?? ['journal entry', 'journal entries']
  return [
    `The closest of ${candidates.length} ${candidates.length === 1 ? one : many}:`,
    ...lines.map((line) => indent(line, '  ')),
    ...(more > 0 ? [`  … and ${more} more`] : []),
  ].join('\n')
}

/** A deep partial match's difference: the diff of the part of `received` that `expected` speaks of. */
export const partialDifference = (
  name: string,
  expected: unknown,
  received: unknown,
  diff: DiffFunction = plainDiff,
): string => `${name}:\n${indent(diff(expected, subsetOf(received, expected)), '  ')}`

/**
 * The entries closest to a filter, newest first among equally close ones, each with the fields that
 * differ; `entries` are the candidates (default: the whole journal).
 */
export function closestEntries(
  journal: ListableJournal,
  filter: EntryFilter,
  options: { shown?: number; diff?: DiffFunction; candidates?: ParsedEntry[] } = {},
): string {
  const candidates = options.candidates ?? journal.entries()
  if (candidates.length === 0) return 'The journal is empty.'
  const fields = (Object.keys(filter) as Array<keyof EntryFilter>)
    .filter((field) => filter[field] !== undefined)
    .map((field): ComparedField => {
      const matching = new Set(journal.entries({ [field]: filter[field] }).map((e) => e.seq))
      return {
        matches: (entry) => matching.has(entry.seq),
        difference(entry) {
          if (field === 'body')
            return partialDifference('body', filter.body, entry.body, options.diff)
          const expected =
            field === 'since'
              ? `at or after ${json(filter.since)}`
              : field === 'until'
                ? `at or before ${json(filter.until)}`
                : json(filter[field])
          return `${field === 'since' || field === 'until' ? 'time' : field}: expected ${expected}, received ${json(received(entry, field))}`
        },
      }
    })
  return listClosest(candidates, fields, options)
}
