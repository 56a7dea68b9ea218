/**
 * The router service (OpenRouter-compatible Presets API) inside one simulator.
 * @module
 */

import type { PlainRequest } from '../../engine/core/http.js'
import { readJsonText } from '../../engine/core/json-read.js'
import { KeyedLock } from '../../engine/core/lock.js'
import { createPathTable } from '../../engine/core/path-table.js'
import { plainCopy } from '../../engine/core/plain-copy.js'
import {
  exactUrlPattern,
  type Inspectable,
  isBelow,
  type Restorable,
  type RoutedRequest,
  type Scope,
  type Service,
  type ServiceContext,
  type ServiceOptions,
  urlPattern,
} from '../../engine/core/service.js'
import { trimEndRun } from '../../engine/core/text-runs.js'
import { AVAILABILITY_CODES } from './availability.js'
import { ROUTER_JSON_LIMITS } from './body.js'
import type { ScenarioModel } from './catalog/model.js'
import type { RouterOperation, RouterState } from './context.js'
import { route } from './dispatch.js'
import { inMessagesShape, routerFault } from './errors.js'
import {
  createScriptBook,
  type ScriptHandle,
  type ScriptState,
  type ScriptSummary,
} from './inference/scripts.js'
import { inspectRouter } from './inspect.js'
import type { RouterScenario, RouterScriptInput } from './scenario-schema.js'
import { presetToWire, versionToWire } from './serialize.js'
import { createRouterStore, type RouterStoreState } from './store.js'

/** The router service: its msw-facing side, and reads of its state for tests. */
export interface RouterService extends Service<RouterScenario> {
  readonly baseUrl: string
  /** Every workspace with its keys. */
  workspaces(): Array<{
    id: string
    name: string
    presetWrites: string
    keys: Array<{ key: string; label: string; kind: string; disabled: boolean; userId: string }>
  }>
  /** A workspace's presets as the API shows them, most recently updated first, each with all its versions. */
  presets(
    workspaceId: string,
  ): Array<ReturnType<typeof presetToWire> & { versions: Array<ReturnType<typeof versionToWire>> }>
  /**
   * Scripts an answer to the inference requests that match (`/chat/completions`, `/messages`,
   * `/responses`): tried before the scenario's, in the order added; a reset takes them away.
   * @example
   * simulator.router.script({ match: { userMessage: 'refund' }, response: 'Refunds take 5 days.' })
   */
  script(script: RouterScriptInput): ScriptHandle
  /** Every script: the test's (in the order added), then the scenario's; with how often each answered. */
  scripts(): ScriptSummary[]
  /**
   * Takes away the script a test added with this id (`script(...).id`, `scripts()[n].id`); `false` when no
   * script a test added has it (a scenario's scripts stay until a reset or another scenario).
   */
  removeScript(id: number): boolean
  /** Takes away every script a test added (the scenario's stay). */
  clearScripts(): void
}

/** The router's part of a snapshot: its records, the scenario's scripts with their calls, and its models. */
export interface RouterServiceState extends RouterStoreState {
  scripts: ScriptState[]
  models: ScenarioModel[]
}

/** Decodes bytes that are not UTF-8 with U+FFFD in their place (and drops a byte order mark). */
const lenientUtf8 = new TextDecoder()

/**
 * A recorded JSON body for the journal: the parsed value, the text when it is not JSON (or nested too
 * deeply to be read back safely, or holding more keys than a body may), null when empty.
 */
function parseJsonBody(body: Uint8Array | undefined): unknown {
  if (!body || body.length === 0) return null
  // Read as the router reads it (its limits), but bytes that are not UTF-8 are shown, not refused.
  const read = readJsonText(lenientUtf8.decode(body), ROUTER_JSON_LIMITS)
  return read.ok ? read.value : read.text
}

/** The model an inference request's body names (for an availability fault's `requested_models`), or `''`. */
function requestedModel(request: PlainRequest | undefined): string {
  const body = parseJsonBody(request?.body)
  const model =
    body !== null && typeof body === 'object' ? (body as { model?: unknown }).model : undefined
  return typeof model === 'string' ? model : ''
}

