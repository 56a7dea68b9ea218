/**
 * Identity is not a difference: the ids, UUIDs, dates, avatar hashes and organization URLs the real
 * service chose are not the simulator's, and need not be. What must hold is that they map consistently:
 * the value an answer gave is the value later requests use, and one recorded value stands for one
 * simulator value (and back). This module says which values are identities, learns the pairs from the
 * answers compared, and rewrites recorded ids in later requests into the simulator's.
 *
 * What is an identity is verify's rules below, and each service's (`VerifyPart.identities`, handed in as
 * `IdentityRules`: which number keys, `id`s under which parents and which string keys map in which space).
 *
 * - Numbers under an id key (a key the service names, `id`, any other `*_id`) map within their space: a
 *   service's user ids with its user ids, `recipient_id`s with their own, an `id` with the `id`s under the
 *   same parent key.
 * - UUIDs anywhere map with UUIDs; a string under a key the service names (the router's `creator_user_id`)
 *   with its own space.
 * - Dates (ISO 8601 strings, and numbers under time keys such as `timestamp`) are not compared by value;
 *   their format is (digits, precision, offset), so `2026-01-01T00:14+00:00` against
 *   `2026-01-01T00:14:00+00:00` is a difference.
 * - Inside strings, each tenant's URL (a messaging organization's) stands for the other side's, and 32-digit hex tokens (avatar
 *   hashes) map consistently; the rest of the string must be equal.
 * - A dummy address (`user<id>@<fake domain>`, what Zulip shows for a hidden address) of the recording's
 *   fake domain maps, for a service that shows them, as a user id and a domain: `user9@localhost` is the simulator's `user12@acme.zulipchat.com`
 *   when user 9 is its user 12 and `localhost` its `acme.zulipchat.com`.
 * @module
 */
import {
  FAKE_DOMAIN,
  type Identities,
  type IdentityRules,
  isUuid,
} from '../../engine/core/verify-part.js'

/** A value's mapping space, e.g. `user`, `message`, `recipient_id`, `uuid`, `hash`. */
export type Space = string

/** Keys whose numbers are times (epoch seconds or milliseconds). */
const TIME_KEY = /(?:^|_)(?:timestamp|time|at|date)$|^x-ratelimit-reset$|^date_/

const DATE =
  /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/
const HASH = /\b[0-9a-f]{32}\b/g
/** A dummy address: `user<id>@<fake domain>`. */
const DUMMY_ADDRESS = /^user(\d+)@([^@\s]+)$/

/** Where a value sits: its key and the nearest key above it (array indices skipped). */
export interface Place {
  key: string | undefined
  parent: string | undefined
}

const own = (table: Readonly<Record<string, string>> | undefined, key: string) =>
  table !== undefined && Object.hasOwn(table, key) ? table[key] : undefined

/** The space of a number under `place`, if it is an id, by the service's rules and verify's. */
export function numberSpace({ key, parent }: Place, rules: IdentityRules): Space | undefined {
  if (key === undefined) return undefined
  const named = own(rules.numberKeys, key)
  if (named !== undefined) return named
  if (key === 'id') {
    const under = parent === undefined ? undefined : own(rules.idParents, parent)
    if (under !== undefined) return under
    return `id of ${parent ?? 'the answer'}`
  }
  if (key.endsWith('_id') || key.endsWith('_ids')) return key.replace(/s$/, '')
  return undefined
}

/** Whether a number under `place` is a time. */
export const isTimeKey = ({ key }: Place) => key !== undefined && TIME_KEY.test(key)

/**
 * A date's form: its digits as `9`, so precision (minutes, seconds) and the offset's style count, but not
 * whether a fraction of a second is written: Python's `isoformat()` and many others leave it out when it is 0.
 */
const dateShape = (value: string) => value.replace(/\.\d+/, '').replace(/\d/g, '9')

const isDate = (value: string) => DATE.test(value) && !Number.isNaN(Date.parse(value))

/** A learned pair that contradicts an earlier one. */
export interface Conflict {
  space: Space
  recorded: unknown
  simulated: unknown
  /** What the earlier pair said. */
  note: string
}

/** Recorded value ↔ simulator value, per space, both ways. */
export class IdentityMap implements Identities {
  readonly #toSim = new Map<Space, Map<unknown, unknown>>()
  readonly #toRecorded = new Map<Space, Map<unknown, unknown>>()
  /** Organization URLs: simulator URL → recorded URL. */
  readonly #urls: Array<readonly [simulated: string, recorded: string]> = []
  /** The recording's fake e-mail domains (of its dummy addresses). */
  readonly #fakeDomains = new Set<string>()

