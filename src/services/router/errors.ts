/**
 * The router's error bodies: `{ error: { message, code, metadata? }, user_id? }`, `code` an integer equal to
 * the status, `message` first and `user_id` (the key owner's) on an authenticated inference failure, as
 * recorded from the real service (test/recordings/openrouter/errors.json, docs/router-inference.md §13).
 * Every error the router answers is built here, from this table.
 * @module
 */
import { jsonResponse, type PlainResponse } from '../../engine/core/http.js'
import {
  type Availability,
  type AvailabilityCode,
  availabilityMessage,
  availabilityObject,
} from './availability.js'
import { formatIssues, type ValidationIssue } from './validation/issues.js'

/** The router's error messages, one per condition. */
export const routerMessages = {
  missingCredentials: 'No cookie auth credentials found',
  unknownKey: 'User not found.',
  managementOnly: 'Only management keys can perform this operation',
  presetNotFound: 'Preset not found',
  versionNotFound: 'Preset version not found',
  notFound: 'Not Found',
  conflict: 'Resource conflict. Please try again later.',
  internal: 'Internal Server Error',
} as const

/** The message of an injected error status, as the real API words it where it documents one. */
const faultMessages: Record<number, string> = {
  400: 'Invalid request parameters',
  401: 'Missing Authentication header',
  402: 'Insufficient credits',
  403: routerMessages.managementOnly,
  404: 'Resource not found',
  408: 'Request timeout',
  409: routerMessages.conflict,
  413: 'Payload too large',
  422: 'Unprocessable entity',
  429: 'Rate limit exceeded',
  500: routerMessages.internal,
  502: 'Bad gateway',
  503: 'Service unavailable',
  504: 'Gateway timeout',
}

/**
 * The `retry-after-ms` of an injected router 5xx whose fault gives no `retryAfter`. `@openrouter/sdk` sleeps
 * exactly this long before it retries a 5xx (its own backoff, used when the header is absent or 0, waits
 * up to 1 s before the first retry and 0.5 s × n^1.5 more after), so a test that injects a few 5xx stays fast.
 */
const DEFAULT_RETRY_AFTER_MS = 10

/**
 * The router's answer to an injected status. 429 and 503 carry `Retry-After` (the fault's `retryAfter` in
 * seconds, default 1, rounded up to whole seconds: HTTP's delta-seconds has no fraction); every 5xx, and a
 * 429 whose `retryAfter` has a fraction, carries `retry-after-ms` (the fault's `retryAfter` in ms, default
 * `DEFAULT_RETRY_AFTER_MS`), which the real SDK waits in preference, so its retries stay fast.
 */
export function routerFault(
  status: number,
  options: {
    message?: string | undefined
    retryAfter?: number | undefined
    /** A model-availability error: its code, and the model the request named. */
    availability?: AvailabilityCode | undefined
    model?: string | undefined
    /** The clock's time (ms): a 429's `X-RateLimit-Reset` is the start of the next minute after it. */
    now?: number | undefined
  } = {},
) {
  const { retryAfter } = options
  const headers: Record<string, string> = {}
  if (status === 429 || status === 503) headers['retry-after'] = String(Math.ceil(retryAfter ?? 1))
  if (status >= 500 || (retryAfter !== undefined && !Number.isInteger(retryAfter))) {
    headers['retry-after-ms'] = String(
      retryAfter === undefined ? DEFAULT_RETRY_AFTER_MS : Math.round(retryAfter * 1000),
    )
  }
  const { availability, model = '' } = options
  if (availability !== undefined) {
    const retry = Math.ceil(retryAfter ?? 1)
    const named = model === '' ? 'the requested model' : model
    return routerError(status, options.message ?? availabilityMessage(availability, named, retry), {
      headers,
      availability: availabilityObject(availability, {
        requestedModels: model === '' ? [] : [model],
        retryAfter: retry,
      }),
    })
  }
  const metadata = status === 429 ? rateLimitMetadata(options.now ?? 0) : undefined
  return routerError(status, options.message ?? faultMessages[status] ?? `Error ${status}`, {
    headers,
    ...(metadata && { metadata }),
  })
}

/** Requests a minute the simulated rate limit allows (the real free-models-per-min limit, as recorded). */
const RATE_LIMIT_PER_MINUTE = 20

/**
 * A 429's `error.metadata`: the limit's headers as strings, the reset in epoch ms at the next whole minute,
 * and `provider_name: null` (the router's own limit), as recorded (errors.json, `rate-limited`).
 */