/** Creates the router service of one simulator, answering with `operations` (`handlers/router/`). */
export function createRouterService(
  context: ServiceContext,
  options: ServiceOptions & { inProcessPaths: readonly string[] },
  operations: readonly RouterOperation[],
): RouterService & Restorable<RouterServiceState> & Inspectable<ReturnType<typeof inspectRouter>> {
  const store = createRouterStore(context)
  const scripts = createScriptBook()
  const state: RouterState = {
    store,
    clock: context.clock,
    lock: new KeyedLock(),
    ids: context.ids,
    scripts,
    models: [],
  }
  const inProcessPaths = new Set(options.inProcessPaths)
  const routes = createPathTable(operations)
  /** The operations whose errors are in the messages dialect's (Anthropic's) envelope (`/messages`). */
  const anthropicErrors = new Set(
    operations.filter((operation) => operation.errors === 'messages').map(({ name }) => name),
  )
  const base = new URL(options.baseUrl)
  const basePath = trimEndRun(base.pathname, '/')
  const originPrefix = `${base.origin}/`
  const basePathPrefix = `${basePath}/`

  /** The request, located and routed once; `undefined` when the URL is not the router's in this scope. */
  function locate(request: PlainRequest, scope: Scope): RoutedRequest | undefined {
    // Another origin is never the router's, even with a path like its own (`simulator.dispatch` offers
    // every service every request; msw's patterns check the origin on their own).
    if (!request.url.startsWith(originPrefix)) return undefined
    if (!request.path.startsWith(basePathPrefix) && request.path !== basePath) return undefined
    const path = request.path.slice(basePath.length) || '/'
    if (
      scope === 'in-process' &&
      !isBelow(path, options.inProcessPrefix) &&
      !inProcessPaths.has(path)
    )
      return undefined
    return route(state, routes, request, path)
  }

  return {
    name: 'router',
    baseUrl: options.baseUrl,
    patterns: (scope) =>
      scope === 'server'
        ? [urlPattern(options.baseUrl)]
        : [
            urlPattern(options.baseUrl, options.inProcessPrefix),
            ...options.inProcessPaths.map((path) => exactUrlPattern(options.baseUrl, path)),
          ],
    route: locate,
    faultResponse(status, options) {
      const response = routerFault(status, {
        message: options.message,
        retryAfter: options.retryAfter,
        now: state.clock.now(),
        availability: AVAILABILITY_CODES.find((code) => code === options.availability),
        model: options.availability === undefined ? undefined : requestedModel(options.request),
      })
      return anthropicErrors.has(options.operation ?? '') ? inMessagesShape(response) : response
    },
    journalBody: (recorded) => parseJsonBody(recorded.body),
    load(scenario) {
      store.load(scenario)
      scripts.load(scenario.scripts)
      state.models = scenario.models
    },
    inspect: () => inspectRouter(store, options.baseUrl, scripts.list()),
    exportState: (options) => ({
      ...store.exportState(options),
      scripts: scripts.exportState(),
      models: state.models.map((model) =>
        model.pricing ? { ...model, pricing: { ...model.pricing } } : { ...model },
      ),
    }),
    importState(imported) {
      store.importState(imported)
      scripts.importState(imported.scripts)
      state.models = imported.models
    },
    changes: () =>
      store.workspaces.mutations +
      store.keys.mutations +
      store.presets.mutations +
      store.versions.mutations +
      scripts.changes(),
    script: (script) => scripts.add(script),
    scripts: () => scripts.list(),
    removeScript: (id) => scripts.remove(id),
    clearScripts: () => scripts.clear(),
    workspaces: () =>
      store.workspaces.all().map((workspace) => ({
        ...workspace,
        keys: store.keys
          .all()
          .filter((key) => key.workspaceId === workspace.id)
          .map(({ key, label, kind, disabled, userId }) => ({
            key,
            label,
            kind,
            disabled,
            userId,
          })),
      })),
    presets: (workspaceId) =>
      store.presetsOf(workspaceId).map((preset) => ({
        ...presetToWire(preset),
        // Copies: changing what this lists changes nothing stored.
        versions: store
          .versionsOf(preset.id)
          .map((version) => ({ ...versionToWire(version), config: plainCopy(version.config) })),
      })),
  }
}
