/**
 * A row of the control surface's route table (`src/surfaces/control/routes.ts`): the method, the path, the
 * input's schema, what it does and one line saying so. The control surface writes its own rows; a service
 * contributes the rows of its own controls through its registration (`ServiceDefinition.control`), below
 * `/__understudy/<service name>/`, so that the control surface names no service. The surface reads the
 * input (a JSON object body, or the query), refuses what the schema refuses (400 naming the field) and
 * hands the parsed input to `run`; `docs/control.md` lists every row (a test compares both ways).
 * @module
 */
import type { MaybeAsync } from './http.js'
import * as z from './zod.js'

/** The methods of the control surface. */
export type ControlMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

/** The input of a route that takes none: an empty body or `{}` (anything else is refused, naming the field). */
export const emptyBody = z.strictObject({})

/** A control route's answer: a JSON value (200 unless `status` says otherwise), or a refusal with a message. */
export type ControlAnswer =
  | { json: unknown; status?: number }
  | { refused: number; message: string }

/**
 * A route's input: a JSON object body, or the query's parameters (each name once: `{name: value}`), parsed by
 * `schema`; `action` names what failed in a refusal (`[understudy] Failed to <action>: <field>: …`).
 */
type ControlInput<Input> =
  | { body: z.ZodMiniType<Input>; action: string }
  | { query: z.ZodMiniType<Input>; action: string }

/** What a route is handed: its parsed input, its path's parameters, and a way to name another route. */
interface ControlCall<Input> {
  input: Input
  /** The path's parameters, percent-decoded (`{id}` of `scripts/{id}`). */
  params: Readonly<Record<string, string>>
  /** The request line of a route of the same owner, for a message: `link('GET', 'scripts')`. */
  link(method: ControlMethod, path: string): string
}

/** A control route as its owner writes it, its input typed by its schema (`controlRoute`). */
export interface ControlRouteOf<Target, Answer, Input> {
  readonly method: ControlMethod
  /**
   * The path below its owner's prefix, segments apart (`journal/count`, `faults/{id}`,
   * `{subdomain}/feature-level`; `''` the prefix itself); `{name}` is a parameter of one segment.
   */
  readonly path: string
  /** A parameter's pattern, when not any segment (`{ id: /^[0-9]+$/ }`): a path that fails it is no route. */
  readonly params?: Readonly<Record<string, RegExp>>
  /** The input; none: the body and the query are not read. */
  readonly input?: ControlInput<Input>
  /** What the input's schema needs loaded first (the linear-time pattern engine). */
  readonly load?: () => Promise<unknown>
  /** One line: what it does (the docs' route list says the same). */
  readonly description: string
  run(target: Target, call: ControlCall<Input>): MaybeAsync<Answer>
}

/** A row of the table: any route of an owner whose target is `Target`. */
export type ControlRoute<Target, Answer = ControlAnswer> = ControlRouteOf<Target, Answer, unknown>

/** A control route, its `run` typed by its input's schema. */
export function controlRoute<Target, Input = undefined, Answer = ControlAnswer>(
  route: ControlRouteOf<Target, Answer, Input>,
): ControlRoute<Target, Answer> {
  return route
}
