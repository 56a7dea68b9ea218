/**
 * A state file (`understudy serve --state-file demo.json`, `startServer({ stateFile })`): the simulator's
 * snapshot kept on disk, so a demo's data survives a restart.
 *
 * - **Load** at start: a missing file is an empty start (the scenario's initial state; the file is written
 *   on the first change); a file that cannot be read, is not JSON, is not a valid snapshot or has a newer
 *   format is an error naming the file and the problem, never a silent empty start.
 * - **Save** after changes: every `STATE_FILE_CHECK_MS` a cheap fingerprint (each service's change counter,
 *   the seed, the latency, the clock's state, the scenario's name) is compared with the last saved one; a
 *   change is saved once the fingerprint holds still for one check, or after `STATE_FILE_MAX_WAIT_MS` of
 *   steady changes. So a write is on disk 250 to 500 ms after the last one, and at least once a second
 *   under a steady stream. No request waits for a save: the snapshot is taken between requests, and
 *   written in the background.
 * - **Atomically**: a temporary file in the same folder, written, flushed to disk (`fsync`), then renamed
 *   over the file; the folder is flushed too. A crash (even `kill -9`) mid-save leaves the previous file
 *   whole; a leftover temporary file is removed at the next start.
 * - **Stop** (`close()`, so SIGINT and SIGTERM in the CLI): waits for a save in progress, then saves what
 *   changed since.
 * @module
 */
import { randomUUID } from 'node:crypto'
import { open, readdir, readFile, rename, rm, stat } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'
import { serviceNames } from '../services.js'
import type { SimulatorCore } from '../simulator-core.js'
import { parseSnapshot } from './restore.js'
import { registerStateFile, type StateFileStatus } from './state-file-status.js'

/** How often the fingerprint is checked, in milliseconds: a save follows a change by one or two checks. */
const STATE_FILE_CHECK_MS = 250
/** The longest a change waits for a save while changes keep coming, in milliseconds. */
const STATE_FILE_MAX_WAIT_MS = 1_000

/** A state file kept for one simulator. */
export interface StateFileKeeper {
  status(): StateFileStatus
  /** Stops checking, waits for a save in progress and saves what changed since; rejects if that save fails. */
  stop(): Promise<void>
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim()
const messageOf = (error: unknown) =>
  oneLine(error instanceof Error ? error.message : String(error))

/**
 * Loads the state file into the simulator (when it exists) and keeps it saved from then on.
 * @param file a path, relative to the working directory or absolute
 */
export async function keepStateFile(
  simulator: SimulatorCore,
  file: string,
): Promise<StateFileKeeper> {
  const path = resolve(file)
  const status: StateFileStatus = {
    path,
    loaded: await load(simulator, path),
    saves: 0,
    savedAt: null,
    lastError: null,
  }
  await removeLeftovers(path)

  /** Changes whenever the state may have: reading it costs a few property reads. */
  const fingerprint = () =>
    [
      ...serviceNames.map((name) => simulator[name].changes()),
      typeof simulator.seed,
      simulator.seed,
      JSON.stringify(simulator.latency.get()),
      JSON.stringify(simulator.clock.state()),
      simulator.scenario.name,
    ].join('\u0000')
  let saved = fingerprint()
  let seen = saved
  let changedSince: number | undefined
  let saving: Promise<void> | undefined
  let loggedError: string | undefined

  async function save(): Promise<void> {
    const at = fingerprint()
    // Taken at once, between requests: the file holds every change made before this line.
    const text = `${JSON.stringify(simulator.snapshot(), null, 2)}\n`
    try {
      await writeAtomically(path, text)
    } catch (error) {
      status.lastError = messageOf(error)
      throw error
    }
    saved = at
    changedSince = undefined
    status.saves += 1
    status.savedAt = new Date().toISOString()
    status.lastError = null
    loggedError = undefined
  }

  /** One save at a time; a failure is logged once (until a save succeeds) and retried on the next check. */
  function startSave(): Promise<void> {
    saving ??= save()
      .catch((error: unknown) => {
        if (status.lastError !== loggedError) {
          loggedError = status.lastError ?? undefined
          console.error(`[understudy] Failed to save the state file "${path}": ${messageOf(error)}`)
        }
      })
      .finally(() => {
        saving = undefined
      })
    return saving
  }

  const timer = setInterval(() => {
    if (saving) return
    const now = fingerprint()
    if (now === saved) {
      seen = now
      changedSince = undefined
      return
    }
    const changing = now !== seen
    seen = now
    changedSince ??= Date.now()
    if (changing && Date.now() - changedSince < STATE_FILE_MAX_WAIT_MS) return
    void startSave()
  }, STATE_FILE_CHECK_MS)
  timer.unref()

  let stopping: Promise<void> | undefined
  registerStateFile(simulator, () => ({ ...status }))
  return {
    status: () => ({ ...status }),
    stop() {
      stopping ??= (async () => {
        clearInterval(timer)
        await saving
        if (fingerprint() !== saved) await save()
      })()
      return stopping
    },
  }
}

/** An error about the state file, one line: `[understudy] Failed to load the state file "<path>": <why>`. */
const loadFailure = (path: string, why: string) =>
  new Error(`[understudy] Failed to load the state file "${path}": ${why}.`)

/** Restores the file's snapshot; `false` when there is no file (but its folder must exist). */
async function load(simulator: SimulatorCore, path: string): Promise<boolean> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      throw loadFailure(path, `it cannot be read (${messageOf(error)})`)
    const folder = await stat(dirname(path)).catch(() => undefined)
    if (!folder?.isDirectory())
      throw loadFailure(path, `its folder ${dirname(path)} does not exist`)
    return false
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw loadFailure(path, `it is not valid JSON (${messageOf(error)})`)
  }
  await simulator.restore(parseSnapshot(value, `load the state file "${path}"`))
  return true
}

/** The temporary files of a save a crash interrupted: `.<name>.<pid>.<random>.tmp` beside the file. */
async function removeLeftovers(path: string): Promise<void> {
  const prefix = `.${basename(path)}.`
  const names = await readdir(dirname(path)).catch(() => [] as string[])
  await Promise.all(
    names
      .filter((name) => name.startsWith(prefix) && name.endsWith('.tmp'))
      .map((name) => rm(join(dirname(path), name), { force: true })),
  )
}

/**
 * Replaces the file's content all at once: write a temporary file beside it, flush it to disk, rename it
 * over the file, flush the folder. Readable by its owner only (the state holds API keys and passwords).
 */
async function writeAtomically(path: string, text: string): Promise<void> {
  const folder = dirname(path)
  const temporary = join(
    folder,
    `.${basename(path)}.${process.pid}.${randomUUID().slice(0, 8)}.tmp`,
  )
  try {
    const handle = await open(temporary, 'wx', 0o600)
    try {
      await handle.writeFile(text, 'utf8')
      await handle.sync()
    } finally {
      await handle.close()
    }
    await rename(temporary, path)
  } catch (error) {
    await rm(temporary, { force: true })
    throw error
  }
  // The rename is durable once the folder is flushed (not every platform can open a folder: best effort).
  const directory = await open(folder, 'r').catch(() => undefined)
  await directory
    ?.sync()
    .catch(() => {})
    .finally(() => directory.close())
}
