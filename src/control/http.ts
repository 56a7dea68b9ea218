/**
 * The control surface over HTTP, for the standalone server: the same operations as the simulator's methods,
 * under a reserved prefix that no service path can collide with.
 *
 * | request | does |
 * |---|---|
 * | `GET /__understudy` | discovery: the scenario, every base URL, account and key, clock, faults, journal size |
 * | `GET /__understudy/inspector` | the inspector page (HTML) |
 * | `GET /__understudy/state` | presets with versions, users and welcome messages, latest requests; no secrets |
 * | `GET /__understudy/scenarios` | the built-in scenarios' names and descriptions |
 * | `POST /__understudy/reset` | back to the current scenario's initial state |
 * | `PUT /__understudy/scenario` | `{"name": "..."}` or `{"definition": {...}}`: switch scenario |
 * | `GET /__understudy/journal?service=&tenant=&operation=&method=&status=&since=&until=` | `{entries, count}` |
 * | `GET /__understudy/journal/count?...` | `{count}` |
 * | `DELETE /__understudy/journal` | forget every entry |
 * | `GET /__understudy/faults` | the armed faults |
 * | `POST /__understudy/faults` | arm a fault (`pathPattern` for a regular expression); answers `{id}` |
 * | `DELETE /__understudy/faults`, `DELETE /__understudy/faults/{id}` | disarm all, or one |
 * | `GET`/`PUT /__understudy/latency` | `{"latency": 50}` or `{"latency": {"min": 20, "max": 200}}` |
 * | `GET /__understudy/clock`, `POST /__understudy/clock` | read; `{"advanceMs": 1000}` or `{"set": "2026-01-01T00:00:00Z"}` |
 * | `PUT /__understudy/seed` | `{"seed": "..."}` |
 * | `PUT /__understudy/messaging/{subdomain}/feature-level` | `{"featureLevel": 36}` |
 * | `PUT /__understudy/messaging/{subdomain}/rate-limit` | `{"rateLimit": true}`, `false` or `{"perMinute": 5}` |
 * @module
 */
import { scenarios } from '../../scenarios/index.js'
import { bodyText, jsonResponse, type PlainRequest, type PlainResponse } from '../core/http.js'
import type { SimulatorCore } from '../simulator-core.js'
import type { FaultDefinition } from './faults.js'
import { INSPECTOR_HTML } from './inspector.js'
import type { JournalFilter } from './journal.js'
import { inspectorState } from './state.js'

/** The path prefix of the control surface on the standalone server. */
export const CONTROL_PREFIX = '/__understudy'

const ok = (value: unknown, status = 200) => jsonResponse(status, value)
const problem = (status: number, message: string) => jsonResponse(status, { error: { message } })

function readJson(request: PlainRequest): Record<string, unknown> {
  const text = bodyText(request)
  if (text === undefined) throw new ControlInputError('the body is not valid UTF-8')
  if (text.trim() === '') return {}
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new ControlInputError('the body is not valid JSON')
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ControlInputError('the body must be a JSON object')
  }
  return value as Record<string, unknown>
}

/** A request the control surface cannot act on: answered 400 with its message. */
class ControlInputError extends Error {}

function journalFilter(query: URLSearchParams): JournalFilter {
  const filter: JournalFilter = {}
  for (const name of ['service', 'tenant', 'operation', 'method'] as const) {
    const value = query.get(name)
    if (value !== null) filter[name] = value
  }
  const status = query.get('status')
  if (status !== null) {
    if (!/^[0-9]{1,3}$/.test(status)) throw new ControlInputError('status must be a number')
    filter.status = Number(status)
  }
  for (const name of ['since', 'until'] as const) {
    const value = query.get(name)
    if (value === null) continue
    const ms = /^[0-9]+$/.test(value) ? Number(value) : Date.parse(value)
    if (!Number.isFinite(ms))
      throw new ControlInputError(`${name} must be an ISO time or epoch milliseconds`)
    filter[name] = ms
  }
  return filter
}

function faultDefinition(body: Record<string, unknown>): FaultDefinition {
  const { pathPattern, ...rest } = body
  if (pathPattern !== undefined) {
    if (typeof pathPattern !== 'string') throw new ControlInputError('pathPattern must be a string')
    try {
      return { ...(rest as unknown as FaultDefinition), path: new RegExp(pathPattern) }
    } catch {
      throw new ControlInputError('pathPattern is not a valid regular expression')
    }
  }
  return rest as unknown as FaultDefinition
}

