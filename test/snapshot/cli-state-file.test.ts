/**
 * `understudy-mock serve --state-file` as the built bin (`npm run build` first): durability under `kill -9` in the
 * middle of a write loop, the save on SIGTERM, and the one-line refusal (exit code 1) of a file it cannot load.
 *
 * Durability: a write to a service is answered only once the file holds it, so every write answered 200
 * before a `kill -9` is there after a restart, whenever the kill comes. Each save is a consistent snapshot,
 * so the writes found are a prefix of the writes sent (the last one, unanswered, may or may not be there).
 */
import { once } from 'node:events'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type CliServer, runCli, startCli } from '../support/cli.js'
import { keys } from '../support/credentials.js'
import { NOW } from './support.js'

let folder: string
let file: string
const started: CliServer[] = []

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'understudy-cli-state-'))
  file = join(folder, 'demo.json')
})
afterEach(async () => {
  await Promise.all(started.splice(0).map((cli) => cli.stop()))
  await rm(folder, { recursive: true, force: true })
})

const serve = async () => {
  const cli = await startCli(['--quiet', '--seed', 'durable', '--now', NOW, '--state-file', file], {
    bin: true,
  })
  started.push(cli)
  return cli
}

/** Creates preset `slug`; resolves with the status (a write is acknowledged when it is 200). */
const write = async (cli: CliServer, slug: string) => {
  const response = await fetch(`${cli.router}/presets/${slug}/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${keys.inference}`, 'content-type': 'application/json' },
    body: JSON.stringify({ messages: [{ role: 'user', content: slug }], model: 'openai/gpt-4o' }),
  })
  await response.arrayBuffer()
  return response.status
}
const slugsOf = async (cli: CliServer): Promise<string[]> => {
  const response = await fetch(`${cli.origin}/__understudy/snapshot`)
  const snapshot = await response.json()
  return snapshot.services.router.presets.map((preset: { slug: string }) => preset.slug)
}

interface Round {
  /** The writes sent, in order (the last may be unacknowledged). */
  sent: string[]
  /** How many were answered 200 before the kill: every one of them must survive. */
  acknowledged: number
}

/**
 * Writes `round-<n>-<i>` presets one after another, each answered before the next is sent, until the server
 * is killed with SIGKILL at a random moment (after at least one write, at most 1.5 s after the first).
 */
async function writeUntilKilled(cli: CliServer, round: number): Promise<Round> {
  const sent: string[] = []
  let acknowledged = 0
  let killed = false
  const exited = once(cli.process, 'exit')
  try {
    for (let i = 0; ; i++) {
      const slug = `round-${round}-${i}`
      sent.push(slug)
      if ((await write(cli, slug)) !== 200) throw new Error(`write ${slug} was refused`)
      acknowledged += 1
      if (i === 0)
        setTimeout(
          () => {
            killed = true
            cli.process.kill('SIGKILL')
          },
          50 + Math.random() * 1_450,
        )
    }
  } catch (error) {
    // The connection fails once the process is gone; anything before the kill is a real failure.
    if (!killed) throw error
  }
  await exited
  started.splice(started.indexOf(cli), 1)
  return { sent, acknowledged }
}

describe('--state-file under kill -9', () => {
  it('keeps every acknowledged write, in a file that loads', async () => {
    const rounds: Round[] = []
    for (let round = 0; round < 3; round++) {
      const cli = await serve()
      rounds.push(await writeUntilKilled(cli, round))
      // The file parses and validates: the next server starts from it.
      JSON.parse(await readFile(file, 'utf8'))
    }
    const cli = await serve()
    expect(cli.output()).toContain(`state      ${file} (loaded)`)
    const present = await slugsOf(cli)
    let at = 0
    for (const [round, { sent, acknowledged }] of rounds.entries()) {
      expect(acknowledged).toBeGreaterThan(0)
      const kept = present.filter((slug) => slug.startsWith(`round-${round}-`))
      // Every acknowledged write, in order; at most the one write in flight at the kill besides.
      expect(kept.slice(0, acknowledged)).toEqual(sent.slice(0, acknowledged))
      expect(kept).toEqual(sent.slice(0, kept.length))
      expect(kept.length - acknowledged).toBeLessThanOrEqual(1)
      expect(present.slice(at, at + kept.length)).toEqual(kept)
      at += kept.length
    }
    expect(present).toHaveLength(at)
    // No temporary file of an interrupted save is left once a server has started; the killed server's lock
    // was taken over (its process is gone), and the running one holds it.
    expect((await readdir(folder)).sort()).toEqual(['.demo.json.lock', 'demo.json'])
    expect(JSON.parse(await readFile(join(folder, '.demo.json.lock'), 'utf8')).pid).toBe(
      cli.process.pid,
    )
  }, 120_000)
})

describe('--state-file on SIGTERM', () => {
  it('saves every write before "stopped", and the next start has them all', async () => {
    const cli = await serve()
    expect(cli.output()).toContain(`state      ${file} (new: written on the first change)`)
    const slugs = Array.from({ length: 5 }, (_, i) => `before-stop-${i}`)
    for (const slug of slugs) expect(await write(cli, slug)).toBe(200)
    // At once, without waiting for the debounced save.
    expect(await cli.stop()).toBe(0)
    started.splice(started.indexOf(cli), 1)
    expect(cli.output()).toMatch(/understudy: stopped\n$/)

    const next = await serve()
    expect(await slugsOf(next)).toEqual(slugs)
  }, 60_000)
})

