/**
 * The one path every request takes inside a simulator, whatever the way in, in this order: the latency;
 * a `Prefer: code=<status>` header (the service's own error for it; armed faults are then not consulted);
 * an armed fault (matched on what the routed request's `describe()` says of it); the body limit (413 in the
 * service's shape); a stub (the most recently added match); then the routed request's `answer()`. The
 * service routes each request once (`service.route()`): on arrival when anything is to be matched, else
 * when it is answered; the answer reuses the arrival's routing unless a wait saw the service's data change
 * (then the request is routed again, as the data now stands). The exchange is recorded in the journal.
 * Synchronous unless a latency or delay waits or the service answers later: a request answered at once
 * costs no promise here.
 * @module
 */
import type { Clock } from '../engine/core/clock.js'
import {
  internalErrorOf,
  isNetworkFault,
  isStreamed,
  type MaybeAsync,
  type Outcome,
  type PlainRequest,
  partTexts,
  withInternalError,
} from '../engine/core/http.js'
import { printable } from '../engine/core/printable.js'
import type { RequestMeta, RoutedRequest, Scope, Service } from '../engine/core/service.js'
import type { FaultTarget } from '../engine/faults/faults.js'
import { withCustomParts } from '../engine/faults/fields.js'
import { drawLatency, type LatencySetting, sleep } from '../engine/faults/latency.js'
import { type Preference, preferredStatus } from '../engine/faults/prefer.js'
import { stubResponse } from '../engine/faults/stubs.js'
import {
  answeredBeforeBody,
  faultAnswered,
  JOURNAL_REFUSED_BODY_BYTES,
} from '../engine/journal/body-policy.js'
import {
  describeError,
  type JournalError,
  type JournalFault,
  type NewJournalEntry,
} from '../engine/journal/entry.js'
import type { InjectedFault } from './operations/faults.js'
import type { AddedStub } from './operations/stubs.js'

/** What the path reads of its simulator. */
export interface AnswerPathParts {
  clock: Clock
  journal: { record(entry: NewJournalEntry, keepBodyBytes?: number): void }
  faults: { readonly active: boolean; take(target: FaultTarget): InjectedFault | undefined }
  stubs: { readonly active: boolean; take(target: FaultTarget): AddedStub | undefined }
  /** The latency in force now. */
  latency(): LatencySetting
  /** The largest request body accepted. */
  maxBodyBytes: number
}

/** One request on its way through the path: what each step reads, and what the journal records. */
interface Exchange {
  service: Service
  request: PlainRequest
  scope: Scope
  /** What the service said of the request (its operation, tenant, actor and path), once known. */
  meta: RequestMeta
  /** The request as the service routed it on arrival (when anything is to be matched), and `meta` its description. */
  routed: RoutedRequest | undefined
  /** The service's `changes()` when it routed the request on arrival. */
  changes: number
  /** What its `Prefer` header asks for, if anything (then nothing else is matched). */
  prefer: Preference
  /** The armed fault that matched it, if any. */
  fault: InjectedFault | undefined
  /** The stub that answers it, if any (not when a fault answers or the body is over the limit). */
  stub: AddedStub | undefined
  /** Whether the body is over the limit (answered 413 without being kept). */
  oversized: boolean
  /** `performance.now()` when it arrived (its duration is measured from there). */
  began: number
  /** The simulator clock's time when it arrived. */
  time: number
}

/** How the journal describes what answered a request in the service's place, if anything. */
function summarizeFault({ prefer, fault, stub }: Exchange): JournalFault | null {
  if (prefer) return { id: null, kind: 'prefer', status: 'status' in prefer ? prefer.status : 400 }
  if (stub) {
    const delay = stub.delayMs === undefined ? {} : { delayMs: stub.delayMs }
    return { id: stub.id, kind: 'stub', status: stub.status ?? 200, ...delay }
  }
  if (!fault) return null
  if ('network' in fault)
    return { id: fault.id, kind: fault.network === 'hang' ? 'hang' : 'network-error' }
  const delay = fault.delayMs === undefined ? {} : { delayMs: fault.delayMs }
  if ('status' in fault) return { id: fault.id, kind: 'status', status: fault.status, ...delay }
  return { id: fault.id, kind: 'delay', ...delay }
}

