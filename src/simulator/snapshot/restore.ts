/**
 * Reading a snapshot back: its problems, every one named by its path, or the validated snapshot.
 * @module
 */

import { InputTypeError } from '../../engine/core/input-error.js'
import type * as z from '../../engine/core/zod.js'
import { SNAPSHOT_FORMAT_VERSION, type Snapshot, snapshotSchema } from './schema.js'

/**
 * The most problems one message lists; the rest are counted. A snapshot with one mistake repeated in every
 * one of 100,000 records would otherwise make a message of megabytes.
 */
const MAX_LISTED_PROBLEMS = 100

/** One issue as `path: problem` (`(root)` for the snapshot itself); one per unknown field. */
function describe(issue: z.core.$ZodIssue): string[] {
  const where = (path: readonly PropertyKey[]) =>
    path.length > 0 ? path.map(String).join('.') : '(root)'
  if (issue.code === 'unrecognized_keys')
    return issue.keys.map((key) => `${where([...issue.path, key])}: unknown field`)
  return [`${where(issue.path)}: ${issue.message}`]
}

/** Every problem of a would-be snapshot, joined by `; ` (with a count past the first 100). */
function problemsOf(input: unknown): { snapshot: Snapshot } | { problems: string } {
  const version =
    typeof input === 'object' && input !== null && !Array.isArray(input)
      ? (input as { formatVersion?: unknown }).formatVersion
      : undefined
  // A newer format is one problem: its other fields need not mean what this version reads them as.
  if (typeof version === 'number' && version > SNAPSHOT_FORMAT_VERSION) {
    return {
      problems: `formatVersion: ${version} is newer than this version of understudy-mock reads (${SNAPSHOT_FORMAT_VERSION}); upgrade understudy-mock to restore it`,
    }
  }
  const result = snapshotSchema.safeParse(input)
  if (result.success) return { snapshot: result.data }
  const problems = result.error.issues.flatMap(describe)
  const listed = problems.slice(0, MAX_LISTED_PROBLEMS)
  if (problems.length > listed.length)
    listed.push(`and ${problems.length - listed.length} more problems`)
  return { problems: listed.join('; ') }
}

/**
 * Snapshots this module validated and nobody has restored yet: `restore` takes one without validating it
 * again (a state file is validated once, with the file's name in the error). Single use: the stores own the
 * records once restored.
 */
const validated = new WeakSet<object>()

/**
 * Validates a snapshot (any value, as it may come from JSON), throwing an `InputTypeError`
 * `[understudy] Failed to <action>: <path>: <problem>; …` that names every problem. The result is a new
 * object, which the next `parseSnapshot` of it (the simulator's `restore`) gives back without a second check.
 */
export function parseSnapshot(input: unknown, action = 'restore the snapshot'): Snapshot {
  if (typeof input === 'object' && input !== null && validated.delete(input))
    return input as Snapshot
  const parsed = problemsOf(input)
  if (!('snapshot' in parsed))
    throw new InputTypeError(`[understudy] Failed to ${action}: ${parsed.problems}.`)
  validated.add(parsed.snapshot)
  return parsed.snapshot
}
