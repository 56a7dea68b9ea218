/**
 * Memory is bounded, whatever arrives: 400 unauthenticated POSTs of 9 MB (answered 401) and 300
 * authenticated ones of 1 MB (answered 400, each kept up to 256 KiB: 75 MiB in all, over the 64 MiB
 * budget) leave the heap and array buffers grown by about the journal's budget, not by gigabytes (before
 * the budget the journal kept every body whole, 3.9 GB here, and reading it died with "heap out of
 * memory"). Reading the journal in full, the inspector's
 * recent entries with previews and the discovery stay within the budget's size and never throw
 * `Invalid string length`. Runs in a child process started with `--expose-gc`, so that what is measured
 * is what is still held.
 */
import { expect, it } from 'vitest'
import { runFixture } from './fixture-process.js'

it('keeps the journal within its byte budget whatever bodies arrive, and reading it small', async () => {
  const result = JSON.parse(await runFixture('journal-memory'))
  const budget = 64 * 1024 * 1024
  expect(result.statuses).toEqual({ 401: 400, 400: 300 })
  expect(result.journal.maxBytes).toBe(budget)
  expect(result.journal.bytes).toBeLessThanOrEqual(budget)
  // The oldest of the 256 KiB entries were dropped; the 1 KiB ones of the 401s went first.
  expect(result.journal.count).toBeGreaterThan(200)
  expect(result.journal.count).toBeLessThan(300)
  // Growth: the budget, plus slack for what else the process keeps (compiled code, caches) and for
  // array buffers freed lazily after a collection.
  expect(result.grewBy).toBeLessThan(budget + 48 * 1024 * 1024)
  // GET /journal's JSON is about the size of what the journal keeps (control bytes are not escaped
  // six-fold); the inspector's recent 50 with 2 KiB previews and the discovery are small.
  expect(result.journalTextLength).toBeLessThan(2 * budget)
  expect(result.recentTextLength).toBeLessThan(512 * 1024)
  expect(result.discoveryTextLength).toBeLessThan(16 * 1024)
}, 120_000)

it('counts what an entry keeps of many headers and query parameters, so the budget holds', async () => {
  const result = JSON.parse(await runFixture('journal-memory-headers'))
  const budget = 16 * 1024 * 1024
  expect(result.statuses).toEqual({ 401: 2000 })
  expect(result.journal.bytes).toBeLessThanOrEqual(budget)
  // Each entry keeps 1,000 headers and 1,000 parameters, each a record entry and strings of its own:
  // about 150 KB in all, so the budget keeps about a hundred of them, not 2,000 (before: counted by
  // their characters, the journal said 13 MB while the heap held about 300 MB).
  expect(result.journal.count).toBeLessThan(200)
  expect(result.grewBy).toBeLessThan(budget + 16 * 1024 * 1024)
}, 120_000)
