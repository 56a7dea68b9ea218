/**
 * Taking a snapshot: the simulator's parts as plain JSON, copied, so the snapshot shares nothing with the
 * simulator (a later request does not change it, and changing it does not change the simulator).
 * @module
 */
import type { Scenario } from '../../scenarios/schema/index.js'
import type { Clock } from '../core/clock.js'
import type { IdSource } from '../core/ids.js'
import type { Restorable, Service } from '../core/service.js'
import type { LatencySetting } from '../faults/latency.js'
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

/** The simulator's whole state, as plain JSON of format version 1. */
export function takeSnapshot(parts: SnapshotParts): Snapshot {
  return {
    formatVersion: SNAPSHOT_FORMAT_VERSION,
    scenario: structuredClone(parts.scenario),
    seed: parts.seed,
    ids: parts.ids.position(),
    clock: parts.clock.state(),
    latency: typeof parts.latency === 'number' ? parts.latency : { ...parts.latency },
    services: Object.fromEntries(
      parts.services.map((service) => [service.name, service.exportState()]),
    ) as Snapshot['services'],
  }
}
