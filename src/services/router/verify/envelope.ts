/**
 * The router's inference answers compared by their envelope, not by the model's words: keys, their order and
 * JSON types; the values that are the envelope's own (`object`, `type`, `role`, an event's name, a 401's
 * message); ids by their form (`gen-<digits>-<letters and digits>`); and for a stream, its framing: the
 * sequence of its kinds of event, runs of the same kind (the deltas) counted as one, each kind's first event
 * compared as above. A recording of the real router and Understudy's answer to the same request then agree
 * whatever the model said and however many pieces it said it in (docs/verify.md).
 * @module
 */

import { type Finding, objectSignature } from '../../../engine/core/verify-part.js'
import { looksLikeEventStream, parseEventStream, type StreamBlock } from './event-stream.js'

/** What an envelope comparison needs. */
export interface EnvelopeContext {
  /** The recorded status (a 401's message is the envelope's own). */
  status: number
  /** Whether the key order of an object (by its signature) is compared. */
  stableOrder: (signature: string) => boolean
}

/** Keys whose string value is the envelope's own, compared as it is. */
const VALUE_KEYS = new Set(['object', 'type', 'role'])
/** Keys whose value is an id, compared by form. */
const ID_KEYS = new Set(['id', 'item_id', 'call_id', 'user_id'])

/**
 * An id's form: its leading lower-case words (`gen`, `msg_tmp`, `toolu`) as they are, every other part by
 * class (`N` digits, `X` letters and digits): `gen-1787612977-3B6P…` is `gen-N-X`.
 */
function idForm(id: string): string {
  const parts = id.split(/([-_])/)
  let literal = true
  return parts
    .map((part, i) => {
      if (part === '-' || part === '_') return part
      const last = i === parts.length - 1
      if (literal && !last && /^[a-z]+$/.test(part)) return part
      literal = false
      return /^\d+$/.test(part) ? 'N' : 'X'
    })
    .join('')
}

