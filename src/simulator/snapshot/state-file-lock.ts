/**
 * One server per state file: a lock beside it, `.<name>.lock`, as PostgreSQL's `postmaster.pid` is. The
 * lock holds who took it (process id, host, the server's URL, when); a second server on the same file
 * finds it and is refused at start with one line naming the holder. A lock whose process is gone (a
 * `kill -9`, a crash) is stale: it is replaced. Creating it is also the start's check that the folder is
 * writable (a read-only folder would otherwise be found at the first save, and every save after).
 *
 * As with PostgreSQL, liveness is known only on the same host (`process.kill(pid, 0)`); a lock written on
 * another host (a shared folder) is refused, naming it, for a person to remove if that server is gone.
 * A lock carrying this process's own id but not taken by it is stale too (a container restarted with the
 * same process id).
 * @module
 */

import { randomUUID } from 'node:crypto'
import { readFileSync, unlinkSync } from 'node:fs'
import { open, readFile, rm, stat } from 'node:fs/promises'
import { hostname } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { systemErrorText } from '../../engine/core/system-error.js'

/** Who holds a lock. */
interface Holder {
  pid: number
  host: string
  url: string | undefined
  startedAt: string
  token: string
}

/** A lock this process holds. */
export interface StateFileLock {
  /** The lock file's path. */
  readonly path: string
  /** Writes the lock again if it went missing (its folder was removed and made again). */
  restore(): Promise<void>
  /** Removes the lock, if it is still this one's. */
  release(): Promise<void>
}

/** The locks this process holds, by lock path (a second server in the same process is refused too). */
const held = new Set<string>()

/** Whether a process is alive (one of another user answers EPERM: alive). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** An error about using the state file, one line: `[understudy] Failed to use the state file "<path>": <why>.` */
const useFailure = (path: string, why: string) =>
  new Error(`[understudy] Failed to use the state file "${path}": ${why}.`)

function parseHolder(text: string): Holder | undefined {
  try {
    const value = JSON.parse(text) as Partial<Holder>
    return Number.isSafeInteger(value.pid) && typeof value.host === 'string'
      ? (value as Holder)
      : undefined
  } catch {
    return undefined
  }
}

/** Whether a lock's holder is gone: its process is dead on this host, or it is this process but not held here. */
function isStale(holder: Holder, lockPath: string): boolean {
  if (holder.host !== hostname()) return false
  if (holder.pid === process.pid) return !held.has(lockPath)
  return !isAlive(holder.pid)
}

const describeHolder = (holder: Holder) =>
  `process ${holder.pid} on ${holder.host}${holder.url ? `, ${holder.url}` : ''}, since ${holder.startedAt}`

/**
 * Takes the lock of a state file, or throws one line: another server holds it (naming it), or the folder
 * does not exist or is not writable.
 * @param url the server's URL, for the message another server would give
 */
export async function lockStateFile(file: string, url: string | undefined): Promise<StateFileLock> {
  const folder = dirname(file)
  const lockPath = join(folder, `.${basename(file)}.lock`)
  const self: Holder = {
    pid: process.pid,
    host: hostname(),
    url,
    startedAt: new Date().toISOString(),
    token: randomUUID(),
  }
  const content = `${JSON.stringify(self)}\n`

  const create = async (): Promise<boolean> => {
    let handle: Awaited<ReturnType<typeof open>>
    try {
      handle = await open(lockPath, 'wx', 0o600)
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code === 'EEXIST') return false
      const isFolder = await stat(folder).then(
        (found) => found.isDirectory(),
        () => false,
      )
      if (!isFolder) throw useFailure(file, `its folder ${folder} does not exist`)
      throw useFailure(file, `its folder ${folder} is not writable (${systemErrorText(error)})`)
    }
    try {
      await handle.writeFile(content, 'utf8')
    } finally {
      await handle.close()
    }
    return true
  }

  for (let attempt = 0; ; attempt++) {
    if (await create()) break
    const text = await readFile(lockPath, 'utf8').catch(() => '')
    const holder = parseHolder(text)
    if (holder === undefined) {
      // Being written by a server that is starting (or left half-written by a crash): look again, then
      // take it over once it has stayed unreadable for a while.
      const age = await stat(lockPath).then(
        (found) => Date.now() - found.mtimeMs,
        () => 0,
      )
      if (age < 2_000 && attempt < 40) {
        await new Promise((resolve) => setTimeout(resolve, 50))
        continue
      }
    } else if (!isStale(holder, lockPath)) {
      const remote = holder.host !== hostname()
      throw useFailure(
        file,
        `another Understudy server holds it (${describeHolder(holder)}); ${remote ? `if that server is gone, remove ${lockPath}` : 'stop that server, or give this one another file'}`,
      )
    }
    if (attempt >= 40) throw useFailure(file, `its lock ${lockPath} cannot be taken`)
    await rm(lockPath, { force: true })
  }
  held.add(lockPath)

  const isOurs = (text: string) => parseHolder(text)?.token === self.token
  const releaseSync = () => {
    try {
      if (isOurs(readFileSync(lockPath, 'utf8'))) unlinkSync(lockPath)
    } catch {}
  }
  // A process that exits without closing the server (an uncaught error) leaves no lock behind.
  process.once('exit', releaseSync)
  return {
    path: lockPath,
    async restore() {
      if (!held.has(lockPath)) return
      const handle = await open(lockPath, 'wx', 0o600).catch(() => undefined)
      if (!handle) return
      try {
        await handle.writeFile(content, 'utf8')
      } finally {
        await handle.close()
      }
    },
    async release() {
      process.off('exit', releaseSync)
      held.delete(lockPath)
      const text = await readFile(lockPath, 'utf8').catch(() => '')
      if (isOurs(text)) await rm(lockPath, { force: true })
    },
  }
}
