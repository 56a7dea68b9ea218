/**
 * Creating a preset, or a new version of one, from an inference body: the behaviour of the three create
 * operations (`create-preset-from-chat.ts`, `-messages.ts`, `-responses.ts`), which differ only in the
 * body's skin.
 * @module
 */
import { jsonResponse, type PlainResponse } from '../../src/engine/core/http.js'
import type { OperationRequest } from '../../src/engine/core/routes.js'
import { authorizeWrite } from '../../src/services/router/auth.js'
import { readJsonBody } from '../../src/services/router/body.js'
import { postOperation, type RouterCall } from '../../src/services/router/context.js'
import { invalidParameters, routerError, routerMessages } from '../../src/services/router/errors.js'
import { slugIssue } from '../../src/services/router/params.js'
import { presetWithVersionToWire } from '../../src/services/router/serialize.js'
import type { Skin } from '../../src/services/router/validation/index.js'
import { routerValidation } from '../../src/services/router/validation/source.js'

/**
 * Checks, in order (after the dispatcher's credentials, 401): write permission (403), slug (400), body
 * (400), an archived preset (404); then stores the next version under a per-slug lock and answers
 * `{ data: preset }`.
 */
function createPreset(
  call: RouterCall,
  skin: Skin,
  request: OperationRequest,
): PlainResponse | Promise<PlainResponse> {
  const { principal } = call
  const forbidden = authorizeWrite(principal)
  if (forbidden) return forbidden

  const slug = request.params.slug ?? ''
  const badSlug = slugIssue(slug)
  if (badSlug) return invalidParameters([badSlug])

  const body = readJsonBody(request)
  if ('issue' in body) return invalidParameters([body.issue])
  const extracted = routerValidation.get().extractPreset(skin, body.value)
  if (!extracted.ok) return invalidParameters(extracted.issues)

  const { store, clock, lock } = call
  const workspace = principal.workspace
  return lock.run(`${workspace.id}\u0000${slug}`, () => {
    const existing = store.preset(workspace.id, slug)
    if (existing?.status === 'archived') return routerError(404, routerMessages.presetNotFound)
    const { preset, version } = store.addVersion(
      {
        workspace,
        slug,
        config: extracted.config,
        systemPrompt: extracted.systemPrompt,
        creatorUserId: principal.key.userId,
      },
      clock.iso(),
      existing ?? null,
    )
    return jsonResponse(200, { data: presetWithVersionToWire(preset, version) })
  })
}

/** Defines one of the three create operations (its `name` typed as the literal given). */
export function createPresetOperation<Name extends string>(name: Name, skin: Skin, path: string) {
  return postOperation(name, path, (call, request) => createPreset(call, skin, request))
}
