/**
 * The router's part of a snapshot (format version 1): its records' fields, and the checks across them
 * (ids and keys unique where the store indexes them, every reference resolving, versions numbered in
 * order, the counter past every seq given).
 * @module
 */

import {
  count,
  id,
  isoTime,
  type Path,
  plainObject,
  uniqueBy,
} from '../../engine/core/snapshot-fields.js'
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
  const issue = (path: Path, message: string) =>
    context.addIssue({ code: 'custom', path: [...base, ...path], message })
  const workspaceIds = uniqueBy(
    context,
    router.workspaces,
    (workspace) => workspace.id,
    (i) => [...base, 'workspaces', i, 'id'],
    'is used by another workspace',
  )
  uniqueBy(
    context,
    router.keys,
    (key) => key.key,
    (i) => [...base, 'keys', i, 'key'],
    'is used by another key',
  )
  router.keys.forEach((key, i) => {
    if (!workspaceIds.has(key.workspaceId)) issue(['keys', i, 'workspaceId'], 'is no workspace')
  })
  uniqueBy(
    context,
    router.presets,
    (preset) => preset.id,
    (i) => [...base, 'presets', i, 'id'],
    'is used by another preset',
  )
  uniqueBy(
    context,
    router.presets,
    (preset) => [preset.workspace_id, preset.slug].join('\u0000'),
    (i) => [...base, 'presets', i, 'slug'],
    'is used by another preset of the workspace',
  )
  uniqueBy(
    context,
    router.versions,
    (version) => version.id,
    (i) => [...base, 'versions', i, 'id'],
    'is used by another version',
  )
  const versionsOf = new Map<string, Array<{ id: string; version: number }>>()
  const presetIds = new Set(router.presets.map((preset) => preset.id))
  router.versions.forEach((version, i) => {
    if (!presetIds.has(version.preset_id)) {
      issue(['versions', i, 'preset_id'], 'is no preset')
      return
    }
    const list = versionsOf.get(version.preset_id) ?? []
    list.push(version)
    versionsOf.set(version.preset_id, list)
    if (version.version !== list.length) {
      issue(
        ['versions', i, 'version'],
        `must be ${list.length}: a preset's versions are numbered 1, 2, … in the order listed`,
      )
    }
  })
  let highestSeq = 0
  router.presets.forEach((preset, i) => {
    if (!workspaceIds.has(preset.workspace_id))
      issue(['presets', i, 'workspace_id'], 'is no workspace')
    if (!versionsOf.get(preset.id)?.some((version) => version.id === preset.designated_version_id))
      issue(['presets', i, 'designated_version_id'], 'is no version of the preset')
    highestSeq = Math.max(highestSeq, preset.seq)
  })
  if (router.seq < highestSeq)
    issue(['seq'], `must be at least ${highestSeq}, the highest seq of a preset`)
}
