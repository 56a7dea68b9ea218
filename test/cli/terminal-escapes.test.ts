/**
 * Nothing a client or a state file holds drives the terminal `understudy-mock serve` prints to (the built bin,
 * `npm run build` first): an e-mail address with escape sequences in its quoted local part (accepted by an
 * organization that allows disposable addresses, as the real service accepts it there; where they are
 * refused, Python's address parser refuses it first: oracle round 2), a router key label carrying a forged log line and a workspace name that
 * conceals the rest of its line, all kept in the state file, are printed with every C0 control, DEL and C1 control as `\xHH` in the banner's accounts and the
 * `--log` lines, and escaped in the `--log json` lines and the banner it moves to stderr.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type CliServer, startCli } from '../support/cli.js'
import { accounts, basic, keys } from '../support/credentials.js'
import { NOW } from '../support/time.js'

/** OSC 52 (write the clipboard), BEL, clear the screen, a colour: in a quoted local part, a valid address. */
const EMAIL = '"\u001b]52;c;cHduZWQ=\u0007\u001b[2J\u001b[31m"@acme.example'
/** Back to the line's start, erase it, print a forged line; and a C1 CSI (U+009B) with DEL. */
const LABEL =
  'Mine\r\u001b[2K2026-01-01T00:00:00.000Z router    listPresets 200 forged\u009b2J\u007f'
/** Any raw control character (C0, DEL, C1) but the line breaks between lines. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it looks for.
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/

let folder: string
let file: string
const started: CliServer[] = []

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'understudy-escapes-'))
  file = join(folder, 'demo.json')
})
afterEach(async () => {
  await Promise.all(started.splice(0).map((cli) => cli.stop()))
  await rm(folder, { recursive: true, force: true })
})

const serve = async (args: string[]) => {
  const cli = await startCli(['--now', NOW, '--state-file', file, ...args], { bin: true })
  started.push(cli)
  return cli
}

/** Waits until `ready()` holds (generously: this is no benchmark). */
async function until(ready: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !ready(); waited += 20) {
    if (waited > 10_000) throw new Error(`waited 10 s for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** Creates the user with the hostile address, and relabels the inference key, over the server's own routes. */
async function plant(cli: CliServer): Promise<void> {
  // The real server parses the address only to refuse disposable domains: allow them, as a scenario can.
  const before = await (await fetch(`${cli.origin}/__understudy/snapshot`)).json()
  for (const organization of before.services.messaging.organizations)
    if (organization.subdomain === 'acme') organization.disallowDisposableEmailAddresses = false
  const allowed = await fetch(`${cli.origin}/__understudy/snapshot`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(before),
  })
  expect(allowed.status).toBe(200)
  const created = await fetch(`${cli.messaging.acme}/api/v1/users`, {
    method: 'POST',
    headers: {
      authorization: basic(accounts.iago),
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ email: EMAIL, password: 'correct-horse', full_name: 'Eve' }),
  })
  expect([created.status, (await created.json()).result]).toEqual([200, 'success'])
  const snapshot = await (await fetch(`${cli.origin}/__understudy/snapshot`)).json()
  for (const key of snapshot.services.router.keys) if (key.key === keys.inference) key.label = LABEL
  // A workspace name that hides the rest of the line (SGR 8, concealed).
  snapshot.services.router.workspaces[0].name = 'Default\u001b[8m'
  const restored = await fetch(`${cli.origin}/__understudy/snapshot`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(snapshot),
  })
  expect(restored.status).toBe(200)
}

const listPresets = async (cli: CliServer) => {
  const response = await fetch(`${cli.router}/presets`, {
    headers: { authorization: `Bearer ${keys.inference}` },
  })
  await response.arrayBuffer()
  expect(response.status).toBe(200)
}

describe('what understudy-mock serve prints', () => {
  it('escapes control characters in --log lines and, after a restart, in the banner’s accounts', async () => {
    const first = await serve(['--quiet', '--log'])
    await plant(first)
    const before = first.output().length
    await listPresets(first)
    await until(() => first.output().slice(before).includes('\n'), 'the log line')
    const line = first.output().slice(before).split('\n')[0] as string
    expect(line).not.toMatch(RAW_CONTROL)
    expect(line).toMatch(
      /^2026-01-01T00:00:00\.000Z router {4}listPresets {22}200 +[0-9.]+ ms {2}Mine\\x0D\\x1B\[2K2026-01-01T00:00:00\.000Z router {4}listPresets 200 forged\\x9B2J\\x7F$/,
    )
    expect(await first.stop()).toBe(0)
    started.splice(started.indexOf(first), 1)

    const second = await serve([])
    const banner = second.output()
    expect(banner).not.toMatch(RAW_CONTROL)
    expect(banner).toContain(
      '  messaging acme (level 500): "\\x1B]52;c;cHduZWQ=\\x07\\x1B[2J\\x1B[31m"@acme.example ',
    )
    expect(banner).toContain(`  router Default\\x1B[8m: ${keys.inference}  (inference)\n`)
  }, 60_000)

  it('escapes them in --log json lines (still JSON of the same values) and the banner on stderr', async () => {
    const first = await serve(['--quiet'])
    await plant(first)
    expect(await first.stop()).toBe(0)
    started.splice(started.indexOf(first), 1)

    const cli = await serve(['--log', 'json'])
    expect(cli.errors()).not.toMatch(RAW_CONTROL)
    expect(cli.errors()).toContain('"\\x1B]52;c;cHduZWQ=\\x07\\x1B[2J\\x1B[31m"@acme.example')
    await listPresets(cli)
    await until(() => cli.output().includes('\n'), 'the log line')
    const line = cli.output().split('\n')[0] as string
    expect(line).not.toMatch(RAW_CONTROL)
    expect(line).toContain('\\u009b2J\\u007f')
    expect(JSON.parse(line).actor).toBe(LABEL)
  }, 60_000)
})