/**
 * How much of the request body the journal keeps: all of it (up to the prefix) when the service or a
 * stub answered from it, the first KiB when the answer did not depend on it.
 */
function keptBodyBytes(exchange: Exchange, status: number): number | undefined {
  if (exchange.stub) return undefined
  return exchange.prefer ||
    faultAnswered(exchange.fault) ||
    answeredBeforeBody(status, exchange.meta.operation)
    ? JOURNAL_REFUSED_BODY_BYTES
    : undefined
}

/** A failure outside the service's own guards: still the service's 500, and still recorded. */
const failedInside = (exchange: Exchange, error: unknown) =>
  withInternalError(
    exchange.service.faultResponse(500, {
      tenant: exchange.meta.tenant,
      operation: exchange.meta.operation,
    }),
    error,
  )

/** Logs an exception the simulator met answering a request (one line), and describes it for the journal. */
function reportInternalError(exchange: Exchange, failure: unknown): JournalError {
  const error = describeError(failure)
  const { service, meta } = exchange
  // The path and the message may carry what a request sent: printed inert (core/printable.ts).
  console.error(
    printable(
      `[understudy] internal error in ${service.name} ${meta.operation ?? meta.path}: ${error.message}`,
    ),
  )
  return error
}

/**
 * Creates the answer path of one simulator: `answer(service, request, scope)` is the service's outcome
 * (`undefined` when the URL is not the service's), recorded in the journal.
 */
