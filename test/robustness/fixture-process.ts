/**
 * Runs a fixture of `test/robustness/fixtures/` in a child process started with `--expose-gc` (so that what a
 * memory test measures is what is still held), and gives what it printed; rejects with its stderr when it fails.
 */
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../..', import.meta.url))

export function runFixture(name: string, ...args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', `test/robustness/fixtures/${name}.ts`, ...args],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
    )
    let out = ''
    let err = ''
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
    })
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString()
    })
    child.on('error', reject)
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`the fixture exited ${code}: ${err}`)),
    )
  })
}
