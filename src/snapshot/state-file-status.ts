/**
 * What the control surface's discovery (`GET /__understudy`) tells about a server's state file. Kept apart
 * from `state-file.ts`, which needs `node:fs`: the control surface only reads the status.
 * @module
 */

/** A state file's status: where it is and how many saves have completed. */
export interface StateFileStatus {
  /** The file's absolute path. */
  path: string
  /** Whether the file was there at start (and its state loaded). */
  loaded: boolean
  /** Saves completed since the server started: each one holds every change made before it began. */
  saves: number
  /** When the last save completed (ISO 8601, the real time), or `null`. */
  savedAt: string | null
  /** Why the last save failed, or `null` (a failed save is retried on the next change check). */
  lastError: string | null
}

const statuses = new WeakMap<object, () => StateFileStatus>()

/** Records that a simulator's state is kept in a file, and how to read the file's status. */
export function registerStateFile(simulator: object, status: () => StateFileStatus): void {
  statuses.set(simulator, status)
}

/** The status of the file a simulator's state is kept in, if any. */
export function stateFileStatus(simulator: object): StateFileStatus | undefined {
  return statuses.get(simulator)?.()
}
