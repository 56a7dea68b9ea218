/**
 * `understudy-mock verify --har FILE` as a child process: the table, `--json`, and the exit codes (0 clean, 1
 * differences, 2 unusable input in one line on stderr, without a stack). The built bin (`npm run build`
 * first).
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCli } from '../support/cli.js'
import { copy, editBody, entry, position, sessionHar } from './support.js'

const folder = mkdtempSync(join(tmpdir(), 'understudy-verify-cli-'))
const har = await sessionHar()
const clean = join(folder, 'clean.har')
writeFileSync(clean, JSON.stringify(har))
const edited = copy(har)
const duplicate = entry(edited, 'POST', '/api/v1/users', 1)
editBody(duplicate, (body) => {
  body.msg = 'Email is taken.'
})
const differing = join(folder, 'differing.har')
writeFileSync(differing, JSON.stringify(edited))
/** The built bin, as installed (`npm run build` first); `runCli` through tsx works too, slower. */
const bin = { bin: true }
const VERIFY_USAGE =
  'Usage: understudy-mock verify --har FILE [options] | understudy-mock verify router|messaging --live --base-url URL --api-key KEY [--email E] [--record FILE] [--yes] [options]\n'

describe('understudy-mock verify --har', () => {
  it('a clean recording: the summary, the set-up, exit 0', async () => {
    const { code, stdout, stderr } = await runCli(['verify', '--har', clean], bin)
    expect(stderr).toBe('')
    expect(code).toBe(0)
    expect(stdout.split('\n').slice(0, 5)).toEqual([
      'understudy-mock verify: 31 exchanges compared, 0 skipped, no differences',
      '',
      "Set-up: clock at 2026-03-01T10:00:00.000Z (the recording's first date)",
      '  messaging https://acme.zulipchat.com as "acme", level 500 (zulip_feature_level in exchange 1)',
      '    e-mail visibility everyone (the addresses of the users the recording created)',
    ])
  })

  it('differences: one row each, with the recorded and the simulated value; exit 1', async () => {
    const { code, stdout } = await runCli(['verify', '--har', differing], bin)
    expect(code).toBe(1)
    const lines = stdout.split('\n')
    expect(lines[0]).toBe('understudy-mock verify: 31 exchanges compared, 0 skipped, 1 difference')
    expect(lines[2]).toMatch(/^#\s+request\s+what differs\s+real \(recorded\)\s+simulator$/)
    expect(lines[3]).toMatch(
      new RegExp(
        `^${position(edited, duplicate)}\\s+POST /api/v1/users\\s+value: body\\.msg\\s+"Email is taken\\."\\s+"Email is already in use\\."$`,
      ),
    )
  })

  it('--json: { differences, compared, skipped, setup } on stdout', async () => {
    const { code, stdout } = await runCli(['verify', '--har', differing, '--json'], bin)
    expect(code).toBe(1)
    const report = JSON.parse(stdout)
    expect(Object.keys(report)).toEqual(['differences', 'compared', 'skipped', 'setup'])
    expect(report.differences).toEqual([
      {
        exchange: position(edited, duplicate),
        method: 'POST',
        url: 'https://acme.zulipchat.com/api/v1/users',
        kind: 'value',
        path: 'body.msg',
        expected: 'Email is taken.',
        actual: 'Email is already in use.',
      },
    ])
    expect(report.compared).toBe(31)
    expect(report.skipped).toEqual([])
  })

  it("a Playwright recording with content: 'attach' (bodies in files beside the HAR) is read with its bodies", async () => {
    const attached = copy(edited) as unknown as {
      log: { entries: Array<{ response: { content: Record<string, unknown> } }> }
    }
    const dir = mkdtempSync(join(tmpdir(), 'understudy-verify-attach-'))
    attached.log.entries.forEach((e, i) => {
      const name = `body-${i}.json`
      writeFileSync(join(dir, name), String(e.response.content.text))
      delete e.response.content.text
      e.response.content._file = name
    })
    writeFileSync(join(dir, 'session.har'), JSON.stringify(attached))
    const { code, stdout } = await runCli(
      ['verify', '--har', join(dir, 'session.har'), '--json'],
      bin,
    )
    // The edited message lives in an attachment: found, so the bodies were read.
    expect(JSON.parse(stdout).differences).toEqual([
      expect.objectContaining({ path: 'body.msg', expected: 'Email is taken.' }),
    ])
    expect(code).toBe(1)
  })

  it('--feature-level, --role, --now and --email-visibility are taken', async () => {
    const { code, stdout } = await runCli(
      [
        'verify',
        '--har',
        clean,
        '--json',
        '--feature-level',
        '416',
        '--role',
        'iago@acme.example=owner+can_create_users',
        '--now',
        '2030-01-01T00:00:00Z',
        '--email-visibility',
        'admins',
      ],
      bin,
    )
    const report = JSON.parse(stdout)
    expect(report.setup.organizations[0].featureLevel).toBe(416)
    expect(report.setup.organizations[0].emailVisibility).toBe('admins')
    expect(report.setup.organizations[0].emailVisibilityFrom).toBe('the emailVisibility option')
    expect(report.setup.clock).toEqual({
      start: '2030-01-01T00:00:00.000Z',
      from: 'the now option',
    })
    expect(report.setup.accounts[1]).toEqual({
      service: 'messaging',
      credential: 'iago@acme.example',
      role: 'owner (can_create_users)',
      from: 'the roles option',
    })
    // Iago is an owner now, which his own user object and the user list show.
    expect(code).toBe(1)
    expect(report.differences).toContainEqual(
      expect.objectContaining({ path: 'body.role', expected: 200, actual: 100 }),
    )
    // The user the recording created takes the organization's setting and shows a dummy address (the
    // seeded users keep the setting their own addresses show).
    expect(report.differences).toContainEqual(
      expect.objectContaining({
        path: 'body.user.email',
        expected: 'romeo@acme.example',
        actual: 'user8@acme.zulipchat.com',
      }),
    )
  })

  const notJson = join(folder, 'not.har')
  writeFileSync(notJson, 'GET / HTTP/1.1')
  const noService = join(folder, 'other.har')
  writeFileSync(
    noService,
    JSON.stringify({
      log: {
        entries: [
          { request: { method: 'GET', url: 'https://example.com/' }, response: { status: 200 } },
        ],
      },
    }),
  )
  // A recorded body nested 5,000 deep (objects and arrays): comparing it overflowed the stack (exit 1).
  const deep = copy(har)
  const deepEntry = entry(deep, 'POST', '/api/v1/users', 1)
  deepEntry.response.content.text = `${'{"a":['.repeat(2_500)}1${']}'.repeat(2_500)}`
  const tooDeep = join(folder, 'deep.har')
  writeFileSync(tooDeep, JSON.stringify(deep))
  const unusable: Array<[string[], string]> = [
    [
      ['--har', tooDeep],
      `understudy: entry ${position(deep, deepEntry)} (POST /api/v1/users): its response body nests JSON more than 1,000 levels deep, which verify cannot compare\n`,
    ],
    [
      ['--har', join(folder, 'missing.har')],
      `understudy: no such file: ${join(folder, 'missing.har')}\n`,
    ],
    [['--har', folder], `understudy: cannot read ${folder}: it is a folder (EISDIR)\n`],
    [['--har', notJson], 'understudy: not a HAR file: it is not JSON\n'],
    [
      ['--har', noService],
      'understudy: nothing to replay: no exchange of it is one Understudy simulates\n',
    ],
    [
      ['--har', clean, '--role', 'iago@acme.example=king'],
      'understudy: role for iago@acme.example: "king" is not owner, administrator, moderator, member or guest (each optionally +can_create_users), inference or management\n',
    ],
    [
      ['--har', clean, '--email-visibility', 'friends'],
      'understudy: email visibility: "friends" is not everyone, members, moderators, admins, nobody or server-default\n',
    ],
  ]
  it('unusable input (no such file, a folder, not JSON, nothing replayable, a bad role or e-mail visibility): exit 2, one line', async () => {
    const runs = await Promise.all(unusable.map(([args]) => runCli(['verify', ...args], bin)))
    expect(runs).toEqual(unusable.map(([, message]) => ({ code: 2, stdout: '', stderr: message })))
  })

  const badCommandLines: Array<[string[], string]> = [
    [[], 'verify needs --har FILE or --live'],
    [['--har'], "Option '--har <value>' argument missing"],
    [['--har', clean, '--bogus'], "Unknown option '--bogus'"],
    [['router'], 'verify router needs --live (or give --har FILE)'],
    [['--har', clean, '--yes'], '--yes goes with --live'],
    [
      ['--har', clean, '--feature-level', 'new'],
      '--feature-level must be a whole number, got "new"',
    ],
    [['--live', 'chat'], 'verify --live takes router or messaging, got "chat"'],
    [['--live', 'router', '--api-key', 'k'], '--live needs --base-url'],
  ]
  it('a bad command line: exit 2, the message and the usage line', async () => {
    const runs = await Promise.all(
      badCommandLines.map(([args]) => runCli(['verify', ...args], bin)),
    )
    expect(runs).toEqual(
      badCommandLines.map(([, message]) => ({
        code: 2,
        stdout: '',
        stderr: `understudy: ${message}\n${VERIFY_USAGE}`,
      })),
    )
  })

  it('--help lists the options and the exit codes', async () => {
    const { code, stdout } = await runCli(['verify', '--help'], bin)
    expect(code).toBe(0)
    expect(stdout).toContain('--role <who>=<role>')
    // The services' lines (each part's `commandLine`), as they were written before the parts gave them.
    const lines = stdout.split('\n')
    const from = (flag: string, count: number) => {
      const at = lines.findIndex((line) => line.startsWith(`  ${flag}`))
      return lines.slice(at, at + count)
    }
    expect(from('--base-url', 3)).toEqual([
      "  --base-url <url>          live: the router's …/api/v1, or the organization's URL",
      '  --api-key <key>           live: the key to act with',
      '  --email <e-mail>          live, messaging: the account the key belongs to',
    ])
    expect(from('--json', 6)).toEqual([
      '  --json                    print { differences, compared, skipped, setup } as JSON',
      '  --feature-level <n>       the messaging feature level, where the recording states none',
      "  --email-visibility <v>    each messaging organization's email_address_visibility: everyone,",
      '                            members, moderators, admins, nobody or server-default (default: what',
      '                            the addresses in the recording show, else server-default)',
      "  --now <time>              the simulator clock's start (default: the recording's first date)",
    ])
    expect(from('--role', 4)).toEqual([
      "  --role <who>=<role>       a credential's role where the recording does not show it (repeatable):",
      '                            e-mail=owner|administrator|moderator|member|guest[+can_create_users],',
      '                            router key=inference|management',
      '  -h, --help                show this help',
    ])
    expect(stdout).toContain(
      'Exit codes: 0 no difference, 1 differences, 2 the input cannot be used.',
    )
    const general = await runCli(['--help'], bin)
    expect(general.stdout).toContain(
      'Also: understudy-mock verify --help (hold Understudy against a recording of the real service)',
    )
  })
})
