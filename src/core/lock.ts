/**
 * A keyed lock: work on one key runs one at a time, in arrival order; other keys run freely.
 * @module
 */

/** Runs async work serialised per key. */
export class KeyedLock {
  readonly #tails = new Map<string, Promise<unknown>>()

  /** Runs `work` once every earlier call with the same key has settled. */
  run<T>(key: string, work: () => T | Promise<T>): Promise<T> {
    const previous = this.#tails.get(key) ?? Promise.resolve()
    const result = previous.then(work, work)
    const tail = result.then(
      () => undefined,
      () => undefined,
    )
    this.#tails.set(key, tail)
    void tail.then(() => {
      if (this.#tails.get(key) === tail) this.#tails.delete(key)
    })
    return result
  }
}
