/**
 * The simulator's state for people (the inspector page): the operations faults can target, every
 * workspace's presets with their versions, every organization's users and welcome test messages, the
 * latest requests with their exchanges. No API key and no password appears here.
 *
 * Built from what the page shows, so a poll stays small and cheap whatever was recorded: the newest
 * journal entries with body previews, the newest presets, users and messages of each tenant, and long
 * texts cut to a preview with their full size.
 * @module
 */
import { messagingOperations } from '../../handlers/messaging/index.js'
import { routerOperations } from '../../handlers/router/index.js'
import type { SimulatorCore } from '../simulator-core.js'
import { summarizeAnswer } from './exchange-summary.js'
import type { JournalEntry } from './journal.js'

/** How many journal entries the state carries, newest first. */
export const STATE_JOURNAL_ENTRIES = 50
/** The most bytes of a request body (characters of a response) the state carries per entry; a longer one is a text preview. */
export const STATE_BODY_PREVIEW_BYTES = 2048
/** The most characters of a query value or a path the state carries per entry. */
export const STATE_TEXT_PREVIEW = 2048
/** The most presets per workspace, users and messages per organization, and versions per preset shown. */
export const STATE_LIST_LIMITS = { presets: 50, versions: 10, users: 100, messages: 20 } as const
/** The most characters of a system prompt, a version's config or a message's content shown. */
const FIELD_PREVIEW = 1000

/** A text cut to `max` characters, saying how much was left out. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length} characters)`
}

/**
 * The newest entries, newest first; a request or response body over the preview size comes back as a
 * text preview (`truncated`/`bodySize`, `responseTruncated`/`responseSize`), so nothing large is parsed.
 */
function recentEntries(simulator: SimulatorCore): JournalEntry[] {
  return simulator.journal.recent(STATE_JOURNAL_ENTRIES, {
    bodyPreviewBytes: STATE_BODY_PREVIEW_BYTES,
  })
}

const newest = <T>(items: readonly T[], limit: number): T[] => items.slice(-limit)

/** Each service's operation ids, with the method and path they answer. */
const operations = {
  router: routerOperations.map(({ name, method, path }) => ({ name, method, path })),
  messaging: messagingOperations.map(({ name, method, path }) => ({ name, method, path })),
}

function routerState(simulator: SimulatorCore) {
  const workspaces = simulator.router.workspaces()
  return {
    baseUrl: simulator.router.baseUrl,
    workspaces: workspaces.map((workspace) => {
      const presets = simulator.router.presets(workspace.id)
      return {
        id: workspace.id,
        name: workspace.name,
        presetWrites: workspace.presetWrites,
        keys: workspace.keys.map(({ label, kind, disabled }) => ({ label, kind, disabled })),
        presetCount: presets.length,
        // Most recently updated first.
        presets: presets.slice(0, STATE_LIST_LIMITS.presets).map((preset) => ({
          id: preset.id,
          slug: preset.slug,
          status: preset.status,
          updated_at: preset.updated_at,
          designated_version_id: preset.designated_version_id,
          versionCount: preset.versions.length,
          versions: newest(preset.versions, STATE_LIST_LIMITS.versions).map((version) => ({
            id: version.id,
            version: version.version,
            system_prompt:
              version.system_prompt === null || version.system_prompt === undefined
                ? null
                : clip(version.system_prompt, FIELD_PREVIEW),
            config: clip(JSON.stringify(version.config), FIELD_PREVIEW),
          })),
        })),
      }
    }),
  }
}

function messagingState(simulator: SimulatorCore) {
  return {
    organizations: simulator.messaging.organizations().map((organization) => {
      const messages = simulator.messaging.messages(organization.subdomain)
      return {
        subdomain: organization.subdomain,
        name: organization.name,
        baseUrl: organization.baseUrl,
        featureLevel: organization.featureLevel,
        zulipVersion: organization.zulipVersion,
        userCount: organization.users.length,
        // Field by field: an account's API key and password never leave the simulator this way.
        users: newest(organization.users, STATE_LIST_LIMITS.users).map((user) => ({
          userId: user.userId,
          email: user.email,
          fullName: user.fullName,
          role: user.role,
          canCreateUsers: user.canCreateUsers,
          isActive: user.isActive,
          bot: user.bot,
        })),
        messageCount: messages.length,
        messages: newest(messages, STATE_LIST_LIMITS.messages).map((message) => ({
          id: message.id,
          recipientEmail: message.recipientEmail,
          sentAt: message.sentAt,
          content: clip(message.content, FIELD_PREVIEW),
        })),
      }
    }),
  }
}

function journalState(simulator: SimulatorCore, tenantNames: ReadonlyMap<string, string>) {
  return recentEntries(simulator).map((entry) => ({
    seq: entry.seq,
    time: entry.time,
    service: entry.service,
    tenant: entry.tenant,
    tenantName:
      entry.tenant === null ? null : (tenantNames.get(`${entry.service} ${entry.tenant}`) ?? null),
    operation: entry.operation,
    actor: entry.actor === null ? null : clip(entry.actor, 200),
    method: entry.method,
    path: clip(entry.path, STATE_TEXT_PREVIEW),
    query: Object.fromEntries(
      Object.entries(entry.query).map(([name, value]) => [
        clip(name, 200),
        clip(value, STATE_TEXT_PREVIEW),
      ]),
    ),
    body: entry.body,
    ...(entry.truncated ? { truncated: true, bodySize: entry.bodySize } : {}),
    status: entry.status,
    message: clip(
      summarizeAnswer(entry.status, entry.response, entry.fault, entry.responseSize),
      300,
    ),
    response: entry.response,
    ...(entry.responseTruncated
      ? { responseTruncated: true, responseSize: entry.responseSize }
      : {}),
    fault: entry.fault,
    ...(entry.error ? { error: entry.error.message } : {}),
    durationMs: Math.round(entry.durationMs * 100) / 100,
  }))
}

export function inspectorState(simulator: SimulatorCore) {
  const router = routerState(simulator)
  const messaging = messagingState(simulator)
  const tenantNames = new Map<string, string>([
    ...router.workspaces.map((workspace) => [`router ${workspace.id}`, workspace.name] as const),
    ...messaging.organizations.map(
      (organization) => [`messaging ${organization.subdomain}`, organization.name] as const,
    ),
  ])
  return {
    scenario: { name: simulator.scenario.name, description: simulator.scenario.description },
    seed: simulator.seed,
    clock: { now: simulator.clock.iso(), fixed: simulator.clock.fixed },
    latency: simulator.latency.get(),
    operations,
    faults: simulator.faults.list().map((fault) => ({
      ...fault,
      // A regular expression (or a linear-time pattern) as its source: JSON would show `{}`.
      path: typeof fault.path === 'object' ? { pattern: fault.path.source } : fault.path,
    })),
    router,
    messaging,
    journal: {
      count: simulator.journal.count(),
      limit: simulator.journal.limit,
      latest: journalState(simulator, tenantNames),
    },
  }
}

/** What `GET /__understudy/state` answers. */
export type InspectorState = ReturnType<typeof inspectorState>
