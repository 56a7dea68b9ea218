/**
 * The checks of a snapshot across records, which the stores rely on and a field's schema cannot see: ids and
 * keys unique where the stores index them, every reference resolving (a key's workspace, a version's preset,
 * a message's sender), version numbers in order, and counters past every id already given.
 * @module
 */
import type { z } from 'zod'
import { pyStrip } from '../messaging/python.js'
import type { Snapshot } from './schema.js'

type Path = Array<string | number>

/** Reports a second record with the same key. */
function uniqueBy<T>(
  context: z.RefinementCtx,
  records: readonly T[],
  key: (record: T) => string,
  path: (index: number) => Path,
  message: string,
): Set<string> {
  const seen = new Set<string>()
  records.forEach((record, index) => {
    const at = key(record)
    if (seen.has(at)) context.addIssue({ code: 'custom', path: path(index), message })
    seen.add(at)
  })
  return seen
}

/** Adds an issue for every problem across records (the fields themselves have been checked). */
export function checkReferences(snapshot: Snapshot, context: z.RefinementCtx): void {
  checkRouter(snapshot.services.router, context, ['services', 'router'])
  checkMessaging(snapshot.services.messaging, context, ['services', 'messaging'])
}

function checkRouter(
  router: Snapshot['services']['router'],
  context: z.RefinementCtx,
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

function checkMessaging(
  messaging: Snapshot['services']['messaging'],
  context: z.RefinementCtx,
  base: Path,
): void {
  const issue = (path: Path, message: string) =>
    context.addIssue({ code: 'custom', path: [...base, ...path], message })
  const subdomains = uniqueBy(
    context,
    messaging.organizations,
    (organization) => organization.subdomain,
    (i) => [...base, 'organizations', i, 'subdomain'],
    'is used by another organization',
  )
  uniqueBy(
    context,
    messaging.organizations,
    (organization) => String(organization.id),
    (i) => [...base, 'organizations', i, 'id'],
    'is used by another organization',
  )
  const userIds = uniqueBy(
    context,
    messaging.users,
    (user) => String(user.id),
    (i) => [...base, 'users', i, 'id'],
    'is used by another user',
  )
  // As the store files them: the address stripped and lower-cased, per organization.
  uniqueBy(
    context,
    messaging.users,
    (user) => [user.organization, pyStrip(user.email).toLowerCase()].join('\u0000'),
    (i) => [...base, 'users', i, 'email'],
    'is used by another user of the organization',
  )
  uniqueBy(
    context,
    messaging.users,
    (user) => user.apiKey,
    (i) => [...base, 'users', i, 'apiKey'],
    'is used by another user',
  )
  let highestUser = 0
  messaging.users.forEach((user, i) => {
    if (!subdomains.has(user.organization))
      issue(['users', i, 'organization'], 'is no organization')
    if (user.botOwnerId !== null && !userIds.has(String(user.botOwnerId)))
      issue(['users', i, 'botOwnerId'], 'is no user')
    highestUser = Math.max(highestUser, user.id)
  })
  if (messaging.lastUserId < highestUser)
    issue(['lastUserId'], `must be at least ${highestUser}, the highest user id`)
  uniqueBy(
    context,
    messaging.messages,
    (message) => String(message.id),
    (i) => [...base, 'messages', i, 'id'],
    'is used by another message',
  )
  let highestMessage = 0
  messaging.messages.forEach((message, i) => {
    if (!subdomains.has(message.organization))
      issue(['messages', i, 'organization'], 'is no organization')
    if (!userIds.has(String(message.senderId))) issue(['messages', i, 'senderId'], 'is no user')
    if (!userIds.has(String(message.recipientId)))
      issue(['messages', i, 'recipientId'], 'is no user')
    highestMessage = Math.max(highestMessage, message.id)
  })
  if (messaging.lastMessageId < highestMessage)
    issue(['lastMessageId'], `must be at least ${highestMessage}, the highest message id`)
  uniqueBy(
    context,
    messaging.rateLimitHistories,
    (history) => [history.organization, history.userId].join('\u0000'),
    (i) => [...base, 'rateLimitHistories', i, 'userId'],
    'has another history in the organization',
  )
  messaging.rateLimitHistories.forEach((history, i) => {
    if (!subdomains.has(history.organization))
      issue(['rateLimitHistories', i, 'organization'], 'is no organization')
    if (!userIds.has(String(history.userId)))
      issue(['rateLimitHistories', i, 'userId'], 'is no user')
    if (history.times.some((time, t) => t > 0 && time < (history.times[t - 1] as number)))
      issue(['rateLimitHistories', i, 'times'], 'must be in order, oldest first')
  })
}
