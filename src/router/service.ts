/**
 * The router service (OpenRouter-compatible Presets API) inside one simulator.
 * @module
 */
import { routerOperations } from '../../handlers/router/index.js'
import {
  guarded,
  jsonResponse,
  type MaybeAsync,
  type PlainRequest,
  type PlainResponse,
} from '../core/http.js'
import { KeyedLock } from '../core/lock.js'
import { createRouteTable, toOperationRequest } from '../core/routes.js'
import {
  type RequestMeta,
  type Scope,
  type Service,
  type ServiceContext,
  urlPattern,
} from '../core/service.js'
import { authenticate } from './auth.js'
import { MAX_JSON_DEPTH, nestedDeeperThan } from './body.js'
import type { RouterContext } from './context.js'
import { routerError, routerFault, routerMessages } from './errors.js'
import { presetToWire, versionToWire } from './serialize.js'
import { createRouterStore, type RouterStore } from './store.js'

export interface RouterServiceOptions {
  /** The base URL the service answers at, without a trailing slash. */
  baseUrl: string
}

/** The router service: its msw-facing side, and reads of its state for tests. */
export interface RouterService extends Service {
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
}

/**
 * A recorded JSON body for the journal: the parsed value, the text when it is not JSON (or nested too
 * deeply to be read back safely), null when empty.
 */
function parseJsonBody(body: Uint8Array | undefined): unknown {
  if (!body || body.length === 0) return null
  const text = new TextDecoder().decode(body)
  if (nestedDeeperThan(text, MAX_JSON_DEPTH)) return text
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/** The router service with its state's export and import, which only the simulator's snapshots use. */
export type RestorableRouterService = RouterService &
  Pick<RouterStore, 'exportState' | 'importState'>

/** Creates the router service of one simulator. */
export function createRouterService(
  context: ServiceContext,
  options: RouterServiceOptions,
): RestorableRouterService {
  const store = createRouterStore(context)
  const operationContext: RouterContext = { store, clock: context.clock, lock: new KeyedLock() }
  const routes = createRouteTable(routerOperations)
  const base = new URL(options.baseUrl)
  const basePath = base.pathname.replace(/\/+$/, '')
  const originPrefix = `${base.origin}/`
  const basePathPrefix = `${basePath}/`

  /** The path below the base, the route, and who is calling (for the journal and faults). */
  function locate(request: PlainRequest, scope: Scope) {
    // Another origin is never the router's, even with a path like its own (`simulator.dispatch` offers
    // every service every request; msw's patterns check the origin on their own).
    if (!request.url.startsWith(originPrefix)) return undefined
    if (!request.path.startsWith(basePathPrefix) && request.path !== basePath) return undefined
    const path = request.path.slice(basePath.length) || '/'
    if (scope === 'in-process' && !path.startsWith('/presets')) return undefined
    const found = routes.lookup(request.method, path)
    const principal = authenticate(request, store)
    const meta: RequestMeta = {
      operation: found.kind === 'operation' ? found.operation.name : null,
      tenant: 'status' in principal ? null : principal.workspace.id,
      actor: 'status' in principal ? null : principal.key.label,
      path,
    }
    return { path, found, meta }
  }

  /** Not `async`: a synchronous answer is returned as it is, without a promise. */
  function answer(
    request: PlainRequest,
    scope: Scope,
    meta?: RequestMeta,
  ): MaybeAsync<PlainResponse | undefined> {
    const located = locate(request, scope)
    if (!located) return undefined
    if (meta) Object.assign(meta, located.meta)
    return answerLocated(request, located)
  }

  function answerLocated(
    request: PlainRequest,
    { path, found }: NonNullable<ReturnType<typeof locate>>,
  ): MaybeAsync<PlainResponse> {
    if (found.kind === 'operation') {
      // Never expected: every failure the service knows is a 4xx. Answer in the router's shape
      // rather than let the exception reach msw or the server.
      return guarded(
        () =>
          found.operation.handle(operationContext, toOperationRequest(request, path, found.params)),
        () => routerError(500, routerMessages.internal),
      )
    }
    if (found.kind === 'method-not-allowed') {
      return jsonResponse(
        405,
        { error: { code: 405, message: 'Method Not Allowed' } },
        { headers: { allow: found.allowed.join(', ') } },
      )
    }
    return routerError(404, routerMessages.notFound)
  }

  return {
    name: 'router',
    baseUrl: options.baseUrl,
    patterns: (scope) => [urlPattern(options.baseUrl, scope === 'server' ? '' : '/presets')],
    handle: (request, scope, meta) => Promise.resolve(answer(request, scope, meta)),
    answer,
    describe: (request, scope) => locate(request, scope)?.meta,
    faultResponse: (status, options) => routerFault(status, options),
    journalBody: (recorded) => parseJsonBody(recorded.body),
    load: (scenario) => store.load(scenario.router),
    exportState: () => store.exportState(),
    importState: (state) => store.importState(state),
    changes: () =>
      store.workspaces.mutations +
      store.keys.mutations +
      store.presets.mutations +
      store.versions.mutations,
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
        versions: store.versionsOf(preset.id).map(versionToWire),
      })),
  }
}
