/**
 * The journal as the registered services name it: a filter's `service` and `operation` narrowed to their
 * names and operation ids (`JournalFilter`), and reads typed by them (`Journal`): a filter naming an
 * operation gives that operation's entries, body and response typed (`journal-entries.ts`); one naming a
 * service gives that service's entries. The journal itself (`src/engine/journal/`) reads plain strings.
 * @module
 */
import type { EntryFilter, JournalFilterFields } from '../../engine/journal/filter.js'
import type { Har, HarOptions } from '../../engine/journal/har.js'
import type { JournalStore } from '../../engine/journal/journal.js'
import type { RecentOptions } from '../../engine/journal/read.js'
import type { WaitForOptions } from '../../engine/journal/wait.js'
import type { ServiceName } from '../../services/registry.js'
import {
  checkOperationMatch,
  type OperationId,
  type OperationIdOf,
  type OperationMatch,
  type ServiceOf,
} from './ids.js'
import type { JournalEntry, ServiceJournalEntry } from './journal-entries.js'

/**
 * Which entries to read, count or wait for. Every given field must match. `operation` is an operation id of
 * `service` when one is given (of either service otherwise); an unknown id is refused.
 */
export type JournalFilter = OperationMatch<JournalFilterFields>

/** A filter naming one operation (its service optional). */
type OperationFilter<O extends OperationId> = JournalFilterFields & {
  service?: ServiceOf<O>
  operation: O
}

/** A filter naming a service (and maybe one of its operations). */
type ServiceFilter<S extends ServiceName> = JournalFilterFields & {
  service: S
  operation?: OperationIdOf<S>
}

/**
 * Reading the journal by a filter. A filter naming an operation gives that operation's entries (body and
 * response typed); one naming a service gives that service's entries.
 */
interface JournalReads {
  /** The entries matching a filter, oldest first. */
  entries<O extends OperationId>(filter: OperationFilter<O>): JournalEntry<O>[]
  entries<S extends ServiceName>(filter: ServiceFilter<S>): ServiceJournalEntry<S>[]
  entries(filter?: JournalFilter): JournalEntry[]
  /** The newest entry matching a filter. */
  last<O extends OperationId>(filter: OperationFilter<O>): JournalEntry<O> | undefined
  last<S extends ServiceName>(filter: ServiceFilter<S>): ServiceJournalEntry<S> | undefined
  last(filter?: JournalFilter): JournalEntry | undefined
  /**
   * The newest entry matching `filter`: at once if the journal has one, else when a request makes one;
   * rejects after `timeoutMs` (default 5,000) listing the closest entries.
   */
  waitFor<O extends OperationId>(
    filter: OperationFilter<O>,
    options?: WaitForOptions,
  ): Promise<JournalEntry<O>>
  waitFor<S extends ServiceName>(
    filter: ServiceFilter<S>,
    options?: WaitForOptions,
  ): Promise<ServiceJournalEntry<S>>
  waitFor(filter?: JournalFilter, options?: WaitForOptions): Promise<JournalEntry>
  /** How many entries match a filter. */
  count(filter?: JournalFilter): number
  /**
   * The newest `count` entries, newest first (only those are read). With `bodyPreviewBytes`, a body
   * or response longer than that comes back as a text preview, so reading stays cheap whatever was sent.
   */
  recent(count: number, options?: RecentOptions): JournalEntry[]
  /**
   * The entries matching a filter as a HAR 1.2 document: redacted as the journal is, unless
   * `{ redact: false }`.
   */
  toHAR(filter?: JournalFilter, options?: HarOptions): Har
  /**
   * The same document as JSON text (`JSON.stringify(toHAR(filter, options), null, 2)`) in pieces, one per
   * entry, each built when asked for: to write a large export without holding it all.
   */
  toHARText(filter?: JournalFilter, options?: HarOptions): Iterable<string>
  /**
   * `JSON.stringify({ entries: entries(filter), count })` in pieces, one per entry, each read when asked
   * for; an entry dropped before its turn is left out (and not counted).
   */
  entriesText(filter?: JournalFilter): Iterable<string>
}

/** The request journal of a simulator: every request answered, newest last, bounded in entries and bytes. */
export interface Journal extends Omit<JournalStore, keyof JournalReads>, JournalReads {}

/** The journal's check of a filter's `service` and `operation`: a registered service and one of its ids. */
export const checkJournalFilter = (filter: EntryFilter): void =>
  checkOperationMatch(filter, 'read the journal')

/** A journal's reads, typed by the registered services' operations (the same functions). */
export const typedJournal = (store: JournalStore): Journal => store as unknown as Journal
