/** `GET /models`: the scenario's model catalog, as the real (public, keyless) endpoint lists it. */
import type { RouterOperation, RouterPublicCall } from '../../src/services/router/context.js'
import { routerInference } from '../../src/services/router/inference/source.js'

export const getModels = {
  name: 'getModels' as const,
  method: 'GET',
  path: '/models',
  public: true as const,
  handle: (call: RouterPublicCall) => routerInference.get().getModels(call.models),
} satisfies RouterOperation
