/**
 * In process: per-request time of each operation through `setupServer` + `fetch` (the msw path), against
 * a plain msw handler for the same URL that returns a fixed JSON body of the same size, and through
 * `simulator.fetch(input, init)` (no msw), in the same run (interleaved).
 * Targets: each operation through msw ≤ 1.5× the plain handler; `simulator.fetch` ≥ 5× faster per
 * request than the msw path (the row says "not available" when the simulator has no `fetch`).
 * Also shown (not judged): the same plain handler when it first reads its request the way Understudy's
 * adapter does (body bytes, headers, URL): what any handler that looks at its request pays in msw.
 * @module
 */
import { HttpResponse, http } from 'msw'
import { setupServer } from 'msw/node'
// Type only: the function itself is loaded from the build below. Named, so knip sees the bench use it.
import type { toPlainRequest as readRequest } from '../src/simulator/msw/adapter.js'
import {
  createGetPreset,
  fromDist,
  IN_PROCESS_BASE,
  interleave,
  OPS,
  pick,
  type Row,
  send,
  us,
  writeResult,
  x,
} from './lib.js'

const { createSimulator } = await fromDist<typeof import('../src/simulator/simulator.js')>(
  'src/simulator/simulator.js',
)
const { toPlainRequest } = await fromDist<{ toPlainRequest: typeof readRequest }>(
  'src/simulator/msw/adapter.js',
)
const simulator = createSimulator()
const server = setupServer(...simulator.handlers)
server.listen({ onUnhandledFrame: 'error' })
/** `simulator.fetch` (issue 15 §3), when this build has it. */
type Fetcher = (input: string, init: RequestInit) => Promise<Response>
const simulatorFetch = (simulator as { fetch?: Fetcher }).fetch?.bind(simulator)

await send(undefined, createGetPreset, '0')
const rows: Row[] = []
const figures: Record<string, unknown> = { simulatorFetch: simulatorFetch !== undefined }
const LIMIT = 1.5
const FETCH_FASTER = 5
for (const op of OPS) {
  const sample = await send(undefined, op)
  const plain = http.all(
    `${IN_PROCESS_BASE[op.service]}${op.pattern}`,
    () => new HttpResponse(sample, { headers: { 'content-type': 'application/json' } }),
  )
  const reading = http.all(`${IN_PROCESS_BASE[op.service]}${op.pattern}`, async ({ request }) => {
    await toPlainRequest(request)
    return new HttpResponse(sample, { headers: { 'content-type': 'application/json' } })
  })
  if (simulatorFetch && op.name === 'get-preset') {
    // A read answers the same bytes both ways.
    const direct = await send(undefined, op, undefined, simulatorFetch)
    if (direct !== sample) throw new Error(`simulator.fetch answered ${direct}, msw ${sample}`)
  }
  const spreads: Record<string, { min: number; max: number }> = {}
  const times = await interleave(
    {
      plain: () => server.resetHandlers(plain),
      reading: () => server.resetHandlers(reading),
      understudy: () => server.resetHandlers(...simulator.handlers),
      ...(simulatorFetch ? { 'simulator.fetch': () => {} } : {}),
    },
    (variant) =>
      variant === 'simulator.fetch'
        ? send(undefined, op, undefined, simulatorFetch)
        : send(undefined, op),
    { rounds: pick(12, 2), batch: pick(100, 10) },
    spreads,
  )
  // The next operation's sample comes from Understudy: whichever variant ran last, put its handlers back.
  server.resetHandlers(...simulator.handlers)
  const ratio = (times.understudy as number) / (times.plain as number)
  figures[op.name] = { ...times, spreads, ratio, bodyBytes: sample.length }
  const spread = (name: string) =>
    `${us(times[name] as number)} (${us(spreads[name]?.min ?? Number.NaN)}–${us(spreads[name]?.max ?? Number.NaN)})`
  rows.push({
    group: 'in process',
    item: `${op.name} msw path (setupServer + fetch)`,
    value: spread('understudy'),
    baseline: `plain msw ${us(times.plain as number)}`,
    ratio: x(ratio),
    target: `≤ ${LIMIT}×`,
    met: ratio <= LIMIT,
  })
  const viaFetch = times['simulator.fetch']
  rows.push({
    group: 'in process',
    item: `${op.name} simulator.fetch`,
    value:
      viaFetch === undefined
        ? 'not available (no simulator.fetch in this build)'
        : spread('simulator.fetch'),
    baseline: `msw path ${us(times.understudy as number)}`,
    ratio: viaFetch === undefined ? '' : `${x((times.understudy as number) / viaFetch)} faster`,
    target: `≥ ${FETCH_FASTER}× faster`,
    ...(viaFetch === undefined
      ? {}
      : { met: (times.understudy as number) / viaFetch >= FETCH_FASTER }),
  })
  rows.push({
    group: 'in process',
    item: `${op.name}: plain handler that reads its request`,
    value: us(times.reading as number),
    baseline: `plain msw ${us(times.plain as number)}`,
    ratio: x((times.reading as number) / (times.plain as number)),
  })
}
server.close()
writeResult('in-process', figures, rows)
