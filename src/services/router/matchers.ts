/**
 * The router's matchers (its registration's `matchers`, `definition.ts`): `toHaveInferred`, over the journal's inferences
 * (`matcher-inferred.ts`), and `toHavePreset`, over the router's presets. Their types: `matcher-types.ts`.
 * @module
 */
import type { MatcherResult, MatcherTools, ServiceMatcher } from '../../engine/core/matchers.js'
import type { ParsedEntry } from '../../engine/journal/entry.js'
import {
  closestInferences,
  describeExpectation,
  type InferenceExpectation,
  inferencesOf,
  matchingInferences,
} from './matcher-inferred.js'
import type { PresetExpectation, PresetWire, RouterHolder } from './matcher-types.js'

/**
 * `expect(simulator).toHaveInferred(expected)`: at least one inference of the journal applied what is
 * expected (the preset, its version, the model, fields of the effective request, …).
 */
const toHaveInferred: ServiceMatcher<
  // What it reads of the journal.
  { entries(filter: { service: string }): ParsedEntry[] },
  [expected?: InferenceExpectation]
> = {
  reads: 'journal',
  expected: 'expected',
  match(journal, tools, expected = {}) {
    const inferences = inferencesOf(journal.entries({ service: 'router' }))
    const matching = matchingInferences(inferences, expected)
    const pass = matching.length > 0
    const wanted = describeExpectation(expected)
    return {
      pass,
      message: () =>
        pass
          ? `${tools.head}Expected no inference matching ${wanted}, but ${matching.length} matched:\n${tools.listEntries(matching)}`
          : `${tools.head}Expected an inference matching ${wanted}; none of the journal's inferences matches.\n${closestInferences(inferences, expected, tools.diff)}`,
    }
  },
}

/** The expected parts of a preset, and the same parts of the actual one, for a diff. */
function presetProjection(preset: PresetWire, expected: PresetExpectation) {
  const { versions, designated, ...fields } = expected
  const actual: Record<string, unknown> = {}
  const wanted: Record<string, unknown> = {}
  for (const key of Object.keys(fields)) {
    wanted[key] = (fields as Record<string, unknown>)[key]
    actual[key] = (preset as unknown as Record<string, unknown>)[key]
  }
  if (versions !== undefined) {
    wanted.versions = versions
    actual.versions = typeof versions === 'number' ? preset.versions.length : preset.versions
  }
  if (designated !== undefined) {
    const version = preset.versions.find((v) => v.id === preset.designated_version_id)
    wanted.designated = designated
    actual.designated =
      typeof designated === 'number' ? (version?.version ?? null) : (version ?? null)
  }
  return { actual, wanted }
}

/** `expect(simulator).toHavePreset(workspace, slug, expected)`: the router holds that preset, so. */
const toHavePreset: ServiceMatcher<
  RouterHolder['router'],
  [workspace: string, slug: string, expected?: PresetExpectation]
> = {
  reads: 'service',
  expected: 'workspace, slug, expected',
  match(router, tools: MatcherTools, workspace, slug, expected = {}): MatcherResult {
    const workspaces = router.workspaces()
    const found =
      workspaces.find((w) => w.id === workspace) ?? workspaces.find((w) => w.name === workspace)
    if (!found) {
      const known = workspaces.map((w) => `${w.id} (${w.name})`).join(', ') || '(none)'
      return tools.absent(`${tools.head}No router workspace "${workspace}". Workspaces: ${known}.`)
    }
    const presets = router.presets(found.id)
    const preset = presets.find((p) => p.slug === slug)
    const where = `in workspace ${found.id} (${found.name})`
    if (!preset) {
      const slugs = presets.map((p) => p.slug).join(', ') || '(none)'
      return tools.absent(`${tools.head}Expected a preset "${slug}" ${where}; it has: ${slugs}.`)
    }
    const { actual, wanted } = presetProjection(preset, expected)
    return tools.compared(`the preset "${slug}" ${where}`, actual, wanted)
  },
}

/** The router's matchers, in the order a runner's `expect` lists them. */
export const routerMatchers = { toHaveInferred, toHavePreset }
