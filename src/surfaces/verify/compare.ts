/**
 * Compares one recorded answer with the simulator's: the status, the headers a client reads, and the body,
 * field by field when both are JSON (identities mapped, key order where the recording shows it stable),
 * else as text. Each difference is a `Finding`; the caller adds which exchange it belongs to.
 * @module
 */
import { type HeaderList, header } from '../../engine/core/recorded-exchange.js'
import {
  type BodyComparison,
  type Finding,
  type IdentityRules,
  objectSignature,
} from '../../engine/core/verify-part.js'
import {
  type Conflict,
  type IdentityMap,
  isTimeKey,
  matchStrings,
  numberSpace,
  type Place,
} from './identity.js'

/** The headers a client reads, compared when either side has them. */
const COMPARED_HEADERS = [
  'content-type',
  'www-authenticate',
  'allow',
  'location',
  'retry-after',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
] as const

/** Headers whose value is a time or a wait: compared by form (a number, whole or not), not by value. */
const TIMING_HEADERS = new Set(['retry-after', 'x-ratelimit-reset'])

/** Whether the key order of an object (by its signature) is stable in the recording. */
export type OrderStability = (signature: string) => boolean

/** What a comparison needs besides the two answers. */
export interface CompareContext {
  identities: IdentityMap
  /** Which values of the service's answers are identities (`VerifyPart.identities`). */
  rules: IdentityRules
  stableOrder: OrderStability
  /** Who sent the request (a credential's id), for per-account header counters. */
  who: string
  /** Lists (`body.members`) whose order the real service does not fix: compared as sets (`unordered.ts`). */
  unordered: ReadonlySet<string>
  /**
   * The comparison of a body the service's part does not want compared value by value (the router's
   * inference answers, by their envelope: `VerifyPart.bodies`).
   */
  bodies?: BodyComparison | undefined
}

/** One side's answer. */
export interface Answer {
  status: number
  headers: HeaderList | undefined
  body: string | undefined
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/
const child = (path: string, key: string) =>
  IDENTIFIER.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)

/**
 * Learns from the recorded JSON bodies which objects keep their key order: an object signature seen twice
 * with two orders is not stable, and its order is then not compared.
 */
export function orderStability(bodies: Iterable<unknown>): OrderStability {
  const seen = new Map<string, string>()
  const unstable = new Set<string>()
  const walk = (value: unknown, wildPath: string) => {
    if (Array.isArray(value)) {
      for (const item of value) walk(item, `${wildPath}[]`)
      return
    }
    if (!isObject(value)) return
    const signature = objectSignature(wildPath, value)
    const order = Object.keys(value).join(',')
    const earlier = seen.get(signature)
    if (earlier === undefined) seen.set(signature, order)
    else if (earlier !== order) unstable.add(signature)
    for (const [key, item] of Object.entries(value)) walk(item, child(wildPath, key))
  }
  for (const body of bodies) walk(body, 'body')
  return (signature) => !unstable.has(signature)
}

function identityFinding(path: string, conflict: Conflict): Finding {
  return {
    kind: 'identity',
    path,
    expected: conflict.recorded,
    actual: conflict.simulated,
    note: conflict.note,
  }
}

function compareNumbers(
  path: string,
  place: Place,
  recorded: number,
  simulated: number,
  context: CompareContext,
): Finding[] {
  const space = numberSpace(place, context.rules)
  // Ids are positive: -1 and 0 under an id key are sentinels (`max_message_id: -1`, no message), values.
  const ids = Number.isInteger(recorded) && Number.isInteger(simulated)
  if (space !== undefined && ids && recorded > 0 && simulated > 0) {
    const conflict = context.identities.learn(space, recorded, simulated)
    return conflict ? [identityFinding(path, conflict)] : []
  }
  if (isTimeKey(place)) {
    return Number.isInteger(recorded) === Number.isInteger(simulated)
      ? []
      : [{ kind: 'value', path, expected: recorded, actual: simulated }]
  }
  return Object.is(recorded, simulated)
    ? []
    : [{ kind: 'value', path, expected: recorded, actual: simulated }]
}

