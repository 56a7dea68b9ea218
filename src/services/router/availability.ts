/**
 * Model-availability errors (OpenRouter, since 2026-08-19): the additive `error.availability` object, with
 * `error.error_type` and `error.http_status`, on every skin's error body and stream error event. The codes,
 * the status each comes with and whether it is retryable are those of the real service's "errors and
 * debugging" page (docs/router-inference.md §17; evidence in test/recordings/openrouter/PROVENANCE.md).
 * @module
 */

import type { FaultFieldRule } from '../../engine/core/service.js'

/** Each code's status and whether a retry may succeed. */
const CODES = {
  model_not_found: { status: 400, retryable: false },
  wrong_endpoint: { status: 400, retryable: false },
  no_endpoints: { status: 404, retryable: false },
  model_deprecated: { status: 404, retryable: false },
  model_unavailable_upstream: { status: 404, retryable: false },
  region_restricted: { status: 403, retryable: false },
  privacy_restricted: { status: 404, retryable: false },
  constraint_filtered: { status: 404, retryable: false },
  free_variant_ended: { status: 404, retryable: false },
  capacity_exhausted: { status: 429, retryable: true },
  temporarily_unavailable: { status: 503, retryable: true },
} as const

/** One of the 11 availability codes. */
export type AvailabilityCode = keyof typeof CODES

/** The 11 codes, in the order the changelog lists them. */
export const AVAILABILITY_CODES = Object.keys(CODES) as readonly AvailabilityCode[]

/** The status an availability code comes with. */
export function availabilityStatus(code: AvailabilityCode): number {
  return CODES[code].status
}

/**
 * The rule of a fault's `availability` (`error.availability.code`): the router's alone, one of the 11 codes,
 * with the status that code comes with.
 */
export const availabilityFaultRule: FaultFieldRule = {
  elsewhere: 'only the router answers model-availability errors',
  problem(availability, fault) {
    const code = AVAILABILITY_CODES.find((known) => known === availability)
    if (code === undefined) return `must be one of: ${AVAILABILITY_CODES.join(', ')}`
    if (fault.status !== availabilityStatus(code))
      return `comes with status ${availabilityStatus(code)}: give that status`
    return undefined
  },
}

/** What an availability error says beyond its code (fields left out are not sent). */
export interface AvailabilityDetails {
  requestedModels: readonly string[]
  /** Seconds; retryable codes only (default: absent). */
  retryAfter?: number | undefined
  affectedProviders?: readonly string[] | undefined
  excludedBy?: readonly string[] | undefined
  fallbackModels?: readonly string[] | undefined
  constraint?: { field: string; detail: string } | undefined
}

/** `error.availability`: its keys in the order the changelog lists them; empty optional fields left out. */
export function availabilityObject(code: AvailabilityCode, details: AvailabilityDetails) {
  const { retryable } = CODES[code]
  return {
    code,
    retryable,
    ...(retryable && details.retryAfter !== undefined && { retry_after: details.retryAfter }),
    requested_models: [...details.requestedModels],
    ...(details.affectedProviders?.length && {
      affected_providers: [...details.affectedProviders],
    }),
    ...(details.excludedBy?.length && { excluded_by: [...details.excludedBy] }),
    ...(details.fallbackModels?.length && { fallback_models: [...details.fallbackModels] }),
    ...(details.constraint && { constraint: { ...details.constraint } }),
    docs_url: `https://openrouter.ai/docs/errors#${code}`,
  }
}

/** `error.availability` as sent. */
export type Availability = ReturnType<typeof availabilityObject>

/**
 * The message of an availability error a fault or a script produces without one. `model_not_found` and
 * `capacity_exhausted` are worded as the real service words them (recorded; documented); the others are
 * the simulator's own wording of the code's description.
 */
export function availabilityMessage(code: AvailabilityCode, model: string, retryAfter?: number) {
  switch (code) {
    case 'model_not_found':
      return `${model} is not a valid model ID`
    case 'capacity_exhausted':
      return `All providers for ${model} are at capacity. Retry after ${retryAfter ?? 1} seconds.`
    case 'wrong_endpoint':
      return `${model} is not available on this endpoint`
    case 'no_endpoints':
      return `No endpoints found for ${model}.`
    case 'model_deprecated':
      return `${model} has been deprecated`
    case 'model_unavailable_upstream':
      return `${model} is no longer available from its providers`
    case 'region_restricted':
      return `${model} is not available in your region`
    case 'privacy_restricted':
      return `No endpoints for ${model} match your data policy`
    case 'constraint_filtered':
      return `No endpoints for ${model} match your provider preferences`
    case 'free_variant_ended':
      return `The free variant ${model} is no longer available`
    case 'temporarily_unavailable':
      return `${model} is temporarily unavailable. Retry after ${retryAfter ?? 1} seconds.`
  }
}
