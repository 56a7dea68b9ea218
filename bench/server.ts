/**
 * The standalone server over loopback, each server in a child process of its own and the load from
 * another (`bench/loadgen.mjs`, autocannon): req/s, p50/p99 and the server's CPU time per request
 * (/proc/<pid>/stat) for each of the four calls at 32 connections, targets interleaved (A B C A B C …),
 * medians over the rounds with their spread. The targets:
 * - `bare`: node:http answering a fixed JSON body of the same size (the baseline; it must be the
 *   bottleneck, its CPU near one core, else the table says it was not saturated);
 * - `direct`: Understudy's default engine (judged);
 * - `msw`: Understudy's msw engine (prefix routing, then `getResponse` over one service's handlers);
 * - `adapter`: every server handler in one list behind a plain `getResponse` adapter;
 * - `wiremock` (and `wiremock-nojournal`, shown only): WireMock with static stubs (`bench/wiremock.ts`),
 *   when Java is there.
 * Targets (the default engine, each call): CPU per request ≤ WireMock's; req/s ≥ 0.55 × bare; p99 < 10 ms.
 * Also writes the side-by-side table to `bench/results/server.md`.
 * @module
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import {
  compareLoad,
  createGetPreset,
  describeLoad,
  kilo,
  LOAD,
  load,
  median,
  OPS,
  percent,
  pick,
  RESULTS,
  type Row,
  SMOKE,
  type Summary,
  send,
  startEach,
  startTarget,
  type Target,
  writeResult,
  x,
} from './lib.js'
import { javaVersion, startWireMock } from './wiremock.js'

const RPS_OF_BARE = 0.55
const P99_MS = 10
/** The bare server's CPU at or above which it is taken to be the bottleneck (its one core is busy). */
const SATURATED = 0.85
/** Seconds of load on each call to warm WireMock's JVM up (JIT) before any measured run. */
const JVM_WARM_UP = pick(5, 0)

const loadBefore = loadavg()
const understudy = await startEach(['direct', 'msw', 'adapter'])
for (const target of understudy) await send(target.url, createGetPreset, '0')
const direct = understudy[0] as Target
// The baseline and WireMock answer each call with the body the default engine answers it with.
const bodies: Record<string, string> = {}
for (const op of OPS) bodies[op.name] = await send(direct.url, op)
const bare = await startTarget('bare', bodies)
const java = javaVersion()
// The journal-less WireMock is shown, not judged: the smoke run leaves it out.
const wiremocks = java
  ? [
      await startWireMock(bodies),
      ...(SMOKE ? [] : [await startWireMock(bodies, { journal: false })]),
    ]
  : []
const [wiremock] = wiremocks
const targets: Target[] = [bare, ...understudy, ...wiremocks]