/** Compares two objects; `ownKey` is the key they sit under (the parent of their fields). */
function compareObjects(
  path: string,
  wildPath: string,
  ownKey: string | undefined,
  recorded: Record<string, unknown>,
  simulated: Record<string, unknown>,
  context: CompareContext,
): Finding[] {
  const findings: Finding[] = []
  for (const [key, value] of Object.entries(recorded)) {
    const at = child(path, key)
    if (!Object.hasOwn(simulated, key)) {
      findings.push({ kind: 'missing', path: at, expected: value, actual: undefined })
      continue
    }
    findings.push(
      ...compareValues(
        at,
        child(wildPath, key),
        { key, parent: ownKey },
        value,
        simulated[key],
        context,
      ),
    )
  }
  for (const [key, value] of Object.entries(simulated)) {
    if (!Object.hasOwn(recorded, key)) {
      findings.push({ kind: 'extra', path: child(path, key), expected: undefined, actual: value })
    }
  }
  if (context.stableOrder(objectSignature(wildPath, recorded))) {
    const recordedOrder = Object.keys(recorded).filter((key) => Object.hasOwn(simulated, key))
    const simulatedOrder = Object.keys(simulated).filter((key) => Object.hasOwn(recorded, key))
    if (recordedOrder.join(',') !== simulatedOrder.join(',')) {
      findings.push({ kind: 'order', path, expected: recordedOrder, actual: simulatedOrder })
    }
  }
  return findings
}

/** The key that identifies every element of a list of objects (`user_id`, `id`), if there is one. */
function idKeyOf(list: readonly unknown[]): string | undefined {
  for (const key of ['user_id', 'id']) {
    if (list.length > 0 && list.every((item) => isObject(item) && item[key] !== undefined)) {
      return key
    }
  }
  return undefined
}

/**
 * Lists of objects with ids (`members`, `data`) are compared element by element as the ids pair them
 * (the recorded id, or the simulator id it maps to), so one element out of place is one `order`
 * difference and one missing element one `missing`, rather than every field of every later element.
 * `undefined` when the elements do not pair by id (then they are compared by position).
 */
function compareListsById(
  path: string,
  wildPath: string,
  place: Place,
  recorded: readonly unknown[],
  simulated: readonly unknown[],
  context: CompareContext,
): Finding[] | undefined {
  const key = idKeyOf(recorded)
  if (key === undefined || idKeyOf(simulated) !== key) return undefined
  const idOf = (item: unknown) => (item as Record<string, unknown>)[key]
  const spaceOf = (id: unknown) =>
    typeof id === 'string'
      ? 'uuid'
      : (numberSpace({ key, parent: place.key }, context.rules) ?? 'id')
  const used = new Set<number>()
  const pairs: Array<[recordedIndex: number, simIndex: number]> = []
  const unpaired: number[] = []
  recorded.forEach((item, i) => {
    const id = idOf(item)
    const mapped = context.identities.toSim(spaceOf(id), id)
    const target = mapped ?? id
    const j = simulated.findIndex((other, k) => !used.has(k) && idOf(other) === target)
    if (j < 0) unpaired.push(i)
    else {
      used.add(j)
      pairs.push([i, j])
    }
  })
  // Elements whose ids neither side has mapped yet pair in order: comparing them learns their ids.
  const strangers = simulated
    .map((_, j) => j)
    .filter(
      (j) =>
        !used.has(j) &&
        !context.identities.knowsSim(spaceOf(idOf(simulated[j])), idOf(simulated[j])),
    )
  for (const i of [...unpaired]) {
    const id = idOf(recorded[i])
    if (context.identities.toSim(spaceOf(id), id) !== undefined) continue
    const j = strangers.shift()
    if (j === undefined) break
    used.add(j)
    pairs.push([i, j])
    unpaired.splice(unpaired.indexOf(i), 1)
  }
  pairs.sort((a, b) => a[0] - b[0])
  if (pairs.length === 0) return undefined
  const findings: Finding[] = []
  for (const [i, j] of pairs) {
    findings.push(
      ...compareValues(`${path}[${i}]`, `${wildPath}[]`, place, recorded[i], simulated[j], context),
    )
  }
  for (const i of unpaired) {
    findings.push({
      kind: 'missing',
      path: `${path}[${i}]`,
      expected: recorded[i],
      actual: undefined,
    })
  }
  simulated.forEach((item, j) => {
    if (!used.has(j)) {
      findings.push({ kind: 'extra', path: `${path}[${j}]`, expected: undefined, actual: item })
    }
  })
  const inOrder =
    context.unordered.has(path) ||
    pairs.every(([, j], n) => n === 0 || j > (pairs[n - 1] as [number, number])[1])
  if (!inOrder) {
    const recordedIds = pairs.map(([i]) => idOf(recorded[i]))
    const simOrder = [...pairs].sort((a, b) => a[1] - b[1]).map(([i]) => idOf(recorded[i]))
    findings.push({ kind: 'order', path, expected: recordedIds, actual: simOrder })
  }
  return findings
}

