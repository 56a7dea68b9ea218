/**
 * The three inference operations' definition (`handlers/router/`): their answer (`infer.ts`) comes from
 * `source.ts`, so in a browser the inference code loads with the first inference request, not with the page
 * (the dispatcher waits for it: `dispatch.ts`).
 * @module
 */
import { postOperation } from '../context.js'
import type { Endpoint } from './inferred.js'
import { routerInference } from './source.js'

/** Defines one of the three inference operations (its `name` typed as the literal given). */
export function inferenceOperation<Name extends string>(
  name: Name,
  endpoint: Endpoint,
  path: string,
) {
  const operation = postOperation(
    name,
    path,
    (call, request) => routerInference.get().infer(call, endpoint, request),
    endpoint === 'messages' ? 'messages' : undefined,
  )
  return { ...operation, inference: true as const }
}
