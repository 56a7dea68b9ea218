/**
 * Type-checked (not run) against the installed tarball's declarations, `skipLibCheck` off: `simulator.fetch` fits
 * the global fetch, `understudy-mock/vitest` types its matchers on vitest's `Assertion`,
 * `understudy-mock/playwright` resolves without playwright-core installed, and operation ids are checked. (The
 * SDK's fetcher: types-check-sdk.ts.)
 */
import { createSimulator, type FetchFunction, type JournalEntry } from 'understudy-mock'
import { routeSimulator, type SimulatorRoute } from 'understudy-mock/playwright'
import { expect } from 'vitest'
import 'understudy-mock/vitest'

const simulator = createSimulator()
const global: typeof fetch = simulator.fetchWith({ fallback: fetch })
const own: FetchFunction = simulator.fetch
const waited: Promise<JournalEntry> = simulator.journal.waitFor(
  { operation: 'getPreset' },
  { timeoutMs: 1 },
)
// @ts-expect-error: not an operation id of either service
simulator.journal.waitFor({ operation: 'createPreset' })
declare const page: Parameters<typeof routeSimulator>[0]
const routed: Promise<SimulatorRoute> = routeSimulator(page, simulator, { onUnhandled: 'abort' })

expect(simulator).toHaveReceived({ operation: 'create-user', status: 200 })
expect(simulator).toHaveReceivedTimes(1, { service: 'router' })
expect(simulator).toHavePreset('Default', 'slug', { versions: 1, designated: 1 })
expect(simulator).toHaveUser('acme', 'iago@acme.example', { role: 'administrator' })
// @ts-expect-error: the count is a number
expect(simulator).toHaveReceivedTimes('1')
// (The receiver is not typed: one declaration for vitest 3, 4 and 5, decisions/toolchain-2026.md.)
// @ts-expect-error: not an unhandled action
routeSimulator(page, simulator, { onUnhandled: 'ignore' })

export { global, own, routed, waited }
