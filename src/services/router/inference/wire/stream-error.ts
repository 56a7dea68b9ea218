/**
 * What every dialect's error event inside a stream adds for a model-availability error (a script's
 * `error.availability`): `availability`, after the event's own error fields (OpenRouter's changelog,
 * 2026-08-19: "streaming error chunks across all three API skins").
 * @module
 */
import { availabilityObject } from '../../availability.js'
import type { Answer, Turn } from '../reply.js'

/** `{ availability }` for an availability error, `{}` for any other answer. */
export function availabilityField(turn: Turn, answer: Answer) {
  if (answer.kind !== 'error' || answer.availability === undefined) return {}
  return {
    availability: availabilityObject(answer.availability, { requestedModels: [turn.model] }),
  }
}
