/**
 * Fault injection: answer the next N matching requests (or every one until cleared) with a status in the
 * service's error shape, after a delay, with a network error, or never.
 * @module
 */
import type { JournalFault } from './journal.js'

/** Which requests a fault applies to. Every given field must match. */
export interface FaultMatch {
  service?: 'router' | 'messaging'
  /** The real API's operation id, e.g. `createPresetsChatCompletions` or `create-user`. */
  operation?: string
  method?: string
  /** The URL path: an exact string, or a regular expression tested against it. */
  path?: string | RegExp
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

function validate(definition: FaultDefinition): void {
  const fail = (why: string) => {
    throw new TypeError(`[understudy] Failed to inject a fault: ${why}.`)
  }
  if (definition === null || typeof definition !== 'object') fail('give an object')
  if (
    definition.service !== undefined &&
    definition.service !== 'router' &&
    definition.service !== 'messaging'
  ) {
    fail(`service must be "router" or "messaging", got ${JSON.stringify(definition.service)}`)
  }
  for (const key of ['operation', 'method'] as const) {
    if (definition[key] !== undefined && typeof definition[key] !== 'string')
      fail(`${key} must be a string`)
  }
  if (
    definition.path !== undefined &&
    typeof definition.path !== 'string' &&
    !(definition.path instanceof RegExp)
  ) {
    fail('path must be a string or a regular expression')
  }
  const message = (definition as { message?: unknown }).message
  if (message !== undefined && typeof message !== 'string') fail('message must be a string')
  const retryAfter = (definition as { retryAfter?: unknown }).retryAfter
  if (retryAfter !== undefined && (typeof retryAfter !== 'number' || !(retryAfter >= 0))) {
    fail('retryAfter must be a number of seconds >= 0')
  }
  const effects = ['status' in definition, 'network' in definition].filter(Boolean).length
  if (effects > 1) fail('give either a status or a network fault, not both')
  if (
    'status' in definition &&
    (!Number.isInteger(definition.status) || definition.status < 100 || definition.status > 599)
  ) {
    fail(`status ${String(definition.status)} is not an HTTP status from 100 to 599`)
  }
  const network = (definition as { network?: unknown }).network
  if ('network' in definition && network !== 'reset' && network !== 'hang') {
    fail(`network must be "reset" or "hang", got "${String(network)}"`)
  }
  if (!('status' in definition) && !('network' in definition) && !('delayMs' in definition)) {
    fail('give a status, a network fault or a delay')
  }
  if (
    'delayMs' in definition &&
    definition.delayMs !== undefined &&
    (!Number.isFinite(definition.delayMs) || definition.delayMs < 0)
  ) {
    fail(`delayMs ${String(definition.delayMs)} is not a non-negative number`)
  }
  if (
    definition.times !== undefined &&
    (!Number.isInteger(definition.times) || definition.times < 1)
  ) {
    fail(`times ${String(definition.times)} is not a whole number >= 1`)
  }
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
      validate(definition)
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

export type Faults = ReturnType<typeof createFaults>
