/**
 * Memory: the RSS of a fresh plain-Node process (`bench/memory-probe.mjs`, running the built package)
 * holding one simulator with 100,000 users and 100,000 presets of one version each, against the same
 * process holding only the default scenario; filled two ways, each in its own process:
 * - through the request path (create-preset and create-user calls into `simulator.dispatch`, the
 *   journal included): judged, target < 300 MB settled;
 * - seeded from a scenario file: shown beside it.
 * Every figure is taken after a full collection (`--expose-gc`). The target judges the settled RSS (two
 * idle seconds after filling, when V8 has returned the memory filling used and freed); the RSS right
 * after filling and the peak are reported beside it.
 *
 * The probes run on this process's Node, or on each Node binary listed in `BENCH_MEMORY_NODES` (comma-separated
 * paths), e.g. the current LTS and the oldest supported version:
 * `BENCH_MEMORY_NODES=$(npx -y node@26 -p process.execPath),$(npx -y node@22 -p process.execPath)`.
 * @module
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
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
  filled: Memory
  settled: Memory
  peakRssMb: number
  fillMs: number
  versions: number
  users: number
  journal: number
}

/** The Node binaries to probe on, each with its version. */
const NODES = (process.env.BENCH_MEMORY_NODES ?? process.execPath)
  .split(',')
  .map((binary) => binary.trim())
  .filter(Boolean)
  .map((binary) => ({
    binary,
    version: execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim(),
  }))

function probe(binary: string, args: string[]): Probe {
  const run = spawnSync(binary, ['--expose-gc', join(ROOT, 'bench', 'memory-probe.mjs'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  if (run.status !== 0)
    throw new Error(`bench/memory-probe.mjs ${args[0]} exited with ${run.status}`)
  const result = JSON.parse(run.stdout) as Probe
  if (result.versions < RECORDS || result.users < RECORDS)
    throw new Error(`${args[0]}: holds ${result.versions} versions, ${result.users} users`)
  return result
}

mkdirSync(RESULTS, { recursive: true })
const file = join(RESULTS, 'memory-scenario.json')
writeFileSync(file, JSON.stringify(scaledScenario(RECORDS)))
const mb = (memory: Memory) => `${memory.rssMb.toFixed(0)} MB (heap ${memory.heapMb.toFixed(0)} MB)`
const rows: Row[] = []
const results: Array<{ node: string; requests: Probe; seeded: Probe }> = []
try {
  for (const { binary, version } of NODES) {
    const requests = probe(binary, ['requests', String(RECORDS)])
    const seeded = probe(binary, ['seed', file])
    results.push({ node: version, requests, seeded })
    const on = `, Node ${version}`
    rows.push(
      {
        group: 'memory',
        item: `RSS, ${RECORDS} users + ${RECORDS} preset versions created through the request path, settled${on}`,
        value: mb(requests.settled),
        baseline: `default scenario ${mb(requests.before)}`,
        ratio: `${requests.settled.rssMb.toFixed(0)} MB`,
        target: `< ${LIMIT_MB} MB`,
        met: requests.settled.rssMb < LIMIT_MB,
      },
      {
        group: 'memory',
        item: `the same, right after the requests; peak${on}`,
        value: `${mb(requests.filled)}; peak ${requests.peakRssMb.toFixed(0)} MB (journal ${requests.journal} entries)`,
      },
      {
        group: 'memory',
        item: `${RECORDS} create-preset + ${RECORDS} create-user calls in process (dispatch)${on}`,
        value: ms(requests.fillMs, 0),
      },
      {
        group: 'memory',
        item: `RSS, the same records seeded from a scenario, settled${on}`,
        value: mb(seeded.settled),
        baseline: `default scenario ${mb(seeded.before)}`,
      },
      {
        group: 'memory',
        item: `the same, right after seeding; peak${on}`,
        value: `${mb(seeded.filled)}; peak ${seeded.peakRssMb.toFixed(0)} MB`,
      },
      {
        group: 'memory',
        item: `seed ${RECORDS} users + presets${on}`,
        value: ms(seeded.fillMs, 0),
      },
    )
  }
} finally {
  rmSync(file, { force: true })
}
writeResult('memory', { records: RECORDS, nodes: results }, rows)