function rateLimitMetadata(now: number) {
  const reset = (Math.floor(now / 60_000) + 1) * 60_000
  return {
    headers: {
      'X-RateLimit-Limit': String(RATE_LIMIT_PER_MINUTE),
      'X-RateLimit-Remaining': '0',
      'X-RateLimit-Reset': String(reset),
    },
    provider_name: null,
  }
}

/** One failing field: its path and why. */
export type RouterIssue = ValidationIssue

/** What built each error response `routerError` built (to answer it in another shape, or with a user id). */
interface BuiltError {
  message: string
  metadata: Record<string, unknown> | undefined
  headers: Record<string, string> | undefined
  availability: Availability | undefined
}
const builtErrors = new WeakMap<PlainResponse, BuiltError>()

type ErrorOptions = {
  metadata?: Record<string, unknown> | undefined
  headers?: Record<string, string> | undefined
  /** The key owner's user id: a top-level `user_id` after `error`. */
  userId?: string | undefined
  /** A model-availability error's `error.availability` (./availability.ts). */
  availability?: Availability | undefined
}

/**
 * An error response in the router's shape. A model-availability error (`availability`, ./availability.ts)
 * also carries `error_type`, `http_status` and `availability`, after the other fields.
 */
export function routerError(
  status: number,
  message: string,
  options: ErrorOptions = {},
): PlainResponse {
  const { metadata, headers, userId, availability } = options
  const error = {
    message,
    code: status,
    ...(metadata !== undefined && { metadata }),
    ...(availability !== undefined && {
      error_type: errorTypeOf(status),
      http_status: status,
      availability,
    }),
  }
  const body = userId === undefined ? { error } : { error, user_id: userId }
  const response = jsonResponse(status, body, { headers })
  builtErrors.set(response, { message, metadata, headers, availability })
  return response
}

/**
 * An error `routerError` built, again with the top-level `user_id` of the key that made the request (every
 * authenticated inference failure carries it; a 401 has no user to name); any other response as it is.
 */
export function withUserId(response: PlainResponse, userId: string): PlainResponse {
  const built = builtErrors.get(response)
  if (built === undefined || response.status === 401) return response
  return routerError(response.status, built.message, { ...built, userId })
}

/**
 * The router's stable `error_type` for a status: `error.metadata.error_type` of an error inside a stream,
 * `error.error_type` of the messages dialect's errors (docs/router-inference.md §13).
 */
export function errorTypeOf(status: number): string {
  return ERROR_TYPES[status] ?? (status >= 500 ? 'server' : 'invalid_request')
}

const ERROR_TYPES: Readonly<Record<number, string>> = {
  400: 'invalid_request',
  401: 'authentication',
  402: 'payment_required',
  403: 'permission_denied',
  404: 'not_found',
  408: 'timeout',
  413: 'payload_too_large',
  422: 'unprocessable',
  429: 'rate_limit_exceeded',
  500: 'server',
  502: 'provider_unavailable',
  503: 'provider_unavailable',
  504: 'timeout',
  529: 'provider_overloaded',
}

/** Anthropic's error types by status, for the messages dialect's errors. */
const ANTHROPIC_TYPES: Readonly<Record<number, string>> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  402: 'billing_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  504: 'timeout_error',
  529: 'overloaded_error',
}

/** Anthropic's error type of a status (`authentication_error`, `rate_limit_error`, …). */
export function anthropicErrorType(status: number): string {
  return ANTHROPIC_TYPES[status] ?? (status >= 500 ? 'api_error' : 'invalid_request_error')
}

/**
 * The messages dialect's (Anthropic's) error body `{type: 'error', error: {type, message, error_type
 * [, availability]}, request_id: null}`, with the status and headers of `response`, an error `routerError` built; any other
 * response as it is.
 */
export function inMessagesShape(response: PlainResponse): PlainResponse {
  const built = builtErrors.get(response)
  if (built === undefined) return response
  const { status } = response
  const { message, availability } = built
  const error = { type: anthropicErrorType(status), message, error_type: errorTypeOf(status) }
  const body = {
    type: 'error',
    error: availability === undefined ? error : { ...error, availability },
    request_id: null,
  }
  const headers: Record<string, string> = {}
  for (const name in response.headers)
    if (name !== 'content-type') headers[name] = response.headers[name] as string
  return jsonResponse(status, body, { headers })
}

/** A 400 naming every failing field path, with the list in `error.metadata.issues`. */
export function invalidParameters(issues: RouterIssue[]): PlainResponse {
  return routerError(400, formatIssues(issues), { metadata: { issues } })
}
