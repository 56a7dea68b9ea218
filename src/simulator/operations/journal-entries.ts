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
import type {
  presetToWire,
  presetWithVersionToWire,
  versionToWire,
} from '../../services/router/serialize.js'
import type { OperationId, OperationIdOf, ServiceOf } from './ids.js'

export type { JournalInference } from '../../engine/journal/inference.js'

/** The router's inference operations (`sendChatCompletionRequest`, `createMessages`, `createResponses`). */
export type InferenceOperationId = Extract<
  DefinitionOf<'router'>['operations'][number],
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

/** A JSON value. */
export type JsonValue =
  | string
  | number
  | boolean
  | null
  | JsonValue[]
  | { [key: string]: JsonValue }

/** A router preset as the API lists it. */
export type RouterPreset = ReturnType<typeof presetToWire>
/** A router preset version. */
export type RouterPresetVersion = ReturnType<typeof versionToWire>
/** A router preset with its designated version inline. */
export type RouterPresetWithVersion = ReturnType<typeof presetWithVersionToWire>

/** The router's error body: `code` is the status. */
export interface RouterErrorBody {
  error: { code: number; message: string; metadata?: Record<string, unknown> }
}

/** A router request body: the JSON the client sent (its text when it is not JSON; `null` when empty). */
type RouterRequestBody = JsonValue

/** A page of a router list. */
interface RouterPage<T> {
  data: T[]
  total_count: number
}

/** Each router operation's request body and success response. */
interface RouterExchanges {
  createPresetsChatCompletions: {
    body: RouterRequestBody
    response: { data: RouterPresetWithVersion }
  }
  createPresetsMessages: { body: RouterRequestBody; response: { data: RouterPresetWithVersion } }
  createPresetsResponses: { body: RouterRequestBody; response: { data: RouterPresetWithVersion } }
  listPresets: { body: RouterRequestBody; response: RouterPage<RouterPreset> }
  getPreset: { body: RouterRequestBody; response: { data: RouterPresetWithVersion } }
  listPresetVersions: { body: RouterRequestBody; response: RouterPage<RouterPresetVersion> }
  getPresetVersion: { body: RouterRequestBody; response: { data: RouterPresetVersion } }
  /** A completion as JSON, or (streamed) the event stream's text. */
  sendChatCompletionRequest: { body: RouterRequestBody; response: JsonValue }
  createMessages: { body: RouterRequestBody; response: JsonValue }
  createResponses: { body: RouterRequestBody; response: JsonValue }
  /** The model catalog (`{ data, total_count, links }`). */
  getModels: { body: RouterRequestBody; response: JsonValue }
}

/** A messaging request body: the form's fields (the last of a repeated name), `null` when none or refused. */
type MessagingRequestBody = Record<string, string> | null

/** The messaging service's error body (`code` absent on a 500; other fields, e.g. `var_name`, by error). */
export interface MessagingErrorBody {
  result: 'error'
  msg: string
  code?: string
  [field: string]: unknown
}

/** A messaging success body: `result`, `msg`, the data, and the parameters it ignored (when any). */
type MessagingSuccess<Data> = {
  result: 'success'
  msg: string
  ignored_parameters_unsupported?: string[]
} & Data

/** A messaging user object (`format_user_row`); optional fields depend on the feature level and the account. */
export interface MessagingUser {
  email: string
  user_id: number
  avatar_version: number
  is_admin: boolean
  is_owner: boolean
  is_guest: boolean
  is_billing_admin?: boolean
  /** 100 owner, 200 administrator, 300 moderator, 400 member, 600 guest. */
  role: number
  is_bot: boolean
  full_name: string
  timezone: string
  is_active: boolean
  date_joined: string
  /** `null` where the reader may not see the address (e-mail visibility). */
  delivery_email: string | null
  is_imported_stub?: boolean
  avatar_url: string | null
  bot_type?: number
  is_system_bot?: boolean
  bot_owner_id?: number | null
  profile_data?: Record<string, unknown>
}

/** A direct message object (`MessageDict`). */
export interface MessagingMessage {
  id: number
  sender_id: number
  content: string
  recipient_id: number
  timestamp: number
  client: string
  subject: string
  topic_links: unknown[]
  is_me_message: boolean
  reactions: unknown[]
  submessages: unknown[]
  flags: string[]
  sender_full_name: string
  sender_email: string
  sender_realm_str: string
  display_recipient: Array<{
    id: number
    email: string
    full_name: string
    is_mirror_dummy: boolean
  }>
  type: 'private'
  avatar_url: string | null
  content_type: string
}

/** Each messaging operation's request body and success response. */
interface MessagingExchanges {
  'get-users': {
    body: MessagingRequestBody
    response: MessagingSuccess<{ members: MessagingUser[] }>
  }
  /** `user_id` from feature level 30. */
  'create-user': { body: MessagingRequestBody; response: MessagingSuccess<{ user_id?: number }> }
  'get-own-user': {
    body: MessagingRequestBody
    response: MessagingSuccess<MessagingUser & { max_message_id: number }>
  }
  'get-user': { body: MessagingRequestBody; response: MessagingSuccess<{ user: MessagingUser }> }
  'get-user-by-email': {
    body: MessagingRequestBody
    response: MessagingSuccess<{ user: MessagingUser }>
  }
  /** `message` from feature level 120; below it only `raw_content`. */
  'get-message': {
    body: MessagingRequestBody
    response: MessagingSuccess<{ message?: MessagingMessage; raw_content: string }>
  }
  'test-welcome-bot-custom-message': {
    body: MessagingRequestBody
    response: MessagingSuccess<{ message_id: number }>
  }
  'deactivate-own-user': { body: MessagingRequestBody; response: MessagingSuccess<object> }
  'deactivate-user': { body: MessagingRequestBody; response: MessagingSuccess<object> }
  'delete-message': { body: MessagingRequestBody; response: MessagingSuccess<object> }
  /** Not carried out by the simulator (a 405 after the lookups): no success response. */
  'update-user': { body: MessagingRequestBody; response: never }
  'update-user-by-email': { body: MessagingRequestBody; response: never }
  'update-message': { body: MessagingRequestBody; response: never }
  'get-server-settings': {
    body: MessagingRequestBody
    response: MessagingSuccess<{
      zulip_version: string
      zulip_feature_level: number
      realm_name: string
      realm_uri: string
      realm_url?: string
      [field: string]: unknown
    }>
  }
}

/** Each operation's request body and success response. */
export type OperationExchanges = RouterExchanges & MessagingExchanges

/** Each service's error body. */
interface ServiceErrorBodies {
  router: RouterErrorBody
  /** Also an HTML page (a text) for a body the server cannot parse, or one over nginx's limit. */
  messaging: MessagingErrorBody | string
}

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
