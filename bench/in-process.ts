/**
 * In process: per-request time of each operation through `setupServer` + `fetch`, against a plain msw
 * handler for the same URL that returns a fixed JSON body of the same size, in the same run.
 * Target: each operation ≤ 1.5× the plain handler.
 * Also shown (not judged): the same plain handler when it first reads its request the way Understudy's
 * adapter does (body bytes, headers, URL): what any handler that looks at its request pays in msw.
 * @module
 */
import { HttpResponse, http } from 'msw'
import { setupServer } from 'msw/node'
import {
  createPreset,
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

const { createSimulator } = await fromDist<typeof import('../src/simulator.js')>('src/simulator.js')
const { toPlainRequest } =
  await fromDist<typeof import('../src/msw/adapter.js')>('src/msw/adapter.js')
const simulator = createSimulator()
const server = setupServer(...simulator.handlers)
server.listen({ onUnhandledRequest: 'error' })

await send(undefined, createPreset, 'get')
const rows: Row[] = []
const figures: Record<string, unknown> = {}
const LIMIT = 1.5
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
  const times = await interleave(
    {
      plain: () => server.resetHandlers(plain),
      reading: () => server.resetHandlers(reading),
      understudy: () => server.resetHandlers(...simulator.handlers),
    },
    () => send(undefined, op),
    { rounds: pick(12, 2), batch: pick(100, 10) },
  )
  // The next operation's sample comes from Understudy: whichever variant ran last, put its handlers back.
  server.resetHandlers(...simulator.handlers)
  const ratio = (times.understudy as number) / (times.plain as number)
  figures[op.name] = { ...times, ratio, bodyBytes: sample.length }
  rows.push({
    group: 'in process',
    item: op.name,
    value: us(times.understudy as number),
    baseline: `plain msw ${us(times.plain as number)}`,
    ratio: x(ratio),
    target: `≤ ${LIMIT}×`,
    met: ratio <= LIMIT,
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
