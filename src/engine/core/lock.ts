/**
 * A keyed lock: work on one key runs one at a time, in arrival order; other keys run freely.
 * @module
 */

/** Runs async work serialised per key. */
export class KeyedLock {
  readonly #tails = new Map<string, Promise<unknown>>()

  /**
   * Runs `work` once every earlier call with the same key has settled. With nothing pending on the key,
   * synchronous work runs now and its value is returned as it is (no promise); a throw propagates.
   */
  run<T>(key: string, work: () => T | Promise<T>): T | Promise<T> {
    const previous = this.#tails.size === 0 ? undefined : this.#tails.get(key)
    // Nothing pending on the key: run now. Synchronous work cannot interleave with anything, so it
    // needs no tail; only work that returns a promise holds the key until it settles.
    if (previous === undefined) {
      const result = work()
      if (result instanceof Promise) this.#hold(key, result)
      return result
    }
    const result = previous.then(work, work)
    this.#hold(key, result)
    return result
  }

  /** Makes later calls on `key` wait for `result` to settle. */
  #hold(key: string, result: Promise<unknown>): void {
    const tail = result.then(
      () => undefined,
      () => undefined,
    )
    this.#tails.set(key, tail)
    void tail.then(() => {
      if (this.#tails.get(key) === tail) this.#tails.delete(key)
    })
  }
}
