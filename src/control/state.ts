/**
 * The simulator's state for people (the inspector page): every workspace's presets with their versions,
 * every organization's users and welcome test messages, the latest requests. No API key and no password
 * appears here.
 * @module
 */
import type { SimulatorCore } from '../simulator-core.js'

/** How many journal entries the state carries, newest first. */
export const STATE_JOURNAL_ENTRIES = 50

export function inspectorState(simulator: SimulatorCore) {
  const discovery = simulator.describe()
  return {
    scenario: discovery.scenario,
    clock: discovery.clock,
    latency: discovery.latency,
    faults: discovery.faults.map((fault) => ({
      ...fault,
      path: fault.path instanceof RegExp ? { pattern: fault.path.source } : fault.path,
    })),
    router: {
      baseUrl: discovery.services.router.baseUrl,
      workspaces: discovery.services.router.workspaces.map((workspace) => ({
        id: workspace.id,
        name: workspace.name,
        presetWrites: workspace.presetWrites,
        keys: workspace.keys.map(({ label, kind, disabled }) => ({ label, kind, disabled })),
        presets: simulator.router.presets(workspace.id),
      })),
    },
    messaging: {
      organizations: discovery.services.messaging.organizations.map((organization) => ({
        subdomain: organization.subdomain,
        name: organization.name,
        baseUrl: organization.baseUrl,
        featureLevel: organization.featureLevel,
        zulipVersion: organization.zulipVersion,
        users: organization.users.map(({ apiKey: _apiKey, ...user }) => user),
        messages: simulator.messaging.messages(organization.subdomain),
      })),
    },
    journal: {
      count: discovery.journal.count,
      limit: discovery.journal.limit,
      latest: simulator.journal
        .recent(STATE_JOURNAL_ENTRIES)
        .map(({ body: _body, query: _query, response: _response, durationMs, ...entry }) => ({
          ...entry,
          durationMs: Math.round(durationMs * 100) / 100,
        })),
    },
  }
}
