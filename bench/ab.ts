/**
 * Two builds of the package side by side in one run: `node --import tsx bench/ab.ts <distA> <distB>
 * [--ops create-preset,chat-completion] [--rounds 7]`. Each build's `direct` server runs in a process of
 * its own (`BENCH_DIST`, as `bench/target.ts` loads it), loaded from the load generator's process in turns
 * (A B, B A, …, `compareLoad`), and the server's CPU µs per request is printed for each operation with its
 * spread over the rounds, each build's ratio of each operation to the first, the load average and the CPU
 * the rest of the machine used. Build a snapshot of each `dist/` first (`cp -r dist /tmp/a`): the figures
 * are only ratios measured in the same run (decisions/hot-path.md: this VM resolves about 10%).
 * @module
 */
import { loadavg } from 'node:os'
import {
  compareLoad,
  createGetPreset,
  LOAD,
  OPS,
  percent,
  send,
  startTarget,
  type Target,
} from './lib.js'

const args = process.argv.slice(2)
const option = (name: string) => {
  const at = args.indexOf(name)
  return at >= 0 ? args[at + 1] : undefined
}
const dists = args.filter((arg, i) => !arg.startsWith('--') && !args[i - 1]?.startsWith('--'))
if (dists.length !== 2)
  throw new Error('usage: bench/ab.ts <distA> <distB> [--ops a,b] [--rounds n]')
const names = (option('--ops') ?? 'create-preset,chat-completion').split(',')
const ops = names.map((name) => {
  const op = OPS.find((candidate) => candidate.name === name)
  if (!op) throw new Error(`--ops takes ${OPS.map((o) => o.name).join(', ')}`)
  return op
})
LOAD.rounds = Number(option('--rounds') ?? LOAD.rounds)

const before = loadavg()
const targets: Target[] = []
for (const [i, dist] of dists.entries()) {
  process.env.BENCH_DIST = dist
  const target = await startTarget('direct')
  await send(target.url, createGetPreset, '0')
  targets.push({ ...target, spec: i === 0 ? 'A' : 'B' })
}
const medians = new Map<string, number>()
try {
  for (const op of ops) {
    for (const [target, s] of await compareLoad(targets, op)) {
      medians.set(`${target.spec} ${op.name}`, s.median.cpuUs)
      console.log(
        `${op.name} ${target.spec}: ${s.median.cpuUs.toFixed(1)} µs CPU (${s.min.cpuUs.toFixed(1)}-${s.max.cpuUs.toFixed(1)}), ${Math.round(s.median.rps)} req/s, others ${percent(s.median.otherCores)} of a core`,
      )
    }
  }
} finally {
  for (const target of targets) target.stop()
}
for (const target of targets) {
  const first = medians.get(`${target.spec} ${ops[0]?.name}`) as number
  const ratios = ops
    .slice(1)
    .map(
      (op) =>
        `${op.name}/${ops[0]?.name} ${((medians.get(`${target.spec} ${op.name}`) as number) / first).toFixed(2)}×`,
    )
  console.log(`${target.spec} (${dists[target.spec === 'A' ? 0 : 1]}): ${ratios.join(', ')}`)
}
console.log(
  `load average before ${before.map((v) => v.toFixed(2)).join(' / ')}, after ${loadavg()
    .map((v) => v.toFixed(2))
    .join(' / ')}; ${LOAD.rounds} rounds of ${LOAD.seconds} s at ${LOAD.connections} connections`,
)
