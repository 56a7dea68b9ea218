/**
 * What the journal holds of the router's operations, as types: each operation's request body and success
 * response (`RouterExchanges`) and the router's error body. The definition hands them to the typed journal
 * (`journalTypes`, composed for every service by `src/simulator/operations/journal-entries.ts`).
 * @module
 */

import type { JsonValue } from '../../engine/journal/entry.js'
import type { presetToWire, presetWithVersionToWire, versionToWire } from './serialize.js'

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
export interface RouterExchanges {
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
