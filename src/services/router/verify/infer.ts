/**
 * The router's workspaces, keys and presets a recording shows, as a scenario.
 *
 * - A Bearer key with any answer other than 401 exists; one answered only 401 is unknown and replayed as
 *   recorded.
 * - Kind: a key that got `Only management keys can perform this operation` is an inference key of a
 *   workspace where only management keys write; a key that wrote in such a workspace is a management
 *   key; any other key is an inference key (option `roles` says otherwise).
 * - Workspaces: keys that reached the same preset, or saw the same `workspace_id`, share one; a key that
 *   got `Preset not found` for a slug another key had reached is in another; all others share the first.
 * - Presets that existed before the recording (read before any write, or written first as version 2 or
 *   later) are seeded with what the answers show: name, description, status, creator, and each version's
 *   config and system prompt (a version no answer shows copies the nearest one shown).
 * - A key's user id is the `creator_user_id` its writes got.
 * @module
 */

import { describeCredential } from '../../../engine/core/recorded-exchange.js'
import {
  type AccountSummary,
  asObject,
  isUuid,
  type PlannedExchange,
  succeeded,
} from '../../../engine/core/verify-part.js'
import type { RouterScenarioInput } from '../scenario-schema.js'

type WorkspaceInput = RouterScenarioInput['workspaces'][number]
type PresetInput = NonNullable<WorkspaceInput['presets']>[number]
type VersionInput = PresetInput['versions'][number]

/** How to replay a router credential: with a seeded key, or exactly as recorded. */
type RouterAccount = { key: string } | 'as-recorded'

/** Everything the set-up takes from the router part of a recording. */
export interface RouterPlan {
  workspaces: WorkspaceInput[]
  accounts: Map<string, RouterAccount>
  summary: AccountSummary[]
  seededPresets: number
}

const PRESET_PATH =
  /^\/presets\/([^/]+)(?:\/(versions)(?:\/([^/]+))?|\/(chat\/completions|messages|responses))?\/?$/
const MANAGEMENT_ONLY = 'Only management keys can perform this operation'
const NOT_FOUND = 'Preset not found'

interface KeyFacts {
  id: string
  recordedKey: string | undefined
  label: string
  valid: boolean
  refusedWrite: boolean
  wrote: boolean
  userId: string | undefined
  workspaceId: string | undefined
}

interface SlugFacts {
  /** Keys that reached it, with the exchange index of their first success. */
  reachedBy: Map<string, number>
  /** The version the recording's first write made (1: the recording created it). */
  firstWriteVersion: number | undefined
  preset: Record<string, unknown> | undefined
  versions: Map<number, Record<string, unknown>>
}

const str = (value: unknown) => (typeof value === 'string' ? value : undefined)
const num = (value: unknown) => (typeof value === 'number' ? value : undefined)

