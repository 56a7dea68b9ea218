/** `POST /responses`: an OpenAI Responses-style response, a preset applied when `model` names one. */
import { inferenceOperation } from '../../src/services/router/inference/operation.js'

export const createResponses = inferenceOperation('createResponses', 'responses', '/responses')
