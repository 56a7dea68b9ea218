/**
 * The router (presets) part of a scenario: workspaces, their API keys and any presets they start with.
 * @module
 */
import { z } from 'zod'

const isoTime = z.iso.datetime({ offset: true })

/** An API key of a workspace. */
const routerKeySchema = z.strictObject({
  /** The secret sent as `Authorization: Bearer <key>`. */
  key: z.string().min(1),
  /** A label for people (docs/router.md's credentials table, discovery, the inspector). */
  label: z.string().min(1),
  /** `inference` keys call the API; `management` keys manage the account. */
  kind: z.enum(['inference', 'management']),
  /** A disabled key is refused with 401 `User not found.` */
  disabled: z.boolean().default(false),
  /** The user who owns the key: becomes `creator_user_id` / `creator_id` of what it creates. */
  userId: z.string().min(1),
})

/** A preset version the scenario starts with. */
const routerSeedVersionSchema = z.strictObject({
  config: z.record(z.string(), z.unknown()).default({}),
  systemPrompt: z.string().nullable().default(null),
  createdAt: isoTime.optional(),
})

/** A preset the scenario starts with. */
const routerSeedPresetSchema = z.strictObject({
  slug: z
    .string()
    .regex(/^[A-Za-z0-9._~-]{1,128}$/, 'must be 1 to 128 characters from A-Z a-z 0-9 - . _ ~'),
  name: z.string().optional(),
  description: z.string().nullable().default(null),
  status: z.enum(['active', 'disabled', 'archived']).default('active'),
  /** The user who created it; defaults to the workspace's first key's owner. */
  creatorUserId: z.string().optional(),
  versions: z.array(routerSeedVersionSchema).min(1),
  createdAt: isoTime.optional(),
})

/** A workspace: presets belong to one, and each key lives in one. */
const routerWorkspaceSchema = z.strictObject({
  id: z.uuid(),
  name: z.string().min(1),
  /** `any-key` (default): every active key may write presets; `management-only`: only management keys. */
  presetWrites: z.enum(['any-key', 'management-only']).default('any-key'),
  keys: z.array(routerKeySchema),
  presets: z.array(routerSeedPresetSchema).default([]),
})

export const routerScenarioSchema = z.strictObject({
  workspaces: z.array(routerWorkspaceSchema),
})

export type RouterScenario = z.output<typeof routerScenarioSchema>
export type RouterScenarioInput = z.input<typeof routerScenarioSchema>
