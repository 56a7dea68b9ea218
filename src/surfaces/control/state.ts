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
import { clip, FIELD_PREVIEW } from '../../engine/core/inspect-limits.js'
import type { Inspectable } from '../../engine/core/service.js'
import { perService, type serviceDefinitions } from '../../services/registry.js'
import type { InjectedFault } from '../../simulator/operations/faults.js'
import type { JournalEntry, JournalInference } from '../../simulator/operations/journal-entries.js'
import type { AddedStub } from '../../simulator/operations/stubs.js'
import type { SimulatorCore } from '../../simulator/simulator-core.js'
import { summarizeAnswer } from './exchange-summary.js'

/** How many journal entries the state carries, newest first. */
const STATE_JOURNAL_ENTRIES = 50
/** The most bytes of a request body (characters of a response) the state carries per entry; a longer one is a text preview. */
const STATE_BODY_PREVIEW_BYTES = 2048
/** The most characters of a query value or a path the state carries per entry. */
const STATE_TEXT_PREVIEW = 2048

/**
 * Armed faults or stubs as JSON shows them (the control surface, the inspector): a path tested by a
 * regular expression or a linear-time pattern as `{ pattern: source }`, since JSON would show it as `{}`.
 */
export function faultsAsJson<Item extends InjectedFault | AddedStub>(items: readonly Item[]) {
  return items.map((item) => ({
    ...item,
    path: typeof item.path === 'object' ? { pattern: item.path.source } : item.path,
  }))
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

/** Each service's operation ids, with the method and path they answer. */
const operations = perService((definition) =>
  definition.operations.map(({ name, method, path }) => ({ name, method, path })),
)

/** Each service's part of the state (by name), and the names of every tenant for the journal rows. */
function servicesState(simulator: SimulatorCore) {
  const tenantNames = new Map<string, string>()
  const services = perService((definition) => {
    const tenants = definition.tenants as (inspected: unknown) => Array<readonly [string, string]>
    const inspected = (simulator[definition.name] as unknown as Inspectable).inspect()
    for (const [id, name] of tenants(inspected)) tenantNames.set(`${definition.name} ${id}`, name)
    return inspected
  }) as {
    [D in (typeof serviceDefinitions)[number] as D['name']]: Parameters<D['tenants']>[0]
  }
  return { services, tenantNames }
}

/** What an inference applied, as a journal row shows it: short fields, the effective request as clipped JSON. */
function inferenceState(inference: JournalInference) {
  const { preset, script } = inference
  const request = inference.effectiveRequest
  return {
    endpoint: inference.endpoint,
    requestedModel: inference.requestedModel === null ? null : clip(inference.requestedModel, 200),
    preset:
      preset === null ? null : { slug: preset.slug, version: preset.version, form: preset.form },
    model: clip(inference.model, 200),
    provider: clip(inference.provider, 200),
    stream: inference.stream,
    script:
      script === null
        ? null
        : {
            id: script.id,
            name: script.name === null ? null : clip(script.name, 200),
            answer: script.answer,
          },
    effectiveRequest: clip(
      typeof request === 'string' ? request : JSON.stringify(request),
      FIELD_PREVIEW,
    ),
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
    ...(entry.inference === undefined
      ? {}
      : { inference: entry.inference === null ? null : inferenceState(entry.inference) }),
    ...(entry.error ? { error: entry.error.message } : {}),
    durationMs: Math.round(entry.durationMs * 100) / 100,
  }))
}

export function inspectorState(simulator: SimulatorCore) {
  const { services, tenantNames } = servicesState(simulator)
  return {
    scenario: { name: simulator.scenario.name, description: simulator.scenario.description },
    seed: simulator.seed,
    clock: { now: simulator.clock.iso(), fixed: simulator.clock.fixed },
    latency: simulator.latency.get(),
    operations,
    faults: faultsAsJson(simulator.faults.list()),
    stubs: faultsAsJson(simulator.stubs.list()),
    ...services,
    journal: {
      count: simulator.journal.count(),
      limit: simulator.journal.limit,
      latest: journalState(simulator, tenantNames),
    },
  }
}
