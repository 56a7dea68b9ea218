/**
 * The standalone server over loopback, loaded from this process (autocannon) while each server runs in
 * a child process: requests per second and p50/p99 latency of each operation at 32 connections, for
 * - `bare`: node:http answering a fixed JSON body of the same size (the baseline);
 * - `direct`: Understudy's default engine;
 * - `msw`: Understudy's msw engine (prefix routing, then `getResponse` over one service's handlers);
 * - `adapter`: every server handler in one list behind a plain `getResponse` adapter (no prefix routing).
 * Target (the default engine): rps ≥ 50% of bare and p99 < 20 ms.
 * @module
 */
import {
  compareLoad,
  createPreset,
  describeLoad,
  LOAD,
  OPS,
  type Row,
  send,
  startEach,
  type Target,
  writeResult,
  x,
} from './lib.js'

const understudy = await startEach(['direct', 'msw', 'adapter'])
for (const target of understudy) await send(target.url, createPreset, 'get')
// The baseline answers each operation with the body the default engine answers it with.
const bodies: Record<string, string> = {}
for (const op of OPS) bodies[op.name] = await send((understudy[0] as Target).url, op)
const [bare] = (await startEach(['bare'], bodies)) as [Target]
const targets = [bare, ...understudy]

const rows: Row[] = []
const figures: Record<string, unknown> = { load: LOAD }
try {
  for (const op of OPS) {
    const results = await compareLoad(targets, op)
    figures[op.name] = Object.fromEntries([...results].map(([target, r]) => [target.spec, r]))
    const base = results.get(bare) as NonNullable<ReturnType<typeof results.get>>
    rows.push({ group: 'server', item: `${op.name} bare`, value: describeLoad(base) })
    for (const target of understudy) {
      const result = results.get(target) as typeof base
      const ratio = result.rps / base.rps
      rows.push({
        group: 'server',
        item: `${op.name} ${target.spec}`,
        value: describeLoad(result),
        baseline: `bare ${Math.round(base.rps)} rps`,
        ratio: x(ratio),
        ...(target.spec === 'direct'
          ? { target: '≥ 0.50×, p99 < 20 ms', met: ratio >= 0.5 && result.p99 < 20 }
          : {}),
      })
    }
  }
} finally {
  for (const target of targets) target.stop()
}
writeResult('server', figures, rows)
