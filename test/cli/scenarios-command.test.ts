/**
 * `understudy-mock scenarios [--json]` (the built bin: `npm run build` first) lists the built-in scenarios, a name
 * and one line each, or as the JSON the control surface's `GET /__understudy/scenarios` answers; `--help`
 * names them too.
 */
import { describe, expect, it } from 'vitest'
import { scenarios } from '../../scenarios/index.js'
import { USAGE_LINE } from '../../src/entries/cli/args.js'
import { runCli } from '../support/cli.js'
import { useServer } from '../support/server.js'

const bin = { bin: true }
const NAMES = ['default', 'empty', 'presets-history', 'restricted-domains', 'zulip-4', 'zulip-7']

describe('understudy-mock scenarios', () => {
  const server = useServer()

  it('prints each built-in scenario, its name then its description, one line each', async () => {
    const { code, stdout, stderr } = await runCli(['scenarios'], bin)
    expect([code, stderr]).toEqual([0, ''])
    const lines = stdout.trimEnd().split('\n')
    expect(lines.map((line) => line.split(' ')[0])).toEqual(NAMES)
    expect(lines[1]).toBe(
      'empty               The default accounts and keys only: no presets, no created users, no messages.',
    )
    for (const [index, name] of NAMES.entries()) {
      const { description } = scenarios[name as keyof typeof scenarios]
      expect(lines[index]).toBe(`${name.padEnd(20)}${description}`)
    }
  })

  it('--json prints what GET /__understudy/scenarios answers', async () => {
    const { code, stdout, stderr } = await runCli(['scenarios', '--json'], bin)
    expect([code, stderr]).toEqual([0, ''])
    const listed = JSON.parse(stdout) as Array<{ name: string; description: string }>
    expect(listed.map((scenario) => scenario.name)).toEqual(NAMES)
    const control = await fetch(`${server.url}/__understudy/scenarios`)
    expect(listed).toEqual(await control.json())
  })

  it('refuses another option or an argument: one line, the usage line, exit code 2', async () => {
    expect(await runCli(['scenarios', '--port', '0'], bin)).toEqual({
      code: 2,
      stdout: '',
      stderr: `understudy: unknown option '--port' for scenarios\n${USAGE_LINE}\n`,
    })
    expect(await runCli(['scenarios', 'default'], bin)).toEqual({
      code: 2,
      stdout: '',
      stderr: `understudy: unexpected argument 'default'\n${USAGE_LINE}\n`,
    })
  })

  it('is in --help, with the built-in scenarios’ names', async () => {
    const { code, stdout } = await runCli(['--help'], bin)
    expect(code).toBe(0)
    expect(stdout).toContain(
      '\n       understudy-mock scenarios [--json]  list the built-in scenarios, one line each\n',
    )
    expect(stdout).toContain(`\nBuilt-in scenarios (--scenario <name>): ${NAMES.join(', ')}\n`)
    expect((await runCli(['scenarios', '--help'], bin)).stdout).toBe(stdout)
  })
})
