/**
 * Memory: the RSS of a fresh plain-Node process (`bench/memory-probe.mjs`, running the built package)
 * holding one simulator with 100,000 users and 100,000 presets of one version each, seeded from a
 * scenario file, against the same process holding only the default scenario. Every figure is taken after
 * a full collection (`--expose-gc`). The target judges the settled RSS (two idle seconds after seeding,
 * when V8 has returned the memory seeding used and freed); the RSS right after seeding and the peak are
 * reported beside it. Target: < 300 MB.
 * @module
 */
import { spawnSync } from 'node:child_process'
import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ms, pick, RESULTS, ROOT, type Row, scaledScenario, writeResult } from './lib.js'

const RECORDS = pick(100_000, 1_000)
const LIMIT_MB = 300
interface Memory {
  rssMb: number
  heapMb: number
}
interface Probe {
  before: Memory
  seeded: Memory
  settled: Memory
  peakRssMb: number
  seedMs: number
  versions: number
  users: number
}

const file = join(RESULTS, 'memory-scenario.json')
writeFileSync(file, JSON.stringify(scaledScenario(RECORDS)))
const run = spawnSync(
  process.execPath,
  ['--expose-gc', join(ROOT, 'bench', 'memory-probe.mjs'), file],
  { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
)
rmSync(file, { force: true })
if (run.status !== 0) throw new Error(`bench/memory-probe.mjs exited with ${run.status}`)
const probe = JSON.parse(run.stdout) as Probe
if (probe.versions < RECORDS || probe.users < RECORDS)
  throw new Error(`seeded ${probe.versions} versions, ${probe.users} users`)

const mb = (memory: Memory) => `${memory.rssMb.toFixed(0)} MB (heap ${memory.heapMb.toFixed(0)} MB)`
const rows: Row[] = [
  {
    group: 'memory',
    item: `RSS, ${RECORDS} users + ${RECORDS} preset versions, settled`,
    value: mb(probe.settled),
    baseline: `default scenario ${mb(probe.before)}`,
    ratio: `${probe.settled.rssMb.toFixed(0)} MB`,
    target: `< ${LIMIT_MB} MB`,
    met: probe.settled.rssMb < LIMIT_MB,
  },
  {
    group: 'memory',
    item: 'the same, right after seeding; peak',
    value: `${mb(probe.seeded)}; peak ${probe.peakRssMb.toFixed(0)} MB`,
  },
  { group: 'memory', item: `seed ${RECORDS} users + presets`, value: ms(probe.seedMs, 0) },
]
writeResult('memory', { records: RECORDS, ...probe }, rows)
