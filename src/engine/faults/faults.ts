/**
 * Fault injection: answer the next N matching requests (or every one until cleared) with a status in the
 * service's error shape, after a delay, with a network error, or never.
 *
 * `src/engine/faults/` is an engine part, on every request's path: armed faults and how a request matches one
 * (`faults.ts`), the global latency and the timer's limits (`latency.ts`), the rules of a fault's fields
 * (`schema.ts`), and the linear-time path patterns the control surface compiles (`path-pattern.ts`). It
 * imports only `src/engine/core/`: services and operation ids are plain strings here, which
 * `src/simulator/operations/faults.ts` narrows to the registered ones (types, and the check of `service` and
 * `operation`). A new fault kind is a member of `FaultEffect` with its field rule in `schema.ts`; the
 * simulator's answer path (`src/simulator/simulator-answer.ts`) gives its effect and its journal summary.
 * @module
 */
import { InputRangeError } from '../core/input-error.js'
import { hasHeaders } from './fields.js'
import type { PathTest } from './schema.js'

/**
 * The most faults armed at once. Every request is tested against each armed fault, so their number bounds
 * what a request costs; a test suite arms a handful.
 */
const MAX_FAULTS = 100

/** The fields of a fault's match besides `service` and `operation`. */
export interface FaultMatchFields {
  /**
   * The tenant, as the journal names it: a messaging organization's subdomain (`acme`), or the router
   * workspace id of the request's key (requests without a valid key have none).
   */
  tenant?: string
  /** Request headers that must be sent with exactly these values (names case-insensitive; not credentials). */
  headers?: Record<string, string>
  method?: string
  /**
   * The path below the service's base URL: an exact string, or a regular expression tested against it
   * (any object with `source` and `test(path)`; over HTTP, `pathPattern` gives a linear-time RE2 pattern).
   */
  path?: string | RegExp | PathTest
}

/** What a fault does. */
export type FaultEffect =
  | {
      /** Answer with this status and the service's own error body for it. */
      status: number
      /** Override the error message in the service's body. */
      message?: string
      /** Seconds for `Retry-After` on 429 and 503 (default 1). */
      retryAfter?: number
      /**
       * The router only: a model-availability error, one of the 11 codes of `error.availability` (with the
       * status that code comes with: docs/router-inference.md §17).
       */
      availability?: string
      /**
       * A body of your own instead of the service's: a string as it is, any other JSON value as JSON
       * (`content-type: application/json`).
       */
      body?: unknown
      /** Headers of your own, over the service's for the status (e.g. `retry-after`). */
      responseHeaders?: Record<string, string>
      delayMs?: number
    }
  | { network: 'reset'; delayMs?: number }
  | { network: 'hang' }
  | { delayMs: number }

/** A fault as armed here: its match (service and operation as plain strings), effect and count. */
export type ArmableFault = FaultMatchFields &
  FaultEffect & { service?: string; operation?: string; times?: number }

/** An armed fault as listed: the definition with its id, the matches left (`null`: until cleared) and hits. */
export type Armed<Definition> = Definition & { id: number; remaining: number | null; hits: number }

/** What the service sees of a request when faults are matched. */
export interface FaultTarget {
  service: string
  operation: string | null
  tenant: string | null
  method: string
  path: string
  /** The request's headers (names lower-case). */
  headers: Readonly<Record<string, string>>
}

const matches = (fault: ArmableFault, target: FaultTarget) =>
  (fault.service === undefined || fault.service === target.service) &&
  (fault.operation === undefined || fault.operation === target.operation) &&
  (fault.tenant === undefined || fault.tenant === target.tenant) &&
  (fault.method === undefined || fault.method.toUpperCase() === target.method) &&
  (fault.path === undefined ||
    (typeof fault.path === 'string' ? fault.path === target.path : fault.path.test(target.path))) &&
  (fault.headers === undefined || hasHeaders(target.headers, fault.headers))

/** A header map with lower-case names (an in-process definition is armed as given). */
const lowerCased = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]))

/** Creates an empty set of faults; a definition is armed as given (its caller has checked it). */
export function createFaults<Definition extends ArmableFault>() {
  let faults: Array<Armed<Definition>> = []
  let nextId = 1
  return {
    /** Whether any fault is armed (the hot path skips matching when none is). */
    get active(): boolean {
      return faults.length > 0
    },
    /** Arms a fault; returns its id. */
    inject(definition: Definition): number {
      if (faults.length >= MAX_FAULTS) {
        throw new InputRangeError(
          `[understudy] Failed to inject a fault: ${MAX_FAULTS} faults are armed, the most there may be; clear one first.`,
        )
      }
      const id = nextId++
      // A global or sticky RegExp keeps state between `test` calls; a copy without those flags does not.
      const path =
        definition.path instanceof RegExp
          ? new RegExp(definition.path.source, definition.path.flags.replace(/[gy]/g, ''))
          : definition.path
      const { headers } = definition
      const responseHeaders =
        'responseHeaders' in definition ? definition.responseHeaders : undefined
      faults.push({
        ...definition,
        ...(path === undefined ? {} : { path }),
        ...(headers === undefined ? {} : { headers: lowerCased(headers) }),
        ...(responseHeaders === undefined ? {} : { responseHeaders: lowerCased(responseHeaders) }),
        id,
        remaining: definition.times ?? null,
        hits: 0,
      })
      return id
    },
    /** Takes the first armed fault matching a request, counting it down. */
    take(target: FaultTarget): Armed<Definition> | undefined {
      const fault = faults.find((candidate) => matches(candidate, target))
      if (!fault) return undefined
      fault.hits += 1
      if (fault.remaining !== null) {
        fault.remaining -= 1
        if (fault.remaining === 0) faults = faults.filter((candidate) => candidate !== fault)
      }
      return fault
    },
    /** The armed faults. */
    list(): Array<Armed<Definition>> {
      return faults.map((fault) => ({ ...fault }))
    },
    /** Disarms one fault, or all. */
    clear(id?: number): void {
      faults = id === undefined ? [] : faults.filter((fault) => fault.id !== id)
    },
  }
}
