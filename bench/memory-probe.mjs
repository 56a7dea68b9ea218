/**
 * The process `bench/memory.ts` measures: plain Node (no tsx, whose loader thread alone adds ~45 MB of
 * RSS) running the built package, as an installed Understudy runs. Two ways to fill one simulator:
 * - `node --expose-gc bench/memory-probe.mjs seed <scenario.json>`: loaded from a scenario file;
 * - `node --expose-gc bench/memory-probe.mjs requests <n>`: `n` presets (one version each, by the
 *   create-preset call) and `n` users (by the create-user call) created through the request path,
 *   `simulator.dispatch` with the requests the standalone server hands it (validation, storage and the
 *   journal included, as a server or test suite holding that data did it).
 * Prints one JSON line: the RSS and heap holding only the default scenario, then holding the data:
 * right after filling, after two idle seconds, and settled (after `settleMs` idle milliseconds, the last argument,
 * 30,000 by default: long enough for V8's memory reducer, which on Node 26 returns the young generation's pages
 * about ten seconds after the last burst; nothing else runs meanwhile, as a test suite or server between
 * requests), the RSS sampled every half second while settling (without a collection, so V8 decides alone when
 * to give memory back) and when it reached the settled figure, the peak RSS, the filling time and the records
 * counted back through the simulator's own API.
 */
import { readFileSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import { pathToFileURL } from 'node:url'
import { IAGO, PRESET_BODY, ROUTER_KEY } from './default-requests.mjs'

const [mode, arg, settleArg] = process.argv.slice(2)
const settleMs = Number(settleArg ?? 30_000)
if (!['seed', 'requests'].includes(mode) || !arg || !globalThis.gc || !(settleMs >= 2000))
  throw new Error(
    'usage: node --expose-gc bench/memory-probe.mjs seed <scenario.json> | requests <n> [settle ms, at least 2000]',
  )
const memory = () => {
  globalThis.gc()
  const { rss, heapUsed } = process.memoryUsage()
  return { rssMb: rss / 2 ** 20, heapMb: heapUsed / 2 ** 20 }
}

// The built package, or the snapshot of it `bench/run.ts` measures (BENCH_DIST).
const dist = process.env.BENCH_DIST
  ? pathToFileURL(`${process.env.BENCH_DIST}/`)
  : new URL('../dist/', import.meta.url)
const { createSimulator } = await import(new URL('src/simulator/simulator.js', dist).href)
const small = createSimulator()
await small.ready
const before = memory()

/** A request as the standalone server hands it to `dispatch` (body bytes in a Buffer, as read from the socket). */
const request = (method, url, headers, body) => {
  const parsed = new URL(url)
  return {
    method,
    url,
    path: parsed.pathname,
    query: parsed.searchParams,
    headers,
    body: body === undefined ? undefined : Buffer.from(body),
  }
}
const ok = (outcome, what) => {
  if (outcome?.status !== 200) throw new Error(`${what}: ${outcome?.status} ${outcome?.body}`)
}

const began = performance.now()
let simulator
if (mode === 'seed') {
  simulator = createSimulator({ scenario: JSON.parse(readFileSync(arg, 'utf8')) })
  await simulator.ready
} else {
  simulator = createSimulator()
  await simulator.ready
  const count = Number(arg)
  const json = { authorization: ROUTER_KEY, 'content-type': 'application/json' }
  const form = { authorization: IAGO, 'content-type': 'application/x-www-form-urlencoded' }
  for (let i = 0; i < count; i++) {
    const slug = `r-${i}`
    ok(
      await simulator.dispatch(
        request(
          'POST',
          `https://openrouter.ai/api/v1/presets/${slug}/chat/completions`,
          json,
          PRESET_BODY,
        ),
        'in-process',
      ),
      `create-preset ${slug}`,
    )
    ok(
      await simulator.dispatch(
        request(
          'POST',
          'https://acme.zulipchat.com/api/v1/users',
          form,
          `email=r-${i}%40acme.example&password=correct-horse&full_name=Some+Name`,
        ),
        'in-process',
      ),
      `create-user ${i}`,
    )
  }
}
const fillMs = performance.now() - began
const filled = memory()
/** The RSS every half second while idle, in MB; no collection is forced meanwhile. */
const samples = []
const idleSince = performance.now()
let afterTwoSeconds
while (performance.now() - idleSince < settleMs) {
  await sleep(500)
  samples.push(process.memoryUsage.rss() / 2 ** 20)
  if (afterTwoSeconds === undefined && performance.now() - idleSince >= 2000)
    afterTwoSeconds = memory()
}
const settled = memory()
/** When the RSS first came within 2 MB of the settled figure and stayed there. */
let settledAfterMs = settleMs
for (let i = samples.length - 1; i >= 0 && Math.abs(samples[i] - settled.rssMb) <= 2; i--)
  settledAfterMs = (i + 1) * 500

const workspace = simulator.router.workspaces()[0].id
const versions = simulator.router
  .presets(workspace)
  .reduce((sum, preset) => sum + preset.versions.length, 0)
const users = simulator.messaging.organizations()[0].users.length
const journal = simulator.journal.count()
const peakRssMb = process.resourceUsage().maxRSS / 1024
console.log(
  JSON.stringify({
    mode,
    before,
    filled,
    afterTwoSeconds,
    settled,
    settleMs,
    settledAfterMs,
    peakRssMb,
    fillMs,
    versions,
    users,
    journal,
  }),
)
