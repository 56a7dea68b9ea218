/**
 * The router's control routes, below `/__understudy/router/` on the standalone server (its registration's
 * `control`; `engine/core/control-route.ts`): the scripted answers a test adds, lists and takes away, as
 * `simulator.router.script()`, `scripts()`, `removeScript()` and `clearScripts()` do in process.
 * @module
 */

import { type ControlRoute, controlRoute, emptyBody } from '../../engine/core/control-route.js'
import { loadLinearPatterns } from '../../engine/core/linear-pattern.js'
import { routerScriptSchema } from './scenario-schema.js'
import type { RouterService } from './service.js'

/**
 * A script in a scenario's shape (JSON: patterns as `{ "pattern": "…" }` in RE2 syntax, compiled by a
 * linear-time engine); its size and the scripts' count are bounded where scripts are added
 * (`inference/scripts.ts`).
 */
const scriptBody = routerScriptSchema

export const routerControlRoutes: readonly ControlRoute<RouterService>[] = [
  controlRoute({
    method: 'GET',
    path: 'scripts',
    description:
      "the router's scripted answers (the test's, then the scenario's), with their calls",
    run: (router: RouterService) => ({ json: router.scripts() }),
  }),
  controlRoute({
    method: 'POST',
    path: 'scripts',
    input: { body: scriptBody, action: 'add a script' },
    load: loadLinearPatterns,
    description: "add a script (a scenario's shape: `match`, `response`); answers `{id, name}`",
    run: (router: RouterService, { input }) => {
      const { id, name } = router.script(input)
      return { json: { id, name }, status: 201 }
    },
  }),
  controlRoute({
    method: 'DELETE',
    path: 'scripts',
    input: { body: emptyBody, action: 'remove the scripts' },
    description: 'remove every script a test added; answers the list left',
    run: (router: RouterService) => {
      router.clearScripts()
      return { json: router.scripts() }
    },
  }),
  controlRoute({
    method: 'DELETE',
    path: 'scripts/{id}',
    params: { id: /^[0-9]{1,15}$/ },
    input: { body: emptyBody, action: 'remove the script' },
    description: 'remove a script a test added (404 for another id); answers the list left',
    run: (router: RouterService, { params, link }) => {
      const id = Number(params.id)
      if (!router.removeScript(id)) {
        return {
          refused: 404,
          message: `No script ${id} added to remove (a scenario's scripts stay until a reset or another scenario). See ${link('GET', 'scripts')}.`,
        }
      }
      return { json: router.scripts() }
    },
  }),
]
