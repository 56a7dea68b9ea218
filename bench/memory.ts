/**
 * Memory: the RSS of a fresh plain-Node process (`bench/memory-probe.mjs`, running the built package)
 * holding one simulator with 100,000 users and 100,000 presets of one version each, against the same
 * process holding only the default scenario; filled two ways, each in its own process:
 * - through the request path (create-preset and create-user calls into `simulator.dispatch`, the
 *   journal included): judged, target < 300 MB settled;
 * - seeded from a scenario file: shown beside it;
 * - the standalone server (the package bin, default engine) filled over HTTP by `bench/memory-fill.mjs` in a
 *   process of its own, its RSS read from `/proc` (Linux only; skipped elsewhere): shown beside it, since the
 *   server is where a large state is kept for long, and what issue 23 measured.
 * Every figure is taken after a full collection (`--expose-gc`). The target judges the settled RSS: after
 * 30 idle seconds (`SETTLE_MS`), once V8 has returned what filling used and freed (on Node 26 its memory reducer
 * gives the young generation's pages back about ten seconds after the burst; sampled every half second, the row
 * says when the RSS reached its settled figure). The RSS right after filling, after two idle seconds (what this
 * bench judged before 2026-11-26's second session) and the peak are reported beside it.
 *
 * The probes run on this process's Node, or on each Node binary listed in `BENCH_MEMORY_NODES` (comma-separated
 * paths), e.g. the current LTS and the oldest supported version:
 * `BENCH_MEMORY_NODES=$(npx -y node@26 -p process.execPath),$(npx -y node@22 -p process.execPath)`.
 * @module
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { setTimeout as sleep } from 'node:timers/promises'
import { DIST, ms, pick, RESULTS, ROOT, type Row, scaledScenario, writeResult } from './lib.js'

const RECORDS = pick(100_000, 1_000)
const LIMIT_MB = 300
/** How long each probe stays idle before its settled figure. */
const SETTLE_MS = pick(30_000, 2_000)
interface Memory {
  rssMb: number
  heapMb: number
}
interface Probe {
  before: Memory
  filled: Memory
  afterTwoSeconds: Memory
  settled: Memory
  settleMs: number
  settledAfterMs: number
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
  const run = spawnSync(
    binary,
    ['--expose-gc', join(ROOT, 'bench', 'memory-probe.mjs'), ...args, String(SETTLE_MS)],
    {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  if (run.status !== 0)
    throw new Error(`bench/memory-probe.mjs ${args[0]} exited with ${run.status}`)
  const result = JSON.parse(run.stdout) as Probe
  if (result.versions < RECORDS || result.users < RECORDS)
    throw new Error(`${args[0]}: holds ${result.versions} versions, ${result.users} users`)
  return result
}

/** The standalone server's figures: its RSS (MB) before, right after filling, settled, and its peak. */
interface ServerProbe {
  beforeMb: number
  filledMb: number
  settledMb: number
  settledAfterMs: number
  peakMb: number
  fillMs: number
}

/** `VmRSS` and `VmHWM` of a process, in MB. */
function rssOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const field = (name: string) =>
    Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]) / 1024
  return { rss: field('VmRSS'), peak: field('VmHWM') }
}

/** Starts the package bin on `binary`, fills it from another process, and watches its RSS while idle. */
async function serverProbe(binary: string): Promise<ServerProbe> {
  const server = spawn(
    binary,
    [join(DIST, 'bin', 'understudy.js'), 'serve', '--port', '0', '--quiet'],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  try {
    const [banner] = (await once(createInterface({ input: server.stdout }), 'line')) as [string]
    const url = /https?:\/\/\S+/.exec(banner)?.[0]
    if (url === undefined) throw new Error(`the server printed no URL: ${banner}`)
    const pid = server.pid as number
    await sleep(1000)
    const beforeMb = rssOf(pid).rss
    const began = performance.now()
    const fill = spawn(
      process.execPath,
      [join(ROOT, 'bench', 'memory-fill.mjs'), url, String(RECORDS)],
      {
        cwd: ROOT,
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    )
    const [code] = (await once(fill, 'exit')) as [number | null]
    if (code !== 0) throw new Error(`bench/memory-fill.mjs exited with ${code}`)
    const fillMs = performance.now() - began
    const filledMb = rssOf(pid).rss
    const samples: number[] = []
    while (samples.length * 500 < SETTLE_MS) {
      await sleep(500)
      samples.push(rssOf(pid).rss)
    }
    const { rss: settledMb, peak: peakMb } = rssOf(pid)
    let settledAfterMs = SETTLE_MS
    for (
      let i = samples.length - 1;
      i >= 0 && Math.abs((samples[i] as number) - settledMb) <= 2;
      i--
    )
      settledAfterMs = (i + 1) * 500
    return { beforeMb, filledMb, settledMb, settledAfterMs, peakMb, fillMs }
  } finally {
    server.kill()
  }
}

mkdirSync(RESULTS, { recursive: true })
const file = join(RESULTS, 'memory-scenario.json')
writeFileSync(file, JSON.stringify(scaledScenario(RECORDS)))
const mb = (memory: Memory) => `${memory.rssMb.toFixed(0)} MB (heap ${memory.heapMb.toFixed(0)} MB)`
const rows: Row[] = []
const results: Array<{ node: string; requests: Probe; seeded: Probe; server: ServerProbe | null }> =
  []
const PROC = existsSync('/proc/self/status')
try {
  for (const { binary, version } of NODES) {
    const requests = probe(binary, ['requests', String(RECORDS)])
    const seeded = probe(binary, ['seed', file])
    const server = PROC ? await serverProbe(binary) : null
    results.push({ node: version, requests, seeded, server })
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
        item: `the same: when it settled; after two idle seconds${on}`,
        value: `after ${(requests.settledAfterMs / 1000).toFixed(1)} of ${requests.settleMs / 1000} idle seconds; ${mb(requests.afterTwoSeconds)}`,
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
    if (server)
      rows.push(
        {
          group: 'memory',
          item: `RSS of the standalone server (package bin), the same records created over HTTP, settled${on}`,
          value: `${server.settledMb.toFixed(0)} MB`,
          baseline: `default scenario ${server.beforeMb.toFixed(0)} MB`,
        },
        {
          group: 'memory',
          item: `the same: right after the requests; when it settled; peak; filling${on}`,
          value: `${server.filledMb.toFixed(0)} MB; after ${(server.settledAfterMs / 1000).toFixed(1)} of ${SETTLE_MS / 1000} idle seconds; peak ${server.peakMb.toFixed(0)} MB; ${ms(server.fillMs, 0)}`,
        },
      )
  }
} finally {
  rmSync(file, { force: true })
}
writeResult('memory', { records: RECORDS, nodes: results }, rows)
