/**
 * The router as the simulator registers it (`src/services/registry.ts`): its URLs in process and on the standalone
 * server, its scenario and snapshot parts, and how discovery, the banner and the inspector show it.
 * @module
 */

import { journalTypes, type ServiceDefinition } from '../../engine/core/service.js'
import * as z from '../../engine/core/zod.js'
import { availabilityFaultRule } from './availability.js'
import type { RouterOperation } from './context.js'
import { routerControlRoutes } from './control.js'
import { routerError, routerMessages } from './errors.js'
import type { inspectRouter } from './inspect.js'
import type { RouterErrorBody, RouterExchanges } from './journal-types.js'
import { routerMatchers } from './matchers.js'
import { routerScenarioSchema } from './scenario-schema.js'
import { createRouterService, type RouterService } from './service.js'
import { checkRouterSnapshot, routerSnapshotSchema } from './snapshot.js'
import { verifyPart } from './verify/source.js'

/** The router's default base URL, as the real SDK calls it. */
export const DEFAULT_ROUTER_BASE_URL = 'https://openrouter.ai/api/v1'

/** The inference paths the router answers in process besides `/presets…` (each exactly). */
const INFERENCE_PATHS = ['/chat/completions', '/messages', '/responses', '/models'] as const

/** The router's options of `createSimulator` (`router: { baseUrl }`). */
export interface RouterOptions {
  /** Default `https://openrouter.ai/api/v1`. */
  baseUrl?: string | undefined
}

/** The router's part of `describe()`. */
export interface RouterDiscovery {
  baseUrl: string
  workspaces: ReturnType<RouterService['workspaces']>
  /** The scripted answers to inference requests: a test's, then the scenario's. */
  scripts: ReturnType<RouterService['scripts']>
}

/** The router's registration, answering with `operations` (`handlers/router/`). */
export function routerDefinition<const Operations extends readonly RouterOperation[]>(
  operations: Operations,
) {
  return {
    name: 'router',
    defaultBaseUrl: DEFAULT_ROUTER_BASE_URL,
    inProcessPrefix: '/presets',
    inProcessPaths: INFERENCE_PATHS,
    serverPrefix: '/router',
    serverBaseUrl: (prefixUrl) => `${prefixUrl}/api/v1`,
    operations,
    scenarioSchema: z._default(routerScenarioSchema, { workspaces: [], scripts: [], models: [] }),
    snapshot: { schema: routerSnapshotSchema, check: checkRouterSnapshot },
    journalTypes: journalTypes<RouterExchanges, RouterErrorBody>(),
    faultFields: { availability: availabilityFaultRule },
    create: (context, options) =>
      createRouterService(context, { ...options, inProcessPaths: INFERENCE_PATHS }, operations),
    discover: (router): RouterDiscovery => ({
      baseUrl: router.baseUrl,
      workspaces: router.workspaces(),
      scripts: router.scripts(),
    }),
    urls: (router) => router.baseUrl,
    accounts: (view) =>
      view.workspaces.flatMap((workspace) =>
        workspace.keys.map(
          (key) =>
            `  router ${workspace.name}: ${key.key}  (${key.kind}${key.disabled ? ', disabled' : ''})`,
        ),
      ),
    tenants: (inspected) =>
      inspected.workspaces.map((workspace) => [workspace.id, workspace.name] as const),
    inspector: {
      sections: [
        { id: 'presets', title: 'Router presets' },
        { id: 'scripts', title: 'Router scripts' },
      ],
      script: () =>
        import('./inspector-panel.generated.js').then((module) => module.INSPECTOR_PANEL_SCRIPT),
    },
    server: {
      internalError: () => routerError(500, routerMessages.internal),
      badRequest: () => routerError(400, 'Bad Request'),
    },
    // Its part of `verify`: static in Node, a chunk of its own in a browser (`verify/source.ts`).
    verify: verifyPart,
    control: routerControlRoutes,
    matchers: routerMatchers,
  } as const satisfies ServiceDefinition<
    'router',
    RouterService,
    RouterOptions,
    RouterDiscovery,
    ReturnType<typeof inspectRouter>,
    Operations
  >
}
