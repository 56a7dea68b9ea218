/**
 * The router's matchers as a runner's `expect` types them (`toHaveInferred`, `toHavePreset`), merged into the
 * services' matcher types (`src/engine/core/matchers.ts`), and what they expect: public types of
 * `understudy-mock/vitest` and `understudy-mock/jest` (`src/services/matcher-types.ts`).
 * @module
 */
import type { DeepPartial } from '../../engine/core/matchers.js'
import type { InferenceExpectation } from './matcher-inferred.js'
import type { RouterService } from './service.js'

export type { InferenceExpectation } from './matcher-inferred.js'

/** What `toHavePreset` needs of a simulator. */
export interface RouterHolder {
  readonly router: Pick<RouterService, 'workspaces' | 'presets'>
}

/** A preset as the API shows it, and one of its versions. */
export type PresetWire = ReturnType<RouterService['presets']>[number]
type VersionWire = PresetWire['versions'][number]

/** What `toHavePreset` expects of a preset: its fields as the API shows them, and its versions. */
export interface PresetExpectation
  extends DeepPartial<Omit<PresetWire, 'versions' | 'designated_version_id'>> {
  /** How many versions it has, or each version (deep partial, oldest first, all of them). */
  versions?: number | ReadonlyArray<DeepPartial<VersionWire>>
  /** The designated version: its `version` number, or the version (deep partial). */
  designated?: number | DeepPartial<VersionWire>
}

/** What `toHaveInferred` needs of a simulator: a journal (the assertions surface's `JournalHolder`, as the engine sees it). */
interface JournalReader {
  readonly journal: {
    entries(...filter: never[]): readonly object[]
    count(...filter: never[]): number
  }
}

declare module '../../engine/core/matchers.js' {
  interface ServiceMatcherTypes<R, T> {
    /**
     * Passes when an inference of the journal (chat completions, messages, responses) applied what is
     * expected: the preset's slug and `version`, its `form`, the `model` and `provider` that answered, the
     * `endpoint`, `stream`, the `script` (name, id, or `true`/`false`), and `request` fields of the effective
     * request after the merge (deep partial). A failure lists the closest inferences with what differs.
     * @example expect(simulator).toHaveInferred({ preset: 'x', version: 3, request: { temperature: 0.2 } })
     */
    toHaveInferred: T extends JournalReader ? (expected?: InferenceExpectation) => R : never
    /**
     * Passes when the router workspace (id or name) has a preset with this slug, matching `expected`
     * (its API fields deep partial; `versions` a count or every version; `designated` a version number or the version).
     * @example expect(simulator).toHavePreset('Default', 'my-preset', { versions: 2, designated: 2 })
     */
    toHavePreset: T extends RouterHolder
      ? (workspace: string, slug: string, expected?: PresetExpectation) => R
      : never
  }
  interface ServiceAsymmetricMatcherTypes<R> {
    /** A simulator whose journal holds an inference that applied what is expected. */
    toHaveInferred(expected?: InferenceExpectation): R
    /** A simulator whose router workspace has this preset. */
    toHavePreset(workspace: string, slug: string, expected?: PresetExpectation): R
  }
}
