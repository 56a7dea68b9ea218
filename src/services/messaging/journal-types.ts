/**
 * What the journal holds of the messaging service's operations, as types: each operation's request body (the
 * form's fields) and success response (`MessagingExchanges`) and the service's error body. The definition
 * hands them to the typed journal (`journalTypes`, composed for every service by
 * `src/simulator/operations/journal-entries.ts`).
 * @module
 */

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
export interface MessagingExchanges {
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
