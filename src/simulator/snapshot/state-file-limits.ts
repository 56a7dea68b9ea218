/**
 * How much state a state file holds (kept apart from `state-file.ts`, which needs `node:fs`: the CLI's
 * help reads these too).
 * @module
 */

/** The default bound on the state a file holds: 64 MiB of JSON. */
export const DEFAULT_STATE_FILE_MAX_BYTES = 64 * 2 ** 20
/**
 * The largest bound that may be set: 128 MiB. A write is counted as twice its body until the next save
 * measures it; what a body becomes in the file stays within about twice that again, so a file kept within
 * this bound stays well under what can be loaded back (one string, about 512 MiB).
 */
export const MAX_STATE_FILE_MAX_BYTES = 128 * 2 ** 20
