/**
 * What the control surface's discovery (`GET /__understudy`) tells about a server's state file. Kept apart
 * from `state-file.ts`, which needs `node:fs`: the control surface only reads the status.
 * @module
 */

/** A state file's status: where it is, how many saves have completed, and what went wrong. */
export interface StateFileStatus {
  /** The file's absolute path. */
  path: string
  /** Whether the file was there at start (and its state loaded). */
  loaded: boolean
  /** Saves completed since the server started: each one holds every change made before it began. */
  saves: number
  /** When the last save completed (ISO 8601, the real time), or `null`. */
  savedAt: string | null
  /** The file's size in bytes as last saved (or loaded); `null` before the first save of a new file. */
  bytes: number | null
  /** The most bytes of state the file holds: past it, writes to the services are refused. */
  maxBytes: number
  /** How long the last completed save took, in milliseconds (spread over the event loop), or `null`. */
  lastSaveMs: number | null
  /**
   * Why the last save failed, or `null`. While saves fail, writes to the services are refused and the
   * save is retried with a growing delay.
   */
  lastError: string | null
  /** Saves failed in a row since the last that completed. */
  failures: number
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
