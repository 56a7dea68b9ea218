/**
 * Type tests of snapshots and the state file (docs/state.md): `snapshot()`, `restore()`, the `Snapshot` and
 * `ClockState` types, `startServer({ stateFile })` and the discovery's `StateFileStatus`. Checked by `tsc`;
 * not run.
 */
import { describe, expectTypeOf, it } from 'vitest'
import {
  type Clock,
  type ClockState,
  createSimulator,
  type MessagingService,
  type RouterService,
  type Simulator,
  type SimulatorCore,
  type Snapshot,
} from '../../src/entries/index.js'
import {
  type RunningServer,
  type ServerOptions,
  type StateFileStatus,
  startServer,
} from '../../src/entries/server/index.js'

declare const simulator: Simulator
declare const core: SimulatorCore
declare const server: RunningServer

describe('snapshot() and restore()', () => {
  it('takes a Snapshot and restores one, from a Simulator or a core', () => {
    expectTypeOf(simulator.snapshot).toEqualTypeOf<() => Snapshot>()
    expectTypeOf(simulator.restore).toEqualTypeOf<(snapshot: Snapshot) => Promise<void>>()
    expectTypeOf(core.snapshot()).toEqualTypeOf<Snapshot>()
    expectTypeOf(server.simulator.restore(simulator.snapshot())).toEqualTypeOf<Promise<void>>()
    void createSimulator().restore(core.snapshot())
  })

  it('accepts parsed JSON, and refuses what is plainly no snapshot', () => {
    void simulator.restore(JSON.parse('{}'))
    // @ts-expect-error: an object without the snapshot's fields
    void simulator.restore({})
    // @ts-expect-error: text must be parsed first
    void simulator.restore('{"formatVersion":1}')
  })

  it('describes the format: version 1, the scenario, seed, ids, clock, latency and services', () => {
    expectTypeOf<Snapshot['formatVersion']>().toEqualTypeOf<1>()
    expectTypeOf<Snapshot['seed']>().toEqualTypeOf<string | number>()
    expectTypeOf<Snapshot['ids']>().toEqualTypeOf<[number, number, number, number]>()
    expectTypeOf<Snapshot['clock']>().toEqualTypeOf<ClockState>()
    expectTypeOf<Snapshot['latency']>().toEqualTypeOf<number | { min: number; max: number }>()
    expectTypeOf<Snapshot['scenario']['name']>().toEqualTypeOf<string>()
    expectTypeOf<keyof Snapshot['services']>().toEqualTypeOf<'router' | 'messaging'>()
    expectTypeOf<Snapshot['services']['router']['seq']>().toEqualTypeOf<number>()
    expectTypeOf<Snapshot['services']['messaging']['rateLimitHistories'][number]>().toEqualTypeOf<{
      organization: string
      userId: number
      times: number[]
    }>()
  })
})

describe('the clock’s state', () => {
  it('is readable through the clock, but replaced only by restore()', () => {
    expectTypeOf<Clock['state']>().toEqualTypeOf<() => ClockState>()
    expectTypeOf<ClockState>().toEqualTypeOf<{
      start: number
      created: 'fixed' | 'real'
      fixedAt: number | null
      offsetMs: number
    }>()
    expectTypeOf<Clock>().not.toHaveProperty('restoreState')
  })

  it('keeps the services’ state import and export out of their public types', () => {
    expectTypeOf<RouterService>().not.toHaveProperty('importState')
    expectTypeOf<RouterService>().not.toHaveProperty('exportState')
    expectTypeOf<MessagingService>().not.toHaveProperty('importState')
    expectTypeOf<MessagingService>().not.toHaveProperty('exportState')
  })
})

describe('the state file', () => {
  it('is a startServer option, a path', () => {
    expectTypeOf<ServerOptions['stateFile']>().toEqualTypeOf<string | undefined>()
    void startServer({ port: 0, stateFile: 'demo.json' })
    // @ts-expect-error: a path, not a flag
    void startServer({ stateFile: true })
  })

  it('reports its status in the discovery', () => {
    expectTypeOf<StateFileStatus>().toEqualTypeOf<{
      path: string
      loaded: boolean
      saves: number
      savedAt: string | null
      bytes: number | null
      maxBytes: number
      lastSaveMs: number | null
      lastError: string | null
      failures: number
    }>()
  })

  it('takes a bound on the state it holds, in bytes', () => {
    expectTypeOf<ServerOptions['stateFileMaxBytes']>().toEqualTypeOf<number | undefined>()
  })
})
