/**
 * The router's stored records, as zod schemas (each table validates its records against them on insert).
 * Field names and order are the wire's (see `serialize.ts`); `seq` is internal.
 * @module
 */
import { z } from 'zod'

/** `config` is stored by reference, exactly as validated: never re-parsed, so never re-shaped. */
const configSchema = z.custom<Record<string, unknown>>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
)

export const workspaceRecord = z.object({
  id: z.string(),
  name: z.string(),
  presetWrites: z.enum(['any-key', 'management-only']),
})

export const apiKeyRecord = z.object({
  key: z.string(),
  label: z.string(),
  kind: z.enum(['inference', 'management']),
  disabled: z.boolean(),
  userId: z.string(),
  workspaceId: z.string(),
})

export const presetRecord = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  status: z.string(),
  status_updated_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  creator_user_id: z.string().nullable(),
  workspace_id: z.string(),
  designated_version_id: z.string(),
  /** Orders presets updated in the same millisecond: higher is more recent. */
  seq: z.number(),
})

export const presetVersionRecord = z.object({
  id: z.string(),
  preset_id: z.string(),
  version: z.number().int(),
  config: configSchema,
  system_prompt: z.string().nullable(),
  creator_id: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
})

export type WorkspaceRecord = z.output<typeof workspaceRecord>
export type ApiKeyRecord = z.output<typeof apiKeyRecord>
export type PresetRecord = z.output<typeof presetRecord>
export type PresetVersionRecord = z.output<typeof presetVersionRecord>
