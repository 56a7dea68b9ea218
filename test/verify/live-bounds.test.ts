/**
 * `understudy-mock verify … --live` (the built bin, `npm run build` first) where the run cannot finish: a
 * `--record` path that cannot be written is refused before anything is sent; a recording that cannot be
 * written after the run lists what was created; a service that accepts and never answers, or answers without
 * end, is given up on (`--timeout`, a bound on the answer's size). Every one: exit 2, what was created and
 * how to remove it, one line saying why.
 */
import { existsSync, mkdtempSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../support/cli.js'
import { keys, workspaces } from '../support/credentials.js'
import { useServer } from '../support/server.js'

const bin = { bin: true }
const folder = mkdtempSync(join(tmpdir(), 'understudy-verify-bounds-'))
const server = useServer({ seed: 'live-bounds' })

const routerArgs = (baseUrl: string) => [
  'verify',
  'router',
  '--live',
  '--base-url',
  baseUrl,
  '--api-key',
  keys.inference,
  '--yes',
]
const presetCount = () => server.simulator.router.presets(workspaces.default).length

describe('--record', () => {
  it('into a folder that does not exist: refused before anything is sent, exit 2', async () => {
    const requests = server.simulator.journal.count()
    const missing = join(folder, 'no-such-folder')
    const record = join(missing, 'router.har')
    const { code, stdout, stderr } = await runCli(
      [...routerArgs(server.services.router), '--record', record],
      bin,
    )
    expect({ code, stdout, stderr }).toEqual({
      code: 2,
      stdout: '',
      stderr: `understudy: --record ${record}: its folder ${missing} cannot be used (no such file or folder (ENOENT)); nothing was sent\n`,
    })
    expect(server.simulator.journal.count()).toBe(requests)
  })

  it('that is a folder: refused before anything is sent, exit 2', async () => {
    const requests = server.simulator.journal.count()
    const { code, stderr } = await runCli(
      [...routerArgs(server.services.router), '--record', folder],
      bin,
    )
    expect([code, stderr]).toEqual([
      2,
      `understudy: --record ${folder}: it is a folder; nothing was sent\n`,
    ])
    expect(server.simulator.journal.count()).toBe(requests)
  })

  // /dev/full: every write fails with ENOSPC once the run is over (the path itself passes the checks).
  it.skipIf(!existsSync('/dev/full') || process.getuid?.() !== 0)(
    'that fails to be written after the run: what was created and how to remove it, exit 2',
    async () => {
      const before = presetCount()
      const { code, stdout, stderr } = await runCli(
        [...routerArgs(server.services.router), '--record', '/dev/full'],
        bin,
      )
      expect([code, stdout]).toEqual([2, ''])
      expect(presetCount()).toBe(before + 1)
      expect(stderr).toMatch(
        /^Created on the service \(remove them when done\):\n {2}preset (understudy-verify-[a-z0-9]{8}): remove preset \1 with the service's own tools \(the Presets API has no delete\)\nunderstudy: cannot write the recording to \/dev\/full: no space left on the device \(ENOSPC\)\n$/,
      )
    },
  )
})

describe('a service that does not answer, or never stops answering', () => {
  let silent: Server
  let endless: Server
  const sockets = new Set<Socket>()
  const origin = (listening: Server) => {
    const address = listening.address()
    return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  }
  beforeAll(async () => {
    // Accepts the connection and the request, never answers.
    silent = createServer(() => {})
    // Answers 200 and a body that never ends, written as fast as the client reads.
    endless = createServer((_, response) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      const chunk = Buffer.alloc(64 * 1024, 0x20)
      const more = () => {
        while (!response.destroyed && response.write(chunk));
      }
      response.on('drain', more)
      more()
    })
    for (const listening of [silent, endless]) {
      listening.on('connection', (socket: Socket) => {
        sockets.add(socket)
        socket.on('close', () => sockets.delete(socket))
      })
      await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve))
    }
  })
  afterAll(async () => {
    for (const socket of sockets) socket.destroy()
    await Promise.all(
      [silent, endless].map((listening) => new Promise((resolve) => listening.close(resolve))),
    )
  })

  it('accepts and never answers: given up after --timeout, exit 2', async () => {
    const base = `${origin(silent)}/api/v1`
    const { code, stdout, stderr } = await runCli([...routerArgs(base), '--timeout', '0.5'], bin)
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' })
    expect(stderr).toMatch(
      new RegExp(
        `^Created nothing on the service\\.\\nunderstudy: no whole answer from ${base}/presets/understudy-verify-[a-z0-9]{8}/chat/completions within 0\\.5 s \\(--timeout\\); gave up on it\\n$`,
      ),
    )
  })

  it('answers a body without end: stopped past 16 MiB, exit 2', async () => {
    const base = `${origin(endless)}/api/v1`
    const { code, stdout, stderr } = await runCli(routerArgs(base), bin)
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' })
    expect(stderr).toMatch(
      new RegExp(
        `^Created nothing on the service\\.\\nunderstudy: the answer of ${base}/presets/understudy-verify-[a-z0-9]{8}/chat/completions is larger than 16,777,216 bytes; it was not read further\\n$`,
      ),
    )
  })

  it('--timeout takes seconds', async () => {
    const { code, stderr } = await runCli([...routerArgs(origin(silent)), '--timeout', '0'], bin)
    expect([code, stderr.split('\n')[0]]).toEqual([
      2,
      'understudy: --timeout takes seconds, from 0.001 to 3600, got "0"',
    ])
  })
})
