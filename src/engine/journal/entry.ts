/**
 * What the journal records of a request and hands back: the raw entry (`RawJournalEntry`, as recorded and
 * as the HAR builder and the services' body parsers read it), the light event listeners get, and the
 * entry as read (`ParsedEntry`: parsed and redacted, service and operation as plain strings; the typed
 * view of it per operation is `src/simulator/operations/journal-entries.ts`).
 * @module
 */

import type { InferenceMeta } from '../core/inference-meta.js'
import type { JournalInference } from './inference.js'

/** A JSON value (what a parsed body holds). */
export type JsonValue =
  | string
  | number
  | boolean
  | null
  | JsonValue[]
  | { [key: string]: JsonValue }

/** An exception inside the simulator that a request met (it was answered with the service's 500). */
export interface JournalError {
  message: string
  /** The first line of the stack below the message (`at fn (file:line:column)`), or `''`. */
  stack: string
}

/** An exception as the journal keeps it: its message and the first line of its stack. */
export function describeError(error: unknown): JournalError {
  if (!(error instanceof Error)) return { message: String(error), stack: '' }
  const frame = error.stack?.split('\n').find((line) => line.trimStart().startsWith('at '))
  return { message: error.message, stack: frame?.trim() ?? '' }
}

/**
 * What answered a request in the service's place, if anything: an armed fault (`status`, `network-error`,
 * `hang`, `delay`), a `Prefer: code=` header (`prefer`) or a stub (`stub`).
 */
export interface JournalFault {
  /** The armed fault's or the stub's id; `null` for a `Prefer` header, which arms nothing. */
  id: number | null
  kind: 'status' | 'network-error' | 'hang' | 'delay' | 'prefer' | 'stub'
  status?: number
  delayMs?: number
}

/** What is recorded per request (raw), as the journal hands it to its readers (HAR, body parsers). */
export interface RawJournalEntry {
  seq: number
  time: number
  service: string
  tenant: string | null
  operation: string | null
  actor: string | null
  method: string
  url: string
  /** The path below the service's base URL. */
  path: string
  query: URLSearchParams
  headers: Readonly<Record<string, string>>
  /** The request body as kept: all of it, or its first bytes when `bodySize` is set. */
  body: Uint8Array | undefined
  /** The original body's size in bytes, set only when `body` keeps less than all of it. */
  bodySize?: number | undefined
  status: number
  /** The response body as kept: all of it, or its first characters when `responseSize` is set. */
  responseBody: string
  /** The original response body's size in UTF-8 bytes, set only when `responseBody` keeps less. */
  responseSize?: number | undefined
  responseHeaders: Readonly<Record<string, string>>
  fault: JournalFault | null
  durationMs: number
  /** The exception the simulator met answering the request, if any. */
  error?: JournalError | undefined
  /** What the entry counts against the byte budget. */
  bytes: number
}

/**
 * What the simulator hands to `record`: a raw entry before it is numbered and measured, with what an
 * inference applied (`null` for an inference operation's request that got no answer of the model: a 401, a
 * 400, a fault; absent for every other operation).
 */
export type NewJournalEntry = Omit<
  RawJournalEntry,
  'seq' | 'bytes' | 'responseSize' | 'responseBody'
> & {
  /**
   * The response body: its text, or a streamed body's pieces (each iteration producing them anew), taken
   * once as the entry is recorded, one at a time, keeping what the text's prefix keeps.
   */
  responseBody: string | Iterable<string>
  inference?: InferenceMeta | null | undefined
}

/** An entry's fields that are neither its request's nor its response's content. */
export type EntryMetadata =
  | 'seq'
  | 'time'
  | 'service'
  | 'tenant'
  | 'operation'
  | 'actor'
  | 'method'
  | 'status'
  | 'durationMs'
  | 'fault'

/** What `subscribe` listeners get after each record: the entry without bodies, nothing to parse. */
export type JournalEvent = Pick<RawJournalEntry, EntryMetadata | 'path'> & {
  /** The exception the request met inside the simulator, if any. */
  error?: JournalError
}

/** How a service parses a recorded request body for the journal. */
export type JournalBodyParser = (entry: RawJournalEntry) => unknown

/** A service's fields of a recorded form body, in order (`undefined`: not a form it reads). */
export type JournalFieldsParser = (
  entry: RawJournalEntry,
) => ReadonlyArray<readonly [string, string]> | undefined

/** What every entry has, whatever its operation. */
export interface JournalEntryBase {
  seq: number
  /** ISO time on the simulator's clock. */
  time: string
  /** The router workspace id or the messaging organization's subdomain. */
  tenant: string | null
  /** Who made the request: a router key's label, a messaging account's email. Never a secret. */
  actor: string | null
  method: string
  path: string
  query: Record<string, string>
  status: number
  fault: JournalFault | null
  durationMs: number
  /** The exception inside the simulator that this request met (it was answered with the service's 500). */
  error?: JournalError
}

/** An entry as the journal builds it when read, before its type is narrowed by service and operation. */
export interface ParsedEntry extends JournalEntryBase {
  service: string
  operation: string | null
  body: unknown
  truncated?: true
  bodySize?: number
  response: unknown
  responseTruncated?: true
  responseSize?: number
  /** What an inference applied (present only on the router's inference operations' entries). */
  inference?: JournalInference | null
}
