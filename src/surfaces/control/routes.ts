/**
 * The control surface's own routes under `/__understudy` (the services add theirs through their registrations:
 * `table.ts`): each a row of method, path, input schema (`http-inputs.ts`), what it does and one line saying
 * so, as `docs/control.md` lists them. A new route is a row here and its schema in `http-inputs.ts`.
 * @module
 */
import { scenarioList } from '../../../scenarios/index.js'
import { checkAdvance } from '../../engine/core/clock.js'
import {
  type ControlAnswer,
  type ControlRoute,
  type ControlRouteOf,
  controlRoute,
  emptyBody,
} from '../../engine/core/control-route.js'
import type { PlainResponse } from '../../engine/core/http.js'
import { loadLinearPatterns } from '../../engine/core/linear-pattern.js'
import type { FaultDefinition } from '../../simulator/operations/faults.js'
import type { JournalFilter } from '../../simulator/operations/journal.js'
import type { StubDefinition } from '../../simulator/operations/stubs.js'
import type { SimulatorCore } from '../../simulator/simulator-core.js'
import { jsonPieces } from '../../simulator/snapshot/json-pieces.js'
import { stateFileStatus } from '../../simulator/snapshot/state-file-status.js'
import {
  clockBody,
  faultBody,
  journalQuery,
  latencyBody,
  scenarioBody,
  seedBody,
  snapshotBody,
  stubBody,
} from './http-inputs.js'
import { inspectorHtml } from './inspector.js'
import { faultsAsJson, inspectorState } from './state.js'

/**
 * An answer whose body comes in pieces (the HAR export), built as they are asked for: the server writes
 * them as the client reads, giving other requests their turn between pieces.
 */
export interface StreamedResponse {
  status: number
  headers: Record<string, string>
  pieces: Iterable<string>
}

/** What a control route answers: JSON or a refusal (`ControlAnswer`), or a response of its own. */
export type SurfaceAnswer = ControlAnswer | PlainResponse | StreamedResponse

/** A route of the control surface's own (its target: the simulator). */
const route = <Input = undefined>(row: ControlRouteOf<SimulatorCore, SurfaceAnswer, Input>) =>
  controlRoute(row)

const listFaults = (simulator: SimulatorCore) => faultsAsJson(simulator.faults.list())
const listStubs = (simulator: SimulatorCore) => faultsAsJson(simulator.stubs.list())

/** Sets, then advances, the clock: both checked before either changes it. */
function moveClock(simulator: SimulatorCore, body: { set?: number; advanceMs?: number }): void {
  if (body.advanceMs !== undefined) checkAdvance(body.set ?? simulator.clock.now(), body.advanceMs)
  if (body.set !== undefined) simulator.clock.set(body.set)
  if (body.advanceMs !== undefined) simulator.clock.advance(body.advanceMs)
}

/** The records of a snapshot (a preset, a user) are this deep: each is one piece (`jsonPieces`). */
const SNAPSHOT_EXPANDED_DEPTH = 4

/** JSON written in pieces (`StreamedResponse`): the same bytes as a JSON answer, as the client reads. */
const streamed = (pieces: Iterable<string>): StreamedResponse => ({
  status: 200,
  headers: { 'content-type': 'application/json' },
  pieces,
})

const scenarioName = (simulator: SimulatorCore) => ({ json: { scenario: simulator.scenario.name } })
const clockState = (simulator: SimulatorCore) => ({
  json: { now: simulator.clock.iso(), fixed: simulator.clock.fixed },
})
const journalFilter = { query: journalQuery, action: 'read the journal' }

