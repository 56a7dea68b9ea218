/**
 * A state file (`understudy-mock serve --state-file demo.json`, `startServer({ stateFile })`): the simulator's
 * snapshot kept on disk, so a demo's data survives a restart.
 *
 * - **Start**: the file's lock is taken (`state-file-lock.ts`: a second server on the file is refused,
 *   naming the holder; a folder that does not exist or is not writable is refused too), then the file is
 *   loaded: a missing file is an empty start (the scenario's initial state; the file is written on the
 *   first change); a file that cannot be read, is not JSON, is not a valid snapshot or has a newer format
 *   is an error naming the file and the problem, never a silent empty start. Temporary files of saves
 *   whose process is gone are removed.
 * - **Durable**: the server answers a write only once the file holds it (`durable`): a save that began
 *   after the write has completed. Writes waiting together share the next save (group commit), so every
 *   acknowledged write survives a `kill -9`; each costs a save of the whole state (decisions/state-file.md).
 * - **Save** after changes nothing waited for: every `STATE_FILE_CHECK_MS` a cheap fingerprint (each service's change counter,
 *   the seed, the latency, the clock's state, the scenario's name) is compared with the last saved one; a
 *   change is saved once the fingerprint holds still for one check, or after `STATE_FILE_MAX_WAIT_MS` of
 *   steady changes. The snapshot is taken at once, between requests (a consistent state), then written
 *   out in pieces (`state-file-write.ts`) with the event loop free between them: reads never wait for a save.
 * - **Atomically**: a temporary file in the same folder, written, flushed to disk (`fsync`), then renamed
 *   over the file; the folder is flushed too. A crash (even `kill -9`) mid-save leaves the previous file
 *   whole.
 * - **Bounded**: the file holds at most `maxBytes` of state. The server's edge asks `admit` before each
 *   write to a service; a write that could take the state past the bound is refused (400), as is every
 *   write while saves fail (503), so that no accepted write is one the file cannot keep. Each write is
 *   counted as twice its body until the next save measures the state; near the bound, a write waits for
 *   that save rather than be refused on the estimate.
 * - **Failures** are recorded in the status before anything else (`lastError`, `failures`), logged once
 *   per kind until a save succeeds, and retried with a growing delay (`retryDelay`).
 * - **Stop** (`close()`, so SIGINT and SIGTERM in the CLI): waits for a save in progress, saves what
 *   changed since, and releases the lock; a final save that fails rejects, saying what the file misses.
 * @module
 */

import { readdir, readFile, rm } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'
import { jsonProblem } from '../../engine/core/json-error.js'
import { printable } from '../../engine/core/printable.js'
import { systemErrorText } from '../../engine/core/system-error.js'
import { serviceNames } from '../../services/registry.js'
import type { SimulatorCore } from '../simulator-core.js'
import { parseSnapshot } from './restore.js'
import { DEFAULT_STATE_FILE_MAX_BYTES, MAX_STATE_FILE_MAX_BYTES } from './state-file-limits.js'
import { isAlive, lockStateFile } from './state-file-lock.js'
import { registerStateFile, type StateFileStatus } from './state-file-status.js'
import { StateTooLarge, size, streamJson, writeAtomically } from './state-file-write.js'
import { snapshotView } from './take.js'

/** How often the fingerprint is checked, in milliseconds: a save follows a change by one or two checks. */
const STATE_FILE_CHECK_MS = 250
/** The longest a change waits for a save while changes keep coming, in milliseconds. */
const STATE_FILE_MAX_WAIT_MS = 1_000
/**
 * What a write may add to the state, counted generously until the next save measures it: twice its
 * body (a body's values may take more room as JSON than as sent, `1e20` for one) and a kilobyte for the
 * record's own fields.
 */
const writeCost = (bodyBytes: number) => 2 * bodyBytes + 1024

/** The delay before retrying after `failures` failed saves in a row: 0.5 s, doubling, at most 10 s. */
const retryDelay = (failures: number) => Math.min(500 * 2 ** (failures - 1), 10_000)

