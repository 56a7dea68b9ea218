/**
 * The browser bundle: a page that only calls `startSimulator` from the built package, bundled and minified by
 * esbuild (code splitting on), against a page that only starts msw's `setupWorker` with one handler, in the same
 * run (`scripts/bundle-size.mjs` does the bundling). Rows: each page's initial chunks, what `startSimulator`
 * loads before it resolves, the total with what loads on demand, the simulator's share over msw and its ratio
 * to msw alone, and the breakdown by part. Target (issue 23 §4): the simulator's share of the initial chunks
 * under 150 KB (`npm test` holds it to a budget: test/browser/bundle-size.test.ts). The same in smoke runs: bundling takes a few seconds.
 * @module
 */
import { INITIAL_BUDGET, INITIAL_TARGET, kb, measureBundles } from '../scripts/bundle-size.mjs'
import { DIST, ROOT, type Row, writeResult, x } from './lib.js'

const result = await measureBundles({ root: ROOT, dist: DIST })
const { simulator, msw, share } = result
const rows: Row[] = [
  {
    group: 'bundle',
    item: 'msw alone (setupWorker, one handler): initial / with what loads on demand',
    value: `${kb(msw.initial)} / ${kb(msw.total)}`,
  },
  {
    group: 'bundle',
    item: 'a page calling startSimulator: initial / at start / with what loads on demand',
    value: `${kb(simulator.initial)} / ${kb(simulator.atStart)} / ${kb(simulator.total)}`,
    baseline: `msw alone ${kb(msw.initial)} / ${kb(msw.atStart)} / ${kb(msw.total)}`,
    ratio: `${x(simulator.initial / msw.initial)} / ${x(simulator.atStart / msw.atStart)} / ${x(simulator.total / msw.total)}`,
  },
  {
    group: 'bundle',
    item: "the simulator's share over msw: initial chunks",
    value: kb(share.initial),
    baseline: `msw alone ${kb(msw.initial)}`,
    ratio: kb(share.initial),
    target: `< ${kb(INITIAL_TARGET)} (issue 23; npm test's budget ${kb(INITIAL_BUDGET)})`,
    met: share.initial < INITIAL_TARGET,
  },
  {
    group: 'bundle',
    item: "the simulator's share over msw: at start (until startSimulator resolves) / with what loads on demand",
    value: `${kb(share.atStart)} / ${kb(share.total)}`,
    baseline: `msw alone ${kb(msw.atStart)} / ${kb(msw.total)}`,
    ratio: `${x(share.atStart / msw.atStart)} / ${x(share.total / msw.total)} of msw`,
  },
]
const parts = Object.entries(simulator.groups)
  .map(([name, when]) => ({ name, when, bytes: Object.values(when).reduce((a, b) => a + b, 0) }))
  .filter(({ bytes }) => bytes > 0)
  .sort((a, b) => b.bytes - a.bytes)
for (const { name, when, bytes } of parts) {
  const where = Object.entries(when)
    .filter(([, n]) => n > 0)
    .map(([label]) => label)
    .join(', ')
  rows.push({ group: 'bundle', item: `part: ${name} (${where})`, value: kb(bytes) })
}
for (const row of rows)
  console.log(`${row.item}: ${row.value}${row.ratio ? ` (${row.ratio})` : ''}`)
writeResult('bundle', result, rows)
