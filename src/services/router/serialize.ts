/**
 * Records to wire bodies, with the keys in the order the real API documents them.
 * @module
 */
import type { PresetRecord, PresetVersionRecord } from './records.js'

/** `PresetDesignatedVersion` on the wire. */
export function versionToWire(version: PresetVersionRecord) {
  return {
    id: version.id,
    preset_id: version.preset_id,
    version: version.version,
    config: version.config,
    system_prompt: version.system_prompt,
    creator_id: version.creator_id,
    created_at: version.created_at,
    updated_at: version.updated_at,
  }
}

/** `Preset` on the wire (list items). */
export function presetToWire(preset: PresetRecord) {
  return {
    id: preset.id,
    name: preset.name,
    slug: preset.slug,
    description: preset.description,
    status: preset.status,
    status_updated_at: preset.status_updated_at,
    created_at: preset.created_at,
    updated_at: preset.updated_at,
    creator_user_id: preset.creator_user_id,
    workspace_id: preset.workspace_id,
    designated_version_id: preset.designated_version_id,
  }
}

/** `PresetWithDesignatedVersion` on the wire. */
export function presetWithVersionToWire(
  preset: PresetRecord,
  designated: PresetVersionRecord | undefined,
) {
  // Grown from the preset's own wire object rather than spread into a new one (cheaper on every create).
  const wire: ReturnType<typeof presetToWire> & {
    designated_version: ReturnType<typeof versionToWire> | null
  } = Object.assign(presetToWire(preset), { designated_version: null })
  if (designated) wire.designated_version = versionToWire(designated)
  return wire
}
