/**
 * A table: the records of one zod schema's type, kept in insertion order, with Map indexes
 * so that lookups by key stay O(1) however many records there are.
 *
 * This replaced an @msw/data `Collection` (see `decisions/storage.md`): its `create` deep-copied every
 * value and gave each record a UUID and a Map of its own, which made writes 25–40% slower, seeding 40%
 * slower and each 100,000 records about 70 MB larger, and importing it cost 40% of the CLI's start.
 * @module
 */
import type { z } from 'zod'

/** An index: a name and the key it files each record under. */
export interface IndexDefinition<T> {
  key: (record: T) => string
  /** A unique index keeps one record per key; a non-unique one keeps a list in insertion order. */
  unique: boolean
}

/** A collection of records of one schema with named indexes. */
export class Table<Schema extends z.ZodType<object>, Indexes extends string = never> {
  readonly #indexes: { name: Indexes; key: (record: z.output<Schema>) => string; unique: boolean }[]
  readonly #unique = new Map<Indexes, Map<string, z.output<Schema>>>()
  readonly #multi = new Map<Indexes, Map<string, z.output<Schema>[]>>()
  #records: z.output<Schema>[] = []
  #mutations = 0

  /** `schema` gives the records their type (scenarios and requests are validated where they come in). */
  constructor(_schema: Schema, indexes: Record<Indexes, IndexDefinition<z.output<Schema>>>) {
    this.#indexes = (Object.keys(indexes) as Indexes[]).map((name) => ({ name, ...indexes[name] }))
    this.#resetIndexes()
  }

  #resetIndexes(): void {
    for (const { name, unique } of this.#indexes) {
      if (unique) this.#unique.set(name, new Map())
      else this.#multi.set(name, new Map())
    }
  }

  /**
   * Stores a record as given (the caller builds it as an object literal of the schema's type, which V8 lays
   * out compactly), then files it in every index. Records come from handlers and from scenarios that were
   * validated on load, never straight from a request, so they are not parsed again here.
   */
  insert(record: z.output<Schema>): z.output<Schema> {
    this.#mutations += 1
    this.#records.push(record)
    for (const { name, key, unique } of this.#indexes) {
      const at = key(record)
      if (unique) (this.#unique.get(name) as Map<string, z.output<Schema>>).set(at, record)
      else {
        const multi = this.#multi.get(name) as Map<string, z.output<Schema>[]>
        const list = multi.get(at)
        if (list) list.push(record)
        else multi.set(at, [record])
      }
    }
    return record
  }

  /** The record filed under `key` in a unique index. */
  get(index: Indexes, key: string): z.output<Schema> | undefined {
    return this.#unique.get(index)?.get(key)
  }

  /** The records filed under `key` in a non-unique index, in insertion order (do not mutate). */
  list(index: Indexes, key: string): readonly z.output<Schema>[] {
    return this.#multi.get(index)?.get(key) ?? []
  }

  /** Changes fields of a stored record in place. Indexed fields must not change. */
  patch(record: z.output<Schema>, changes: Partial<z.output<Schema>>): void {
    this.#mutations += 1
    Object.assign(record, changes)
  }

  /** Every record, in insertion order (do not mutate the array). */
  all(): readonly z.output<Schema>[] {
    return this.#records
  }

  /** How many writes (inserts, patches, clears) the table has seen: a change means the data may differ. */
  get mutations(): number {
    return this.#mutations
  }

  count(): number {
    return this.#records.length
  }

  /** Removes every record. */
  clear(): void {
    this.#mutations += 1
    this.#records = []
    this.#resetIndexes()
  }
}
