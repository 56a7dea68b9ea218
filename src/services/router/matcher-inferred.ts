/**
 * `expect(simulator).toHaveInferred(expected)`: the journal holds an inference (the router's chat completions,
 * messages or responses) that applied what a test expects: the preset and its version, how the request named
 * it, the model and provider that answered, the endpoint, whether it streamed, the script, and fields of the
 * effective request (the request after the preset was merged in, deep partially). A failure lists the
 * closest inferences, each with what differs, as the journal matchers list the closest entries.
 * @module
 */
import { type ComparedField, listClosest, partialDifference } from '../../engine/journal/closest.js'
import type { ParsedEntry } from '../../engine/journal/entry.js'
import { matchesPartially } from '../../engine/journal/filter.js'
import type { JournalInference } from '../../engine/journal/inference.js'

/** What `toHaveInferred` expects of an inference; every field given must hold. */
export interface InferenceExpectation {
  /** The slug of the preset applied; `null`: no preset. */
  preset?: string | null
  /** The version of the preset applied (its number). */
  version?: number
  /** How the request named the preset: `model` (`@preset/x`), `field` (`preset: "x"`), `model-suffix` (`a/b@preset/x`). */
  form?: 'model' | 'field' | 'model-suffix'
  /** The model that answered (never `@preset/…`). */
  model?: string
  /** The provider's display name (`OpenAI`, `Amazon Bedrock`). */
  provider?: string
  /** `chat` (`/chat/completions`), `messages` or `responses`. */
  endpoint?: 'chat' | 'messages' | 'responses'
  stream?: boolean
  /** The script that answered: its name or id; `true`: any script; `false`: the default answer. */
  script?: string | number | boolean
  /** Fields of the effective request, deep partially (objects partially, arrays whole, as a journal filter's `body`). */
  request?: Record<string, unknown>
}

/** Each field of an expectation: what the inference holds for it, and whether that is what was expected. */
const FIELDS: {
  [K in keyof InferenceExpectation]-?: {
    received(inference: JournalInference): unknown
    holds?(received: unknown, expected: NonNullable<InferenceExpectation[K]> | null): boolean
  }
} = {
  preset: { received: (inference) => inference.preset?.slug ?? null },
  version: { received: (inference) => inference.preset?.version ?? null },
  form: { received: (inference) => inference.preset?.form ?? null },
  model: { received: (inference) => inference.model },
  provider: { received: (inference) => inference.provider },
  endpoint: { received: (inference) => inference.endpoint },
  stream: { received: (inference) => inference.stream },
  script: {
    received: (inference) => inference.script,
    holds(script, expected) {
      const given = script as JournalInference['script']
      if (typeof expected === 'boolean') return (given !== null) === expected
      return given !== null && (typeof expected === 'number' ? given.id : given.name) === expected
    },
  },
  request: {
    received: (inference) => inference.effectiveRequest,
    holds: (request, expected) => matchesPartially(request, expected),
  },
}

/** An entry that records an inference. */
type Inferred = ParsedEntry & { inference: JournalInference }

const fieldsOf = (expected: InferenceExpectation) =>
  (Object.keys(FIELDS) as Array<keyof InferenceExpectation>).filter(
    (name) => expected[name] !== undefined,
  )

/** Whether an inference holds one field of an expectation. */
function holds(inference: JournalInference, name: keyof InferenceExpectation, expected: unknown) {
  const field = FIELDS[name]
  const received = field.received(inference)
  return field.holds
    ? (field.holds as (r: unknown, e: unknown) => boolean)(received, expected)
    : Object.is(received, expected)
}

/** The entries of a journal that record an inference, oldest first. */
export function inferencesOf(entries: readonly ParsedEntry[]): Inferred[] {
  return entries.filter(
    (entry): entry is Inferred => entry.inference !== undefined && entry.inference !== null,
  )
}

/** The inferences that hold every field of an expectation. */
export function matchingInferences(
  inferences: readonly Inferred[],
  expected: InferenceExpectation,
): Inferred[] {
  const names = fieldsOf(expected)
  return inferences.filter((entry) =>
    names.every((name) => holds(entry.inference, name, expected[name])),
  )
}

/** The expectation as text: `{ preset: "x", version: 3, request: {"temperature":0.2} }`. */
export function describeExpectation(expected: InferenceExpectation): string {
  const parts = fieldsOf(expected).map((name) => `${name}: ${JSON.stringify(expected[name])}`)
  return `{ ${parts.join(', ')} }`
}

/** The inferences closest to an expectation, each with what differs (a diff of the effective request's fields). */
export function closestInferences(
  inferences: readonly Inferred[],
  expected: InferenceExpectation,
  diff: (expected: unknown, received: unknown) => string,
): string {
  if (inferences.length === 0) return 'The journal holds no inference.'
  const fields = fieldsOf(expected).map(
    (name): ComparedField => ({
      matches: (entry) => holds((entry as Inferred).inference, name, expected[name]),
      difference(entry) {
        const received = FIELDS[name].received((entry as Inferred).inference)
        if (name === 'request')
          return partialDifference('request', expected.request, received, diff)
        return `${name}: expected ${JSON.stringify(expected[name])}, received ${JSON.stringify(received)}`
      },
    }),
  )
  return listClosest(inferences, fields, { noun: ['inference', 'inferences'] })
}
