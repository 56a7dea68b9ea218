/**
 * msw 2 reads the global `localStorage` as it loads; on Node 25 and later, that first read without
 * `--localstorage-file` prints `ExperimentalWarning: localStorage is not available…`. Loading Understudy (its
 * root, which a scenario file imports, `understudy-mock/node`, or the built CLI's msw engine) must not read it,
 * and must leave Node's accessor in place for the process's own code. Each case runs in a fresh Node process.
 */
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { startCli } from '../support/cli.js'

const root = fileURLToPath(new URL('../..', import.meta.url))
const ENTRIES = ['./src/entries/index.ts', './src/entries/node/index.ts']

/**
 * A stand-in for Node 25+'s accessor, on any Node: a configurable getter on `globalThis` that counts its reads
 * and gives `undefined`, as Node's does without a storage file.
 */
const NODE_25_ACCESSOR = `data:text/javascript,${encodeURIComponent(`
globalThis.storageReads = 0
globalThis.nodeAccessor = () => { globalThis.storageReads++; return undefined }
Object.defineProperty(globalThis, 'localStorage', { get: globalThis.nodeAccessor, set() {}, configurable: true })
`)}`

/** Imports `entry` in a fresh Node (after `preload`), then prints `report` as JSON; gives it and stderr. */
function load(entry: string, report: string, preload: string[] = []) {
  const script = `await import(${JSON.stringify(entry)}); process.stdout.write(JSON.stringify(${report}))`
  const imports = ['tsx', ...preload].flatMap((url) => ['--import', url])
  const run = spawnSync(process.execPath, [...imports, '--input-type=module', '-e', script], {
    cwd: root,
    encoding: 'utf8',
  })
  expect(run.status, run.stderr).toBe(0)
  return { result: JSON.parse(run.stdout) as unknown, stderr: run.stderr }
}

describe("loading Understudy leaves Node's localStorage unread", () => {
  it.each(ENTRIES)('%s: msw loads without reading it; the accessor is back afterwards', (entry) => {
    const report = `{
      reads: globalThis.storageReads,
      restored: Object.getOwnPropertyDescriptor(globalThis, 'localStorage')?.get === globalThis.nodeAccessor,
    }`
    expect(load(entry, report, [NODE_25_ACCESSOR]).result).toEqual({ reads: 0, restored: true })
  })

  it.each(ENTRIES)(`%s on this Node (${process.version}): no ExperimentalWarning`, (entry) => {
    const { result, stderr } = load(entry, 'typeof globalThis.Response')
    expect(result).toBe('function')
    expect(stderr).toBe('')
  })

  it(`the built CLI's msw engine on this Node (${process.version}): no ExperimentalWarning`, async () => {
    const cli = await startCli(['--quiet', '--engine', 'msw'], { bin: true })
    try {
      const answer = await fetch(`${cli.router}/presets`)
      expect(answer.status).toBe(401)
      expect(cli.errors()).toBe('')
    } finally {
      await cli.stop()
    }
  })
})
