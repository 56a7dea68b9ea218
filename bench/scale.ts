/**
 * Scale: the four operations with 0, 10,000 and 100,000 presets (one version each) and users already
 * stored, in process (`setupServer` + `fetch`, per-request time) and on the standalone server (default
 * engine, a child process per size, loaded from another process: server CPU µs per request, and req/s).
 * The stores are seeded from a scenario; the time it took is reported. Target: the per-request cost at
 * 100,000 ≤ 1.2× the cost at 0 (on the server: CPU per request, the steadiest figure).
 * @module
 */
import { setupServer } from 'msw/node'
import type { Simulator } from '../src/simulator/simulator.js'
import {
  compareLoad,
  createGetPreset,
  describeLoad,
  fromDist,
  interleave,
  LOAD,
  ms,
  OPS,
  pick,
  type Row,
  scaledScenario,
  send,
  startEach,
  us,
  writeResult,
  x,
} from './lib.js'

const { createSimulator } = await fromDist<typeof import('../src/simulator/simulator.js')>(
  'src/simulator/simulator.js',
)
const SIZES = pick([0, 10_000, 100_000], [0, 1_000])
const LIMIT = 1.2
const largest = SIZES[SIZES.length - 1] as number
const rows: Row[] = []
const figures: Record<string, unknown> = { sizes: SIZES, load: LOAD }
const judge = (cost: number, size: number) =>
  size === largest ? { target: `≤ ${LIMIT}× at 0`, met: cost <= LIMIT } : {}

// In process: one msw server, each size's handlers in turn.
const server = setupServer()
server.listen({ onUnhandledFrame: 'error' })
const simulators = new Map<number, Simulator>()
for (const size of SIZES) {
  const began = performance.now()
  const simulator = createSimulator({ scenario: scaledScenario(size) })
  await simulator.ready
  const seedMs = performance.now() - began
  simulators.set(size, simulator)
  server.resetHandlers(...simulator.handlers)
  await send(undefined, createGetPreset, '0')
  figures[`in-process seed ${size}`] = seedMs
  rows.push({ group: 'scale', item: `seed ${size} in process`, value: ms(seedMs, 0) })
}
const inProcess: Record<string, unknown> = {}
for (const op of OPS) {
  const times = await interleave(
    Object.fromEntries(
      SIZES.map((size) => [
        String(size),
        () => server.resetHandlers(...(simulators.get(size) as Simulator).handlers),
      ]),
    ),
    () => send(undefined, op),
    { rounds: pick(12, 2), batch: pick(100, 5) },
  )
  inProcess[op.name] = times
  const zero = times['0'] as number
  for (const size of SIZES.slice(1)) {
    const time = times[String(size)] as number
    rows.push({
      group: 'scale',
      item: `${op.name} in process @${size}`,
      value: us(time),
      baseline: `@0 ${us(zero)}`,
      ratio: x(time / zero),
      ...judge(time / zero, size),
    })
  }
}
figures['in-process ms per request'] = inProcess
server.close()
simulators.clear()

// The standalone server: a child process per size.
const targets = await startEach(SIZES.map((size) => (size === 0 ? 'direct' : `direct:${size}`)))
try {
  for (const target of targets) {
    await send(target.url, createGetPreset, '0')
    rows.push({
      group: 'scale',
      item: `seed ${target.spec} server`,
      value: `${ms(target.seedMs, 0)} (RSS ${Math.round(target.rssMb)} MB)`,
    })
  }
  const [zero, ...others] = targets
  if (!zero) throw new Error('no sizes')
  const onServer: Record<string, unknown> = {}
  for (const op of OPS) {
    const results = await compareLoad(targets, op)
    onServer[op.name] = Object.fromEntries([...results].map(([target, r]) => [target.spec, r]))
    const base = results.get(zero) as NonNullable<ReturnType<typeof results.get>>
    for (const [i, target] of others.entries()) {
      const result = results.get(target) as typeof base
      // The cost of a request is the server's CPU time per request: cost at n over cost at 0.
      const cost = result.median.cpuUs / base.median.cpuUs
      rows.push({
        group: 'scale',
        item: `${op.name} server @${SIZES[i + 1]}`,
        value: describeLoad(result),
        baseline: `@0 ${base.median.cpuUs.toFixed(1)} µs CPU, ${Math.round(base.median.rps)} req/s`,
        ratio: x(cost),
        ...judge(cost, SIZES[i + 1] as number),
      })
    }
  }
  figures.server = onServer
} finally {
  for (const target of targets) target.stop()
}
writeResult('scale', figures, rows)
