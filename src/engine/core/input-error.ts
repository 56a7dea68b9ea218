/**
 * The simulator's own errors for input it refuses (a bad fault, latency, time, seed, scenario…), kept apart
 * from every other error: the control surface answers these 400 with their message, and anything else
 * (a real `TypeError` from a bug) as an internal error, never disguised as bad input.
 * @module
 */
import * as z from './zod.js'

/**
 * A value of the wrong kind. Still a `TypeError` (its `name` too), as the simulator has always thrown
 * for these.
 */
export class InputTypeError extends TypeError {}

/** A value of the right kind outside the accepted range. Still a `RangeError` (its `name` too). */
export class InputRangeError extends RangeError {}

/** Whether an error is the simulator refusing a caller's input (and not a failure inside it). */
export function isInputError(error: unknown): error is InputTypeError | InputRangeError {
  return error instanceof InputTypeError || error instanceof InputRangeError
}

/** The first issue of a failed parse as `field: problem` (just `problem` for a value without a field). */
function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') {
    const [key] = issue.keys
    return `${[...issue.path, key].join('.')}: unknown field`
  }
  return issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message
}

/**
 * Parses a caller's input with a schema: the parsed value, or an `InputTypeError` (or the class given)
 * `[understudy] Failed to <action>: <field>: <problem>.` naming the first problem.
 */
export function parseInput<S extends z.ZodMiniType>(
  schema: S,
  value: unknown,
  action: string,
  ErrorClass: typeof InputTypeError | typeof InputRangeError = InputTypeError,
): z.output<S> {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  const [issue] = result.error.issues
  throw new ErrorClass(
    `[understudy] Failed to ${action}: ${issue ? describeIssue(issue) : 'invalid input'}.`,
  )
}

/** A short rendering of a refused value for a message. */
export function showValue(value: unknown): string {
  let text: string
  if (typeof value === 'string') text = JSON.stringify(value)
  else if (value === undefined) return 'nothing'
  else if (typeof value === 'number' || typeof value === 'bigint' || value instanceof RegExp)
    text = String(value)
  else {
    try {
      text = JSON.stringify(value) ?? String(value)
    } catch {
      text = String(value)
    }
  }
  return text.length > 60 ? `${text.slice(0, 57)}...` : text
}

/** A value that passes `ok`, or the issue `<must> (got <value>)`. */
export function rule<T>(ok: (value: unknown) => boolean, must: string) {
  return z.custom<T>(ok, { error: (issue) => `${must} (got ${showValue(issue.input)})` })
}
