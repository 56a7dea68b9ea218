/**
 * Runs every benchmark, each in its own process, then prints one table and writes
 * `bench/results/summary.json` and the table as Markdown (`summary.md`, for the README). Builds `dist/`
 * first, which every benchmark measures (`--no-build` skips it). `--smoke`: tiny durations and counts.
 * Exits non-zero only when a benchmark crashes, never on a missed target.
 * @module
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { RESULTS, ROOT, type Row, SMOKE, writeResult } from './lib.js'

const BENCHMARKS: Array<{ name: string; flags?: string[] }> = [
  { name: 'in-process' },
  { name: 'server' },
  { name: 'scale' },
  { name: 'startup' },
  { name: 'memory' },
]

const began = performance.now()
// Every benchmark measures the built package (`dist/`), as users install it: build it from this tree first.
if (!process.argv.includes('--no-build')) {
  console.log('== build')
  const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: 'inherit' })
  if (build.status !== 0) throw new Error(`npm run build exited with ${build.status}`)
}
const crashed: string[] = []
const rows: Row[] = []
for (const { name, flags = [] } of BENCHMARKS) {
  const file = join(RESULTS, `${name}.json`)
  rmSync(file, { force: true })
  console.log(`\n== ${name}`)
  const started = performance.now()
  const script = join(ROOT, 'bench', `${name}.ts`)
  const { status } = spawnSync(
    process.execPath,
    [...flags, '--import', 'tsx', script, ...(SMOKE ? ['--smoke'] : [])],
    { cwd: ROOT, stdio: 'inherit' },
  )
  console.log(`== ${name}: ${((performance.now() - started) / 1000).toFixed(1)} s`)
  if (status !== 0 || !existsSync(file)) {
    crashed.push(name)
    rows.push({ group: name, item: '(crashed)', value: `exit ${status}` })
    continue
  }
  rows.push(...(JSON.parse(readFileSync(file, 'utf8')) as { rows: Row[] }).rows)
}

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
console.log(`\n${SMOKE ? 'Smoke run (tiny counts: the figures mean nothing)' : 'Benchmarks'}`)
console.log(line(table[0] as string[]))
console.log(widths.map((width) => '-'.repeat(width)).join('-|-'))
for (const cells of table.slice(1)) console.log(line(cells))

const judged = rows.filter((row) => row.met !== undefined)
const missed = judged.filter((row) => !row.met).length
const seconds = (performance.now() - began) / 1000
console.log(
  `\n${judged.length - missed}/${judged.length} targets met; ${crashed.length ? `crashed: ${crashed.join(', ')}` : 'no crashes'}; ${seconds.toFixed(0)} s`,
)
writeResult('summary', { crashed, seconds, targets: judged.length, missed }, rows)
// The same table as Markdown, for the README.
const markdown = [
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
