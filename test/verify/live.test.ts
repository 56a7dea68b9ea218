/**
 * `understudy-mock verify router|messaging --live` (the built bin, `npm run build` first) against Understudy's
 * own standalone server: clean; `--record` writes a valid HAR with no key or password in it; only
 * `understudy-verify-…` resources are created, and the command says how to remove them; without `--yes`
 * and without a terminal it refuses and sends nothing. Against a proxy that alters one answer of the
 * server it reports that difference, exit 1.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { createServer, request as httpRequest, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectValidHar } from '../har/support.js'
import { runCli } from '../support/cli.js'
import { accounts, keys, workspaces } from '../support/credentials.js'
import { useServer } from '../support/server.js'

const bin = { bin: true }
const folder = mkdtempSync(join(tmpdir(), 'understudy-verify-live-'))
const server = useServer({ seed: 'live' })

const messagingArgs = () => [
  'verify',
  'messaging',
  '--live',
  '--base-url',
  server.services.messaging.acme as string,
  '--api-key',
  accounts.iago.key,
  '--email',
  accounts.iago.email,
]
const routerArgs = (baseUrl = server.services.router) => [
  'verify',
  'router',
  '--live',
  '--base-url',
  baseUrl,
  '--api-key',
  keys.inference,
]

describe('live mode against the standalone server', () => {
  it('messaging: clean, records a HAR without the key or the password, creates only understudy-verify users', async () => {
    const before = server.simulator.messaging.users('acme').map((user) => user.email)
    const record = join(folder, 'messaging.har')
    const { code, stdout, stderr } = await runCli(
      [...messagingArgs(), '--yes', '--record', record],
      bin,
    )
    expect(stderr).toBe('')
    expect(code).toBe(0)
    expect(stdout).toMatch(
      /^understudy-mock verify: 10 exchanges compared, 0 skipped, no differences\n/,
    )

    const added = server.simulator.messaging
      .users('acme')
      .filter((user) => !before.includes(user.email))
    expect(added).toHaveLength(1)
    const [user] = added
    expect(user?.email).toMatch(/^understudy-verify-[a-z0-9]{8}@acme\.example$/)
    expect(user?.fullName).toBe(user?.email.split('@')[0])
    const [message] = server.simulator.messaging.messages('acme').slice(-1)
    expect(message?.content).toContain(
      `${user?.fullName}: a test message from understudy-mock verify`,
    )
    const base = server.services.messaging.acme
    expect(stdout).toContain(
      [
        'Created on the service (remove them when done):',
        `  user ${user?.email}: curl -X DELETE ${base}/api/v1/users/${user?.userId} -u 'iago@acme.example:<your API key>'  (deactivates it)`,
        `  Welcome Bot test message ${message?.id} to iago@acme.example: curl -X DELETE ${base}/api/v1/messages/${message?.id} -u 'iago@acme.example:<your API key>'`,
      ].join('\n'),
    )

    const text = readFileSync(record, 'utf8')
    expect(text).not.toContain(accounts.iago.key)
    expect(text).not.toContain(
      Buffer.from(`${accounts.iago.email}:${accounts.iago.key}`).toString('base64'),
    )
    expect(text).not.toMatch(/password=(?!%5Bredacted%5D)/)
    const har = JSON.parse(text)
    await expectValidHar(har)
    expect(har.log.entries).toHaveLength(10)
    // The recording verifies clean again from the file.
    const again = await runCli(['verify', '--har', record], bin)
    expect(again.code).toBe(0)
  })

  it('router: clean, records a HAR without the key, creates only an understudy-verify preset', async () => {
    const already = server.simulator.router.presets(workspaces.default).length
    const record = join(folder, 'router.har')
    const { code, stdout, stderr } = await runCli(
      [...routerArgs(), '--yes', '--record', record, '--json'],
      bin,
    )
    expect(code).toBe(0)
    const report = JSON.parse(stdout)
    expect(report.differences).toEqual([])
    expect(report.compared).toBe(6)
    const presets = server.simulator.router
      .presets(workspaces.default)
      .slice(0, -already || undefined)
    expect(presets.map((preset) => preset.slug)).toEqual([
      expect.stringMatching(/^understudy-verify-[a-z0-9]{8}$/),
    ])
    const slug = presets[0]?.slug
    expect(report.created).toEqual([
      {
        what: `preset ${slug}`,
        remove: `remove preset ${slug} with the service's own tools (the Presets API has no delete)`,
      },
    ])
    expect(stderr).toContain(`Created on the service (remove them when done):\n  preset ${slug}:`)
    const text = readFileSync(record, 'utf8')
    expect(text).not.toContain(keys.inference)
    await expectValidHar(JSON.parse(text))
  })

  it('without --yes and without a terminal it explains, refuses, sends nothing and writes nothing', async () => {
    const requests = server.simulator.journal.count()
    const record = join(folder, 'refused.har')
    const { code, stdout, stderr } = await runCli([...messagingArgs(), '--record', record], bin)
    expect(code).toBe(2)
    expect(stdout).toBe('')
    const lines = stderr.trimEnd().split('\n')
    expect(lines[0]).toBe(
      `understudy-mock verify will write to ${server.services.messaging.acme}, creating:`,
    )
    expect(lines[1]).toMatch(
      /^ {2}- a user understudy-verify-[a-z0-9]{8}@acme\.example named "understudy-verify-[a-z0-9]{8}"/,
    )
    expect(lines.at(-1)).toBe(
      'understudy: refusing to write to a real service without --yes (no terminal to ask on); nothing was written',
    )
    expect(server.simulator.journal.count()).toBe(requests)
    expect(existsSync(record)).toBe(false)
  })

  // A terminal for the child: util-linux's `script` gives it one (Debian has it; skipped elsewhere).
  const script = ['/usr/bin/script', '/bin/script'].find((path) => existsSync(path))
  it.skipIf(script === undefined)(
    'on a terminal it asks: "n" sends nothing, "y" goes ahead',
    async () => {
      const ask = async (answer: string) => {
        const command = [process.execPath, 'dist/bin/understudy.js', ...routerArgs()]
          .map((word) => `'${word}'`)
          .join(' ')
        const child = spawn(script as string, ['-qec', command, '/dev/null'], {
          stdio: ['pipe', 'pipe', 'pipe'],
        })
        let output = ''
        let answered = false
        // The child may be gone by the time a late chunk arrives: a write then is not a failure of the test.
        child.stdin.on('error', () => {})
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString()
          if (!answered && output.includes('Go ahead? [y/N]')) {
            answered = true
            child.stdin.write(`${answer}\n`)
          }
        })
        const [code] = (await once(child, 'close')) as [number]
        return { code, output }
      }
      const before = server.simulator.journal.count()
      const declined = await ask('n')
      expect(declined.code).toBe(2)
      expect(declined.output).toContain('understudy: not confirmed; nothing was written')
      expect(server.simulator.journal.count()).toBe(before)
      const accepted = await ask('y')
      expect(accepted.output).toContain('6 exchanges compared, 0 skipped, no differences')
      expect(accepted.code).toBe(0)
      expect(server.simulator.journal.count()).toBe(before + 6)
    },
  )

  it('a service that cannot be reached: exit 2, one line', async () => {
    // A port nothing listens on: taken, then freed.
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const address = closed.address()
    const port = typeof address === 'object' && address ? address.port : 0
    await new Promise((resolve) => closed.close(resolve))
    const base = `http://127.0.0.1:${port}/api/v1`
    const { code, stdout, stderr } = await runCli([...routerArgs(base), '--yes'], bin)
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' })
    expect(stderr).toMatch(
      new RegExp(
        `^Created nothing on the service\\.\\nunderstudy: cannot reach ${base}/presets/understudy-verify-[a-z0-9]{8}/chat/completions: connect ECONNREFUSED 127\\.0\\.0\\.1:${port}\\n$`,
      ),
    )
  })
})

describe('live mode against a service whose answer differs', () => {
  /** A proxy to the standalone server that rewrites the router's "Preset not found" message. */
  let proxy: Server
  let origin = ''
  beforeAll(async () => {
    const target = new URL(server.url)
    proxy = createServer((incoming, outgoing) => {
      const forwarded = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          path: incoming.url,
          method: incoming.method,
          headers: { ...incoming.headers, host: target.host },
        },
        (answer) => {
          const chunks: Buffer[] = []
          answer.on('data', (chunk: Buffer) => chunks.push(chunk))
          answer.on('end', () => {
            const body = Buffer.concat(chunks)
              .toString('utf8')
              .replace('"Preset not found"', '"Preset does not exist"')
            const headers = { ...answer.headers, 'content-length': String(Buffer.byteLength(body)) }
            outgoing.writeHead(answer.statusCode ?? 502, headers)
            outgoing.end(body)
          })
        },
      )
      incoming.pipe(forwarded)
    })
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
    const address = proxy.address()
    origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  })
  afterAll(async () => {
    await new Promise((resolve) => proxy.close(resolve))
  })

  it('reports the altered answer, and only it; exit 1', async () => {
    const { code, stdout } = await runCli(
      [...routerArgs(`${origin}/router/api/v1`), '--yes', '--json'],
      bin,
    )
    expect(code).toBe(1)
    const report = JSON.parse(stdout)
    expect(report.differences).toEqual([
      {
        exchange: 5,
        method: 'GET',
        url: expect.stringMatching(
          new RegExp(`^${origin}/router/api/v1/presets/understudy-verify-[a-z0-9]{8}-missing$`),
        ),
        kind: 'value',
        path: 'body.error.message',
        expected: 'Preset does not exist',
        actual: 'Preset not found',
      },
    ])
  })
})
