/** `POST /chat/completions`: a chat completion, a preset applied when the request names one. */
import { inferenceOperation } from '../../src/services/router/inference/operation.js'

export const sendChatCompletionRequest = inferenceOperation(
  'sendChatCompletionRequest',
  'chat',
  '/chat/completions',
)
