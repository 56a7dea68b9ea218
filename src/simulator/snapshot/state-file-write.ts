/**
 * Writing a state file: the snapshot's JSON text in pieces (`json-pieces.ts`), with the event loop free
 * between them, into a temporary file that is flushed to disk and renamed over the file (atomic: a crash
 * mid-save leaves the previous file whole).
 * @module
 */
import { constants } from 'node:buffer'
import { randomUUID } from 'node:crypto'
import { type FileHandle, open, rename, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { jsonPieces } from './json-pieces.js'

/**
 * The largest file that can be loaded back: its text must fit in one string (about 512 MiB). A save that
 * would write more is not written (the previous file stays) and fails, refusing writes.
 */
const LOADABLE_BYTES = constants.MAX_STRING_LENGTH
/** The characters of JSON gathered before each write to the file (the event loop is free between). */
const WRITE_CHUNK_CHARS = 512 * 1024
/** Containers less deep than this are indented in the file: one record per line below them. */
const EXPANDED_DEPTH = 4

/** A size for people: `64 MiB`, `1.5 MiB`, `48 KiB`, `900 bytes`. */
export function size(bytes: number): string {
  const [unit, scale] =
    bytes >= 2 ** 20 ? ['MiB', 2 ** 20] : bytes >= 1024 ? ['KiB', 1024] : ['bytes', 1]
  return `${(bytes / scale).toFixed(1).replace(/\.0$/, '')} ${unit}`
}

/** A save that would write a file too large to be loaded back. */
export class StateTooLarge extends Error {
  readonly code = 'ETOOLARGE'
}

/**
 * Writes a value's JSON text (and a final line break) to `sink` in chunks of about `WRITE_CHUNK_CHARS`,
 * waiting for each: the event loop is free between chunks. Resolves with the bytes written; throws
 * `StateTooLarge` past `LOADABLE_BYTES`.
 */
export async function streamJson(
  value: unknown,
  sink: (data: Buffer) => Promise<void>,
): Promise<number> {
  let buffer = ''
  let bytes = 0
  const flush = async () => {
    const data = Buffer.from(buffer, 'utf8')
    buffer = ''
    bytes += data.length
    if (bytes > LOADABLE_BYTES)
      throw new StateTooLarge(
        `the state is larger than a state file can hold (more than ${size(LOADABLE_BYTES)} of JSON, which could not be loaded back)`,
      )
    await sink(data)
    // A sink that does no I/O still lets requests in between chunks.
    await new Promise((resolve) => setImmediate(resolve))
  }
  for (const piece of jsonPieces(value, EXPANDED_DEPTH)) {
    buffer += piece
    if (buffer.length >= WRITE_CHUNK_CHARS) await flush()
  }
  buffer += '\n'
  await flush()
  return bytes
}

/** Writes all of `data` at the handle's position. */
async function writeAll(handle: FileHandle, data: Buffer): Promise<void> {
  for (let written = 0; written < data.length; ) {
    const { bytesWritten } = await handle.write(data, written, data.length - written)
    written += bytesWritten
  }
}

/**
 * Replaces the file's content all at once: write a temporary file beside it, flush it to disk, rename it
 * over the file, flush the folder. Readable by its owner only (the state holds API keys and passwords).
 * Resolves with the file's size.
 */
export async function writeAtomically(path: string, value: unknown): Promise<number> {
  const folder = dirname(path)
  const temporary = join(
    folder,
    `.${basename(path)}.${process.pid}.${randomUUID().slice(0, 8)}.tmp`,
  )
  let bytes: number
  try {
    const handle = await open(temporary, 'wx', 0o600)
    try {
      bytes = await streamJson(value, (data) => writeAll(handle, data))
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
  return bytes
}
