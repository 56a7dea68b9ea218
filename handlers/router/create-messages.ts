/** `POST /messages`: an Anthropic-style message, a preset applied when `model` names one. */
import { inferenceOperation } from '../../src/services/router/inference/operation.js'

export const createMessages = inferenceOperation('createMessages', 'messages', '/messages')
