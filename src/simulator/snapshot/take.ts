/**
 * Taking a snapshot: the simulator's parts as plain JSON, copied, so the snapshot shares nothing with the
 * simulator (a later request does not change it, and changing it does not change the simulator).
 * @module
 */

import type { Clock } from '../../engine/core/clock.js'
import type { IdSource } from '../../engine/core/ids.js'
import type { Restorable, Service } from '../../engine/core/service.js'
import type { LatencySetting } from '../../engine/faults/latency.js'
import type { Scenario } from '../../services/scenario.js'
import { SNAPSHOT_FORMAT_VERSION, type Snapshot } from './schema.js'

/** What a snapshot is taken of: the simulator's state, part by part. */
export interface SnapshotParts {
  scenario: Scenario
  seed: string | number
  ids: IdSource
  clock: Clock
  latency: LatencySetting
  /** Every service of the simulator, in registration order. */
  services: ReadonlyArray<Service & Restorable>
}

/**
 * The simulator's whole state, as plain JSON of format version 1. `shared`: a view that shares with the
 * simulator what it never changes in place (the scenario, preset versions' configs) rather than copying
 * it: a consistent state to write out while requests go on, at a fraction of the cost (see
 * `snapshotView`); never handed to a caller.
 */
export function takeSnapshot(parts: SnapshotParts, options: { shared?: boolean } = {}): Snapshot {
  return {
    formatVersion: SNAPSHOT_FORMAT_VERSION,
    scenario: options.shared ? parts.scenario : structuredClone(parts.scenario),
    seed: parts.seed,
    ids: parts.ids.position(),
    clock: parts.clock.state(),
    latency: typeof parts.latency === 'number' ? parts.latency : { ...parts.latency },
    services: Object.fromEntries(
      parts.services.map((service) => [service.name, service.exportState(options)]),
    ) as Snapshot['services'],
  }
}

const views = new WeakMap<object, () => Snapshot>()

/** Records how to take a simulator's shared view (`takeSnapshot` with `shared`). */
export function registerSnapshotView(simulator: object, view: () => Snapshot): void {
  views.set(simulator, view)
}

/**
 * A simulator's state as a view to write out (a state file's save): consistent, as a snapshot is (every
 * record copied at once), but sharing what the simulator never changes in place. Not to be changed, nor
 * kept past the write.
 */
export function snapshotView(simulator: { snapshot(): Snapshot }): Snapshot {
  return views.get(simulator)?.() ?? simulator.snapshot()
}
