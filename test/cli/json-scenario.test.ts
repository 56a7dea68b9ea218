/**
 * `understudy-mock serve --scenario file.json`: a JSON scenario file loads; one that is not JSON is refused in one
 * line that says where it breaks, in Understudy's words (the runtime's JSON.parse messages differ between Node
 * versions).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { runCli, startCli } from '../support/cli.js'

const folder = mkdtempSync(join(tmpdir(), 'understudy-json-scenario-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

describe('a JSON scenario file', () => {
  it('loads', async () => {
    const file = join(folder, 'plain.json')
    writeFileSync(file, JSON.stringify({ name: 'plain', description: 'From a JSON file.' }))
    const cli = await startCli(['--quiet', '--scenario', file], { bin: true })
    try {
      expect(cli.output()).toContain('Understudy is serving scenario "plain"')
    } finally {
      await cli.stop()
    }
  })

  it.each([
    [
      'cut.json',
      '{\n  "name": "cut",\n',
      'it is not valid JSON: it ends early, at line 3, column 1',
    ],
    [
      'comma.json',
      '{\n  "name": "x",\n}\n',
      'it is not valid JSON: unexpected "}" at line 3, column 1',
    ],
    ['empty.json', '', 'it is empty'],
  ])('%s that is not JSON is refused in one line saying where', async (name, text, problem) => {
    const file = join(folder, name)
    writeFileSync(file, text)
    expect(await runCli(['serve', '--port', '0', '--scenario', file], { bin: true })).toEqual({
      code: 1,
      stdout: '',
      stderr: `understudy: cannot load ${name}: ${problem}\n`,
    })
  })
})