describe('--state-file-max-bytes', () => {
  it('refuses writes past the bound, and SIGTERM keeps every write it accepted', async () => {
    const cli = await startCli(
      [
        '--quiet',
        '--seed',
        'bound',
        '--now',
        NOW,
        '--state-file',
        file,
        '--state-file-max-bytes',
        '40000',
      ],
      { bin: true },
    )
    started.push(cli)
    const accepted: string[] = []
    let refused = 0
    for (let i = 0; i < 30 && refused < 3; i++) {
      const response = await fetch(`${cli.router}/presets/big-${i}/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${keys.inference}`, 'content-type': 'application/json' },
        body: JSON.stringify({ messages: [{ role: 'system', content: 'z'.repeat(4_000) }] }),
      })
      await response.arrayBuffer()
      if (response.status === 200) accepted.push(`big-${i}`)
      else {
        expect(response.status).toBe(400)
        refused += 1
      }
    }
    expect(refused).toBe(3)
    expect(cli.errors()).toBe(
      `[understudy] The state file "${file}" is full (at most 39.1 KiB): writes to the services are refused until a reset or a smaller snapshot makes room.\n`,
    )
    expect(await cli.stop()).toBe(0)
    started.splice(started.indexOf(cli), 1)
    const next = await serve()
    expect(await slugsOf(next)).toEqual(accepted)
  }, 60_000)
})

describe('one server per state file', () => {
  it('refuses a second server on the file with one line naming the holder, exit code 1', async () => {
    const first = await serve()
    const second = await runCli(['serve', '--port', '0', '--state-file', file], { bin: true })
    expect([second.code, second.stdout]).toEqual([1, ''])
    expect(second.stderr).toMatch(
      new RegExp(
        `^understudy: Failed to use the state file "${file}": another Understudy server holds it \\(process ${first.process.pid} on ${hostname()}, ${first.origin}, since [0-9T:.Z-]+\\); stop that server, or give this one another file\\.\\n$`,
      ),
    )
    // The first is untouched: it still saves, and the file is its own.
    expect(await write(first, 'mine')).toBe(200)
    expect(await first.stop()).toBe(0)
    started.splice(started.indexOf(first), 1)
    expect((await readdir(folder)).sort()).toEqual(['demo.json'])
  }, 60_000)

  it('refuses a folder it cannot write with one line, exit code 1', async () => {
    const { code, stderr } = await runCli(
      ['serve', '--port', '0', '--state-file', '/sys/understudy-demo.json'],
      { bin: true },
    )
    expect(code).toBe(1)
    expect(stderr).toMatch(
      /^understudy: Failed to use the state file "\/sys\/understudy-demo\.json": its folder \/sys is not writable \((permission denied \(EACCES\)|the file system is read-only \(EROFS\)|operation not permitted \(EPERM\))\)\.\n$/,
    )
  })
})

describe('a state file the CLI cannot load', () => {
  const serveOnce = () => runCli(['serve', '--port', '0', '--state-file', file], { bin: true })

  it('is one line and exit code 1 when it is not JSON, and the file is left as it was', async () => {
    await writeFile(file, '{"formatVersion":1,"seed":')
    const { code, stdout, stderr } = await serveOnce()
    expect(code).toBe(1)
    expect(stdout).toBe('')
    expect(stderr).toBe(
      `understudy: Failed to load the state file "${file}": it is not valid JSON: it ends early, at line 1, column 27.\n`,
    )
    expect(await readFile(file, 'utf8')).toBe('{"formatVersion":1,"seed":')
  })

  it('is one line and exit code 1 when its format is newer', async () => {
    await writeFile(file, JSON.stringify({ formatVersion: 2 }))
    const { code, stderr } = await serveOnce()
    expect(code).toBe(1)
    expect(stderr).toBe(
      `understudy: Failed to load the state file "${file}": formatVersion: 2 is newer than this version of understudy-mock reads (1); upgrade understudy-mock to restore it.\n`,
    )
  })

  it('is one line and exit code 1, naming the file, when its clock leaves Date’s range', async () => {
    const clock = { start: Date.parse(NOW), created: 'real', fixedAt: null, offsetMs: -1.7e16 }
    const first = await serve()
    expect(await write(first, 'before')).toBe(200)
    await first.stop()
    started.splice(started.indexOf(first), 1)
    const snapshot = JSON.parse(await readFile(file, 'utf8'))
    await writeFile(file, JSON.stringify({ ...snapshot, clock }))
    const { code, stdout, stderr } = await serveOnce()
    expect([code, stdout]).toEqual([1, ''])
    expect(stderr).toBe(
      `understudy: Failed to load the state file "${file}": clock.offsetMs: with the start ${clock.start} it gives ${clock.start - 1.7e16}, not a time a Date can hold (within ±8.64e15 ms of 1970).\n`,
    )
  })

  it('refuses an empty --state-file as a usage error (exit code 2)', async () => {
    const { code, stderr } = await runCli(['serve', '--state-file', ''], { bin: true })
    expect(code).toBe(2)
    expect(stderr.split('\n')[0]).toBe(
      'understudy: --state-file must not be empty: give a file name',
    )
  })
})