const jsonType = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/
const child = (path: string, key: string) =>
  IDENTIFIER.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`

function compareScalars(
  path: string,
  key: string | undefined,
  parent: string | undefined,
  recorded: unknown,
  simulated: unknown,
  context: EnvelopeContext,
): Finding[] {
  const differs = (kind: Finding['kind']): Finding[] => [
    { kind, path, expected: recorded, actual: simulated },
  ]
  if (jsonType(recorded) !== jsonType(simulated)) return differs('type')
  if (typeof recorded === 'string' && typeof simulated === 'string' && key !== undefined) {
    if (VALUE_KEYS.has(key) || (key === 'message' && parent === 'error' && context.status === 401))
      return recorded === simulated ? [] : differs('value')
    if (ID_KEYS.has(key)) return idForm(recorded) === idForm(simulated) ? [] : differs('value')
  }
  if (typeof recorded === 'number' && typeof simulated === 'number') {
    return Number.isInteger(recorded) === Number.isInteger(simulated) ? [] : differs('type')
  }
  return []
}

/** Compares two JSON values by their envelope. */
function compareEnvelope(
  path: string,
  recorded: unknown,
  simulated: unknown,
  context: EnvelopeContext,
  place: { key?: string | undefined; parent?: string | undefined; wildPath?: string } = {},
): Finding[] {
  const wildPath = place.wildPath ?? path
  if (Array.isArray(recorded) && Array.isArray(simulated)) {
    // Lists of the model's making (content, output, choices) are compared element by element, as far as
    // both go: how many there are is the model's.
    const findings: Finding[] = []
    if ((recorded.length === 0) !== (simulated.length === 0))
      findings.push({ kind: 'value', path, expected: recorded, actual: simulated })
    const length = Math.min(recorded.length, simulated.length)
    for (let i = 0; i < length; i++) {
      findings.push(
        ...compareEnvelope(`${path}[${i}]`, recorded[i], simulated[i], context, {
          key: place.key,
          parent: place.parent,
          wildPath: `${wildPath}[]`,
        }),
      )
    }
    return findings
  }
  if (isObject(recorded) && isObject(simulated)) {
    const findings: Finding[] = []
    for (const [key, value] of Object.entries(recorded)) {
      const at = child(path, key)
      if (!Object.hasOwn(simulated, key)) {
        findings.push({ kind: 'missing', path: at, expected: value, actual: undefined })
        continue
      }
      findings.push(
        ...compareEnvelope(at, value, simulated[key], context, {
          key,
          parent: place.key,
          wildPath: child(wildPath, key),
        }),
      )
    }
    for (const [key, value] of Object.entries(simulated)) {
      if (!Object.hasOwn(recorded, key))
        findings.push({ kind: 'extra', path: child(path, key), expected: undefined, actual: value })
    }
    if (context.stableOrder(objectSignature(wildPath, recorded))) {
      const recordedOrder = Object.keys(recorded).filter((key) => Object.hasOwn(simulated, key))
      const simulatedOrder = Object.keys(simulated).filter((key) => Object.hasOwn(recorded, key))
      if (recordedOrder.join(',') !== simulatedOrder.join(','))
        findings.push({ kind: 'order', path, expected: recordedOrder, actual: simulatedOrder })
    }
    return findings
  }
  return compareScalars(path, place.key, place.parent, recorded, simulated, context)
}

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/**
 * The kind of a stream block: a comment by its text; an event by its name, its data's `type` (and a delta's
 * own `type`), or for a chat chunk what it carries (`usage`, `error`, a finish reason, no choice); data that
 * is not JSON (`[DONE]`) as it is.
 */
function kindOf(block: StreamBlock, text: string): string {
  if (block.kind === 'comment') return `comment ${text.trim()}`
  const value = parse(block.data)
  const name = block.name === undefined ? '' : `event: ${block.name} `
  if (!isObject(value)) return `${name}${block.data}`
  if (typeof value.type === 'string') {
    const delta =
      isObject(value.delta) && typeof value.delta.type === 'string' ? value.delta.type : ''
    return `${name}${value.type}${delta === '' ? '' : ` ${delta}`}`
  }
  const choices = Array.isArray(value.choices) ? value.choices : []
  const first = isObject(choices[0]) ? choices[0] : undefined
  const flags = [
    choices.length === 0 ? 'no choice' : '',
    first && first.finish_reason !== null && first.finish_reason !== undefined ? 'finish' : '',
    'usage' in value ? 'usage' : '',
    'error' in value ? 'error' : '',
  ].filter((flag) => flag !== '')
  return `${name}chunk${flags.length === 0 ? '' : ` (${flags.join(', ')})`}`
}

interface Run {
  kind: string
  /** The first block of the run, and its index in the stream. */
  first: StreamBlock
  at: number
}

/** A stream's runs of blocks of one kind; leading comments dropped when `dropLeadingComments`. */
function runsOf(text: string, dropLeadingComments: boolean): Run[] {
  const raw = text.split('\n\n').filter((block) => block.trim() !== '')
  const blocks = parseEventStream(text)
  const runs: Run[] = []
  blocks.forEach((block, at) => {
    const kind = kindOf(block, raw[at] ?? '')
    if (runs.at(-1)?.kind !== kind) runs.push({ kind, first: block, at })
  })
  if (dropLeadingComments && runs[0]?.kind.startsWith('comment')) runs.shift()
  return runs
}

/**
 * Compares two streams by their framing and each kind's first event. A run of comments before the first
 * event is compared only when both have one: the real service sends them while a request waits.
 */
function compareStreams(recorded: string, simulated: string, context: EnvelopeContext): Finding[] {
  const opens = (text: string) => text.startsWith(':')
  const drop = opens(recorded) !== opens(simulated)
  const expected = runsOf(recorded, drop)
  const actual = runsOf(simulated, drop)
  const kinds = (runs: Run[]) => runs.map((run) => run.kind)
  const findings: Finding[] = []
  if (kinds(expected).join('\n') !== kinds(actual).join('\n'))
    findings.push({
      kind: 'stream',
      path: 'body',
      expected: kinds(expected),
      actual: kinds(actual),
    })
  // Each kind's first event against the simulator's first of that kind, wherever it is.
  const used = new Set<number>()
  for (const run of expected) {
    const j = actual.findIndex((other, k) => !used.has(k) && other.kind === run.kind)
    if (j < 0) continue
    used.add(j)
    const other = actual[j] as Run
    if (run.first.kind !== 'data') continue
    const a = parse(run.first.data)
    const b = parse(other.first.data)
    if (a === undefined || b === undefined) continue
    findings.push(...compareEnvelope(`body[${run.at}]`, a, b, context, { wildPath: 'event' }))
  }
  return findings
}

/** Compares two inference answers' bodies by their envelope (a stream by its framing and events). */
export function compareEnvelopeBodies(
  recorded: string,
  simulated: string,
  context: EnvelopeContext,
): Finding[] {
  if (looksLikeEventStream(recorded) || looksLikeEventStream(simulated)) {
    return compareStreams(recorded, simulated, context)
  }
  const a = parse(recorded)
  const b = parse(simulated)
  if (a === undefined || b === undefined)
    return recorded === simulated
      ? []
      : [{ kind: 'body', path: 'body', expected: recorded, actual: simulated }]
  return compareEnvelope('body', a, b, context)
}
