/**
 * Runs every benchmark, each in its own process, then prints one table and writes
 * `bench/results/summary.json` and the table as Markdown (`summary.md`, with the server's side-by-side
 * table from `server.md`). Builds `dist/` first, which every benchmark measures (`--no-build` skips it).
 * `--smoke`: tiny durations and counts. `--only a,b`: just those benchmarks. Records the machine's load
 * average every 5 s (the figures of a loaded machine are noisy: the header says how loaded it was).
 * Exits non-zero only when a benchmark crashes, never on a missed target.
 * @module
 */
import { spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { join } from 'node:path'
import { median, RESULTS, ROOT, type Row, SMOKE, writeResult } from './lib.js'

const BENCHMARKS: Array<{ name: string; flags?: string[] }> = [
  { name: 'bundle' },
  { name: 'in-process' },
  { name: 'server' },
  { name: 'scale' },
  { name: 'startup' },
  { name: 'memory' },
  { name: 'state-file' },
  { name: 'state-file-writes' },
]

const only = process.argv[process.argv.indexOf('--only') + 1]?.split(',')
const chosen = process.argv.includes('--only')
  ? BENCHMARKS.filter(({ name }) => only?.includes(name))
  : BENCHMARKS

const began = performance.now()
const at = new Date().toISOString()
// The 1-minute load average, every 5 s (this run's own load adds up to 2 on the loopback benchmarks).
const loads: number[] = [loadavg()[0] as number]
const sampler = setInterval(() => loads.push(loadavg()[0] as number), 5000)
// Every benchmark measures the built package (`dist/`), as users install it: build it from this tree first.
if (!process.argv.includes('--no-build')) {
  console.log('== build')
  const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: 'inherit' })
  if (build.status !== 0) throw new Error(`npm run build exited with ${build.status}`)
}
// A snapshot of dist/ that every benchmark measures (BENCH_DIST): another rebuild of dist/ during the
// run (a test suite, another developer's build) cannot change or remove the code being measured.
const snapshot = join(ROOT, 'bench', 'tmp', 'dist')
rmSync(snapshot, { recursive: true, force: true })
// Without the declaration files (tsconfig.json takes in bench/: only JavaScript, which it does not read).
cpSync(join(ROOT, 'dist'), snapshot, {
  recursive: true,
  filter: (source) => !/\.d\.[cm]?ts$|\.map$/.test(source),
})
for (const file of [
  'src/simulator/simulator.js',
  'src/entries/server/index.js',
  'bin/understudy.js',
])
  if (!existsSync(join(snapshot, file))) throw new Error(`dist/${file} is missing: build first`)
process.env.BENCH_DIST = snapshot
const crashed: string[] = []
const rows: Row[] = []
for (const { name, flags = [] } of chosen) {
  const file = join(RESULTS, `${name}.json`)
  rmSync(file, { force: true })
  if (name === 'server') rmSync(join(RESULTS, 'server.md'), { force: true })
  console.log(`\n== ${name}`)
  const started = performance.now()
  const script = join(ROOT, 'bench', `${name}.ts`)
  const child = spawn(
    process.execPath,
    [...flags, '--import', 'tsx', script, ...(SMOKE ? ['--smoke'] : [])],
    { cwd: ROOT, stdio: 'inherit' },
  )
  const [status] = (await once(child, 'exit')) as [number | null]
  console.log(`== ${name}: ${((performance.now() - started) / 1000).toFixed(1)} s`)
  if (status !== 0 || !existsSync(file)) {
    crashed.push(name)
    rows.push({ group: name, item: '(crashed)', value: `exit ${status}` })
    continue
  }
  rows.push(...(JSON.parse(readFileSync(file, 'utf8')) as { rows: Row[] }).rows)
}

clearInterval(sampler)
loads.push(loadavg()[0] as number)
const load = {
  min: Math.min(...loads),
  median: median(loads),
  max: Math.max(...loads),
  cores: cpus().length,
}
const headline = `${SMOKE ? 'Smoke run (tiny counts: the figures mean nothing)' : 'Benchmarks'} of ${at} on ${load.cores} cores, Node ${process.version}; 1-minute load average during the run ${load.min.toFixed(2)}–${load.max.toFixed(2)} (median ${load.median.toFixed(2)}; the loopback benchmarks alone add up to 2)`

const header = ['group', 'item', 'figure', 'baseline (same run)', 'judged', 'target', '']
const table = [
  header,
  ...rows.map((row) => [
    row.group,
    row.item,
    row.value,
    row.baseline ?? '',
    row.ratio ?? '',
    row.target ?? '',
    row.met === undefined ? '' : row.met ? 'met' : 'MISSED',
  ]),
]
const widths = header.map((_, i) => Math.max(...table.map((cells) => (cells[i] as string).length)))
const line = (cells: string[]) =>
  cells
    .map((cell, i) => cell.padEnd(widths[i] as number))
    .join(' | ')
    .trimEnd()
console.log(`\n${headline}`)
console.log(line(table[0] as string[]))
console.log(widths.map((width) => '-'.repeat(width)).join('-|-'))
for (const cells of table.slice(1)) console.log(line(cells))

const judged = rows.filter((row) => row.met !== undefined)
const missed = judged.filter((row) => !row.met).length
const seconds = (performance.now() - began) / 1000
console.log(
  `\n${judged.length - missed}/${judged.length} targets met; ${crashed.length ? `crashed: ${crashed.join(', ')}` : 'no crashes'}; ${seconds.toFixed(0)} s`,
)
writeResult('summary', { at, crashed, seconds, targets: judged.length, missed, load, loads }, rows)
// The same table as Markdown, after the server's side-by-side table.
const sideBySide = join(RESULTS, 'server.md')
const markdown = [
  `${headline}; ${judged.length - missed}/${judged.length} targets met.`,
  '',
  ...(chosen.some(({ name }) => name === 'server') && existsSync(sideBySide)
    ? [readFileSync(sideBySide, 'utf8').trim(), '']
    : []),
  '| group | item | figure | baseline (same run) | judged | target | met |',
  '|---|---|---|---|---|---|---|',
  ...table
    .slice(1)
    .map(
      (cells) =>
        `| ${cells.map((cell) => cell.replace('MISSED', '**no**').replace(/^met$/, 'yes')).join(' | ')} |`,
    ),
]
writeFileSync(join(RESULTS, 'summary.md'), `${markdown.join('\n')}\n`)
process.exitCode = crashed.length > 0 ? 1 : 0
