/**
 * The process `bench/memory.ts` measures: plain Node (no tsx, whose loader thread alone adds ~45 MB of
 * RSS) running the built package, as an installed Understudy runs.
 * `node --expose-gc bench/memory-probe.mjs <scenario.json>` prints one JSON line:
 * the RSS and heap holding only the default scenario, then holding the scenario from the file (right
 * after seeding, and settled: after two idle seconds, as a test suite or server is between requests),
 * the peak RSS, the seeding time and the records counted back through the simulator's own API.
 */
import { readFileSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'

const [file] = process.argv.slice(2)
if (!file || !globalThis.gc)
  throw new Error('usage: node --expose-gc bench/memory-probe.mjs <scenario.json>')
const memory = () => {
  globalThis.gc()
  const { rss, heapUsed } = process.memoryUsage()
  return { rssMb: rss / 2 ** 20, heapMb: heapUsed / 2 ** 20 }
}

const { createSimulator } = await import(new URL('../dist/src/simulator.js', import.meta.url).href)
const small = createSimulator()
await small.ready
const before = memory()

const began = performance.now()
const simulator = createSimulator({ scenario: JSON.parse(readFileSync(file, 'utf8')) })
await simulator.ready
const seedMs = performance.now() - began
const seeded = memory()
await sleep(2000)
const settled = memory()

const workspace = simulator.router.workspaces()[0].id
const versions = simulator.router
  .presets(workspace)
  .reduce((sum, preset) => sum + preset.versions.length, 0)
const users = simulator.messaging.organizations()[0].users.length
const peakRssMb = process.resourceUsage().maxRSS / 1024
console.log(JSON.stringify({ before, seeded, settled, peakRssMb, seedMs, versions, users }))
