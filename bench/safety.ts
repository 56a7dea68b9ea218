/**
 * The hostile inputs of issue 21 (findings 4, 6, 11) against this tree and, with `--before <dir>`, another
 * checkout of the sources (e.g. `git archive <commit> | tar -x -C /tmp/before`, with `node_modules` linked
 * in): `node --import tsx bench/safety.ts [--before <dir>] [--only wait,headers,keys,har,inspector]
 * [--rounds 3]`. Each case runs in a process of its own per tree (the server cases start the server in
 * another: `bench/safety-case.ts`), the trees interleaved round by round, so that both see the same
 * machine; prints every run's figures as JSON lines, with the 1-minute load average before each.
 * Not part of `npm run bench` (minutes per round): run it when changing the journal's bounds.
 * @module
 */
import { spawnSync } from 'node:child_process'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const HERE = fileURLToPath(new URL('.', import.meta.url))
const option = (name: string) => {
  const at = process.argv.indexOf(name)
  return at < 0 ? undefined : process.argv[at + 1]
}
const before = option('--before')
const rounds = Number(option('--rounds') ?? 3)
const chosen = (option('--only') ?? 'wait,headers,keys,har,inspector').split(',')
const trees = [
  ...(before ? [{ tree: 'before', root: before }] : []),
  { tree: 'this', root: join(HERE, '..') },
]

for (const name of chosen) {
  for (let round = 0; round < rounds; round++) {
    // The order rotates, so that neither tree always runs first.
    const order = round % 2 === 0 ? trees : [...trees].reverse()
    for (const { tree, root } of order) {
      const load = loadavg()[0]
      const run = spawnSync(
        process.execPath,
        ['--import', 'tsx', join(HERE, 'safety-case.ts'), name, root],
        { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 2 ** 26 },
      )
      const figures =
        run.status === 0 ? JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}') : null
      console.log(JSON.stringify({ case: name, round, tree, load, exit: run.status, figures }))
    }
  }
}
