/**
 * Stubs, as WireMock's mappings: a fixed answer (status, body, headers, an optional delay) for requests
 * to a service that match a method, a path and optionally a tenant and headers, whether or not the
 * service simulates that path. A stub answers after the `Prefer` header, armed faults and the body limit,
 * before the service's own simulation; the most recently added matching stub answers (as in WireMock, and
 * as `server.use()` puts handlers first in msw). A scenario's stubs come back with every reset; stubs added
 * since are dropped.
 * @module
 */
import type { PlainResponse } from '../core/http.js'
import { InputRangeError } from '../core/input-error.js'
import type { FaultTarget } from './faults.js'
import { hasHeaders, utf8Bytes, withCustomParts } from './fields.js'
import { compilePathPattern } from './path-pattern.js'
import type { PathTest } from './schema.js'

/** The most stubs at once (a scenario's included): each request is tested against each. */
export const MAX_STUBS = 200
/** The most bytes the bodies of every stub hold together. */
export const MAX_STUB_BODIES_BYTES = 16 * 1024 * 1024

/** A stub as armed here: what it matches (service as a plain string) and what it answers. */
export interface StubFields {
  service: string
  /** A label for listings (discovery, the inspector). */
  name?: string
  /** The tenant, as the journal names it (a messaging organization, a router workspace). */
  tenant?: string
  /** The method; any when left out. */
  method?: string
  /** The path below the service's base URL: exact, or a regular expression tested against it. */
  path: string | RegExp | PathTest
  /** Request headers that must be sent with exactly these values (names case-insensitive). */
  headers?: Record<string, string>
  /** Default 200. */
  status?: number
  /** A string sent as it is, any other JSON value as JSON (`content-type: application/json`). */
  body?: unknown
  responseHeaders?: Record<string, string>
  /** Milliseconds to wait before answering (after the latency). */
  delayMs?: number
}

/** A stub as a scenario writes it (JSON): `path` exact, or `pathPattern` in RE2 syntax. */
export type StubJson = Omit<StubFields, 'path'> & { path?: string; pathPattern?: string }

/** A stub as listed: its definition, its id, where it came from and how many requests it answered. */
export type Added<Definition> = Definition & {
  id: number
  /** `scenario`: from the scenario (back after every reset); `added`: added since (dropped by a reset). */
  from: 'scenario' | 'added'
  hits: number
}

const bodyBytes = (body: unknown) =>
  body === undefined ? 0 : utf8Bytes(typeof body === 'string' ? body : JSON.stringify(body))

/** What the bodies of these stubs hold together, in UTF-8 bytes. */
export const stubBodiesBytes = (stubs: ReadonlyArray<{ body?: unknown }>) =>
  stubs.reduce((sum, stub) => sum + bodyBytes(stub.body), 0)

const lowerCased = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]))

const matches = (stub: StubFields, target: FaultTarget) =>
  stub.service === target.service &&
  (stub.tenant === undefined || stub.tenant === target.tenant) &&
  (stub.method === undefined || stub.method.toUpperCase() === target.method) &&
  (typeof stub.path === 'string' ? stub.path === target.path : stub.path.test(target.path)) &&
  (stub.headers === undefined || hasHeaders(target.headers, stub.headers))

/** A scenario's stub as armed: its `pathPattern` compiled (the scenario was checked with it). */
function fromJson<Definition extends StubFields>({ pathPattern, ...stub }: StubJson): Definition {
  if (pathPattern === undefined) return stub as unknown as Definition
  const compiled = compilePathPattern(pathPattern)
  if ('problem' in compiled)
    throw new InputRangeError(`[understudy] pathPattern ${compiled.problem}`)
  return { ...stub, path: compiled } as unknown as Definition
}

/** Creates an empty set of stubs; a definition is added as given (its caller has checked it). */
export function createStubs<Definition extends StubFields>() {
  let stubs: Array<Added<Definition>> = []
  let nextId = 1
  let bytes = 0

  function add(definition: Definition, from: 'scenario' | 'added'): number {
    const size = bodyBytes(definition.body)
    if (stubs.length >= MAX_STUBS) {
      throw new InputRangeError(
        `[understudy] Failed to add a stub: ${MAX_STUBS} stubs are there, the most there may be; remove one first.`,
      )
    }
    if (bytes + size > MAX_STUB_BODIES_BYTES) {
      throw new InputRangeError(
        `[understudy] Failed to add a stub: the stubs’ bodies would hold more than ${MAX_STUB_BODIES_BYTES} bytes together; remove one first.`,
      )
    }
    const id = nextId++
    const { headers, responseHeaders, path } = definition
    stubs.push({
      ...definition,
      path:
        path instanceof RegExp ? new RegExp(path.source, path.flags.replace(/[gy]/g, '')) : path,
      ...(headers === undefined ? {} : { headers: lowerCased(headers) }),
      ...(responseHeaders === undefined ? {} : { responseHeaders: lowerCased(responseHeaders) }),
      id,
      from,
      hits: 0,
    })
    bytes += size
    return id
  }

  return {
    /** Whether any stub is there (the hot path skips matching when none is). */
    get active(): boolean {
      return stubs.length > 0
    },
    /** Adds a stub; returns its id. */
    add: (definition: Definition) => add(definition, 'added'),
    /** Replaces every stub with a scenario's (checked by the scenario's schema). */
    load(scenario: readonly StubJson[]): void {
      stubs = []
      bytes = 0
      for (const stub of scenario) add(fromJson<Definition>(stub), 'scenario')
    },
    /** The most recently added stub matching a request, counted. */
    take(target: FaultTarget): Added<Definition> | undefined {
      for (let i = stubs.length - 1; i >= 0; i--) {
        const stub = stubs[i] as Added<Definition>
        if (!matches(stub, target)) continue
        stub.hits += 1
        return stub
      }
      return undefined
    },
    /** The stubs, in the order they were added. */
    list(): Array<Added<Definition>> {
      return stubs.map((stub) => ({ ...stub }))
    },
    /** Removes one stub, or all (a reset brings the scenario's back). */
    clear(id?: number): void {
      stubs = id === undefined ? [] : stubs.filter((stub) => stub.id !== id)
      bytes = stubBodiesBytes(stubs)
    },
  }
}

/**
 * What a stub answers: its status (default 200), body and headers, nothing of the service's. A string
 * body without a `content-type` of the stub's is `text/plain; charset=utf-8` (as `Response` would label
 * it), so every way in sends the same headers.
 */
export function stubResponse(stub: StubFields): PlainResponse {
  const base = { status: stub.status ?? 200, headers: {}, body: '' }
  const answer = withCustomParts(base, { body: stub.body, headers: stub.responseHeaders })
  if (typeof stub.body === 'string' && stub.body !== '' && !('content-type' in answer.headers))
    answer.headers['content-type'] = 'text/plain; charset=utf-8'
  return answer
}
