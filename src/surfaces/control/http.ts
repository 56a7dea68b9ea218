/**
 * The control surface over HTTP, for the standalone server: the same operations as the simulator's methods,
 * under a reserved prefix that no service path can collide with. The routes are one table (`table.ts`: the
 * surface's own in `routes.ts`, each service's from its registration), listed in `docs/control.md`.
 *
 * Every body is a JSON object parsed by its route's schema (`http-inputs.ts`, a service's `control.ts`): an
 * unknown field, a bad value or a body that is not a JSON object is 400 `{"error":{"message"}}` naming the
 * field; a body over the simulator's body limit is 413; a method and path of no route is 404. Anything else
 * that fails is the simulator's own fault: 500 `{"error":{"message":"Internal error: …"}}` and one line on
 * the console.
 *
 * `src/surfaces/control/` holds the surfaces over a finished simulator, for people and tools: this control API,
 * its routes and their inputs, the inspector page (`inspector.ts`, its script's sources in `inspector-page/`,
 * `inspector-style.ts`) and its state, with each service's operations (`state.ts`, `exchange-summary.ts`). It
 * works through the simulator's methods (`SimulatorCore`) and may import anything below the simulator; only the
 * ways in (`src/entries/server/`, `src/entries/cli/`) import it. A new route: a row in `routes.ts` (or in a
 * service's `control.ts`), its schema, and its line in `docs/control.md`. A new inspector panel: see
 * docs/architecture.md.
 * @module
 */
import type { ControlMethod } from '../../engine/core/control-route.js'
import {
  jsonResponse,
  type PlainRequest,
  type PlainResponse,
  withoutTrailingSlashes,
} from '../../engine/core/http.js'
import { InputTypeError, isInputError, parseInput } from '../../engine/core/input-error.js'
import { MAX_JSON_DEPTH, MAX_KEYS_PER_OBJECT } from '../../engine/core/json-keys.js'
import { type JsonRefusal, readJson } from '../../engine/core/json-read.js'
import { printable } from '../../engine/core/printable.js'
import { describeError } from '../../engine/journal/entry.js'
import type { SimulatorCore } from '../../simulator/simulator-core.js'
import { queryFields } from './http-inputs.js'
import type { StreamedResponse, SurfaceAnswer } from './routes.js'
import { CONTROL_PREFIX, matchRoute, type TableRoute } from './table.js'

export type { StreamedResponse }
export { CONTROL_PREFIX }

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

/** A percent-encoded path segment, decoded; malformed encoding is bad input. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    throw new InputTypeError(`the path segment "${segment}" is not valid percent-encoding`)
  }
}

/** Runs a route: its parameters decoded, what its schema needs loaded, its input read and parsed. */
async function runRoute(
  simulator: SimulatorCore,
  route: TableRoute,
  sent: Record<string, string>,
  request: PlainRequest,
): Promise<SurfaceAnswer> {
  const params: Record<string, string> = {}
  for (const [name, value] of Object.entries(sent)) params[name] = decodeSegment(value)
  if (route.load) await route.load()
  const { input } = route
  const parsed =
    input === undefined
      ? undefined
      : 'body' in input
        ? parseInput(input.body, readJsonObject(request), input.action)
        : parseInput(input.query, queryFields(request.query), input.action)
  const link = (method: ControlMethod, path: string) => `${method} ${route.ownerPrefix}/${path}`
  return route.run(simulator, { input: parsed, params, link })
}

/** A route's answer as a response: JSON, a refusal (`{"error":{"message"}}`), or its own. */
function toResponse(answer: SurfaceAnswer): PlainResponse | StreamedResponse {
  if ('json' in answer) return jsonResponse(answer.status ?? 200, answer.json)
  if ('refused' in answer) return problem(answer.refused, answer.message)
  return answer
}

/** Answers a control request; `path` is below the control prefix (`''` for the prefix itself). */
export async function handleControl(
  simulator: SimulatorCore,
  request: PlainRequest,
  path: string,
): Promise<PlainResponse | StreamedResponse> {
  const target = withoutTrailingSlashes(path) || '/'
  const route = `${request.method} ${target}`
  try {
    const found = matchRoute(request.method, target)
    if (!found) return problem(404, `No control operation ${route}. See GET ${CONTROL_PREFIX}.`)
    return toResponse(await runRoute(simulator, found.route, found.params, request))
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
