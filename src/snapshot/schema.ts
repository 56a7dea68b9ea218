/**
 * A snapshot's format, version 1: the type (`Snapshot`) and the zod schema that `restore` checks a snapshot
 * with. Records are listed with their fields in the order the stores create them, so a snapshot restored and
 * taken again is the same JSON text. The checks across records (ids unique, references that resolve) are in
 * `references.ts`.
 * @module
 */
import { z } from 'zod'
import { type Scenario, scenarioSchema } from '../../scenarios/schema/index.js'
import type { LatencySetting } from '../control/latency.js'
import { latencySchema, seedSchema } from '../control/schemas.js'
import { type ClockState, MAX_TIME_MS } from '../core/clock.js'
import type { IdPosition } from '../core/ids.js'
import { FEATURE_LEVEL_RANGE } from '../messaging/feature-levels.js'
import { BOT_TYPES, ROLES } from '../messaging/records.js'
import type { MessagingServiceState } from '../messaging/service.js'
import type { RouterStoreState } from '../router/store.js'
import { checkReferences } from './references.js'

/** The format version this version of the package writes and reads. */
export const SNAPSHOT_FORMAT_VERSION = 1

/**
 * The whole state of a simulator as plain JSON (see docs/state.md): the scenario (reset goes back to it),
 * the seed and the id source's position, the clock, the latency, and every service's records.
 */
export interface Snapshot {
  formatVersion: typeof SNAPSHOT_FORMAT_VERSION
  /** The scenario in force, validated and with its defaults filled in: `reset()` goes back to it. */
  scenario: Scenario
  seed: string | number
  /** Where the id source stands: the next generated id is the one the snapshotted simulator would give. */
  ids: IdPosition
  clock: ClockState
  latency: LatencySetting
  services: {
    router: RouterStoreState
    messaging: MessagingServiceState
  }
}

const epochMs = z
  .number()
  .min(-MAX_TIME_MS, 'must be a time a Date can hold (epoch ms)')
  .max(MAX_TIME_MS, 'must be a time a Date can hold (epoch ms)')
/** An ISO 8601 UTC time as `Date#toISOString` writes it (years past 9999 included). */
const isoTime = z.string().refine((value) => {
  const time = Date.parse(value)
  return Number.isFinite(time) && new Date(time).toISOString() === value
}, 'must be an ISO 8601 UTC time with milliseconds (2026-01-01T00:00:00.000Z)')
const count = z.number().int().min(0)
const id = z.number().int().min(1)
const word = z.number().int().min(0).max(0xffffffff)
/** A JSON object, kept as given (a preset version's `config`) but copied, so the store shares nothing. */
const plainObject = z
  .custom<Record<string, unknown>>(
    (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
    'must be an object',
  )
  .transform((value) => structuredClone(value))
const oneOf = <T extends number>(values: readonly T[], what: string) =>
  z.custom<T>((value) => values.includes(value as T), `must be ${what}`)

const clockSchema = z.strictObject({
  start: epochMs,
  created: z.enum(['fixed', 'real']),
  fixedAt: epochMs.nullable(),
  offsetMs: z
    .number()
    .min(-2 * MAX_TIME_MS)
    .max(2 * MAX_TIME_MS),
})

const routerSchema = z.strictObject({
  workspaces: z.array(
    z.strictObject({
      id: z.uuid(),
      name: z.string().min(1),
      presetWrites: z.enum(['any-key', 'management-only']),
    }),
  ),
  keys: z.array(
    z.strictObject({
      key: z.string().min(1),
      label: z.string().min(1),
      kind: z.enum(['inference', 'management']),
      disabled: z.boolean(),
      userId: z.string().min(1),
      workspaceId: z.string(),
    }),
  ),
  presets: z.array(
    z.strictObject({
      id: z.uuid(),
      name: z.string(),
      slug: z.string().min(1),
      description: z.string().nullable(),
      status: z.string().min(1),
      status_updated_at: isoTime.nullable(),
      created_at: isoTime,
      updated_at: isoTime,
      creator_user_id: z.string().nullable(),
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
      system_prompt: z.string().nullable(),
      creator_id: z.string(),
      created_at: isoTime,
      updated_at: isoTime,
    }),
  ),
  seq: count,
})

const messagingSchema = z.strictObject({
  organizations: z.array(
    z.strictObject({
      id: z.number().int().min(2),
      subdomain: z.string().regex(/^[a-z0-9-]{1,63}$/, 'must be 1 to 63 characters from a-z 0-9 -'),
      name: z.string().min(1),
      description: z.string(),
      featureLevel: z.number().int().min(FEATURE_LEVEL_RANGE.min).max(FEATURE_LEVEL_RANGE.max),
      deactivated: z.boolean(),
      emailsRestrictedToDomains: z.boolean(),
      allowedDomains: z.array(
        z.strictObject({ domain: z.string().min(1), allowSubdomains: z.boolean() }),
      ),
      disallowDisposableEmailAddresses: z.boolean(),
      requireUniqueNames: z.boolean(),
      passwordPolicy: z.enum(['production', 'development']),
      rateLimit: z
        .strictObject({ perMinute: z.number().int().min(1), perHour: z.number().int().min(1) })
        .nullable(),
      position: count,
    }),
  ),
  users: z.array(
    z.strictObject({
      id,
      organization: z.string(),
      email: z.string().min(1),
      fullName: z.string(),
      role: oneOf(Object.values(ROLES), `a role value (${Object.values(ROLES).join(', ')})`),
      apiKey: z.string().regex(/^[A-Za-z0-9]{32}$/, 'must be 32 characters from A-Z a-z 0-9'),
      password: z.string().nullable(),
      canCreateUsers: z.boolean(),
      isActive: z.boolean(),
      botType: oneOf(
        Object.values(BOT_TYPES),
        `a bot type value (${Object.values(BOT_TYPES).join(', ')})`,
      ).nullable(),
      botOwnerId: id.nullable(),
      isSystemBot: z.boolean(),
      dateJoined: epochMs,
      timezone: z.string(),
      avatarVersion: id,
    }),
  ),
  messages: z.array(
    z.strictObject({
      id,
      organization: z.string(),
      senderId: id,
      recipientId: id,
      content: z.string(),
      renderedContent: z.string(),
      client: z.string(),
      sentAt: epochMs,
    }),
  ),
  lastUserId: count,
  lastMessageId: count,
  rateLimitHistories: z.array(
    z.strictObject({ organization: z.string(), userId: id, times: z.array(epochMs) }),
  ),
})

/** A snapshot of format version 1, with every record's fields and the references between records checked. */
export const snapshotSchema = z
  .strictObject(
    {
      formatVersion: z.literal(SNAPSHOT_FORMAT_VERSION, {
        error: `must be ${SNAPSHOT_FORMAT_VERSION}`,
      }),
      scenario: scenarioSchema,
      seed: seedSchema,
      ids: z.tuple([word, word, word, word]),
      clock: clockSchema,
      latency: latencySchema,
      services: z.strictObject({ router: routerSchema, messaging: messagingSchema }),
    },
    {
      error: (issue) =>
        issue.code === 'invalid_type' ? 'must be a snapshot (a JSON object)' : undefined,
    },
  )
  .superRefine(checkReferences) satisfies z.ZodType<Snapshot>
