/**
 * Memory: the RSS of a fresh process holding one simulator with 100,000 users and 100,000 presets of
 * one version each (seeded from a scenario; the time is reported), against the same process holding
 * only the default scenario. Run with `--expose-gc`, so both are measured after a full collection.
 * Target: < 300 MB.
 * @module
 */
import { createSimulator } from '../src/simulator.js'
import { ms, pick, type Row, scaledScenario, writeResult } from './lib.js'

const RECORDS = pick(100_000, 1_000)
const LIMIT_MB = 300
const memory = () => {
  globalThis.gc?.()
  const { rss, heapUsed } = process.memoryUsage()
  return { rssMb: rss / 2 ** 20, heapMb: heapUsed / 2 ** 20 }
}

const small = createSimulator()
await small.ready
const before = memory()
const began = performance.now()
const simulator = createSimulator({ scenario: scaledScenario(RECORDS) })
await simulator.ready
const seedMs = performance.now() - began
const after = memory()

const workspace = simulator.router.workspaces()[0]?.id as string
const presets = simulator.router.presets(workspace)
const versions = presets.reduce((sum, preset) => sum + preset.versions.length, 0)
const users = simulator.messaging.organizations()[0]?.users.length ?? 0
if (versions < RECORDS || users < RECORDS)
  throw new Error(`seeded ${versions} versions, ${users} users`)

const figures = {
  records: RECORDS,
  seedMs,
  before,
  after,
  versions,
  users,
  gcExposed: !!globalThis.gc,
}
const rows: Row[] = [
  {
    group: 'memory',
    item: `RSS, ${RECORDS} users + ${RECORDS} preset versions`,
    value: `${after.rssMb.toFixed(0)} MB (heap ${after.heapMb.toFixed(0)} MB)`,
    baseline: `default scenario ${before.rssMb.toFixed(0)} MB (heap ${before.heapMb.toFixed(0)} MB)`,
    ratio: `${after.rssMb.toFixed(0)} MB`,
    target: `< ${LIMIT_MB} MB`,
    met: after.rssMb < LIMIT_MB,
  },
  { group: 'memory', item: `seed ${RECORDS} users + presets`, value: ms(seedMs, 0) },
]
writeResult('memory', figures, rows)
