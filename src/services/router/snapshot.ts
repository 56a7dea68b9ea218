/**
 * The router's part of a snapshot (format version 1): its records' fields, and the checks across them
 * (ids and keys unique where the store indexes them, every reference resolving, versions numbered in
 * order, the counter past every seq given).
 * @module
 */

import { type Path, snapshotChecks } from '../../engine/core/snapshot-checks.js'
import { count, id, isoTime, plainObject } from '../../engine/core/snapshot-fields.js'
import * as z from '../../engine/core/zod.js'
import { routerScriptSchema } from './scenario-schema.js'
import { routerModelsSchema } from './scenario-schema-models.js'
import type { RouterServiceState } from './service.js'

export const routerSnapshotSchema = z.strictObject({
  workspaces: z.array(
    z.strictObject({
      id: z.uuid(),
      name: z.string().check(z.minLength(1)),
      presetWrites: z.enum(['any-key', 'management-only']),
    }),
  ),
  keys: z.array(
    z.strictObject({
      key: z.string().check(z.minLength(1)),
      label: z.string().check(z.minLength(1)),
      kind: z.enum(['inference', 'management']),
      disabled: z.boolean(),
      userId: z.string().check(z.minLength(1)),
      workspaceId: z.string(),
    }),
  ),
  presets: z.array(
    z.strictObject({
      id: z.uuid(),
      name: z.string(),
      slug: z.string().check(z.minLength(1)),
      description: z.nullable(z.string()),
      status: z.string().check(z.minLength(1)),
      status_updated_at: z.nullable(isoTime),
      created_at: isoTime,
      updated_at: isoTime,
      creator_user_id: z.nullable(z.string()),
      workspace_id: z.string(),
      designated_version_id: z.string(),
      seq: count,
    }),
  ),
  versions: z.array(
    z.strictObject({
      id: z.uuid(),
      preset_id: z.string(),
      version: id,
      config: plainObject,
      system_prompt: z.nullable(z.string()),
      creator_id: z.string(),
      created_at: isoTime,
      updated_at: isoTime,
    }),
  ),
  seq: count,
  /** The scenario's scripted answers and how often each has answered (absent in older snapshots). */
  scripts: z._default(z.array(z.strictObject({ script: routerScriptSchema, calls: count })), []),
  /** The models the scenario adds to the catalog (absent from snapshots made before there was one). */
  models: routerModelsSchema,
}) satisfies z.ZodMiniType<RouterServiceState>

/** Adds an issue at `base` + the field's path for every problem across the router's records. */
export function checkRouterSnapshot(
  router: RouterServiceState,
  context: z.core.$RefinementCtx,
  base: Path,
): void {
  const checks = snapshotChecks(context, base)
  const workspaceIds = checks.unique(
    'workspaces',
    router.workspaces,
    'id',
    (workspace) => workspace.id,
    'is used by another workspace',
  )
  checks.unique('keys', router.keys, 'key', (key) => key.key, 'is used by another key')
  checks.each('keys', router.keys, (key, at) => {
    at.refers('workspaceId', workspaceIds, key.workspaceId, 'is no workspace')
  })
  checks.unique('presets', router.presets, 'id', (preset) => preset.id, 'is used by another preset')
  checks.unique(
    'presets',
    router.presets,
    'slug',
    (preset) => [preset.workspace_id, preset.slug],
    'is used by another preset of the workspace',
  )
  checks.unique(
    'versions',
    router.versions,
    'id',
    (version) => version.id,
    'is used by another version',
  )
  const versionsOf = new Map<string, Array<{ id: string; version: number }>>()
  const presetIds = new Set(router.presets.map((preset) => preset.id))
  checks.each('versions', router.versions, (version, at) => {
    if (!at.refers('preset_id', presetIds, version.preset_id, 'is no preset')) return
    const list = versionsOf.get(version.preset_id) ?? []
    list.push(version)
    versionsOf.set(version.preset_id, list)
    if (version.version !== list.length) {
      at.issue(
        'version',
        `must be ${list.length}: a preset's versions are numbered 1, 2, … in the order listed`,
      )
    }
  })
  checks.each('presets', router.presets, (preset, at) => {
    at.refers('workspace_id', workspaceIds, preset.workspace_id, 'is no workspace')
    if (!versionsOf.get(preset.id)?.some((version) => version.id === preset.designated_version_id))
      at.issue('designated_version_id', 'is no version of the preset')
  })
  checks.atLeast(
    'seq',
    router.seq,
    router.presets.map((preset) => preset.seq),
    'seq of a preset',
  )
}