/** A deterministic UUID v4 for the n-th generated workspace. */
const workspaceUuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`

class Groups {
  readonly #parent = new Map<string, string>()
  find(id: string): string {
    const parent = this.#parent.get(id) ?? id
    if (parent === id) return id
    const root = this.find(parent)
    this.#parent.set(id, root)
    return root
  }
  union(a: string, b: string): void {
    const [x, y] = [this.find(a), this.find(b)]
    if (x !== y) this.#parent.set(y, x)
  }
}

function slugFacts(slugs: Map<string, SlugFacts>, slug: string): SlugFacts {
  let facts = slugs.get(slug)
  if (!facts) {
    facts = {
      reachedBy: new Map(),
      firstWriteVersion: undefined,
      preset: undefined,
      versions: new Map(),
    }
    slugs.set(slug, facts)
  }
  return facts
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/** The kind the `roles` option gives a router key, if any. */
function keyKindOverride(
  roles: ReadonlyMap<string, string>,
  key: string,
): 'inference' | 'management' | undefined {
  const value = roles.get(key)
  return value === 'inference' || value === 'management' ? value : undefined
}

/** Plans the router part of a recording. */
export function planRouter(
  plans: readonly PlannedExchange[],
  roles: ReadonlyMap<string, string>,
): RouterPlan {
  const keys = new Map<string, KeyFacts>()
  const slugs = new Map<string, SlugFacts>()
  const notFound: Array<{ key: string; slug: string; index: number }> = []
  for (const plan of plans) {
    const credential = plan.credential
    if (credential.scheme !== 'bearer' && credential.scheme !== 'redacted') continue
    const facts = keys.get(credential.id) ?? {
      id: credential.id,
      recordedKey: credential.scheme === 'bearer' ? credential.key : undefined,
      label: describeCredential(credential),
      valid: false,
      refusedWrite: false,
      wrote: false,
      userId: undefined,
      workspaceId: undefined,
    }
    keys.set(credential.id, facts)
    const { status, index } = plan.exchange
    if (status !== 401) facts.valid = true
    const body = asObject(plan.json)
    const error = asObject(body?.error)
    if (error?.message === MANAGEMENT_ONLY) facts.refusedWrite = true
    const match = PRESET_PATH.exec(plan.located?.path ?? '')
    const slug = match?.[1] === undefined ? undefined : decode(match[1])
    const isWrite = plan.exchange.method === 'POST' && match?.[4] !== undefined
    if (slug !== undefined && error?.message === NOT_FOUND && !isWrite) {
      notFound.push({ key: credential.id, slug, index })
    }
    if (!succeeded(plan)) continue
    const data = body?.data
    const items = Array.isArray(data) ? data.map(asObject) : [asObject(data)]
    for (const item of items) {
      const workspace = str(item?.workspace_id)
      if (workspace !== undefined) facts.workspaceId ??= workspace
    }
    if (slug === undefined) {
      // The list: every preset in it existed, in this key's workspace.
      for (const item of items) {
        const listed = str(item?.slug)
        if (listed === undefined || !item) continue
        const known = slugFacts(slugs, listed)
        if (!known.reachedBy.has(credential.id)) known.reachedBy.set(credential.id, index)
        known.preset ??= item
      }
      continue
    }
    const known = slugFacts(slugs, slug)
    if (!known.reachedBy.has(credential.id)) known.reachedBy.set(credential.id, index)
    const object = asObject(data)
    if (isWrite) {
      facts.wrote = true
      const designated = asObject(object?.designated_version)
      known.firstWriteVersion ??= num(designated?.version) ?? 1
      facts.userId ??= str(object?.creator_user_id) ?? str(designated?.creator_id)
      continue
    }
    const versionList = match?.[2] !== undefined && match[3] === undefined
    const versions = versionList
      ? items
      : match?.[3] !== undefined
        ? [object]
        : [asObject(object?.designated_version)]
    if (match?.[2] === undefined && object) known.preset ??= object
    for (const version of versions) {
      const number = num(version?.version)
      if (number !== undefined && version && !known.versions.has(number))
        known.versions.set(number, version)
    }
  }

  // Workspaces: keys that reached the same preset or saw the same workspace id share one.
  const groups = new Groups()
  const valid = [...keys.values()].filter((facts) => facts.valid)
  for (const facts of slugs.values()) {
    const [first, ...rest] = [...facts.reachedBy.keys()]
    for (const other of rest) if (first !== undefined) groups.union(first, other)
  }
  for (const a of valid) {
    for (const b of valid) {
      if (a.workspaceId !== undefined && a.workspaceId === b.workspaceId) groups.union(a.id, b.id)
    }
  }
  const apart = new Set<string>()
  for (const miss of notFound) {
    const reached = slugs.get(miss.slug)?.reachedBy ?? new Map<string, number>()
    for (const [other, at] of reached) {
      if (other !== miss.key && at < miss.index) {
        apart.add(`${groups.find(miss.key)} ${groups.find(other)}`)
        apart.add(`${groups.find(other)} ${groups.find(miss.key)}`)
      }
    }
  }
  const roots = [...new Set(valid.map((facts) => groups.find(facts.id)))]
  const merged: string[][] = []
  for (const root of roots) {
    const idOf = (r: string) =>
      valid.find((facts) => groups.find(facts.id) === r && facts.workspaceId)?.workspaceId
    const home = merged.find(
      (members) =>
        members.every((member) => !apart.has(`${member} ${root}`)) &&
        (idOf(root) === undefined ||
          members.every((member) => idOf(member) === undefined || idOf(member) === idOf(root))),
    )
    if (home) home.push(root)
    else merged.push([root])
  }

  const accounts = new Map<string, RouterAccount>()
  const summary: AccountSummary[] = []
  const workspaces: WorkspaceInput[] = merged.map((members, n) => {
    const own = valid.filter((facts) => members.includes(groups.find(facts.id)))
    const managementOnly = own.some((facts) => facts.refusedWrite)
    const recordedId = own.find(
      (facts) => facts.workspaceId && isUuid(facts.workspaceId),
    )?.workspaceId
    return {
      id: recordedId ?? workspaceUuid(n + 1),
      name: `Recorded workspace ${n + 1}`,
      presetWrites: managementOnly ? 'management-only' : 'any-key',
      keys: own.map((facts, k) => {
        const option =
          facts.recordedKey === undefined ? undefined : keyKindOverride(roles, facts.recordedKey)
        const kind =
          option ??
          (managementOnly && facts.wrote && !facts.refusedWrite ? 'management' : 'inference')
        const key = facts.recordedKey ?? `sk-or-v1-understudy-verify-${n + 1}-${k + 1}`
        accounts.set(facts.id, { key })
        summary.push({
          service: 'router',
          credential: facts.label,
          role: kind,
          from: option
            ? 'the roles option'
            : facts.refusedWrite
              ? `"${MANAGEMENT_ONLY}"`
              : kind === 'management'
                ? 'it wrote where only management keys write'
                : 'the default (inference)',
        })
        return {
          key,
          label: `recorded key ${n + 1}.${k + 1}`,
          kind,
          userId: facts.userId ?? `user_understudy_verify_${n + 1}_${k + 1}`,
        }
      }),
      presets: [],
    }
  })
  for (const facts of keys.values()) {
    if (facts.valid) continue
    accounts.set(facts.id, 'as-recorded')
    summary.push({
      service: 'router',
      credential: facts.label,
      role: 'unknown',
      from: 'every answer to it was a 401: replayed as recorded',
    })
  }

  // Presets that existed before the recording.
  let seededPresets = 0
  for (const [slug, facts] of slugs) {
    const existing =
      facts.firstWriteVersion === undefined
        ? Math.max(1, ...facts.versions.keys())
        : facts.firstWriteVersion - 1
    if (existing < 1) continue
    const [firstKey] = [...facts.reachedBy.keys()]
    const root = firstKey === undefined ? undefined : groups.find(firstKey)
    const n = merged.findIndex((members) => root !== undefined && members.includes(root))
    const workspace = workspaces[n < 0 ? 0 : n]
    if (!workspace) continue
    const versions: VersionInput[] = []
    for (let v = 1; v <= existing; v++) {
      const shown =
        facts.versions.get(v) ??
        [...facts.versions.entries()].sort(
          (a, b) => Math.abs(a[0] - v) - Math.abs(b[0] - v),
        )[0]?.[1]
      const config = asObject(shown?.config) ?? {}
      const createdAt = str(shown?.created_at)
      versions.push({
        config,
        systemPrompt: str(shown?.system_prompt) ?? null,
        ...(createdAt && facts.versions.has(v) ? { createdAt } : {}),
      })
    }
    const preset = facts.preset
    const status = str(preset?.status)
    const createdAt = str(preset?.created_at)
    const creator = str(preset?.creator_user_id)
    workspace.presets?.push({
      slug,
      ...(str(preset?.name) === undefined ? {} : { name: str(preset?.name) as string }),
      description: str(preset?.description) ?? null,
      status: status === 'disabled' || status === 'archived' ? status : 'active',
      ...(creator === undefined ? {} : { creatorUserId: creator }),
      ...(createdAt === undefined ? {} : { createdAt }),
      versions,
    })
    seededPresets++
  }
  return { workspaces, accounts, summary, seededPresets }
}
