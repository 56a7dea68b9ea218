/**
 * `understudy-mock serve --scenario file.ts` from the built bin (`npm run build` first), which Node alone cannot
 * import before 22.18: through the user's tsx when the project has it (this repository does), otherwise
 * Node's own type stripping where there is one, otherwise one line saying what to do.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { runCli, startCli } from '../support/cli.js'

/** Whether this Node imports TypeScript itself (type stripping, on by default from 22.18). */
const nodeStripsTypes = Boolean((process.features as { typescript?: unknown }).typescript)

/** A project outside this repository with a TypeScript scenario and no tsx. */
const project = mkdtempSync(join(tmpdir(), 'understudy-ts-scenario-'))
writeFileSync(
  join(project, 'my-scenario.ts'),
  `interface Named { name: string; description: string }
const scenario: Named = { name: 'typed', description: 'A scenario with type annotations.' }
export default scenario
`,
)
/** Without NODE_PATH, nothing outside the project's folders can provide tsx. */
const { NODE_PATH: _, ...env } = process.env

afterAll(() => rmSync(project, { recursive: true, force: true }))

describe('a TypeScript scenario file', () => {
  it('loads through the tsx of the project that has it, on any Node', async () => {
    const cli = await startCli(
      ['--quiet', '--scenario', './test/control/fixtures/custom-scenario.ts'],
      { bin: true },
    )
    try {
      expect(cli.output()).toContain('Understudy is serving scenario "fixture"')
      expect(cli.messaging).toEqual({ fixture: `${cli.origin}/messaging/fixture` })
    } finally {
      await cli.stop()
    }
  })

  it('without tsx, says what to do where Node cannot strip types, and loads where it can', async () => {
    // The premise: tsx does not resolve from the project.
    expect(() => createRequire(join(project, 'noop.js')).resolve('tsx/esm/api')).toThrow()
    const args = ['--quiet', '--scenario', './my-scenario.ts']
    if (nodeStripsTypes) {
      const cli = await startCli(args, { bin: true, cwd: project, env })
      expect(cli.output()).toContain('Understudy is serving scenario "typed"')
      await cli.stop()
      return
    }
    const node = process.versions.node.split('.').slice(0, 2).join('.')
    expect(
      await runCli(['serve', '--port', '0', ...args], { bin: true, cwd: project, env }),
    ).toEqual({
      code: 1,
      stdout: '',
      stderr: `understudy: cannot load my-scenario.ts on Node ${node}: install tsx (npm i -D tsx) or use a .js/.json scenario, or Node >= 22.18\n`,
    })
  })
})
