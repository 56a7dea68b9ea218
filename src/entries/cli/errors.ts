/**
 * The CLI's errors: each is printed as one line `understudy: <message>` and ends the process with its exit
 * code (1; 2 for a bad command line, which also prints the usage line).
 * @module
 */
import { printable } from '../../engine/core/printable.js'

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
 * with `[understudy] ` (useful in a test runner's output), which the CLI's own prefix replaces. Control
 * characters (a file name, a value quoted from a file) are escaped: one line, inert in a terminal.
 */
export function messageOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  return printable(message.replace(/^\[understudy\] /, ''))
}
