/**
 * A table: an @msw/data `Collection` (the records, validated against a zod schema on insert) plus
 * Map indexes, so that lookups by key stay O(1) however many records there are.
 *
 * @msw/data scans its records for every query and for every `update`, so the table never asks it to find
 * anything: reads go through the indexes, and `patch` changes a record in place (the collection holds the
 * same object, so it sees the change).
 * @module
 */
import { Collection } from '@msw/data'
import type { z } from 'zod'

/** An index: a name and the key it files each record under. */
export interface IndexDefinition<T> {
  key: (record: T) => string
  /** A unique index keeps one record per key; a non-unique one keeps a list in insertion order. */
  unique: boolean
}

/** A collection of records of one schema with named indexes. */
export class Table<Schema extends z.ZodType<object>, Indexes extends string = never> {
  readonly collection: Collection<Schema>
  readonly #definitions: Record<Indexes, IndexDefinition<z.output<Schema>>>
  readonly #unique = new Map<Indexes, Map<string, z.output<Schema>>>()
  readonly #multi = new Map<Indexes, Map<string, z.output<Schema>[]>>()
  #mutations = 0

  constructor(schema: Schema, indexes: Record<Indexes, IndexDefinition<z.output<Schema>>>) {
    this.collection = new Collection({ schema })
    this.#definitions = indexes
    this.#resetIndexes()
  }

  #resetIndexes(): void {
    for (const name of Object.keys(this.#definitions) as Indexes[]) {
      if (this.#definitions[name].unique) this.#unique.set(name, new Map())
      else this.#multi.set(name, new Map())
    }
  }

  /** Validates and stores a record, then files it in every index. */
  async insert(value: z.input<Schema>): Promise<z.output<Schema>> {
    this.#mutations += 1
    const record = (await this.collection.create(value as never)) as z.output<Schema>
    for (const name of Object.keys(this.#definitions) as Indexes[]) {
      const key = this.#definitions[name].key(record)
      const unique = this.#unique.get(name)
      if (unique) unique.set(key, record)
      else {
        const multi = this.#multi.get(name) as Map<string, z.output<Schema>[]>
        const list = multi.get(key)
        if (list) list.push(record)
        else multi.set(key, [record])
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
    return this.collection.all() as unknown as readonly z.output<Schema>[]
  }

  /** How many writes (inserts, patches, clears) the table has seen: a change means the data may differ. */
  get mutations(): number {
    return this.#mutations
  }

  count(): number {
    return this.collection.count()
  }

  /** Removes every record. */
  clear(): void {
    this.#mutations += 1
    this.collection.clear()
    this.#resetIndexes()
  }
}
