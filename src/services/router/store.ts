/**
 * The router's in-memory data: workspaces, keys, presets and their versions, with O(1) lookups.
 * @module
 */

import type { ServiceContext } from '../../engine/core/service.js'
import { Table } from '../../engine/core/table.js'
import type { ApiKeyRecord, PresetRecord, PresetVersionRecord, WorkspaceRecord } from './records.js'
import type { RouterScenario } from './scenario-schema.js'

/** What a new version is made of. */
export interface NewVersion {
  workspace: WorkspaceRecord
  slug: string
  config: Record<string, unknown>
  systemPrompt: string | null
  creatorUserId: string
}

/** The router's whole data as plain records, in insertion order: a snapshot's `services.router`. */
export interface RouterStoreState {
  workspaces: WorkspaceRecord[]
  keys: ApiKeyRecord[]
  presets: PresetRecord[]
  versions: PresetVersionRecord[]
  /** The last `seq` given to a preset (orders presets updated in the same millisecond). */
  seq: number
}

/** Creates the router's tables for one simulator. */
export function createRouterStore(context: ServiceContext) {
  const workspaces = new Table({ id: { key: (w: WorkspaceRecord) => w.id, unique: true } })
  const keys = new Table({ secret: { key: (k: ApiKeyRecord) => k.key, unique: true } })
  const presets = new Table({
    id: { key: (p: PresetRecord) => p.id, unique: true },
    slug: { within: (p: PresetRecord) => p.workspace_id, key: (p) => p.slug, unique: true },
    workspace: { key: (p: PresetRecord) => p.workspace_id, unique: false },
  })
  const versions = new Table({
    id: { key: (v: PresetVersionRecord) => v.id, unique: true },
    preset: { key: (v: PresetVersionRecord) => v.preset_id, unique: false },
  })
  let seq = 0

  /** A UUID from the seed that no stored record has (a seed set again may repeat earlier ids). */
  function freshId(taken: (id: string) => boolean): string {
    const ids = context.ids()
    let id = ids.uuid()
    while (taken(id)) id = ids.uuid()
    return id
  }
  // Each kind of id is unique among its own kind (presets are found by slug, versions by id).
  const presetIdTaken = (id: string) => presets.get('id', id) !== undefined

  /**
   * Stores a version (and its preset, on a new slug). `known` is the preset stored under the slug when the
   * caller already looked it up (`null`: none), which saves looking it up again.
   */
  function addVersion(
    input: NewVersion,
    at: string,
    known?: PresetRecord | null,
  ): { preset: PresetRecord; version: PresetVersionRecord } {
    const existing =
      known === undefined
        ? presets.get('slug', input.slug, input.workspace.id)
        : (known ?? undefined)
    const presetId = existing?.id ?? freshId(presetIdTaken)
    const version = versions.insert({
      id: freshId((id) => id === presetId || versions.get('id', id) !== undefined),
      preset_id: presetId,
      version: existing ? versions.list('preset', existing.id).length + 1 : 1,
      config: input.config,
      system_prompt: input.systemPrompt,
      creator_id: input.creatorUserId,
      created_at: at,
      updated_at: at,
    })
    seq += 1
    if (existing) {
      presets.patch(existing, { updated_at: at, designated_version_id: version.id, seq })
      return { preset: existing, version }
    }
    const preset = presets.insert({
      id: presetId,
      name: input.slug,
      slug: input.slug,
      description: null,
      status: 'active',
      status_updated_at: null,
      created_at: at,
      updated_at: at,
      creator_user_id: input.creatorUserId,
      workspace_id: input.workspace.id,
      designated_version_id: version.id,
      seq,
    })
    return { preset, version }
  }

  return {
    workspaces,
    keys,
    presets,
    versions,

    key(secret: string): ApiKeyRecord | undefined {
      return keys.get('secret', secret)
    },
    workspace(id: string): WorkspaceRecord | undefined {
      return workspaces.get('id', id)
    },
    preset(workspaceId: string, slug: string): PresetRecord | undefined {
      return presets.get('slug', slug, workspaceId)
    },
    /** The workspace's presets, most recently updated first. */
    presetsOf(workspaceId: string): PresetRecord[] {
      return [...presets.list('workspace', workspaceId)].sort((a, b) =>
        a.updated_at < b.updated_at ? 1 : a.updated_at > b.updated_at ? -1 : b.seq - a.seq,
      )
    },
    /** A preset's versions, oldest first. */
    versionsOf(presetId: string): readonly PresetVersionRecord[] {
      return versions.list('preset', presetId)
    },
    version(id: string): PresetVersionRecord | undefined {
      return versions.get('id', id)
    },
    addVersion,

    /**
     * Copies of every record (a config is copied too: the copy shares nothing with the store). `shared`:
     * configs as stored (never changed once stored), for a view that is only written out.
     */
    exportState(options: { shared?: boolean } = {}): RouterStoreState {
      return {
        workspaces: workspaces.all().map((workspace) => ({ ...workspace })),
        keys: keys.all().map((key) => ({ ...key })),
        presets: presets.all().map((preset) => ({ ...preset })),
        versions: versions.all().map((version) => ({
          ...version,
          config: options.shared ? version.config : structuredClone(version.config),
        })),
        seq,
      }
    },
    /** Replaces every record with these (taken as they are: the snapshot's schema validated them and copied each config). */
    importState(state: RouterStoreState): void {
      for (const table of [workspaces, keys, presets, versions]) table.clear()
      for (const workspace of state.workspaces) workspaces.insert(workspace)
      for (const key of state.keys) keys.insert(key)
      for (const preset of state.presets) presets.insert(preset)
      for (const version of state.versions) versions.insert(version)
      seq = state.seq
    },

    /** Clears everything and seeds a scenario (synchronously). */
    load(scenario: RouterScenario): void {
      for (const table of [workspaces, keys, presets, versions]) table.clear()
      seq = 0
      // Seeded times come from the scenario or the clock's start, never the current time: a reset gives
      // the same data whatever the clock did since.
      const at = new Date(context.clock.start).toISOString()
      const time = (value: string | undefined) => (value ? new Date(value).toISOString() : at)
      for (const workspace of scenario.workspaces) {
        const stored = workspaces.insert({
          id: workspace.id,
          name: workspace.name,
          presetWrites: workspace.presetWrites,
        })
        for (const key of workspace.keys) keys.insert({ ...key, workspaceId: workspace.id })
        const owner = workspace.keys[0]?.userId ?? 'user_understudy'
        for (const preset of workspace.presets) {
          const creatorUserId = preset.creatorUserId ?? owner
          let record: PresetRecord | undefined
          for (const version of preset.versions) {
            record = addVersion(
              {
                workspace: stored,
                slug: preset.slug,
                // The parsed scenario's copy (its schema copies each config), never the objects the caller handed in.
                config: version.config,
                systemPrompt: version.systemPrompt,
                creatorUserId,
              },
              time(version.createdAt ?? preset.createdAt),
            ).preset
          }
          if (record) {
            presets.patch(record, {
              name: preset.name ?? preset.slug,
              description: preset.description,
              status: preset.status,
              status_updated_at: preset.status === 'active' ? null : time(preset.createdAt),
              created_at: preset.createdAt ? time(preset.createdAt) : record.created_at,
            })
          }
        }
      }
    },
  }
}

export type RouterStore = ReturnType<typeof createRouterStore>
