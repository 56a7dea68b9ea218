/**
 * `startServer({ stateFile })` in process: the file loaded at start (a missing one is an empty start; a bad
 * one is refused, naming the file and the problem), saved after changes and by `close()`, atomically, with
 * its status in the discovery (`GET /__understudy`).
 */

import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createSimulator } from '../../src/entries/index.js'
import { type RunningServer, startServer } from '../../src/entries/server/index.js'
import { accounts, basic, keys } from '../support/credentials.js'
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

/** The id of a process that has exited (so no process has it, until the system reuses it). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''])
  await once(child, 'exit')
  return child.pid as number
}

/** Waits (generously) until `ready()` holds. */
async function until(ready: () => Promise<boolean>, what: string): Promise<void> {
  for (let waited = 0; !(await ready()); waited += 50) {
    if (waited > 15_000) throw new Error(`waited 15 s for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('a missing state file', () => {
  it('is an empty start: the scenario’s initial state, and the file is written after the first change', async () => {
    const server = await start()
    expect(await statusOf(server)).toEqual({
      path: file,
      loaded: false,
      saves: 0,
      savedAt: null,
      bytes: null,
      maxBytes: 64 * 2 ** 20,
      lastSaveMs: null,
      lastError: null,
      failures: 0,
    })
    expect(server.simulator.snapshot().services.router.presets).toEqual([])
    expect(existsSync(file)).toBe(false)

    expect((await writePreset(serverTarget(server), 'kept', 'one')).status).toBe(200)
    const status = await saved(server, 1)
    expect(status.savedAt).toMatch(/^\d{4}-\d\d-\d\dT/)
    expect(status.bytes).toBe((await stat(file)).size)
    expect(status.lastSaveMs).toBeGreaterThanOrEqual(0)
    expect(await fileContent()).toEqual(server.simulator.snapshot())
    // One record per line below the top levels: a person can read it, and no record's nesting indents it.
    const text = await readFile(file, 'utf8')
    expect(text.startsWith('{\n  "formatVersion": 1,\n  "scenario": {\n')).toBe(true)
    expect(text).toMatch(/\n {8}\{"id":"[0-9a-f-]{36}","name":"kept","slug":"kept",[^\n]*\}\n/)
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

  it('saves a consistent state while writes go on during the save', async () => {
    const server = await start()
    // A few large presets: each save is written out over many turns of the event loop.
    for (let i = 0; i < 4; i++)
      expect(
        (await writePreset(serverTarget(server), `big-${i}`, 'p'.repeat(2_000_000))).status,
      ).toBe(200)
    const checked = new Set<number>()
    const began = Date.now()
    for (let round = 0; checked.size < 4; round++) {
      if (Date.now() - began > 45_000) throw new Error(`saw ${checked.size} saves in 45 s`)
      // New versions of the large presets (their records change in place) and new presets, meanwhile.
      expect(
        (await writePreset(serverTarget(server), `big-${round % 4}`, `v${round}`)).status,
      ).toBe(200)
      await writePreset(serverTarget(server), `small-${round}`, 'x')
      const { saves } = await statusOf(server)
      if (saves === 0 || checked.has(saves)) continue
      checked.add(saves)
      // Whatever save the file is from, it is a snapshot that validates (every version's preset, every
      // designated version, versions numbered in order) and that a simulator restores.
      const copy = createSimulator()
      await copy.restore(await fileContent())
      const presets = copy.snapshot().services.router.presets
      const smalls = presets
        .filter((preset) => preset.slug.startsWith('small-'))
        .map((preset) => preset.slug)
      expect(smalls).toEqual(smalls.map((_, i) => `small-${i}`))
    }
  }, 60_000)

  it('removes the temporary files of saves whose process is gone, and leaves other files alone', async () => {
    const dead = await deadPid()
    await writeFile(join(folder, `.demo.json.${dead}.abcdef01.tmp`), '{"half":')
    await writeFile(join(folder, `.demo.json.${process.pid}.abcdef02.tmp`), '{"half":')
    // A save in progress of a live process (here the test runner's parent) is not touched.
    const live = `.demo.json.${process.ppid}.abcdef03.tmp`
    await writeFile(join(folder, live), '{"half":')
    await writeFile(join(folder, 'notes.txt'), 'mine')
    await start()
    expect((await readdir(folder)).sort()).toEqual(['.demo.json.lock', live, 'notes.txt'].sort())
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
      `[understudy] Failed to load the state file "${file}": it is not valid JSON: it ends early, at line 1, column 21.`,
    )
    expect(await readFile(file, 'utf8')).toBe('{"formatVersion": 1,')
  })

  it('is refused when it is empty', async () => {
    await writeFile(file, '')
    expect(await refusal()).toBe(
      `[understudy] Failed to load the state file "${file}": it is empty.`,
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
        `^\\[understudy\\] Failed to load the state file "${file}": it cannot be read \\(it is a folder \\(EISDIR\\)\\)\\.$`,
      ),
    )
    const nowhere = join(folder, 'missing', 'demo.json')
    expect(await refusal({ stateFile: nowhere })).toBe(
      `[understudy] Failed to use the state file "${nowhere}": its folder ${join(folder, 'missing')} does not exist.`,
    )
  })
})

describe('one server per state file', () => {
  it('refuses a second server on the file at start, naming the holder; the first keeps the file', async () => {
    const first = await start()
    const error = await start().then(
      () => undefined,
      (thrown: unknown) => thrown as Error,
    )
    expect(error?.message).toMatch(
      new RegExp(
        `^\\[understudy\\] Failed to use the state file "${file}": another Understudy server holds it \\(process ${process.pid} on ${hostname()}, ${first.url}, since \\d{4}-\\d\\d-\\d\\dT[0-9:.]+Z\\); stop that server, or give this one another file\\.$`,
      ),
    )
    expect((await writePreset(serverTarget(first), 'kept', 'one')).status).toBe(200)
    await stop(first)
    // Released on close: the next server takes the file.
    const next = await start()
    expect((await statusOf(next)).loaded).toBe(true)
    expect(next.simulator.snapshot().services.router.presets.map((p) => p.slug)).toEqual(['kept'])
  })

  it('takes over the lock of a server that is gone, and refuses one of another host', async () => {
    const lock = join(folder, '.demo.json.lock')
    const holder = {
      pid: await deadPid(),
      host: hostname(),
      url: 'http://127.0.0.1:1',
      startedAt: 'then',
      token: 'x',
    }
    await writeFile(lock, JSON.stringify(holder))
    await stop(await start())
    await writeFile(lock, JSON.stringify({ ...holder, pid: 1, host: 'elsewhere.example' }))
    const error = await start().then(
      () => undefined,
      (thrown: unknown) => thrown as Error,
    )
    expect(error?.message).toBe(
      `[understudy] Failed to use the state file "${file}": another Understudy server holds it (process 1 on elsewhere.example, http://127.0.0.1:1, since then); if that server is gone, remove ${lock}.`,
    )
  })

  it('refuses a folder that is not writable at start, rather than failing every save', async () => {
    const readOnly = '/sys/understudy-demo.json'
    const error = await startServer({ port: 0, stateFile: readOnly }).then(
      (server) => server.close(),
      (thrown: unknown) => thrown as Error,
    )
    expect(error?.message).toMatch(
      /^\[understudy\] Failed to use the state file "\/sys\/understudy-demo\.json": its folder \/sys is not writable \((permission denied \(EACCES\)|the file system is read-only \(EROFS\)|operation not permitted \(EPERM\))\)\.$/,
    )
  })
})