  /** Learns that `recorded` is `simulated`; a conflict when either already stands for another value. */
  learn(space: Space, recorded: unknown, simulated: unknown): Conflict | undefined {
    const forward = this.#side(this.#toSim, space)
    const backward = this.#side(this.#toRecorded, space)
    const known = forward.get(recorded)
    if (forward.has(recorded) && known !== simulated) {
      return {
        space,
        recorded,
        simulated,
        note: `recorded ${show(recorded)} was simulator ${show(known)} earlier`,
      }
    }
    const knownRecorded = backward.get(simulated)
    if (backward.has(simulated) && knownRecorded !== recorded) {
      return {
        space,
        recorded,
        simulated,
        note: `simulator ${show(simulated)} was recorded ${show(knownRecorded)} earlier`,
      }
    }
    forward.set(recorded, simulated)
    backward.set(simulated, recorded)
    return undefined
  }

  /** The simulator's value for a recorded one, or `undefined` when not learned. */
  toSim(space: Space, recorded: unknown): unknown {
    return this.#toSim.get(space)?.get(recorded)
  }

  /** Whether a simulator value already stands for some recorded value. */
  knowsSim(space: Space, simulated: unknown): boolean {
    return this.#toRecorded.get(space)?.has(simulated) ?? false
  }

  /** Declares that the simulator's organization URL `simulated` stands for the recorded `recorded`. */
  addUrl(simulated: string, recorded: string): void {
    this.#urls.push([simulated, recorded])
    // Longest first, so `https://a.example/x` is replaced before `https://a.example`.
    this.#urls.sort((a, b) => b[0].length - a[0].length)
  }

  /** Declares a domain of the recording's dummy addresses (`user<id>@<domain>`). */
  addFakeDomain(recorded: string): void {
    this.#fakeDomains.add(recorded)
  }

  /** Whether a recorded domain is one of the recording's fake e-mail domains. */
  isFakeDomain(recorded: string): boolean {
    return this.#fakeDomains.has(recorded)
  }

  /** A simulator string with each organization URL written as the recording's. */
  urlsAsRecorded(text: string): string {
    let out = text
    for (const [simulated, recorded] of this.#urls) out = out.split(simulated).join(recorded)
    return out
  }

  #side(sides: Map<Space, Map<unknown, unknown>>, space: Space): Map<unknown, unknown> {
    let side = sides.get(space)
    if (!side) {
      side = new Map()
      sides.set(space, side)
    }
    return side
  }
}

const show = (value: unknown) => (typeof value === 'string' ? JSON.stringify(value) : String(value))

/** The outcome of comparing two strings that may hold identities. */
export type StringMatch = { equal: true } | { equal: false; conflict?: Conflict }

/**
 * Compares a recorded string with the simulator's as identities allow: equal after the simulator's
 * organization URLs are written as the recording's; two UUIDs (or router user ids) that map; two dates of
 * the same format; or equal once their 32-digit hex tokens are mapped.
 */
export function matchStrings(
  map: IdentityMap,
  place: Place,
  recorded: string,
  simulated: string,
  rules: IdentityRules,
): StringMatch {
  const sim = map.urlsAsRecorded(simulated)
  const space = place.key === undefined ? undefined : own(rules.stringKeys, place.key)
  if (space !== undefined) return learned(map.learn(space, recorded, sim))
  if (recorded === sim) {
    if (isUuid(recorded)) return learned(map.learn('uuid', recorded, sim))
    return { equal: true }
  }
  if (isUuid(recorded) && isUuid(sim)) return learned(map.learn('uuid', recorded, sim))
  const recordedDummy = DUMMY_ADDRESS.exec(recorded)
  const simDummy = DUMMY_ADDRESS.exec(sim)
  const dummyIds = rules.dummyAddressIds
  if (
    dummyIds !== undefined &&
    recordedDummy &&
    simDummy &&
    map.isFakeDomain(recordedDummy[2] as string)
  ) {
    return learned(
      map.learn(dummyIds, Number(recordedDummy[1]), Number(simDummy[1])) ??
        map.learn(FAKE_DOMAIN, recordedDummy[2], simDummy[2]),
    )
  }
  if (isDate(recorded) && isDate(sim)) {
    return dateShape(recorded) === dateShape(sim) ? { equal: true } : { equal: false }
  }
  const recordedHashes = recorded.match(HASH) ?? []
  const simHashes = sim.match(HASH) ?? []
  if (
    recordedHashes.length > 0 &&
    recordedHashes.length === simHashes.length &&
    recorded.replace(HASH, '#') === sim.replace(HASH, '#')
  ) {
    for (let i = 0; i < recordedHashes.length; i++) {
      const conflict = map.learn('hash', recordedHashes[i], simHashes[i])
      if (conflict) return { equal: false, conflict }
    }
    return { equal: true }
  }
  return { equal: false }
}

const learned = (conflict: Conflict | undefined): StringMatch =>
  conflict ? { equal: false, conflict } : { equal: true }