const listFaults = (simulator: SimulatorCore) =>
  simulator.faults.list().map((fault) => ({
    ...fault,
    path: fault.path instanceof RegExp ? { pattern: fault.path.source } : fault.path,
  }))

/** Answers a control request; `path` is below the control prefix (`''` for the prefix itself). */
export async function handleControl(
  simulator: SimulatorCore,
  request: PlainRequest,
  path: string,
): Promise<PlainResponse> {
  const route = `${request.method} ${path.replace(/\/+$/, '') || '/'}`
  try {
    switch (route) {
      case 'GET /':
        return ok({ ...simulator.describe(), faults: listFaults(simulator) })
      case 'GET /inspector':
        return {
          status: 200,
          headers: { 'content-type': 'text/html; charset=utf-8' },
          body: INSPECTOR_HTML,
        }
      case 'GET /state':
        return ok(inspectorState(simulator))
      case 'GET /scenarios':
        return ok(
          Object.entries(scenarios).map(([name, scenario]) => ({
            name,
            description: scenario.description ?? '',
          })),
        )
      case 'POST /reset':
        await simulator.reset()
        return ok({ scenario: simulator.scenario.name })
      case 'PUT /scenario': {
        const body = readJson(request)
        const next = body.definition ?? body.name
        if (next === undefined) throw new ControlInputError('give "name" or "definition"')
        await simulator.useScenario(next as Parameters<SimulatorCore['useScenario']>[0])
        return ok({ scenario: simulator.scenario.name })
      }
      case 'GET /journal': {
        const entries = simulator.journal.entries(journalFilter(request.query))
        return ok({ entries, count: entries.length })
      }
      case 'GET /journal/count':
        return ok({ count: simulator.journal.count(journalFilter(request.query)) })
      case 'DELETE /journal':
        simulator.journal.clear()
        return ok({ count: 0 })
      case 'GET /faults':
        return ok(listFaults(simulator))
      case 'POST /faults':
        return ok({ id: simulator.faults.inject(faultDefinition(readJson(request))) }, 201)
      case 'DELETE /faults':
        simulator.faults.clear()
        return ok(listFaults(simulator))
      case 'GET /latency':
        return ok({ latency: simulator.latency.get() })
      case 'PUT /latency':
        simulator.latency.set(readJson(request).latency as number)
        return ok({ latency: simulator.latency.get() })
      case 'GET /clock':
        return ok({ now: simulator.clock.iso(), fixed: simulator.clock.fixed })
      case 'POST /clock': {
        const body = readJson(request)
        if (body.set !== undefined) simulator.clock.set(body.set as string)
        if (body.advanceMs !== undefined) simulator.clock.advance(body.advanceMs as number)
        return ok({ now: simulator.clock.iso(), fixed: simulator.clock.fixed })
      }
      case 'PUT /seed':
        simulator.setSeed(readJson(request).seed as string)
        return ok({ seed: simulator.seed })
    }
    const fault = /^DELETE \/faults\/([0-9]+)$/.exec(route)
    if (fault) {
      simulator.faults.clear(Number(fault[1]))
      return ok(listFaults(simulator))
    }
    const level = /^PUT \/messaging\/([^/]+)\/feature-level$/.exec(route)
    if (level) {
      const subdomain = decodeURIComponent(level[1] as string)
      simulator.messaging.setFeatureLevel(subdomain, readJson(request).featureLevel as number)
      return ok({ subdomain, featureLevel: simulator.messaging.featureLevel(subdomain) })
    }
    const limit = /^PUT \/messaging\/([^/]+)\/rate-limit$/.exec(route)
    if (limit) {
      const subdomain = decodeURIComponent(limit[1] as string)
      const setting = readJson(request).rateLimit
      if (setting === undefined)
        throw new ControlInputError('give "rateLimit": true, false or { perMinute, perHour }')
      simulator.messaging.setRateLimit(
        subdomain,
        setting as Parameters<SimulatorCore['messaging']['setRateLimit']>[1],
      )
      return ok({ subdomain, rateLimit: simulator.messaging.rateLimit(subdomain) })
    }
    return problem(404, `No control operation ${route}. See GET ${CONTROL_PREFIX}.`)
  } catch (error) {
    if (
      error instanceof ControlInputError ||
      error instanceof TypeError ||
      error instanceof RangeError
    ) {
      return problem(400, error.message)
    }
    throw error
  }
}
