/**
 * Two builds of the package side by side in one run: `node --import tsx bench/ab.ts <distA> <distB>
 * [--ops create-preset,chat-completion] [--rounds 7] [--fault]`. Each build's `direct` server runs in a
 * process of its own (`BENCH_DIST`, as `bench/target.ts` loads it), loaded from the load generator's process
 * with each operation in turn: every round loads each build with each operation (A op1, B op1, A op2, B op2,
 * the order rotating each round), so that the operations, not only the builds, are compared under the same
 * load. With `--fault`, each operation is also loaded with a fault armed that matches no request
 * (`{"path": "/nowhere"}` over `POST /__understudy/faults`, cleared after the run), so that every request is
 * matched against it. Printed: the server's CPU µs per request for each operation with its spread over the
 * rounds, each build's ratio of each operation to the first and B's CPU over A's for each operation (medians
 * of the rounds' ratios), the load average and the CPU the rest of the machine used. Build a snapshot of each
 * `dist/` first, inside the repository where it finds its dependencies (`cp -r dist bench/tmp/a`; from `/tmp`
 * it does not): the figures are only ratios measured in the same run (decisions/hot-path.md: this VM
 * resolves about 10%).
 * @module
 */
import { loadavg } from 'node:os'
import {
  createGetPreset,
  LOAD,
  load,
  median,
  OPS,
  type Op,
  percent,
  type Round,
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
  throw new Error('usage: bench/ab.ts <distA> <distB> [--ops a,b] [--rounds n] [--fault]')
const names = (option('--ops') ?? 'create-preset,chat-completion').split(',')
/** An operation as loaded: as it is, or with a fault armed that matches no request. */
interface Case {
  name: string
  op: Op
  fault: boolean
}
const ops: Case[] = names.flatMap((name) => {
  const op = OPS.find((candidate) => candidate.name === name)
  if (!op) throw new Error(`--ops takes ${OPS.map((o) => o.name).join(', ')}`)
  const plain = { name, op, fault: false }
  return args.includes('--fault') ? [plain, { name: `${name}+fault`, op, fault: true }] : [plain]
})

/** Loads a target with a case: the fault armed for the run and cleared after it, when the case has one. */
async function loadCase(target: Target, { op, fault }: Case, seconds: number): Promise<Round> {
  const faults = `${target.url}/__understudy/faults`
  if (fault) {
    const armed = await fetch(faults, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/nowhere', status: 503 }),
    })
    if (!armed.ok) throw new Error(`arming the fault: ${armed.status} ${await armed.text()}`)
  }
  try {
    return await load(target, op, seconds, LOAD.connections)
  } finally {
    if (fault) await fetch(faults, { method: 'DELETE' })
  }
}
LOAD.rounds = Number(option('--rounds') ?? LOAD.rounds)

const before = loadavg()
const targets: Target[] = []
for (const [i, dist] of dists.entries()) {
  process.env.BENCH_DIST = dist
  const target = await startTarget('direct')
  await send(target.url, createGetPreset, '0')
  targets.push({ ...target, spec: i === 0 ? 'A' : 'B' })
}
/** Each build and operation, in the order of the first round. */
const pairs = targets.flatMap((target) => ops.map((op) => ({ target, op })))
const rounds = new Map(pairs.map((pair) => [pair, [] as Round[]]))
try {
  for (const { target, op } of pairs) await loadCase(target, op, LOAD.warmUp)
  for (let round = 0; round < LOAD.rounds; round++) {
    for (let i = 0; i < pairs.length; i++) {
      const pair = pairs[(round + i) % pairs.length] as (typeof pairs)[number]
      rounds.get(pair)?.push(await loadCase(pair.target, pair.op, LOAD.seconds))
    }
  }
} finally {
  for (const target of targets) target.stop()
}
/** The rounds of one build under one operation. */
const runsOf = (target: Target, name: string): Round[] =>
  rounds.get(
    pairs.find((p) => p.target === target && p.op.name === name) as (typeof pairs)[number],
  ) ?? []
const spread = (values: number[], digits: number) =>
  `${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}-${Math.max(...values).toFixed(digits)})`
for (const { target, op } of pairs) {
  const runs = runsOf(target, op.name)
  console.log(
    `${op.name} ${target.spec}: ${spread(
      runs.map((r) => r.cpuUs),
      1,
    )} µs CPU, ${Math.round(median(runs.map((r) => r.rps)))} req/s, others ${percent(median(runs.map((r) => r.otherCores)))} of a core`,
  )
}
for (const target of targets) {
  const first = runsOf(target, ops[0]?.name as string)
  const ratios = ops.slice(1).map((op) => {
    const each = runsOf(target, op.name).map((r, i) => r.cpuUs / (first[i]?.cpuUs as number))
    return `${op.name}/${ops[0]?.name} ${spread(each, 2)}×`
  })
  console.log(`${target.spec} (${dists[target.spec === 'A' ? 0 : 1]}): ${ratios.join(', ')}`)
}
const [a, b] = targets as [Target, Target]
console.log(
  `B/A CPU per request: ${ops
    .map((op) => {
      const each = runsOf(b, op.name).map(
        (r, i) => r.cpuUs / (runsOf(a, op.name)[i]?.cpuUs as number),
      )
      return `${op.name} ${spread(each, 3)}×`
    })
    .join(', ')}`,
)
console.log(
  `load average before ${before.map((v) => v.toFixed(2)).join(' / ')}, after ${loadavg()
    .map((v) => v.toFixed(2))
    .join(' / ')}; ${LOAD.rounds} rounds of ${LOAD.seconds} s at ${LOAD.connections} connections`,
)
