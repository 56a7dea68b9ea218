/**
 * The checks across a snapshot part's records that every service makes (`src/services/<service>/snapshot.ts`,
 * its definition's `snapshot.check`): a key used once where the store indexes by it, a reference that must
 * name a record, a counter past every id given. Each adds its issue at the service's part's path plus the
 * field's (`services.router.keys.0.workspaceId: is no workspace`); the checks run, and so report, in the
 * order they are called.
 * @module
 */

import type * as z from './zod.js'

/** A path below a snapshot part (`['keys', 0, 'workspaceId']`). */
export type Path = Array<string | number>

/** A record's key: a value, or the values of a key of several fields. */
type Key = string | number | readonly (string | number)[]

/** Keys as a set holds them (`'1'` and `1` alike; the fields of a key joined by NUL, which no field holds). */
const keyText = (key: Key): string => (typeof key === 'object' ? key.join('\u0000') : String(key))

/** The keys of a list's records, as `unique` returns them: for `refers`. */
interface KeySet {
  has(key: Key): boolean
}

/** The checks of one record, each at a field of it. */
interface RecordChecks {
  /** An issue at the record's field (or a path below the record). */
  issue(field: string | Path, message: string): void
  /** Adds `message` unless `key` is one of `known` (a reference that must resolve); whether it is. */
  refers(field: string, known: KeySet, key: Key, message: string): boolean
}

/** The checks of a snapshot part: each adds its issues at the part's path (`base`) plus the field's. */
export interface SnapshotChecks {
  /** An issue at a path below the part. */
  issue(path: Path, message: string): void
  /**
   * Adds `message` at `[list, index, field]` for each record whose key an earlier record has; the keys.
   * @example checks.unique('keys', router.keys, 'key', (key) => key.key, 'is used by another key')
   */
  unique<T>(
    list: string,
    records: readonly T[],
    field: string,
    key: (record: T) => Key,
    message: string,
  ): KeySet
  /** As `unique`, for records found at paths of their own (a list inside each record of another). */
  uniqueAt(keys: Iterable<readonly [Path, Key]>, message: string): KeySet
  /** Runs `check` on each record of a list, its issues at `[list, index, …]`. */
  each<T>(list: string, records: readonly T[], check: (record: T, at: RecordChecks) => void): void
  /** `must be at least <highest>, the highest <what>` at `field` when a counter is below a value it numbered. */
  atLeast(field: string, counter: number, values: Iterable<number>, what: string): void
}

/** The checks of the snapshot part at `base`, adding their issues to `context`. */
export function snapshotChecks(context: z.core.$RefinementCtx, base: Path): SnapshotChecks {
  const issue = (path: Path, message: string) =>
    context.addIssue({ code: 'custom', path: [...base, ...path], message })
  const set = (keys: Set<string>): KeySet => ({ has: (key) => keys.has(keyText(key)) })
  const uniqueAt = (keys: Iterable<readonly [Path, Key]>, message: string): KeySet => {
    const seen = new Set<string>()
    for (const [path, key] of keys) {
      const text = keyText(key)
      if (seen.has(text)) issue(path, message)
      seen.add(text)
    }
    return set(seen)
  }
  return {
    issue,
    uniqueAt,
    unique: (list, records, field, key, message) =>
      uniqueAt(
        records.map((record, index) => [[list, index, field], key(record)] as const),
        message,
      ),
    each(list, records, check) {
      records.forEach((record, index) => {
        const at = (field: string | Path): Path => [
          list,
          index,
          ...(typeof field === 'string' ? [field] : field),
        ]
        check(record, {
          issue: (field, message) => issue(at(field), message),
          refers(field, known, key, message) {
            if (known.has(key)) return true
            issue(at(field), message)
            return false
          },
        })
      })
    },
    atLeast(field, counter, values, what) {
      let highest = 0
      for (const value of values) if (value > highest) highest = value
      if (counter < highest) issue([field], `must be at least ${highest}, the highest ${what}`)
    },
  }
}
