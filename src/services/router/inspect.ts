/**
 * The router's part of the inspector's state, read from the store with only what the page shows: each
 * workspace's keys (no key strings), its newest presets and their newest versions, for the first
 * workspaces and within totals across them (`STATE_TOTAL_LIMITS`); the first scripted answers. A poll costs the presets of the
 * workspaces shown (to order them) and the versions shown, whatever else is stored.
 * @module
 */
import {
  clip,
  FIELD_PREVIEW,
  newest,
  ShownTotals,
  STATE_SCRIPTS_SHOWN,
} from '../../engine/core/inspect-limits.js'
import type { ScriptSummary } from './inference/scripts.js'
import type { RouterStore } from './store.js'

/** The first scripts (a test's, then the scenario's), each with its conditions as clipped JSON. */
const scriptsShown = (scripts: readonly ScriptSummary[]) =>
  scripts.slice(0, STATE_SCRIPTS_SHOWN).map((script) => ({
    id: script.id,
    name: script.name === null ? null : clip(script.name, 200),
    source: script.source,
    calls: script.calls,
    match: clip(JSON.stringify(script.match), FIELD_PREVIEW),
    responses: script.responses,
  }))

export function inspectRouter(
  store: RouterStore,
  baseUrl: string,
  scripts: readonly ScriptSummary[],
) {
  const totals = new ShownTotals()
  const workspaces = store.workspaces.all()
  return {
    baseUrl,
    scriptCount: scripts.length,
    scripts: scriptsShown(scripts),
    workspaceCount: workspaces.length,
    workspaces: totals.tenants(workspaces).map((workspace) => {
      const presets = store.presetsOf(workspace.id)
      return {
        id: workspace.id,
        name: workspace.name,
        presetWrites: workspace.presetWrites,
        keys: store.keys
          .all()
          .filter((key) => key.workspaceId === workspace.id)
          .map(({ label, kind, disabled }) => ({ label, kind, disabled })),
        presetCount: presets.length,
        // Most recently updated first.
        presets: presets.slice(0, totals.take('presets', presets.length)).map((preset) => {
          const versions = store.versionsOf(preset.id)
          return {
            id: preset.id,
            slug: preset.slug,
            status: preset.status,
            updated_at: preset.updated_at,
            designated_version_id: preset.designated_version_id,
            versionCount: versions.length,
            versions: newest(versions, totals.take('versions', versions.length)).map((version) => ({
              id: version.id,
              version: version.version,
              system_prompt:
                version.system_prompt === null || version.system_prompt === undefined
                  ? null
                  : clip(version.system_prompt, FIELD_PREVIEW),
              config: clip(JSON.stringify(version.config), FIELD_PREVIEW),
            })),
          }
        }),
      }
    }),
  }
}
