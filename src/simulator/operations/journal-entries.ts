/**
 * What a journal entry holds for each operation: the request body as the journal parses it and the response
 * body as the service answers it, so that reading an entry needs no cast. Discriminated by `service` and
 * `operation`; `JournalEntry<'getPreset'>` is the entry of one operation, `JournalEntry` any entry.
 *
 * The types say what the journal can hold, not only what a valid request holds: a request body is what the
 * client sent (the router's: any JSON, or its text when it is not JSON; the messaging service's: the form's
 * fields), and a response is the operation's success body, the service's error body, or `null` when nothing
 * came back (a network fault, a HEAD). Where less than the whole body was kept, `truncated`/`responseTruncated`
 * say so and the body is a text prefix.
 * @module
 */

import type { JournalEntryBase } from '../../engine/journal/entry.js'
import type { JournalInference } from '../../engine/journal/inference.js'
import type { DefinitionOf, ServiceName } from '../../services/registry.js'
import type { OperationId, OperationIdOf, ServiceOf } from './ids.js'

export type { JournalInference } from '../../engine/journal/inference.js'

/**
 * The inference operations: those of every service marked `inference` (the router's
 * `sendChatCompletionRequest`, `createMessages`, `createResponses`).
 */
export type InferenceOperationId = Extract<
  DefinitionOf<ServiceName>['operations'][number],
  { inference: true }
>['name']

/**
 * What an inference operation's entry says it applied: the preset and version, the effective request, the
 * model that answered, the script (`null` when the request got no answer of the model: refused before one
 * was chosen, or answered by a fault). Other operations' entries have no `inference`.
 */
type InferenceOf<O extends OperationId> = O extends InferenceOperationId
  ? { inference: JournalInference | null }
  : { inference?: undefined }

/** What one service's journal entries hold (its definition's `journalTypes`). */
type JournalTypesOf<S extends ServiceName> = NonNullable<DefinitionOf<S>['journalTypes']>

/** The intersection of a union's members. */
type Intersection<U> = (U extends unknown ? (part: U) => void : never) extends (
  part: infer I,
) => void
  ? I
  : never

/** Each operation's request body and success response, by operation id (every service's, together). */
export type OperationExchanges = Intersection<
  { [S in ServiceName]: JournalTypesOf<S>['exchanges'] }[ServiceName]
>

/** Each service's error body. */
type ServiceErrorBodies = { [S in ServiceName]: JournalTypesOf<S>['errorBody'] }

/** The request body: parsed (secrets redacted), or, with `truncated`, the text of the part kept. */
type JournalBody<Body> =
  | { body: Body; truncated?: undefined; bodySize?: undefined }
  | {
      /** The text of the part kept (secret-named fields redacted), `null` when nothing was kept. */
      body: string | null
      /** Set (to `true`) only when `body` is less than the whole request body. */
      truncated: true
      /** The request body's size in bytes. */
      bodySize: number
    }

/** The response body: parsed (JSON when it parses, otherwise the text), or, with `responseTruncated`, a prefix. */
type JournalResponse<Response> =
  | { response: Response; responseTruncated?: undefined; responseSize?: undefined }
  | {
      /** The first characters of the response. */
      response: string
      /** Set (to `true`) only when `response` is less than the whole response body. */
      responseTruncated: true
      /** The response body's size in UTF-8 bytes. */
      responseSize: number
    }

/** The entry of one operation. */
type OperationJournalEntry<O extends OperationId> = JournalEntryBase & {
  service: ServiceOf<O>
  /** The real API's operation id. */
  operation: O
} & JournalBody<OperationExchanges[O]['body']> &
  JournalResponse<OperationExchanges[O]['response'] | ServiceErrorBodies[ServiceOf<O>] | null> &
  InferenceOf<O>

/** The entry of a request that matched no operation of its service (an unknown path, a method not allowed). */
type UnmatchedJournalEntry<S extends ServiceName = ServiceName> = JournalEntryBase & {
  service: S
  operation: null
  inference?: undefined
} & JournalBody<unknown> &
  JournalResponse<unknown>

/**
 * A journal entry as read: parsed, with credentials and passwords redacted. `JournalEntry<'getPreset'>` is
 * an entry of that operation (its body and response typed); `JournalEntry` is any entry, `operation` null
 * when the request matched none.
 */
export type JournalEntry<O extends OperationId | null = OperationId | null> = O extends OperationId
  ? OperationJournalEntry<O>
  : UnmatchedJournalEntry

/** Any entry of one service: one of its operations, or none. */
export type ServiceJournalEntry<S extends ServiceName> =
  | JournalEntry<OperationIdOf<S>>
  | UnmatchedJournalEntry<S>