/** The control surface's own routes, in the order they are listed. */
export const surfaceRoutes: readonly ControlRoute<SimulatorCore, SurfaceAnswer>[] = [
  route({
    method: 'GET',
    path: '',
    description:
      'discovery: the scenario, every base URL, account and key, clock, faults, stubs, journal size',
    run: (simulator) => {
      const stateFile = stateFileStatus(simulator)
      return {
        json: {
          ...simulator.describe(),
          faults: listFaults(simulator),
          stubs: listStubs(simulator),
          ...(stateFile && { stateFile }),
        },
      }
    },
  }),
  route({
    method: 'GET',
    path: 'inspector',
    description: 'the inspector page (HTML)',
    run: async () => ({
      status: 200,
      headers: { 'content-type': 'text/html; charset=utf-8' },
      body: await inspectorHtml(),
    }),
  }),
  route({
    method: 'GET',
    path: 'state',
    description: 'presets with versions, users and welcome messages, latest requests; no secrets',
    run: (simulator) => ({ json: inspectorState(simulator) }),
  }),
  route({
    method: 'GET',
    path: 'scenarios',
    description: "the built-in scenarios' names and descriptions",
    run: () => ({ json: scenarioList() }),
  }),
  route({
    method: 'POST',
    path: 'reset',
    input: { body: emptyBody, action: 'reset' },
    description: "back to the current scenario's initial state",
    run: async (simulator) => {
      await simulator.reset()
      return scenarioName(simulator)
    },
  }),
  route({
    method: 'PUT',
    path: 'scenario',
    input: { body: scenarioBody, action: 'switch the scenario' },
    description: 'switch scenario: `{"name": "..."}` or `{"definition": {...}}`',
    run: async (simulator, { input }) => {
      await simulator.useScenario(
        (input.definition ?? input.name) as Parameters<SimulatorCore['useScenario']>[0],
      )
      return scenarioName(simulator)
    },
  }),
  route({
    method: 'GET',
    path: 'journal',
    input: journalFilter,
    description:
      '`{entries, count}` of the entries the query matches (`service`, `tenant`, `operation`, `method`, `status`, `since`, `until`, `preset`, `presetVersion`, `model`, `scripted`)',
    // Written entry by entry as the client takes it, never whole in memory.
    run: (simulator, { input }) => streamed(simulator.journal.entriesText(input as JournalFilter)),
  }),
  route({
    method: 'GET',
    path: 'journal/count',
    input: journalFilter,
    description: '`{count}` of the entries the query matches',
    run: (simulator, { input }) => ({
      json: { count: simulator.journal.count(input as JournalFilter) },
    }),
  }),
  route({
    method: 'GET',
    path: 'journal.har',
    input: journalFilter,
    description:
      'the entries the query matches as a HAR 1.2 file (redacted; a download: `understudy.har`)',
    // Written piece by piece as the client takes it (`StreamedResponse`), never whole in memory.
    run: (simulator, { input }) => ({
      status: 200,
      headers: {
        'content-type': 'application/json',
        'content-disposition': 'attachment; filename="understudy.har"',
      },
      pieces: simulator.journal.toHARText(input as JournalFilter),
    }),
  }),
  route({
    method: 'DELETE',
    path: 'journal',
    input: { body: emptyBody, action: 'clear the journal' },
    description: 'forget every entry',
    run: (simulator) => {
      simulator.journal.clear()
      return { json: { count: 0 } }
    },
  }),
  route({
    method: 'GET',
    path: 'faults',
    description: 'the armed faults',
    run: (simulator) => ({ json: listFaults(simulator) }),
  }),
  route({
    method: 'POST',
    path: 'faults',
    input: { body: faultBody, action: 'inject a fault' },
    load: loadLinearPatterns,
    description:
      'arm a fault (`pathPattern`: a regular expression in RE2 syntax, matched in linear time); answers `{id}`',
    run: (simulator, { input }) => ({
      json: { id: simulator.faults.inject(input as FaultDefinition) },
      status: 201,
    }),
  }),
  route({
    method: 'DELETE',
    path: 'faults',
    input: { body: emptyBody, action: 'clear the faults' },
    description: 'disarm every fault; answers the faults left',
    run: (simulator) => {
      simulator.faults.clear()
      return { json: listFaults(simulator) }
    },
  }),
  route({
    method: 'DELETE',
    path: 'faults/{id}',
    params: { id: /^[0-9]+$/ },
    input: { body: emptyBody, action: 'clear the fault' },
    description: 'disarm one fault; answers the faults left',
    run: (simulator, { params }) => {
      simulator.faults.clear(Number(params.id))
      return { json: listFaults(simulator) }
    },
  }),
  route({
    method: 'GET',
    path: 'stubs',
    description: "the stubs (the scenario's and those added since)",
    run: (simulator) => ({ json: listStubs(simulator) }),
  }),
  route({
    method: 'POST',
    path: 'stubs',
    input: { body: stubBody, action: 'add a stub' },
    load: loadLinearPatterns,
    description: "add a stub: a fixed answer for a service's method and path; answers `{id}`",
    run: (simulator, { input }) => ({
      json: { id: simulator.stubs.add(input as StubDefinition) },
      status: 201,
    }),
  }),
  route({
    method: 'DELETE',
    path: 'stubs',
    input: { body: emptyBody, action: 'remove the stubs' },
    description: "remove every stub (a reset brings the scenario's back); answers the stubs left",
    run: (simulator) => {
      simulator.stubs.clear()
      return { json: listStubs(simulator) }
    },
  }),
  route({
    method: 'DELETE',
    path: 'stubs/{id}',
    params: { id: /^[0-9]+$/ },
    input: { body: emptyBody, action: 'remove the stub' },
    description: 'remove one stub; answers the stubs left',
    run: (simulator, { params }) => {
      simulator.stubs.clear(Number(params.id))
      return { json: listStubs(simulator) }
    },
  }),
  route({
    method: 'GET',
    path: 'latency',
    description: 'the latency (`{"latency": …}`)',
    run: (simulator) => ({ json: { latency: simulator.latency.get() } }),
  }),
  route({
    method: 'PUT',
    path: 'latency',
    input: { body: latencyBody, action: 'set the latency' },
    description: 'set the latency: `{"latency": 50}` or `{"latency": {"min": 20, "max": 200}}`',
    run: (simulator, { input }) => {
      simulator.latency.set(input.latency)
      return { json: { latency: simulator.latency.get() } }
    },
  }),
  route({
    method: 'GET',
    path: 'clock',
    description: 'the time (`now`) and whether the clock is fixed (`fixed`)',
    run: clockState,
  }),
  route({
    method: 'POST',
    path: 'clock',
    input: { body: clockBody, action: 'move the clock' },
    description: 'move the clock: `{"advanceMs": 1000}` or `{"set": "2026-01-01T00:00:00Z"}`',
    run: (simulator, { input }) => {
      moveClock(simulator, input)
      return clockState(simulator)
    },
  }),
  route({
    method: 'PUT',
    path: 'seed',
    input: { body: seedBody, action: 'set the seed' },
    description: 'set the seed: `{"seed": "..."}`',
    run: (simulator, { input }) => {
      simulator.setSeed(input.seed)
      return { json: { seed: simulator.seed } }
    },
  }),
  route({
    method: 'GET',
    path: 'snapshot',
    description: 'the whole state as JSON (`formatVersion: 1`; keys and passwords included)',
    // Taken at once (a consistent copy), written record by record as the client takes it.
    run: (simulator) =>
      streamed(jsonPieces(simulator.snapshot(), SNAPSHOT_EXPANDED_DEPTH, { compact: true })),
  }),
  route({
    method: 'PUT',
    path: 'snapshot',
    input: { body: snapshotBody, action: 'restore a snapshot' },
    description: 'restore a snapshot (400 naming every problem)',
    run: async (simulator, { input }) => {
      await simulator.restore(input as Parameters<SimulatorCore['restore']>[0])
      return scenarioName(simulator)
    },
  }),
]