const rows: Row[] = []
const figures: Record<string, unknown> = {
  load: LOAD,
  java: java ?? null,
  wiremock: wiremock ? { version: wiremock.version, flags: wiremock.flags } : null,
}
const results = new Map<string, Map<Target, Summary>>()
try {
  if (JVM_WARM_UP > 0)
    for (const target of wiremocks)
      for (const op of OPS) await load(target, op, JVM_WARM_UP, LOAD.connections)
  for (const op of OPS) {
    const result = await compareLoad(targets, op)
    results.set(op.name, result)
    figures[op.name] = Object.fromEntries([...result].map(([target, s]) => [target.spec, s]))
    for (const target of targets) {
      const s = result.get(target) as Summary
      rows.push({
        group: 'server',
        item: `${op.name} ${target.spec}`,
        value: describeLoad(s),
        baseline: `load generator ${percent(s.median.loadgenCores)} of a core, others ${percent(s.median.otherCores)}`,
      })
    }
    const d = (result.get(direct) as Summary).median
    const b = (result.get(bare) as Summary).median
    const saturated = b.serverCores >= SATURATED
    const w = wiremock ? (result.get(wiremock) as Summary).median : undefined
    rows.push({
      group: 'server',
      item: `${op.name} direct: CPU per request`,
      value: `${d.cpuUs.toFixed(1)} µs`,
      baseline: w ? `WireMock ${w.cpuUs.toFixed(1)} µs` : 'WireMock: no Java here',
      ratio: w ? x(d.cpuUs / w.cpuUs) : '',
      target: '≤ 1.00× WireMock',
      ...(w ? { met: d.cpuUs <= w.cpuUs } : {}),
    })
    rows.push({
      group: 'server',
      item: `${op.name} direct: req/s`,
      value: `${kilo(d.rps)} req/s`,
      // Beside it, the same ratio from CPU per request (bare's over direct's): what the req/s ratio would
      // be if both saturated one core, whoever the bottleneck was.
      baseline: `bare ${kilo(b.rps)} req/s${saturated ? ` (${percent(b.serverCores)} of a core)` : `: bare not saturated (${percent(b.serverCores)})`}; by CPU per request ${x(b.cpuUs / d.cpuUs)}`,
      ratio: x(d.rps / b.rps),
      target: `≥ ${RPS_OF_BARE.toFixed(2)}× bare`,
      met: d.rps >= RPS_OF_BARE * b.rps,
    })
    rows.push({
      group: 'server',
      item: `${op.name} direct: p99 at ${LOAD.connections} connections`,
      value: `${d.p99} ms`,
      ratio: `${d.p99} ms`,
      target: `< ${P99_MS} ms`,
      met: d.p99 < P99_MS,
    })
  }
} finally {
  for (const target of targets) target.stop()
}
const loadAfter = loadavg()
// How busy the rest of the machine was during the measured rounds (noise), from /proc/stat.
const others = [...results.values()].flatMap((result) =>
  [...result.values()].flatMap((s) => s.rounds.map((round) => round.otherCores)),
)
figures.loadavg = { before: loadBefore, after: loadAfter }
figures.otherCores = { median: median(others), max: Math.max(...others) }

// The side-by-side table (issue 15's shape), medians over the rounds.
const cell = (s: Summary | undefined) =>
  s
    ? `${kilo(s.median.rps)} · ${s.median.cpuUs.toFixed(0)} µs · p99 ${s.median.p99} ms`
    : java
      ? 'not run'
      : 'no Java'
const header = [
  'call',
  'Understudy direct',
  'msw engine',
  'getResponse adapter',
  'bare node:http',
  'WireMock (journal on)',
  'WireMock (no journal)',
  'direct / bare req/s',
  'bare / direct CPU',
  'direct / WireMock CPU',
]
const lines = [
  `| ${header.join(' | ')} |`,
  `|${header.map(() => '---').join('|')}|`,
  ...OPS.map((op) => {
    const result = results.get(op.name)
    if (!result) return `| ${op.name} | (not run) |`
    const of = (target: Target | undefined) => (target ? result.get(target) : undefined)
    const d = result.get(direct) as Summary
    const b = result.get(bare) as Summary
    const w = of(wiremock)
    const note =
      b.median.serverCores >= SATURATED
        ? ''
        : ` (bare not saturated: ${percent(b.median.serverCores)})`
    return `| ${[
      op.name,
      cell(d),
      cell(of(understudy[1])),
      cell(of(understudy[2])),
      `${cell(b)} (${percent(b.median.serverCores)} of a core)`,
      cell(w),
      cell(of(wiremocks[1])),
      `${(d.median.rps / b.median.rps).toFixed(2)}${note}`,
      (b.median.cpuUs / d.median.cpuUs).toFixed(2),
      w ? (d.median.cpuUs / w.median.cpuUs).toFixed(2) : '',
    ].join(' | ')} |`
  }),
]
const table = [
  `Each cell: req/s · server CPU µs per request · p99, medians of ${LOAD.rounds} interleaved rounds of ${LOAD.seconds} s at ${LOAD.connections} connections (load generator in its own process). Other processes used ${percent(median(others))} of a core during the rounds (median; max ${percent(Math.max(...others))}). Load average before ${loadBefore.map((v) => v.toFixed(2)).join(' / ')}, after ${loadAfter.map((v) => v.toFixed(2)).join(' / ')}.${wiremock ? ` WireMock ${wiremock.version} on ${java}, flags: \`${wiremock.flags.join(' ')}\`, its request journal on (WireMock's default, unbounded) and cleared before every run.` : ' WireMock skipped: no Java on this machine.'}`,
  '',
  ...lines,
].join('\n')
mkdirSync(RESULTS, { recursive: true })
writeFileSync(join(RESULTS, 'server.md'), `${table}\n`)
console.log(`\n${table}\n`)
writeResult('server', figures, rows)
