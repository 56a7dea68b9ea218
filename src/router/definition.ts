/**
 * The router as the simulator registers it (`src/services.ts`): its URLs in process and on the standalone
 * server, its scenario and snapshot parts, and how discovery, the banner and the inspector show it.
 * @module
 */
import { routerScenarioSchema } from '../../scenarios/schema/router.js'
import { clip, FIELD_PREVIEW, newest, STATE_LIST_LIMITS } from '../control/state-limits.js'
import type { ServiceDefinition } from '../core/service.js'
import type { RouterOperation } from './context.js'
import { routerError, routerMessages } from './errors.js'
import { createRouterService, type RouterService } from './service.js'
import { checkRouterSnapshot, routerSnapshotSchema } from './snapshot.js'

/** The router's default base URL, as the real SDK calls it. */
export const DEFAULT_ROUTER_BASE_URL = 'https://openrouter.ai/api/v1'

/** The router's options of `createSimulator` (`router: { baseUrl }`). */
export interface RouterOptions {
  /** Default `https://openrouter.ai/api/v1`. */
  baseUrl?: string | undefined
}

/** The router's part of `describe()`. */
export interface RouterDiscovery {
  baseUrl: string
  workspaces: ReturnType<RouterService['workspaces']>
}

/** The router's registration, answering with `operations` (`handlers/router/`). */
export function routerDefinition<const Operations extends readonly RouterOperation[]>(
  operations: Operations,
) {
  return {
    name: 'router',
    defaultBaseUrl: DEFAULT_ROUTER_BASE_URL,
    inProcessPrefix: '/presets',
    serverPrefix: '/router',
    serverBaseUrl: (prefixUrl) => `${prefixUrl}/api/v1`,
    operations,
    scenarioSchema: routerScenarioSchema.default({ workspaces: [] }),
    snapshot: { schema: routerSnapshotSchema, check: checkRouterSnapshot },
    create: (context, options) => createRouterService(context, options, operations),
    discover: (router): RouterDiscovery => ({
      baseUrl: router.baseUrl,
      workspaces: router.workspaces(),
    }),
    urls: (router) => router.baseUrl,
    accounts: (view) =>
      view.workspaces.flatMap((workspace) =>
        workspace.keys.map(
          (key) =>
            `  router ${workspace.name}: ${key.key}  (${key.kind}${key.disabled ? ', disabled' : ''})`,
        ),
      ),
    inspect: inspectRouter,
    tenants: (inspected) =>
      inspected.workspaces.map((workspace) => [workspace.id, workspace.name] as const),
    server: {
      internalError: () => routerError(500, routerMessages.internal),
      badRequest: () => routerError(400, 'Bad Request'),
    },
  } as const satisfies ServiceDefinition<
    'router',
    RouterService,
    RouterOptions,
    RouterDiscovery,
    ReturnType<typeof inspectRouter>,
    Operations
  >
}

/** The router's part of the inspector's state: every workspace, its newest presets and their newest versions. */
function inspectRouter(router: RouterService) {
  return {
    baseUrl: router.baseUrl,
    workspaces: router.workspaces().map((workspace) => {
      const presets = router.presets(workspace.id)
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
