/**
 * Watches every simulator a test creates (`observe.setup.ts` wraps the core's constructor) through its public
 * journal: each exchange is read when it is recorded (`subscribe`, then `recent(1)`) (before a reset clears it), checked against its
 * service's description (`check.ts`) after the test, and a problem no known exception covers fails that test.
 * Counts of what was checked and why the rest was not go to `UNDERSTUDY_CONTRACT_STATS` (a folder) when set.
 * @module
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Exchange, Problem } from './check.js'

/** What the observer needs of a simulator: its journal and the messaging organizations' levels. */
interface Observed {
  journal: {
    subscribe(listener: (event: { seq: number; fault: unknown; service: string }) => void): unknown
    recent(count: number): unknown[]
  }
  messaging?: { featureLevel(subdomain: string): number }
}

const queue: Exchange[] = []
const failures: string[] = []
const stats: Record<string, number> = {}
const count = (what: string) => {
  stats[what] = (stats[what] ?? 0) + 1
}

/** Reads the newly recorded entry of a simulator as an exchange to check, or why it cannot be. */
function capture(core: Observed, seq: number): Exchange | string {
  // `recent(1)` reads the newest entry alone (`last()` would read every kept one first).
  const entry = core.journal.recent(1)[0] as Record<string, any> | undefined
  if (entry === undefined || entry.seq !== seq) return 'not kept by the journal'
  if (entry.fault !== null) return 'injected fault'
  if (entry.truncated || entry.responseTruncated) return 'truncated in the journal'
  let level: number | undefined
  if (entry.service === 'messaging' && typeof entry.tenant === 'string') {
    try {
      level = core.messaging?.featureLevel(entry.tenant)
    } catch {
      level = undefined
    }
  }
  return {
    service: entry.service,
    operation: entry.operation,
    method: entry.method,
    path: entry.path,
    query: entry.query ?? {},
    body: entry.body,
    status: entry.status,
    response: entry.response,
    level,
  }
}

/** Starts watching a simulator core; returns it unchanged. */
export function observe<T>(core: T): T {
  const observed = core as unknown as Observed
  observed.journal.subscribe((event) => {
    const exchange = capture(observed, event.seq)
    if (typeof exchange === 'string') count(`skipped: ${exchange}`)
    else queue.push(exchange)
  })
  return core
}

function describeProblem(p: Problem): string {
  const level = p.level === undefined ? '' : ` at level ${p.level}`
  return `${p.service} ${p.operation} ${p.status}${level} ${p.part} ${p.at}: ${p.message} (${p.description})`
}

/** Checks every exchange captured so far; the problems no exception covers are kept for `failuresSoFar`. */
export async function drain(): Promise<void> {
  if (queue.length === 0) return
  // Loaded only by a test file whose simulators answered something (Ajv and the descriptions take ~0.5 s).
  const { check } = await import('./check.js')
  const { excuse } = await import('./exceptions.js')
  while (queue.length > 0) {
    const exchange = queue.shift() as Exchange
    const verdict = await check(exchange)
    if (!verdict.checked) {
      count(`unjudged: ${verdict.reason}`)
      continue
    }
    count(`checked: ${exchange.service} ${verdict.file}`)
    if (verdict.requestChecked) count(`request checked: ${exchange.service}`)
    for (const problem of verdict.problems) {
      const known = excuse(problem, exchange)
      if (known !== undefined) count(`excused: ${known.id}`)
      else {
        failures.push(describeProblem(problem))
        count(`problem: ${describeProblem(problem)}`)
      }
    }
  }
}

/** The problems found since the last call (and forgets them). */
export function takeFailures(): string[] {
  return failures.splice(0)
}

/** Writes this worker's counts for one test file, when `UNDERSTUDY_CONTRACT_STATS` names a folder. */
export function writeStats(testFile: string): void {
  const folder = process.env.UNDERSTUDY_CONTRACT_STATS
  if (!folder || Object.keys(stats).length === 0) {
    for (const key of Object.keys(stats)) delete stats[key]
    return
  }
  mkdirSync(folder, { recursive: true })
  const name = testFile.replace(/[^A-Za-z0-9]+/g, '_').slice(-120)
  writeFileSync(join(folder, `${name}.json`), JSON.stringify({ file: testFile, stats }, null, 1))
  // The next file of this worker counts its own (the suite's files share their worker's modules).
  for (const key of Object.keys(stats)) delete stats[key]
}
