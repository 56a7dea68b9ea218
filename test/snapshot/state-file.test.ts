/**
 * `startServer({ stateFile })` in process: the file loaded at start (a missing one is an empty start; a bad
 * one is refused, naming the file and the problem), saved after changes and by `close()`, atomically, with
 * its status in the discovery (`GET /__understudy`).
 */
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type RunningServer, startServer } from '../../src/server/index.js'
import { control, NOW, serverTarget, writePreset } from './support.js'

let folder: string
let file: string
const running: RunningServer[] = []

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'understudy-state-'))
  file = join(folder, 'demo.json')
})
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()))
  vi.restoreAllMocks()
  await rm(folder, { recursive: true, force: true })
})

const start = async (options: Parameters<typeof startServer>[0] = {}) => {
  const server = await startServer({
    port: 0,
    seed: 'state-file',
    now: NOW,
    stateFile: file,
    ...options,
  })
  running.push(server)
  return server
}
/** Stops a server started by `start` (and forgets it). */
const stop = async (server: RunningServer) => {
  running.splice(running.indexOf(server), 1)
  await server.close()
}
const statusOf = async (server: RunningServer) => (await control(server.url, 'GET')).body.stateFile

/** Waits (generously: this is no benchmark) until the server reports `saves` completed saves. */
async function saved(server: RunningServer, saves: number) {
  for (let waited = 0; ; waited += 50) {
    const status = await statusOf(server)
    if (status.saves >= saves) return status
    if (waited > 15_000) throw new Error(`waited 15 s for save ${saves}: ${JSON.stringify(status)}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
const fileContent = async () => JSON.parse(await readFile(file, 'utf8'))

describe('a missing state file', () => {
  it('is an empty start: the scenario’s initial state, and the file is written after the first change', async () => {
    const server = await start()
    expect(await statusOf(server)).toEqual({
      path: file,
      loaded: false,
      saves: 0,
      savedAt: null,
      lastError: null,
    })
    expect(server.simulator.snapshot().services.router.presets).toEqual([])
    expect(existsSync(file)).toBe(false)

    expect((await writePreset(serverTarget(server), 'kept', 'one')).status).toBe(200)
    const status = await saved(server, 1)
    expect(status.savedAt).toMatch(/^\d{4}-\d\d-\d\dT/)
    expect(await fileContent()).toEqual(server.simulator.snapshot())
    // Readable by its owner only: it holds every API key and password.
    expect((await stat(file)).mode & 0o777).toBe(0o600)
  })

  it('is not created when nothing changed', async () => {
    await stop(await start())
    expect(existsSync(file)).toBe(false)
  })
})

describe('a state file', () => {
  it('survives a restart: the next server starts where the last one stopped', async () => {
    const first = await start()
    await writePreset(serverTarget(first), 'kept', 'one')
    await writePreset(serverTarget(first), 'kept', 'two')
    first.simulator.messaging.setFeatureLevel('acme', 400)
    const state = first.simulator.snapshot()
    await stop(first)

    // Another seed and clock: the file's state replaces them.
    const second = await start({ seed: 'other', now: '2030-01-01T00:00:00.000Z' })
    expect((await statusOf(second)).loaded).toBe(true)
    expect(second.simulator.snapshot()).toEqual(state)
    expect(second.simulator.messaging.featureLevel('acme')).toBe(400)
  })

  it('is saved by close(), with the changes made after the last save', async () => {
    const server = await start()
    await writePreset(serverTarget(server), 'late', 'written just before close')
    await stop(server)
    const content = await fileContent()
    expect(content.services.router.presets.map((preset: { slug: string }) => preset.slug)).toEqual([
      'late',
    ])
  })

  it('saves changes made on the control surface alone (the clock)', async () => {
    const server = await start()
    expect((await control(server.url, 'POST', '/clock', { advanceMs: 60_000 })).status).toBe(200)
    await saved(server, 1)
    expect((await fileContent()).clock.fixedAt).toBe(Date.parse(NOW) + 60_000)
  })

  it('removes the temporary files of a save a crash interrupted, and leaves other files alone', async () => {
    await writeFile(join(folder, '.demo.json.12345.abcdef01.tmp'), '{"half":')
    await writeFile(join(folder, 'notes.txt'), 'mine')
    await start()
    expect(await readdir(folder)).toEqual(['notes.txt'])
  })

  it('logs a failed save once, keeps the previous file, and saves once the folder is back', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const server = await start()
    await writePreset(serverTarget(server), 'first', 'one')
    await saved(server, 1)
    await rm(folder, { recursive: true })
    await writePreset(serverTarget(server), 'second', 'two')
    for (let waited = 0; (await statusOf(server)).lastError === null; waited += 50) {
      if (waited > 15_000) throw new Error('waited 15 s for the failed save')
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    expect((await statusOf(server)).lastError).toMatch(/^ENOENT: no such file or directory/)
    expect(logged).toHaveBeenCalledTimes(1)
    expect(logged.mock.calls[0]?.[0]).toMatch(
      new RegExp(`^\\[understudy\\] Failed to save the state file "${file}": ENOENT`),
    )
    await mkdir(folder)
    const status = await saved(server, 2)
    expect(status.lastError).toBe(null)
    expect(
      (await fileContent()).services.router.presets.map((preset: { slug: string }) => preset.slug),
    ).toEqual(['first', 'second'])
  })
})

describe('a state file that cannot be loaded', () => {
  const refusal = async (options: Parameters<typeof startServer>[0] = {}) => {
    const error = await start(options).then(
      () => undefined,
      (thrown: unknown) => thrown as Error,
    )
    expect(error?.message).not.toContain('\n')
    return error?.message
  }

  it('is refused when it is not JSON: never a silent empty start', async () => {
    await writeFile(file, '{"formatVersion": 1,')
    expect(await refusal()).toBe(
      `[understudy] Failed to load the state file "${file}": it is not valid JSON (Expected double-quoted property name in JSON at position 20).`,
    )
    expect(await readFile(file, 'utf8')).toBe('{"formatVersion": 1,')
  })

  it('is refused when it is empty', async () => {
    await writeFile(file, '')
    expect(await refusal()).toBe(
      `[understudy] Failed to load the state file "${file}": it is not valid JSON (Unexpected end of JSON input).`,
    )
  })

  it('is refused when it is not a valid snapshot, naming every problem', async () => {
    await writeFile(file, JSON.stringify({ formatVersion: 1, seed: 7, extra: true }))
    expect(await refusal()).toBe(
      `[understudy] Failed to load the state file "${file}": ` +
        'scenario: Invalid input: expected object, received undefined; ' +
        'ids: Invalid input: expected tuple, received undefined; ' +
        'clock: Invalid input: expected object, received undefined; ' +
        'latency: must be a number of milliseconds from 0 to 2147483647, or { min, max } with 0 <= min <= max <= 2147483647 (got nothing); ' +
        'services: Invalid input: expected object, received undefined; ' +
        'extra: unknown field.',
    )
  })

  it('is refused when its clock would give a time a Date cannot hold', async () => {
    const server = await start()
    const snapshot = server.simulator.snapshot()
    await stop(server)
    const clock = { start: snapshot.clock.start, created: 'real', fixedAt: null, offsetMs: -1.7e16 }
    await writeFile(file, JSON.stringify({ ...snapshot, clock }))
    expect(await refusal()).toBe(
      `[understudy] Failed to load the state file "${file}": clock.offsetMs: with the start ${clock.start} it gives ${clock.start - 1.7e16}, not a time a Date can hold (within ±8.64e15 ms of 1970).`,
    )
  })

  it('is refused when its format is newer', async () => {
    const server = await start()
    const snapshot = server.simulator.snapshot()
    await stop(server)
    await writeFile(file, JSON.stringify({ ...snapshot, formatVersion: 2 }))
    expect(await refusal()).toBe(
      `[understudy] Failed to load the state file "${file}": formatVersion: 2 is newer than this version of understudy-mock reads (1); upgrade understudy-mock to restore it.`,
    )
  })

  it('is refused when it cannot be read, or its folder does not exist', async () => {
    await mkdir(file)
    expect(await refusal()).toMatch(
      new RegExp(
        `^\\[understudy\\] Failed to load the state file "${file}": it cannot be read \\(EISDIR: `,
      ),
    )
    const nowhere = join(folder, 'missing', 'demo.json')
    expect(await refusal({ stateFile: nowhere })).toBe(
      `[understudy] Failed to load the state file "${nowhere}": its folder ${join(folder, 'missing')} does not exist.`,
    )
  })
})