/** Why a write to a service is refused: the file is full (400), or saves are failing (503). */
type WriteRefusal =
  | { kind: 'full'; message: string }
  | { kind: 'failing'; message: string; retryAfter: number }

/** A state file kept for one simulator. */
export interface StateFileKeeper {
  status(): StateFileStatus
  /**
   * Whether a write to a service, with a body of `bodyBytes`, may be accepted: `undefined` (it is then
   * counted against the bound until the next save), or why not. At once, but near the bound: the write
   * then waits for a save to measure the state.
   */
  admit(bodyBytes: number): Promise<WriteRefusal | undefined>
  /**
   * Resolves once the file holds the state as it is now: at once when it does, otherwise after a save
   * that begins after this call (writes waiting together share one save). `true`, or `false` when that
   * save failed (the change is then kept in memory, saved by the next save that succeeds). The server
   * answers a write only after this, so that every write it acknowledged survives a crash.
   */
  durable(): Promise<boolean>
  /** Counts a change that is not refused (a control write) against the bound until the next save. */
  count(bodyBytes: number): void
  /** Stops checking, waits for a save in progress, saves what changed since, releases the lock. */
  stop(): Promise<void>
}

/** Options of `keepStateFile`. */
export interface StateFileOptions {
  /** The most bytes of state the file holds (default `DEFAULT_STATE_FILE_MAX_BYTES`). */
  maxBytes?: number | undefined
  /** The server's URL, which a second server on the file names in its refusal. */
  url?: string | undefined
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim()
const messageOf = (error: unknown) =>
  oneLine(error instanceof Error ? error.message : String(error))

/** Checks the `maxBytes` option: a whole number from 1 to `MAX_STATE_FILE_MAX_BYTES`. */
export function checkStateFileMaxBytes(value: unknown): number {
  if (value === undefined) return DEFAULT_STATE_FILE_MAX_BYTES
  if (
    !Number.isInteger(value) ||
    (value as number) < 1 ||
    (value as number) > MAX_STATE_FILE_MAX_BYTES
  )
    throw new RangeError(
      `[understudy] Failed to start the server: stateFileMaxBytes must be a whole number of bytes from 1 to ${MAX_STATE_FILE_MAX_BYTES} (128 MiB), got ${String(value)}.`,
    )
  return value as number
}

/**
 * Takes the state file's lock, loads the file into the simulator (when it exists) and keeps it saved
 * from then on.
 * @param file a path, relative to the working directory or absolute
 */
export async function keepStateFile(
  simulator: SimulatorCore,
  file: string,
  options: StateFileOptions = {},
): Promise<StateFileKeeper> {
  const path = resolve(file)
  const maxBytes = checkStateFileMaxBytes(options.maxBytes)
  const lock = await lockStateFile(path, options.url)
  let loaded: { loaded: boolean; bytes: number }
  try {
    loaded = await load(simulator, path)
    await removeLeftovers(path)
  } catch (error) {
    await lock.release()
    throw error
  }
  const status: StateFileStatus = {
    path,
    loaded: loaded.loaded,
    saves: 0,
    savedAt: null,
    bytes: loaded.loaded ? loaded.bytes : null,
    maxBytes,
    lastSaveMs: null,
    lastError: null,
    failures: 0,
  }

  /** Changes whenever the state may have: reading it costs a few property reads. */
  const fingerprint = () =>
    [
      ...serviceNames.map((name) => simulator[name].changes()),
      typeof simulator.seed,
      simulator.seed,
      // An inference draws ids without changing a table: the next ids are state too (after a restart the
      // generation ids would otherwise repeat).
      simulator.idPosition().join(),
      JSON.stringify(simulator.latency.get()),
      JSON.stringify(simulator.clock.state()),
      simulator.scenario.name,
    ].join('\u0000')
  let saved = fingerprint()
  let seen = saved
  let changedSince: number | undefined
  let saving: Promise<boolean> | undefined
  /** The fingerprint of the state the save in progress writes. */
  let savingAt: string | undefined
  /** The save that begins after the one in progress, which writes waiting for the file share. */
  let queued: Promise<boolean> | undefined
  /** The state's size as last saved (or loaded, or measured at start). */
  let base = loaded.bytes
  /** What writes accepted since the snapshot of the save in progress may add (see `writeCost`). */
  let pending = 0
  /** The same for the writes the save in progress holds. */
  let inFlight = 0
  let tooLarge = false
  let nextAttemptAt = 0
  const logged = new Set<string>()
  let loggedFull = false

  const log = (line: string) => console.error(printable(line))

  /** One save: the snapshot taken at once, then written out; records the outcome, never throws. */
  async function save(): Promise<boolean> {
    const began = performance.now()
    inFlight = pending
    pending = 0
    try {
      // Taken together, between requests: the file holds every change made before this line. A view
      // (records copied, what never changes shared): consistent while requests go on during the write.
      const at = fingerprint()
      savingAt = at
      const bytes = await writeAtomically(path, snapshotView(simulator))
      await lock.restore()
      saved = at
      changedSince = undefined
      base = bytes
      inFlight = 0
      tooLarge = false
      if (status.failures > 0) log(`[understudy] Saved the state file "${path}" again.`)
      Object.assign(status, {
        saves: status.saves + 1,
        savedAt: new Date().toISOString(),
        bytes,
        lastSaveMs: Math.round(performance.now() - began),
        lastError: null,
        failures: 0,
      })
      logged.clear()
      return true
    } catch (error) {
      pending += inFlight
      inFlight = 0
      status.lastError = messageOf(error)
      status.failures += 1
      tooLarge = error instanceof StateTooLarge
      const delay = retryDelay(status.failures)
      nextAttemptAt = Date.now() + delay
      const kind = String((error as { code?: unknown }).code ?? (error as Error).name)
      if (!logged.has(kind)) {
        logged.add(kind)
        log(
          `[understudy] Failed to save the state file "${path}": ${status.lastError}. Writes to the services are refused until a save succeeds; retrying after ${delay / 1000} s, then less often (at most every 10 s).`,
        )
      }
      return false
    }
  }

  /** One save at a time. */
  function startSave(): Promise<boolean> {
    saving ??= save().finally(() => {
      saving = undefined
    })
    return saving
  }

  /** Brings `base` up to date: waits for the save in progress, then saves what changed since (if anything). */
  async function measure(): Promise<void> {
    await saving
    if (fingerprint() === saved) pending = 0
    else await startSave()
  }

  const timer = setInterval(() => {
    if (saving) return
    if (status.lastError !== null) {
      if (Date.now() >= nextAttemptAt) void startSave()
      return
    }
    const now = fingerprint()
    if (now === saved) {
      // The file holds the state as it is: writes counted since changed nothing.
      seen = now
      changedSince = undefined
      pending = 0
      return
    }
    const changing = now !== seen
    seen = now
    changedSince ??= Date.now()
    if (changing && Date.now() - changedSince < STATE_FILE_MAX_WAIT_MS) return
    void startSave()
  }, STATE_FILE_CHECK_MS)
  timer.unref()

  const full = (counted: number): WriteRefusal => {
    if (!loggedFull) {
      loggedFull = true
      log(
        `[understudy] The state file "${path}" is full (at most ${size(maxBytes)}): writes to the services are refused until a reset or a smaller snapshot makes room.`,
      )
    }
    return {
      kind: 'full',
      message: tooLarge
        ? `The simulator's state is larger than its state file can hold (${status.lastError}); this write was not carried out. Reset the simulator or restore a smaller snapshot to make room.`
        : `The simulator's state file is full: it holds at most ${size(maxBytes)} of state, and this write could take it to ${size(counted)}; it was not carried out. Reset the simulator or restore a smaller snapshot to make room, or start it with a larger --state-file-max-bytes (stateFileMaxBytes, at most 128 MiB).`,
    }
  }

  let stopping: Promise<void> | undefined
  registerStateFile(simulator, () => ({ ...status }))
  return {
    status: () => ({ ...status }),
    async admit(bodyBytes) {
      const cost = writeCost(bodyBytes)
      for (let measured = false; ; measured = true) {
        const counted = base + inFlight + pending + cost
        if (tooLarge) return full(counted)
        if (status.lastError !== null)
          return {
            kind: 'failing',
            message: `The simulator cannot save its state file (${status.lastError}); writes are refused until a save succeeds. This write was not carried out.`,
            retryAfter: Math.max(1, Math.ceil((nextAttemptAt - Date.now()) / 1000)),
          }
        if (counted <= maxBytes) {
          loggedFull = false
          pending += cost
          return undefined
        }
        // Near the bound, what the writes since the last save added is only an estimate: measure it (a
        // save now) before refusing, so that a write is refused only when the state as saved leaves no room.
        if (measured || stopping || inFlight + pending === 0) return full(counted)
        await measure()
      }
    },
    durable() {
      const now = fingerprint()
      if (now === saved) return Promise.resolve(true)
      // The save in progress holds this state only when nothing changed since it began.
      if (saving && savingAt === now) return saving
      queued ??= (async () => {
        // At least one turn (`queued` is set by then), until no save is in progress.
        do await saving
        while (saving)
        queued = undefined
        if (stopping) {
          await stopping.catch(() => {})
          return fingerprint() === saved
        }
        return fingerprint() === saved || startSave()
      })()
      return queued
    },
    count(bodyBytes) {
      pending += writeCost(bodyBytes)
    },
    stop() {
      stopping ??= (async () => {
        clearInterval(timer)
        try {
          await saving
          if (fingerprint() !== saved || status.lastError !== null) {
            const since = status.savedAt ?? 'the start'
            if (!(await save()))
              throw new Error(
                `[understudy] Failed to save the state file "${path}" on close: ${status.lastError}; it holds the state as saved at ${since}, without the changes made since.`,
              )
          }
        } finally {
          await lock.release()
        }
      })()
      return stopping
    },
  }
}

/** An error about the state file, one line: `[understudy] Failed to load the state file "<path>": <why>`. */
const loadFailure = (path: string, why: string) =>
  new Error(`[understudy] Failed to load the state file "${path}": ${why}.`)

/**
 * Restores the file's snapshot; `loaded: false` when there is no file. `bytes`: the file's size, or
 * (without a file) the size the state will have in it.
 */
async function load(
  simulator: SimulatorCore,
  path: string,
): Promise<{ loaded: boolean; bytes: number }> {
  let content: Buffer
  try {
    content = await readFile(path)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      throw loadFailure(path, `it cannot be read (${oneLine(systemErrorText(error))})`)
    return { loaded: false, bytes: await streamJson(snapshotView(simulator), async () => {}) }
  }
  let text: string
  try {
    text = content.toString('utf8')
  } catch (error) {
    throw loadFailure(path, `it cannot be read (${oneLine(systemErrorText(error))})`)
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw loadFailure(path, jsonProblem(text))
  }
  await simulator.restore(parseSnapshot(value, `load the state file "${path}"`))
  return { loaded: true, bytes: content.length }
}

/** The temporary files of saves whose process is gone: `.<name>.<pid>.<random>.tmp` beside the file. */
async function removeLeftovers(path: string): Promise<void> {
  const name = basename(path)
  const names = await readdir(dirname(path)).catch(() => [] as string[])
  await Promise.all(
    names.map((entry) => {
      if (!entry.startsWith(`.${name}.`) || !entry.endsWith('.tmp')) return undefined
      const pid = Number(/^([0-9]+)\.[0-9a-f]{8}$/.exec(entry.slice(name.length + 2, -4))?.[1])
      // A save of a server alive now (another one's, or an older version's without the lock) is kept.
      if (Number.isSafeInteger(pid) && pid !== process.pid && isAlive(pid)) return undefined
      return rm(join(dirname(path), entry), { force: true })
    }),
  )
}
