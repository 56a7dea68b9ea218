/**
 * Type-checked (not run) against the installed tarball's declarations, with the consumer's own msw:
 * every entry point's types resolve through the exports map under `moduleResolution: NodeNext`.
 */
import type { RequestHandler } from 'msw'
import { createSimulator, type ScenarioName, type Simulator } from 'understudy-mock'
import { type NodeSimulator, setupSimulator, useSimulator } from 'understudy-mock/node'
import { type RunningServer, startServer } from 'understudy-mock/server'
import { type VerifyReport, verifyHar } from 'understudy-mock/verify'

declare const hooks: Parameters<typeof useSimulator>[0]

const simulator: Simulator = createSimulator({ scenario: 'presets-history', seed: 1, now: 0 })
const handlers: RequestHandler[] = simulator.handlers
const reset: Promise<void> = simulator.reset()
const name: ScenarioName = 'zulip-4'
const node: NodeSimulator = setupSimulator({ onUnhandledRequest: 'error' })
const used: Simulator = useSimulator(hooks, { seed: 'x' })
const server: Promise<RunningServer> = startServer({ port: 0 })
const report: Promise<VerifyReport> = verifyHar(simulator.journal.toHAR(), { featureLevel: 421 })

// @ts-expect-error: not a built-in scenario
createSimulator({ scenario: 'no-such-scenario' })
// @ts-expect-error: not an unhandled-request strategy
setupSimulator({ onUnhandledRequest: 'ignore' })
// @ts-expect-error: the port is a number
startServer({ port: '4010' })
// @ts-expect-error: not a service
verifyHar('{}', { service: 'chat' })

export { handlers, name, node, report, reset, server, used }