export function createAnswerPath(parts: AnswerPathParts) {
  const { clock, journal, faults, stubs, maxBodyBytes } = parts

  /** The size of a body refused as too large without being read: its declared length, or over the limit. */
  const unreadBodySize = (request: PlainRequest): number => {
    const declared = Number(request.headers['content-length'])
    return Number.isSafeInteger(declared) && declared > maxBodyBytes ? declared : maxBodyBytes + 1
  }

  /**
   * Records the answered request in the journal and hands the outcome on. A stream is produced for the
   * journal here: one that fails as it is produced (a simulator bug) is answered and recorded as the
   * service's 500 instead, as a failure while building any other answer is.
   */
  function settle(exchange: Exchange, outcome: Outcome | undefined): Outcome | undefined {
    if (!outcome) return undefined
    if (isNetworkFault(outcome) || !isStreamed(outcome)) return record(exchange, outcome)
    try {
      return record(exchange, outcome)
    } catch (error) {
      return record(exchange, failedInside(exchange, error))
    }
  }

  /** Records the answered request in the journal and hands the outcome on. */
  function record(exchange: Exchange, outcome: Outcome): Outcome {
    const { request, meta, oversized } = exchange
    const response = isNetworkFault(outcome) ? undefined : outcome
    const status = response?.status ?? 0
    const failure = response === undefined ? undefined : internalErrorOf(response)
    const error = failure === undefined ? undefined : reportInternalError(exchange, failure)
    journal.record(
      {
        time: exchange.time,
        service: exchange.service.name,
        tenant: meta.tenant,
        operation: meta.operation,
        actor: meta.actor,
        method: request.method,
        url: request.url,
        path: meta.path,
        query: request.query,
        headers: request.headers,
        body: oversized ? undefined : request.body,
        bodySize: oversized ? (request.body?.byteLength ?? unreadBodySize(request)) : undefined,
        status,
        // A stream's parts, produced once for the journal (it keeps their prefix and size), one at a time.
        responseBody:
          response === undefined
            ? ''
            : isStreamed(response)
              ? partTexts(response.parts)
              : response.body,
        responseHeaders: response?.headers ?? {},
        fault: summarizeFault(exchange),
        durationMs: performance.now() - exchange.began,
        error,
        inference: meta.inference,
      },
      keptBodyBytes(exchange, status),
    )
    return outcome
  }

  /** After the wait: the fault's answer, the 413, or the service's; then the journal. */
  function respond(exchange: Exchange): MaybeAsync<Outcome | undefined> {
    const { service, fault, prefer } = exchange
    let outcome: MaybeAsync<Outcome | undefined>
    if (prefer) {
      const { tenant, operation } = exchange.meta
      outcome =
        'status' in prefer
          ? service.faultResponse(prefer.status, { tenant, operation })
          : service.faultResponse(400, { message: prefer.refused, tenant, operation })
    } else if (fault && 'network' in fault) outcome = { network: fault.network }
    else if (exchange.oversized) {
      if (!exchange.routed) {
        const routed = service.route(exchange.request, exchange.scope)
        if (!routed) return undefined
        exchange.meta = routed.describe()
      }
      outcome = service.faultResponse(413, {
        tenant: exchange.meta.tenant,
        operation: exchange.meta.operation,
      })
    } else if (fault && 'status' in fault) {
      outcome = withCustomParts(
        service.faultResponse(fault.status, {
          message: fault.message,
          retryAfter: fault.retryAfter,
          availability: fault.availability,
          request: exchange.request,
          tenant: exchange.meta.tenant,
          operation: exchange.meta.operation,
        }),
        { body: fault.body, headers: fault.responseHeaders },
      )
    } else if (exchange.stub) {
      outcome = stubResponse(exchange.stub)
    } else {
      try {
        const routed =
          exchange.routed && service.changes() === exchange.changes
            ? exchange.routed
            : service.route(exchange.request, exchange.scope)
        if (!routed) return undefined
        const given = routed.answer()
        exchange.meta = given.meta
        outcome = given.response
      } catch (error) {
        outcome = failedInside(exchange, error)
      }
      if (outcome instanceof Promise) {
        return outcome.then(
          (settled) => settle(exchange, settled),
          (error: unknown) => settle(exchange, failedInside(exchange, error)),
        )
      }
    }
    return settle(exchange, outcome)
  }

  /** The armed fault, else the stub, that a described request meets. */
  function match(exchange: Exchange): void {
    const { service, request, meta } = exchange
    const target: FaultTarget = {
      service: service.name,
      operation: meta.operation,
      tenant: meta.tenant,
      method: request.method,
      path: meta.path,
      headers: request.headers,
    }
    if (faults.active) exchange.fault = faults.take(target)
    if (stubs.active && !exchange.oversized && !faultAnswered(exchange.fault))
      exchange.stub = stubs.take(target)
  }

  /** The one path every request takes: latency, `Prefer`, faults, the body limit, stubs, the service, the journal. */
  return function answer(
    service: Service,
    request: PlainRequest,
    scope: Scope,
  ): MaybeAsync<Outcome | undefined> {
    const exchange: Exchange = {
      service,
      request,
      scope,
      meta: { operation: null, tenant: null, actor: null, path: request.path },
      routed: undefined,
      changes: 0,
      prefer: preferredStatus(request.headers.prefer),
      fault: undefined,
      stub: undefined,
      oversized: request.oversized === true || (request.body?.length ?? 0) > maxBodyBytes,
      began: performance.now(),
      time: clock.now(),
    }
    const latency = parts.latency()
    // Routed on arrival when something armed is matched on what the request reaches, or when the request will
    // wait: a service that does not own it passes it on at once (`dispatch` offers it to each service in turn;
    // waiting first waited once per service before the one that owns it).
    if (exchange.prefer || faults.active || stubs.active || latency !== 0) {
      const routed = service.route(request, scope)
      if (!routed) return undefined
      exchange.routed = routed
      exchange.changes = service.changes()
      exchange.meta = routed.describe()
      if (!exchange.prefer) match(exchange)
    }
    const { fault, stub } = exchange
    const wait =
      (latency === 0 ? 0 : drawLatency(latency)) +
      (fault && 'delayMs' in fault ? (fault.delayMs ?? 0) : 0) +
      (stub?.delayMs ?? 0)
    if (wait > 0) return sleep(wait).then(() => respond(exchange))
    return respond(exchange)
  }
}
