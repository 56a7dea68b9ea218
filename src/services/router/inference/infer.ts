/**
 * One inference request (chat completions, messages, responses), after the dispatcher's route and
 * credentials (401): the body (400, the same validation as the preset operations' skins), the preset
 * reference (400), the preset (404), then the answer: a script's or the default, as a JSON body or a stream.
 * The operations (`operation.ts`) take it from `source.ts`: in a browser it loads with the first inference.
 * @module
 */

import type { MaybeAsync, PlainResponse } from '../../../engine/core/http.js'
import type { InferenceMeta } from '../../../engine/core/inference-meta.js'
import type { OperationRequest } from '../../../engine/core/routes.js'
import { availabilityObject } from '../availability.js'
import { readJsonBody } from '../body.js'
import { catalogOf, costOf, type ModelCatalog } from '../catalog/catalog.js'
import type { ScenarioModel } from '../catalog/model.js'
import type { RouterCall } from '../context.js'
import {
  inMessagesShape,
  invalidParameters,
  routerError,
  routerFault,
  routerMessages,
  withUserId,
} from '../errors.js'
import { routerValidation } from '../validation/source.js'
import { endsWithToolResult, lastUserMessage, promptCharacters } from './conversation.js'
import {
  answeringModel,
  answeringProvider,
  appliedVersion,
  defaultAnswerText,
  type Endpoint,
  errorBeforeAnswer,
  generationId,
  PRESET_UNAVAILABLE_STATUS,
  usablePreset,
} from './inferred.js'
import { effectiveRequest } from './merge.js'
import { presetReference } from './reference.js'
import { DEFAULT_DELIVERY, type Reply, type Turn, usageOf } from './reply.js'
import { chatCompletion, chatStream } from './wire/chat.js'
import { messagesAnswer, messagesStream } from './wire/messages.js'
import { responsesAnswer, responsesStream } from './wire/responses.js'

const WIRES: Record<
  Endpoint,
  { answer(turn: Turn): PlainResponse; stream(turn: Turn): PlainResponse }
> = {
  chat: { answer: chatCompletion, stream: chatStream },
  messages: { answer: messagesAnswer, stream: messagesStream },
  responses: { answer: responsesAnswer, stream: responsesStream },
}

/** Answers an inference request in its dialect; errors in the dialect's envelope. */
export function infer(
  call: RouterCall,
  endpoint: Endpoint,
  request: OperationRequest,
): MaybeAsync<PlainResponse> {
  // A pattern given where re2js loads only asynchronously (a browser) compiles once it has loaded.
  if (call.scripts.pending()) return call.scripts.ready().then(() => infer(call, endpoint, request))
  const response = answer(call, endpoint, request)
  return endpoint === 'messages'
    ? inMessagesShape(response)
    : withUserId(response, call.principal.key.userId)
}

function answer(call: RouterCall, endpoint: Endpoint, request: OperationRequest): PlainResponse {
  const body = readJsonBody(request)
  if ('issue' in body) return invalidParameters([body.issue])
  const checked = routerValidation.get().extractPreset(endpoint, body.value)
  if (!checked.ok) return invalidParameters(checked.issues)
  const sent = body.value as Record<string, unknown>
  const named = presetReference(endpoint, sent)
  if ('issues' in named) return invalidParameters(named.issues)
  const { reference } = named

  let applied: InferenceMeta['preset'] = null
  let version: ReturnType<typeof appliedVersion>
  if (reference) {
    const preset = usablePreset(call.store, call.principal.workspace.id, reference.slug)
    version = preset ? appliedVersion(call.store, preset) : undefined
    if (!preset || !version)
      return routerError(PRESET_UNAVAILABLE_STATUS, routerMessages.presetNotFound)
    applied = {
      slug: reference.slug,
      form: reference.form,
      id: preset.id,
      version: version.version,
      versionId: version.id,
    }
  }
  const effective = effectiveRequest(endpoint, sent, reference, version)
  const model = answeringModel(effective)
  const catalog = catalogOf(call.models)
  const refused = unknownModel(catalog, model, effective)
  if (refused) return refused
  const listed = catalog.find(model)
  const scripted = call.scripts.choose({
    endpoint,
    preset: reference?.slug ?? null,
    model,
    lastUserMessage: lastUserMessage(endpoint, effective),
    hasToolResult: endsWithToolResult(endpoint, effective),
  })
  const reply: Reply = scripted?.reply ?? {
    answer: { kind: 'text', text: defaultAnswerText(model) },
    delivery: DEFAULT_DELIVERY,
    overrides: {},
  }
  const stream = effective.stream === true
  const ids = call.ids()
  const now = call.clock.now()
  const turn: Turn = {
    endpoint,
    id: generationId(now, (length) => ids.alphanumeric(length)),
    created: Math.floor(now / 1000),
    model: reply.overrides.model ?? model,
    provider:
      reply.overrides.provider ??
      answeringProvider(effective, listed ? catalog.providerOf(listed) : '', catalog.providerName),
    reply,
    usage: usageOf(promptCharacters(endpoint, effective), reply, (prompt, completion) =>
      costOf(listed, prompt, completion),
    ),
    effective,
    draw: (length) => ids.alphanumeric(length),
  }
  call.meta.inference = {
    endpoint,
    requestedModel: typeof sent.model === 'string' ? sent.model : null,
    preset: applied,
    effectiveRequest: effective,
    model: turn.model,
    provider: turn.provider,
    stream,
    generationId: turn.id,
    script: scripted ? { id: scripted.id, name: scripted.name, answer: scripted.answer } : null,
  }
  const { answer } = reply
  // An error before the stream (or of a request that does not stream): the status, in the router's body.
  if (answer.kind === 'error' && errorBeforeAnswer(answer.afterChunks, stream))
    return routerFault(answer.status, {
      message: answer.message,
      now,
      availability: answer.availability,
      model: turn.model,
    })
  return stream ? WIRES[endpoint].stream(turn) : WIRES[endpoint].answer(turn)
}

/** Where an unknown model's 400 tells a test to add it (docs/scenarios.md). */
const ADD_MODEL_HINT =
  "Understudy: this model is in neither OpenRouter's model list nor the scenario's router.models; add it there to use it (docs/scenarios.md)"

/**
 * 400 `<id> is not a valid model ID` (`availability.code` `model_not_found`) for the first model the request
 * names (`model`, then `models`) that the catalog does not have; `undefined` when it has them all. The
 * message is the real service's; what to do in Understudy is in `error.metadata.understudy`.
 */
function unknownModel(
  catalog: ModelCatalog,
  model: string,
  effective: Readonly<Record<string, unknown>>,
): PlainResponse | undefined {
  // A set: a `models` list of a million ids is looked through once (a list's `includes` made it quadratic).
  const named = new Set([model])
  if (Array.isArray(effective.models)) {
    for (const other of effective.models) if (typeof other === 'string') named.add(other)
  }
  const requested = [...named]
  const missing = requested.find((id) => catalog.find(id) === undefined)
  if (missing === undefined) return undefined
  return routerError(400, `${missing} is not a valid model ID`, {
    metadata: { understudy: ADD_MODEL_HINT },
    availability: availabilityObject('model_not_found', { requestedModels: requested }),
  })
}

/** `GET /models`: the catalog of a scenario adding `models`. */
export function getModels(models: readonly ScenarioModel[]): PlainResponse {
  return {
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: catalogOf(models).listText(),
  }
}
