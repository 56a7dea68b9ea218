/**
 * Fault injection: answer the next N matching requests (or every one until cleared) with a status in the
 * service's error shape, after a delay, with a network error, or never.
 * @module
 */
import { parseInput } from '../core/input-error.js'
import type { JournalFault } from '../journal/journal.js'
import type { OperationMatch } from '../operations/ids.js'
import { faultDefinitionSchema, type PathTest } from './schema.js'

export type { PathTest } from './schema.js'

/** The fields of a fault's match besides `service` and `operation`. */
interface FaultMatchFields {
  method?: string
  /**
   * The path below the service's base URL: an exact string, or a regular expression tested against it
   * (any object with `source` and `test(path)`; over HTTP, `pathPattern` gives a linear-time RE2 pattern).
   */
  path?: string | RegExp | PathTest
}

/**
 * Which requests a fault applies to. Every given field must match. `operation` is the real API's operation
 * id (e.g. `createPresetsChatCompletions`, `create-user`), of `service` when one is given; an unknown id is
 * refused.
 */
export type FaultMatch = OperationMatch<FaultMatchFields>

/** What a fault does. */
export type FaultEffect =
  | {
      /** Answer with this status and the service's own error body for it. */
      status: number
      /** Override the error message in the service's body. */
      message?: string
      /** Seconds for `Retry-After` on 429 and 503 (default 1). */
      retryAfter?: number
      delayMs?: number
    }
  | { network: 'reset'; delayMs?: number }
  | { network: 'hang' }
  | { delayMs: number }

/** A fault to inject. */
export type FaultDefinition = FaultMatch &
  FaultEffect & {
    /** How many matching requests it answers; default: every one until cleared. */
    times?: number
  }

/** An injected fault as listed. */
export type InjectedFault = FaultDefinition & { id: number; remaining: number | null; hits: number }

/** What the service sees of a request when faults are matched. */
export interface FaultTarget {
  service: string
  operation: string | null
  method: string
  path: string
}

const matches = (fault: FaultMatch, target: FaultTarget) =>
  (fault.service === undefined || fault.service === target.service) &&
  (fault.operation === undefined || fault.operation === target.operation) &&
  (fault.method === undefined || fault.method.toUpperCase() === target.method) &&
  (fault.path === undefined ||
    (typeof fault.path === 'string' ? fault.path === target.path : fault.path.test(target.path)))

/** How the journal describes the fault that answered a request. */
export function summarizeFault(fault: InjectedFault): JournalFault {
  if ('network' in fault)
    return { id: fault.id, kind: fault.network === 'hang' ? 'hang' : 'network-error' }
  const delay = fault.delayMs === undefined ? {} : { delayMs: fault.delayMs }
  if ('status' in fault) return { id: fault.id, kind: 'status', status: fault.status, ...delay }
  return { id: fault.id, kind: 'delay', ...delay }
}

/** Creates an empty set of faults. */
export function createFaults() {
  let faults: InjectedFault[] = []
  let nextId = 1
  return {
    /** Whether any fault is armed (the hot path skips matching when none is). */
    get active(): boolean {
      return faults.length > 0
    },
    /** Arms a fault; returns its id. */
    inject(definition: FaultDefinition): number {
      parseInput(faultDefinitionSchema, definition, 'inject a fault')
      const id = nextId++
      // A global or sticky RegExp keeps state between `test` calls; a copy without those flags does not.
      const path =
        definition.path instanceof RegExp
          ? new RegExp(definition.path.source, definition.path.flags.replace(/[gy]/g, ''))
          : definition.path
      faults.push({
        ...definition,
        ...(path === undefined ? {} : { path }),
        id,
        remaining: definition.times ?? null,
        hits: 0,
      })
      return id
    },
    /** Takes the first armed fault matching a request, counting it down. */
    take(target: FaultTarget): InjectedFault | undefined {
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
    list(): InjectedFault[] {
      return faults.map((fault) => ({ ...fault }))
    },
    /** Disarms one fault, or all. */
    clear(id?: number): void {
      faults = id === undefined ? [] : faults.filter((fault) => fault.id !== id)
    },
  }
}

/**
 * Armed faults as JSON shows them (the control surface, the inspector): a path tested by a regular
 * expression or a linear-time pattern as `{ pattern: source }`, since JSON would show it as `{}`.
 */
export function faultsAsJson(faults: readonly InjectedFault[]) {
  return faults.map((fault) => ({
    ...fault,
    path: typeof fault.path === 'object' ? { pattern: fault.path.source } : fault.path,
  }))
}
