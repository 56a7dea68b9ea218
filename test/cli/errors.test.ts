/**
 * The spawned CLI talks plainly: a bad command line is one line naming the flag, the usage line, exit 2; a
 * failure at start one line with a single `understudy:` prefix, exit 1; never a stack trace. `--version` and
 * `--help` exit 0. Mostly the built bin (`npm run build` first), `--version` also from source through tsx.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { USAGE_LINE } from '../../src/entries/cli/args.js'
import { runCli } from '../support/cli.js'
import { REFUSALS } from './refusals.js'

const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }
const bin = { bin: true }

describe('the CLI’s errors and answers', () => {
  it.concurrent.each(REFUSALS.filter((refusal) => refusal.spawn))(
    'refuses $argv with one line, the usage line and exit code 2',
    async ({ argv, message }) => {
      expect(await runCli(argv, bin)).toEqual({
        code: 2,
        stdout: '',
        stderr: `understudy: ${message}\n${USAGE_LINE}\n`,
      })
    },
  )

  it('prints a failure of the core once prefixed, exit code 1', async () => {
    expect(await runCli(['serve', '--port', '0', '--scenario', 'nope'], bin)).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'understudy: Failed to load scenario "nope": no such scenario. Known scenarios: default, empty, presets-history, restricted-domains, zulip-4, zulip-7.\n',
    })
  })

  it('says when a scenario file does not exist', async () => {
    expect(await runCli(['serve', '--port', '0', '--scenario', './missing.ts'], bin)).toEqual({
      code: 1,
      stdout: '',
      stderr: 'understudy: no scenario file at ./missing.ts\n',
    })
  })

  it('prints the package version with --version, from the bin and from source', async () => {
    const [fromBin, fromSource] = await Promise.all([
      runCli(['--version'], bin),
      runCli(['--version']),
    ])
    for (const run of [fromBin, fromSource]) {
      expect(run).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' })
    }
  })

  it('prints the help with --help, exit code 0', async () => {
    const { code, stdout, stderr } = await runCli(['--help'], bin)
    expect([code, stderr, stdout.split('\n')[0]]).toEqual([
      0,
      '',
      'Usage: understudy-mock serve [options]',
    ])
  })
})
