/**
 * The models a recording's inference requests name that the router's default catalog (OpenRouter's list as
 * of its snapshot) does not have: the real service answered them, so they are real (newer than the snapshot,
 * or removed since); the set-up adds them to the scenario's `router.models`, so a replay is not refused
 * with 400 `not a valid model ID` where the recording was answered.
 * @module
 */

import { asObject, type PlannedExchange, succeeded } from '../../../engine/core/verify-part.js'
import { catalogOf } from '../catalog/catalog.js'
import type { RouterScenarioInput } from '../scenario-schema.js'

const INFERENCE_PATH = /^\/(?:chat\/completions|messages|responses)\/?$/
/** A model id a scenario may add (src/services/router/scenario-schema-models.ts). */
const MODEL_ID = /^[A-Za-z0-9_~][A-Za-z0-9._~:/-]{0,127}$/
const MAX_MODELS = 1000

/** The ids a model field names: `model` (without a `@preset/…` part) and `models`. */
function namedModels(body: Record<string, unknown> | undefined): string[] {
  const named: string[] = []
  const model = body?.model
  if (typeof model === 'string' && !model.startsWith('@preset/')) {
    const at = model.indexOf('@preset/')
    named.push(at < 0 ? model : model.slice(0, at))
  }
  if (Array.isArray(body?.models))
    for (const other of body.models) if (typeof other === 'string') named.push(other)
  return named
}

/** The recorded, answered models the default catalog lacks, as `router.models` entries. */
export function recordedModels(
  plans: readonly PlannedExchange[],
): NonNullable<RouterScenarioInput['models']> {
  const catalog = catalogOf([])
  const ids = new Set<string>()
  for (const plan of plans) {
    if (!succeeded(plan) || !INFERENCE_PATH.test(plan.located?.path ?? '')) continue
    let sent: unknown
    try {
      sent = JSON.parse(plan.exchange.requestBody ?? '')
    } catch {
      continue
    }
    const answered = asObject(plan.json)?.model
    const named = [
      ...namedModels(asObject(sent)),
      ...(typeof answered === 'string' ? [answered] : []),
    ]
    for (const id of named) {
      if (ids.size >= MAX_MODELS) break
      if (MODEL_ID.test(id) && catalog.find(id) === undefined) ids.add(id)
    }
  }
  return [...ids].map((id) => ({ id }))
}
