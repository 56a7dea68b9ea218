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
 * | `GET /__understudy/journal?service=&tenant=&operation=&method=&status=&since=&until=&preset=&presetVersion=&model=&scripted=` | `{entries, count}` |
 * | `GET /__understudy/journal/count?...` | `{count}` |
 * | `GET /__understudy/journal.har?...` | the entries as a HAR 1.2 file (redacted; a download: `understudy.har`) |
 * | `DELETE /__understudy/journal` | forget every entry |
 * | `GET /__understudy/faults` | the armed faults |
 * | `POST /__understudy/faults` | arm a fault (`pathPattern`: a regular expression in RE2 syntax, matched in linear time); answers `{id}` |
 * | `DELETE /__understudy/faults`, `DELETE /__understudy/faults/{id}` | disarm all, or one |
 * | `GET /__understudy/stubs` | the stubs (the scenario's and those added since) |
 * | `POST /__understudy/stubs` | add a stub: a fixed answer for a service's method and path; answers `{id}` |
 * | `DELETE /__understudy/stubs`, `DELETE /__understudy/stubs/{id}` | remove all, or one (a reset brings the scenario's back) |
 * | `GET /__understudy/router/scripts` | the router's scripted answers (the test's, then the scenario's), with their calls |
 * | `POST /__understudy/router/scripts` | add a script (a scenario's shape: `match`, `response`); answers `{id, name}` |
 * | `DELETE /__understudy/router/scripts`, `DELETE /__understudy/router/scripts/{id}` | remove every script added, or one (404 for another id) |
 * | `GET`/`PUT /__understudy/latency` | `{"latency": 50}` or `{"latency": {"min": 20, "max": 200}}` |
 * | `GET /__understudy/clock`, `POST /__understudy/clock` | read; `{"advanceMs": 1000}` or `{"set": "2026-01-01T00:00:00Z"}` |
 * | `PUT /__understudy/seed` | `{"seed": "..."}` |
 * | `GET /__understudy/snapshot` | the whole state as JSON (`formatVersion: 1`; keys and passwords included) |
 * | `PUT /__understudy/snapshot` | a snapshot: restore it (400 naming every problem) |
 * | `PUT /__understudy/messaging/{subdomain}/feature-level` | `{"featureLevel": 36}` |
 * | `PUT /__understudy/messaging/{subdomain}/rate-limit` | `{"rateLimit": true}`, `false` or `{"perMinute": 5}` |
 *
 * Every body is a JSON object parsed by its operation's schema (`http-inputs.ts`): an unknown field, a bad
 * value or a body that is not a JSON object is 400 `{"error":{"message"}}` naming the field; a body over
 * the simulator's body limit is 413. Anything else that fails is the simulator's own fault: 500
 * `{"error":{"message":"Internal error: …"}}` and one line on the console.
 *
 * `src/surfaces/control/` holds the surfaces over a finished simulator, for people and tools: this control API and
 * its inputs (`http-inputs.ts`), the inspector page (`inspector.ts`, `inspector-script.ts`,
 * `inspector-style.ts`) and its state, with each service's operations (`state.ts`, `exchange-summary.ts`).
 * It works through the simulator's methods (`SimulatorCore`) and may import anything below the simulator;
 * only the ways in (`src/entries/server/`, `src/entries/cli/`) import it. A new route: a `case` below, a row in the table
 * above and its schema in `http-inputs.ts`. A new inspector panel: its section in `inspector.ts`, its
 * drawing in `inspector-script.ts`, its data in `state.ts` (a service's, in that service's `inspect()`).
 * @module
 */
import { scenarioList } from '../../../scenarios/index.js'
import { checkAdvance } from '../../engine/core/clock.js'
import {
  jsonResponse,
  type PlainRequest,
  type PlainResponse,
  withoutTrailingSlashes,
} from '../../engine/core/http.js'
import { InputTypeError, isInputError, parseInput } from '../../engine/core/input-error.js'
import { MAX_JSON_DEPTH, MAX_KEYS_PER_OBJECT } from '../../engine/core/json-keys.js'
import { type JsonRefusal, readJson } from '../../engine/core/json-read.js'
import { loadLinearPatterns } from '../../engine/core/linear-pattern.js'
import { printable } from '../../engine/core/printable.js'
import { describeError } from '../../engine/journal/entry.js'
import type { FaultDefinition } from '../../simulator/operations/faults.js'
import type { JournalFilter } from '../../simulator/operations/journal.js'
import type { StubDefinition } from '../../simulator/operations/stubs.js'
import type { SimulatorCore } from '../../simulator/simulator-core.js'
import { jsonPieces } from '../../simulator/snapshot/json-pieces.js'
import { stateFileStatus } from '../../simulator/snapshot/state-file-status.js'
import {
  clockBody,
  emptyBody,
  faultBody,
  featureLevelBody,
  journalQuery,
  latencyBody,
  queryFields,
  rateLimitBody,
  scenarioBody,
  scriptBody,
  seedBody,
  stubBody,
} from './http-inputs.js'
import { inspectorHtml } from './inspector.js'
import { faultsAsJson, inspectorState } from './state.js'

/** The path prefix of the control surface on the standalone server. */
export const CONTROL_PREFIX = '/__understudy'

const ok = (value: unknown, status = 200) => jsonResponse(status, value)
const problem = (status: number, message: string) => jsonResponse(status, { error: { message } })

/** A control body over the simulator's body limit (the server stopped reading it): answered 413. */
class ControlBodyTooLarge extends Error {}

/** The control surface's words for each way the one JSON reader refuses a body (never a blank one: `{}`). */
const REFUSED: Readonly<Record<Exclude<JsonRefusal, 'blank'>, string>> = {
  'not-utf8': 'the body is not valid UTF-8',
  'keys-per-object': `the body must have at most ${MAX_KEYS_PER_OBJECT} keys in one object`,
  // Not checked here: a snapshot or a scenario is many small objects (decisions/json-key-limits.md).
  'keys-in-all': 'the body has too many keys in all',
  'too-deep': `the body must be nested at most ${MAX_JSON_DEPTH} levels deep`,
  'not-json': 'the body is not valid JSON',
}

/**
 * The body as a JSON object (`{}` when blank), read by the one JSON reader (`engine/core/json-read.ts`). Refuses
 * a body over the limit, not UTF-8, with more than 10,000 keys in one object or nested more than 1,000 levels
 * deep (before parsing it: decisions/json-key-limits.md), not JSON, or not an object.
 */
function readJsonObject(request: PlainRequest): unknown {
  if (request.oversized) throw new ControlBodyTooLarge()
  const read = readJson(request.body)
  if (!read.ok) {
    if (read.refused === 'blank') return {}
    throw new InputTypeError(REFUSED[read.refused])
  }
  const { value } = read
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new InputTypeError('the body must be a JSON object')
  }
  return value
}

/** The journal filter of a query string (each parameter once; unknown parameters refused). */
function journalFilter(query: URLSearchParams): JournalFilter {
  return parseInput(journalQuery, queryFields(query), 'read the journal') as JournalFilter
}

const listFaults = (simulator: SimulatorCore) => faultsAsJson(simulator.faults.list())
const listStubs = (simulator: SimulatorCore) => faultsAsJson(simulator.stubs.list())

/** Sets, then advances, the clock: both checked before either changes it. */
function moveClock(simulator: SimulatorCore, body: { set?: number; advanceMs?: number }): void {
  if (body.advanceMs !== undefined) checkAdvance(body.set ?? simulator.clock.now(), body.advanceMs)
  if (body.set !== undefined) simulator.clock.set(body.set)
  if (body.advanceMs !== undefined) simulator.clock.advance(body.advanceMs)
}

/**
 * An answer whose body comes in pieces (the HAR export), built as they are asked for: the server writes
 * them as the client reads, giving other requests their turn between pieces.
 */
export interface StreamedResponse {
  status: number
  headers: Record<string, string>
  pieces: Iterable<string>
}

/** The records of a snapshot (a preset, a user) are this deep: each is one piece (`jsonPieces`). */
const SNAPSHOT_EXPANDED_DEPTH = 4

/** JSON written in pieces (`StreamedResponse`): the same bytes as `ok` would write, as the client reads. */
const streamed = (pieces: Iterable<string>): StreamedResponse => ({
  status: 200,
  headers: { 'content-type': 'application/json' },
  pieces,
})

/** Answers a control request; `path` is below the control prefix (`''` for the prefix itself). */
export async function handleControl(
  simulator: SimulatorCore,
  request: PlainRequest,
  path: string,
): Promise<PlainResponse | StreamedResponse> {
  const route = `${request.method} ${withoutTrailingSlashes(path) || '/'}`
  try {
    switch (route) {
      case 'GET /': {
        const stateFile = stateFileStatus(simulator)
        return ok({
          ...simulator.describe(),
          faults: listFaults(simulator),
          stubs: listStubs(simulator),
          ...(stateFile && { stateFile }),
        })
      }
      case 'GET /inspector':
        return {
          status: 200,
          headers: { 'content-type': 'text/html; charset=utf-8' },
          body: await inspectorHtml(),
        }
      case 'GET /state':
        return ok(inspectorState(simulator))
      case 'GET /scenarios':
        return ok(scenarioList())
      case 'POST /reset':
        parseInput(emptyBody, readJsonObject(request), 'reset')
        await simulator.reset()
        return ok({ scenario: simulator.scenario.name })
      case 'PUT /scenario': {
        const body = parseInput(scenarioBody, readJsonObject(request), 'switch the scenario')
        await simulator.useScenario(
          (body.definition ?? body.name) as Parameters<SimulatorCore['useScenario']>[0],
        )
        return ok({ scenario: simulator.scenario.name })
      }
      case 'GET /journal':
        // `{entries, count}` written entry by entry as the client takes it, never whole in memory.
        return streamed(simulator.journal.entriesText(journalFilter(request.query)))
      case 'GET /journal/count':
        return ok({ count: simulator.journal.count(journalFilter(request.query)) })
      case 'GET /journal.har':
        // Written piece by piece as the client takes it (`StreamedResponse`), never whole in memory.
        return {
          status: 200,
          headers: {
            'content-type': 'application/json',
            'content-disposition': 'attachment; filename="understudy.har"',
          },
          pieces: simulator.journal.toHARText(journalFilter(request.query)),
        }
      case 'DELETE /journal':
        parseInput(emptyBody, readJsonObject(request), 'clear the journal')
        simulator.journal.clear()
        return ok({ count: 0 })
      case 'GET /faults':
        return ok(listFaults(simulator))
      case 'POST /faults': {
        await loadLinearPatterns()
        const fault = parseInput(faultBody, readJsonObject(request), 'inject a fault')
        return ok({ id: simulator.faults.inject(fault as FaultDefinition) }, 201)
      }
      case 'DELETE /faults':
        parseInput(emptyBody, readJsonObject(request), 'clear the faults')
        simulator.faults.clear()
        return ok(listFaults(simulator))
      case 'GET /stubs':
        return ok(listStubs(simulator))
      case 'POST /stubs': {
        await loadLinearPatterns()
        const stub = parseInput(stubBody, readJsonObject(request), 'add a stub')
        return ok({ id: simulator.stubs.add(stub as StubDefinition) }, 201)
      }
      case 'DELETE /stubs':
        parseInput(emptyBody, readJsonObject(request), 'remove the stubs')
        simulator.stubs.clear()
        return ok(listStubs(simulator))
      case 'GET /router/scripts':
        return ok(simulator.router.scripts())
      case 'POST /router/scripts': {
        await loadLinearPatterns()
        const script = parseInput(scriptBody, readJsonObject(request), 'add a script')
        const { id, name } = simulator.router.script(script)
        return ok({ id, name }, 201)
      }
      case 'DELETE /router/scripts':
        parseInput(emptyBody, readJsonObject(request), 'remove the scripts')
        simulator.router.clearScripts()
        return ok(simulator.router.scripts())
      case 'GET /latency':
        return ok({ latency: simulator.latency.get() })
      case 'PUT /latency':
        simulator.latency.set(
          parseInput(latencyBody, readJsonObject(request), 'set the latency').latency,
        )
        return ok({ latency: simulator.latency.get() })
      case 'GET /clock':
        return ok({ now: simulator.clock.iso(), fixed: simulator.clock.fixed })
      case 'POST /clock':
        moveClock(simulator, parseInput(clockBody, readJsonObject(request), 'move the clock'))
        return ok({ now: simulator.clock.iso(), fixed: simulator.clock.fixed })
      case 'GET /snapshot':
        // Taken at once (a consistent copy), written record by record as the client takes it.
        return streamed(
          jsonPieces(simulator.snapshot(), SNAPSHOT_EXPANDED_DEPTH, { compact: true }),
        )
      case 'PUT /snapshot':
        await simulator.restore(readJsonObject(request) as Parameters<SimulatorCore['restore']>[0])
        return ok({ scenario: simulator.scenario.name })
      case 'PUT /seed':
        simulator.setSeed(parseInput(seedBody, readJsonObject(request), 'set the seed').seed)
        return ok({ seed: simulator.seed })
    }
    const fault = /^DELETE \/faults\/([0-9]+)$/.exec(route)
    if (fault) {
      parseInput(emptyBody, readJsonObject(request), 'clear the fault')
      simulator.faults.clear(Number(fault[1]))
      return ok(listFaults(simulator))
    }
    const stub = /^DELETE \/stubs\/([0-9]+)$/.exec(route)
    if (stub) {
      parseInput(emptyBody, readJsonObject(request), 'remove the stub')
      simulator.stubs.clear(Number(stub[1]))
      return ok(listStubs(simulator))
    }
    const script = /^DELETE \/router\/scripts\/([0-9]{1,15})$/.exec(route)
    if (script) {
      parseInput(emptyBody, readJsonObject(request), 'remove the script')
      const id = Number(script[1])
      if (!simulator.router.removeScript(id)) {
        return problem(
          404,
          `No script ${id} added to remove (a scenario's scripts stay until a reset or another scenario). See GET ${CONTROL_PREFIX}/router/scripts.`,
        )
      }
      return ok(simulator.router.scripts())
    }
    const level = /^PUT \/messaging\/([^/]+)\/feature-level$/.exec(route)
    if (level) {
      const subdomain = decodeSegment(level[1] as string)
      const body = parseInput(featureLevelBody, readJsonObject(request), 'set the feature level')
      simulator.messaging.setFeatureLevel(subdomain, body.featureLevel as number)
      return ok({ subdomain, featureLevel: simulator.messaging.featureLevel(subdomain) })
    }
    const limit = /^PUT \/messaging\/([^/]+)\/rate-limit$/.exec(route)
    if (limit) {
      const subdomain = decodeSegment(limit[1] as string)
      const body = parseInput(rateLimitBody, readJsonObject(request), 'set the rate limit')
      simulator.messaging.setRateLimit(
        subdomain,
        body.rateLimit as Parameters<SimulatorCore['messaging']['setRateLimit']>[1],
      )
      return ok({ subdomain, rateLimit: simulator.messaging.rateLimit(subdomain) })
    }
    return problem(404, `No control operation ${route}. See GET ${CONTROL_PREFIX}.`)
  } catch (error) {
    if (error instanceof ControlBodyTooLarge) {
      return problem(
        413,
        `The body is larger than the control surface accepts (${simulator.maxBodyBytes} bytes).`,
      )
    }
    if (isInputError(error)) return problem(400, error.message)
    // Anything else is a fault in the simulator, not in the request: say so, and log it.
    const { message } = describeError(error)
    console.error(printable(`[understudy] internal error in control ${route}: ${message}`))
    return problem(500, `Internal error: ${message}`)
  }
}

/** A percent-encoded path segment, decoded; malformed encoding is bad input. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    throw new InputTypeError(`the path segment "${segment}" is not valid percent-encoding`)
  }
}