describe('a state file that cannot keep a write', () => {
  const presetBody = (content: string) =>
    JSON.stringify({ messages: [{ role: 'system', content }], model: 'openai/gpt-4o' })
  const routerWrite = (server: RunningServer, slug: string, content: string) =>
    fetch(`${server.services.router}/presets/${slug}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${keys.inference}`, 'content-type': 'application/json' },
      body: presetBody(content),
    })

  /** Iago creates Romeo in acme. */
  const messagingWrite = (server: RunningServer) =>
    fetch(`${server.services.messaging.acme}/api/v1/users`, {
      method: 'POST',
      headers: {
        authorization: basic(accounts.iago),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'email=romeo%40acme.example&password=correct-horse&full_name=Romeo',
    })

  it('refuses writes past its bound with 400 in the service’s shape, until a reset makes room', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const server = await start({ stateFileMaxBytes: 64 * 1024 })
    const accepted: string[] = []
    let refused: Response | undefined
    for (let i = 0; i < 20 && !refused; i++) {
      const response = await routerWrite(server, `big-${i}`, 'x'.repeat(8_000))
      if (response.status !== 200) refused = response
      else {
        accepted.push(`big-${i}`)
        await response.arrayBuffer()
      }
    }
    expect(refused?.status).toBe(400)
    const body = JSON.parse(await (refused as Response).text())
    expect(body.error.code).toBe(400)
    expect(body.error.message).toMatch(
      /^The simulator's state file is full: it holds at most 64 KiB of state, and this write could take it to [0-9.]+ KiB; it was not carried out\. Reset the simulator or restore a smaller snapshot to make room, or start it with a larger --state-file-max-bytes \(stateFileMaxBytes, at most 128 MiB\)\.$/,
    )
    expect(accepted.length).toBeGreaterThan(2)
    // Reads go on.
    const read = await fetch(`${server.services.router}/presets`, {
      headers: { authorization: `Bearer ${keys.inference}` },
    })
    expect(read.status).toBe(200)
    expect(logged.mock.calls.map((call) => call[0])).toEqual([
      `[understudy] The state file "${file}" is full (at most 64 KiB): writes to the services are refused until a reset or a smaller snapshot makes room.`,
    ])

    // Every accepted write is in the file once the server stops; a reset then makes room.
    expect((await control(server.url, 'POST', '/reset')).status).toBe(200)
    await until(
      async () => (await routerWrite(server, 'after-reset', 'short')).status === 200,
      'room',
    )
    await stop(server)
    expect(
      (await fileContent()).services.router.presets.map((p: { slug: string }) => p.slug),
    ).toEqual(['after-reset'])
  })

  it('refuses every write in each service’s own shape when the state is already past its bound', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const server = await start({ stateFileMaxBytes: 1024 })
    const preset = await routerWrite(server, 'p', 'one')
    const user = await messagingWrite(server)
    const message = (counted: string) =>
      `The simulator's state file is full: it holds at most 1 KiB of state, and this write could take it to ${counted} KiB; it was not carried out. Reset the simulator or restore a smaller snapshot to make room, or start it with a larger --state-file-max-bytes (stateFileMaxBytes, at most 128 MiB).`
    const presetBody = await preset.json()
    const counted = /to ([0-9.]+) KiB/.exec(presetBody.error.message)?.[1] as string
    expect([preset.status, presetBody]).toEqual([
      400,
      { error: { code: 400, message: message(counted) } },
    ])
    const userBody = await user.json()
    expect([user.status, userBody]).toEqual([
      400,
      {
        result: 'error',
        msg: expect.stringMatching(/^The simulator's state file is full: /),
        code: 'BAD_REQUEST',
      },
    ])
    expect(server.simulator.journal.count()).toBe(0)
  })

  it('keeps every accepted write when it stops at its bound', async () => {
    const server = await start({ stateFileMaxBytes: 48 * 1024 })
    const accepted: string[] = []
    for (let i = 0; i < 12; i++) {
      const response = await routerWrite(server, `w-${i}`, 'y'.repeat(6_000))
      await response.arrayBuffer()
      if (response.status === 200) accepted.push(`w-${i}`)
    }
    expect(accepted.length).toBeGreaterThan(0)
    expect(accepted.length).toBeLessThan(12)
    await stop(server)
    const kept = (await fileContent()).services.router.presets.map((p: { slug: string }) => p.slug)
    expect(kept).toEqual(accepted)
    expect((await stat(file)).size).toBeLessThanOrEqual(48 * 1024)
  })

  it('records a failure in the status even when taking the state throws', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const server = await start()
    const exported = vi.spyOn(server.simulator.router as any, 'exportState')
    exported.mockImplementation(() => {
      throw new RangeError('Invalid string length')
    })
    // Carried out, but not acknowledged: the answer waits for the save, which failed.
    const unsaved = await routerWrite(server, 'kept', 'one')
    expect([unsaved.status, (await unsaved.json()).error.message]).toEqual([
      503,
      'The simulator carried out this write but could not save its state file; it is kept in memory and saved by the next save that succeeds, or lost if the server stops before then. (Invalid string length)',
    ])
    expect(await statusOf(server)).toMatchObject({ lastError: 'Invalid string length', saves: 0 })
    exported.mockRestore()
    await saved(server, 1)
  })

  it('refuses writes with 503 while saves fail, logs once, backs off, and takes writes again once saved', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const server = await start()
    expect((await routerWrite(server, 'first', 'one')).status).toBe(200)
    await saved(server, 1)
    await rm(folder, { recursive: true })
    // The first write after the folder went is carried out, but answered 503: its save failed.
    const unsaved = await routerWrite(server, 'second', 'two')
    expect([unsaved.status, unsaved.headers.get('retry-after')]).toEqual([503, '1'])
    expect((await unsaved.json()).error.message).toMatch(
      /^The simulator carried out this write but could not save its state file; .* \(ENOENT: no such file or directory, open '[^']+'\)$/,
    )
    expect((await statusOf(server)).lastError).not.toBeNull()

    const refused = await routerWrite(server, 'third', 'three')
    expect(refused.status).toBe(503)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    const body = JSON.parse(await refused.text())
    expect(body.error.message).toMatch(
      /^The simulator cannot save its state file \(ENOENT: no such file or directory, open '[^']+'\); writes are refused until a save succeeds\. This write was not carried out\.$/,
    )
    const user = await messagingWrite(server)
    expect([
      user.status,
      (await user.json()).result,
      user.headers.get('retry-after') !== null,
    ]).toEqual([503, 'error', true])
    // Backed off: over 3 s, a few attempts (0.5, 1, 2 s apart), not one every 250 ms; one line logged.
    await new Promise((resolve) => setTimeout(resolve, 3_000))
    const failing = await statusOf(server)
    expect(failing.failures).toBeGreaterThanOrEqual(2)
    expect(failing.failures).toBeLessThanOrEqual(4)
    expect(logged).toHaveBeenCalledTimes(1)
    expect(logged.mock.calls[0]?.[0]).toMatch(
      new RegExp(
        `^\\[understudy\\] Failed to save the state file "${file}": ENOENT: .* Writes to the services are refused until a save succeeds; retrying after 0\\.5 s, then less often \\(at most every 10 s\\)\\.$`,
      ),
    )

    await mkdir(folder)
    await saved(server, 2)
    expect((await routerWrite(server, 'third', 'three')).status).toBe(200)
    expect(logged.mock.calls.at(-1)?.[0]).toBe(`[understudy] Saved the state file "${file}" again.`)
    await stop(server)
    expect(
      (await fileContent()).services.router.presets.map((p: { slug: string }) => p.slug),
    ).toEqual(['first', 'second', 'third'])
  })
})
