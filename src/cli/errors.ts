/**
 * The CLI's errors: each is printed as one line `understudy: <message>` and ends the process with its exit
 * code (1; 2 for a bad command line, which also prints the usage line).
 * @module
 */

/** A failure the CLI reports in one line, without a stack trace. */
export class CliError extends Error {
  readonly exitCode: number = 1
}

/** A bad command line: exit code 2, and the usage line after the message. */
export class UsageError extends CliError {
  override readonly exitCode = 2
}

/**
 * The message of anything thrown, as the CLI prints it after `understudy: `: the core's errors start
 * with `[understudy] ` (useful in a test runner's output), which the CLI's own prefix replaces.
 */
export function messageOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  return message.replace(/^\[understudy\] /, '')
}