/** Compares two JSON values at `path` (`body…`). */
function compareValues(
  path: string,
  wildPath: string,
  place: Place,
  recorded: unknown,
  simulated: unknown,
  context: CompareContext,
): Finding[] {
  if (Array.isArray(recorded) && Array.isArray(simulated)) {
    const byIdentity = compareListsById(path, wildPath, place, recorded, simulated, context)
    if (byIdentity) return byIdentity
    const findings: Finding[] = []
    const length = Math.max(recorded.length, simulated.length)
    for (let i = 0; i < length; i++) {
      const at = `${path}[${i}]`
      if (i >= simulated.length) {
        findings.push({ kind: 'missing', path: at, expected: recorded[i], actual: undefined })
      } else if (i >= recorded.length) {
        findings.push({ kind: 'extra', path: at, expected: undefined, actual: simulated[i] })
      } else {
        findings.push(
          ...compareValues(at, `${wildPath}[]`, place, recorded[i], simulated[i], context),
        )
      }
    }
    return findings
  }
  if (isObject(recorded) && isObject(simulated)) {
    return compareObjects(path, wildPath, place.key, recorded, simulated, context)
  }
  if (typeof recorded === 'number' && typeof simulated === 'number') {
    return compareNumbers(path, place, recorded, simulated, context)
  }
  if (typeof recorded === 'string' && typeof simulated === 'string') {
    const match = matchStrings(context.identities, place, recorded, simulated, context.rules)
    if (match.equal) return []
    if (match.conflict) return [identityFinding(path, match.conflict)]
    return [{ kind: 'value', path, expected: recorded, actual: simulated }]
  }
  return Object.is(recorded, simulated)
    ? []
    : [{ kind: 'value', path, expected: recorded, actual: simulated }]
}

/** A body parsed as JSON, or `undefined` when it is not JSON. */
export function parseJson(text: string | undefined): unknown {
  if (text === undefined || text.trim() === '') return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

function compareBodies(recorded: Answer, simulated: Answer, context: CompareContext): Finding[] {
  if (recorded.body === undefined) return []
  const simBody = simulated.body ?? ''
  if (context.bodies) {
    return context.bodies(recorded.body, simBody, {
      status: recorded.status,
      stableOrder: context.stableOrder,
    })
  }
  const recordedJson = parseJson(recorded.body)
  const simJson = parseJson(simBody)
  if (recordedJson !== undefined && simJson !== undefined) {
    return compareValues(
      'body',
      'body',
      { key: undefined, parent: undefined },
      recordedJson,
      simJson,
      context,
    )
  }
  if (recorded.body === context.identities.urlsAsRecorded(simBody)) return []
  return [{ kind: 'body', path: 'body', expected: recorded.body, actual: simBody }]
}

// The media type in lower case, `; ` between its parts (a pattern of spaces around `;` took quadratic time).
const normalizeMediaType = (value: string) =>
  value
    .toLowerCase()
    .split(';')
    .map((part) => part.trim())
    .join('; ')
    .trim()

function compareHeader(
  name: string,
  recorded: string | undefined,
  simulated: string | undefined,
  context: CompareContext,
): Finding[] {
  const path = `headers.${name}`
  const differs = (): Finding[] => [{ kind: 'header', path, expected: recorded, actual: simulated }]
  if (recorded === undefined || simulated === undefined) {
    return recorded === simulated ? [] : differs()
  }
  if (name === 'content-type') {
    return normalizeMediaType(recorded) === normalizeMediaType(simulated) ? [] : differs()
  }
  if (name === 'location') {
    return context.identities.urlsAsRecorded(simulated) === recorded ? [] : differs()
  }
  if (TIMING_HEADERS.has(name)) {
    const [a, b] = [Number(recorded), Number(simulated)]
    const sameForm =
      Number.isFinite(a) && Number.isFinite(b) && /\./.test(recorded) === /\./.test(simulated)
    return sameForm ? [] : differs()
  }
  if (name === 'x-ratelimit-remaining') {
    // The budget used before the recording began is unknown: what must agree is how it goes down.
    const [a, b] = [Number(recorded), Number(simulated)]
    if (!Number.isInteger(a) || !Number.isInteger(b)) return recorded === simulated ? [] : differs()
    const conflict = context.identities.learn(
      `x-ratelimit-remaining of ${context.who}`,
      'budget used before',
      a - b,
    )
    return conflict ? differs() : []
  }
  return recorded === simulated ? [] : differs()
}

/** Every difference between a recorded answer and the simulator's. */
export function compareAnswers(
  recorded: Answer,
  simulated: Answer,
  context: CompareContext,
): Finding[] {
  const findings: Finding[] = []
  if (recorded.status !== simulated.status) {
    findings.push({
      kind: 'status',
      path: 'status',
      expected: recorded.status,
      actual: simulated.status,
    })
  }
  // A recording without response headers (some proxies) says nothing about them.
  if (recorded.headers !== undefined && recorded.headers.length > 0) {
    for (const name of COMPARED_HEADERS) {
      findings.push(
        ...compareHeader(
          name,
          header(recorded.headers, name),
          header(simulated.headers, name),
          context,
        ),
      )
    }
  }
  findings.push(...compareBodies(recorded, simulated, context))
  return findings
}
