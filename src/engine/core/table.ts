/**
 * A table: records of one type, kept in insertion order, with Map indexes so that lookups by key stay O(1)
 * however many records there are.
 *
 * A table does not validate what it stores: it holds the records the operations (`handlers/`) build from input that was
 * already validated where it came in (request bodies in the operations, scenarios when they load). Parsing
 * every insert again would cost the hot path (the tables hold 100,000 records in the benchmarks) and check
 * nothing new.
 *
 * This replaced an @msw/data `Collection` (see `decisions/storage.md`): its `create` deep-copied every
 * value and gave each record a UUID and a Map of its own, which made writes 25–40% slower, seeding 40%
 * slower and each 100,000 records about 70 MB larger, and importing it cost 40% of the CLI's start.
 * @module
 */

/** An index: a name and the key it files each record under (a number as it is: no string per record). */
export interface IndexDefinition<T> {
  key: (record: T) => string | number
  /** A unique index keeps one record per key; a non-unique one keeps a list in insertion order. */
  unique: boolean
  /**
   * A unique index's group: the key is unique within it (a preset's slug within its workspace). Each group
   * has its own Map, so no key joined from both is built and kept per record.
   */
  within?: (record: T) => string | number
}

type Key = string | number
/** A non-unique index's entry: the one record filed under its key, or the list of them once there are more. */
type Filed<T> = T | T[]

/**
 * A collection of records of type `T` with named indexes. `T` is inferred from the record type named in the
 * index keys' parameter: `new Table({ id: { key: (user: UserRecord) => String(user.id), unique: true } })`.
 */
export class Table<T extends object, Indexes extends string = never> {
  readonly #indexes: {
    name: Indexes
    key: (record: T) => Key
    unique: boolean
    within?: ((record: T) => Key) | undefined
  }[]
  readonly #unique = new Map<Indexes, Map<Key, T>>()
  readonly #grouped = new Map<Indexes, Map<Key, Map<Key, T>>>()
  readonly #multi = new Map<Indexes, Map<Key, Filed<T>>>()
  #records: T[] = []
  #mutations = 0

  constructor(indexes: Record<Indexes, IndexDefinition<T>>) {
    this.#indexes = (Object.keys(indexes) as Indexes[]).map((name) => ({ name, ...indexes[name] }))
    this.#resetIndexes()
  }

  #resetIndexes(): void {
    for (const { name, unique, within } of this.#indexes) {
      if (within) this.#grouped.set(name, new Map())
      else if (unique) this.#unique.set(name, new Map())
      else this.#multi.set(name, new Map())
    }
  }

  /**
   * Stores a record as given (the caller builds it as an object literal of the record's type, which V8 lays
   * out compactly), then files it in every index. Records come from operations and from scenarios that were
   * validated on load, never straight from a request, so they are not parsed again here.
   */
  insert(record: T): T {
    this.#mutations += 1
    this.#records.push(record)
    for (const { name, key, unique, within } of this.#indexes) {
      const at = key(record)
      if (within) {
        const groups = this.#grouped.get(name) as Map<Key, Map<Key, T>>
        const group = within(record)
        const filed = groups.get(group)
        if (filed) filed.set(at, record)
        else groups.set(group, new Map([[at, record]]))
      } else if (unique) (this.#unique.get(name) as Map<Key, T>).set(at, record)
      else {
        // One record is filed as itself: a list (an array and its elements, about 80 bytes) only from the second.
        const multi = this.#multi.get(name) as Map<Key, Filed<T>>
        const filed = multi.get(at)
        if (filed === undefined) multi.set(at, record)
        else if (Array.isArray(filed)) filed.push(record)
        else multi.set(at, [filed, record])
      }
    }
    return record
  }

  /**
   * The record filed under `key` in a unique index (a number and its string are different keys), and in the
   * group `within` for an index that has groups.
   */
  get(index: Indexes, key: Key, within?: Key): T | undefined {
    if (within !== undefined) return this.#grouped.get(index)?.get(within)?.get(key)
    return this.#unique.get(index)?.get(key)
  }

  /** The records filed under `key` in a non-unique index, in insertion order (do not mutate). */
  list(index: Indexes, key: Key): readonly T[] {
    const filed = this.#multi.get(index)?.get(key)
    if (filed === undefined) return []
    return Array.isArray(filed) ? filed : [filed]
  }

  /** Changes fields of a stored record in place. Indexed fields must not change. */
  patch(record: T, changes: Partial<T>): void {
    this.#mutations += 1
    Object.assign(record, changes)
  }

  /** Removes one stored record from the table and its indexes (O(n) in the records: for rare deletions). */
  delete(record: T): void {
    const at = this.#records.indexOf(record)
    if (at < 0) return
    this.#mutations += 1
    this.#records.splice(at, 1)
    for (const { name, key, unique, within } of this.#indexes) {
      const at = key(record)
      if (within) {
        const groups = this.#grouped.get(name) as Map<Key, Map<Key, T>>
        const group = within(record)
        const filed = groups.get(group)
        if (filed?.get(at) === record) filed.delete(at)
        if (filed?.size === 0) groups.delete(group)
      } else if (unique) {
        const map = this.#unique.get(name) as Map<Key, T>
        if (map.get(at) === record) map.delete(at)
      } else {
        const multi = this.#multi.get(name) as Map<Key, Filed<T>>
        const filed = multi.get(at)
        if (filed === record) multi.delete(at)
        else if (Array.isArray(filed)) {
          const rest = filed.filter((other) => other !== record)
          if (rest.length === 0) multi.delete(at)
          else multi.set(at, rest.length === 1 ? (rest[0] as T) : rest)
        }
      }
    }
  }

  /** Every record, in insertion order (do not mutate the array). */
  all(): readonly T[] {
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
