/**
 * The router's stored records. Field names and order are the wire's (see `serialize.ts`); `seq` is internal.
 * They are plain types, not schemas: a table stores what the operations build from input already validated where
 * it came in (request bodies by `validation/`, scenarios by `scenario-schema.ts`), and checks nothing again (see
 * `src/engine/core/table.ts`).
 * @module
 */

export interface WorkspaceRecord {
  id: string
  name: string
  presetWrites: 'any-key' | 'management-only'
}

export interface ApiKeyRecord {
  key: string
  label: string
  kind: 'inference' | 'management'
  disabled: boolean
  userId: string
  workspaceId: string
}

export interface PresetRecord {
  id: string
  name: string
  slug: string
  description: string | null
  status: string
  status_updated_at: string | null
  created_at: string
  updated_at: string
  creator_user_id: string | null
  workspace_id: string
  designated_version_id: string
  /** Orders presets updated in the same millisecond: higher is more recent. */
  seq: number
}

export interface PresetVersionRecord {
  id: string
  preset_id: string
  /** An integer from 1. */
  version: number
  /** Stored by reference, exactly as validated: never re-parsed, so never re-shaped. */
  config: Record<string, unknown>
  system_prompt: string | null
  creator_id: string
  created_at: string
  updated_at: string
}
