/**
 * Where the journal writes the bytes its entries keep: 64 KiB slabs, the kept request body and response of
 * one entry one after the other in the current slab (a new one when it is full). No allocation per
 * request; a slab is set aside for reuse once every entry written into it is dropped (entries go in order,
 * so slabs free up in order).
 * @module
 */

/** The size of a slab of kept bytes. */
const SLAB_BYTES = 64 * 1024
/** Kept bytes of one entry beyond this get a buffer of their own rather than a place in a slab. */
export const OWN_BUFFER_BYTES = 8 * 1024
/** How many freed slabs are kept for reuse. */
const SPARE_SLABS = 2

/** The slabs of one journal. */
export class Slabs {
  /** The slab kept bytes are written to now. */
  #current: Uint8Array | undefined
  /** How much of the current slab is used: where the next bytes go. */
  used = 0
  /** The slabs written to, oldest first, with the seq of the last entry written into each. */
  #slabs: Uint8Array[] = []
  #lastSeq: number[] = []
  readonly #spare: Uint8Array[] = []

  /**
   * The slab to write `room` bytes of entry `seq` into, from `used` on: the current one, or a new one
   * when they do not fit (`room` is at most `OWN_BUFFER_BYTES`).
   */
  reserve(room: number, seq: number): Uint8Array {
    if (this.#current === undefined || this.used + room > SLAB_BYTES) {
      this.#current = this.#spare.pop() ?? new Uint8Array(SLAB_BYTES)
      this.used = 0
      this.#slabs.push(this.#current)
      this.#lastSeq.push(seq)
    }
    return this.#current
  }

  /** If `buffer` is the current slab, it is used up to `end`, last by entry `seq`. */
  written(buffer: Uint8Array | undefined, end: number, seq: number): void {
    if (buffer === undefined || buffer !== this.#current) return
    this.used = end
    this.#lastSeq[this.#lastSeq.length - 1] = seq
  }

  /** Sets aside for reuse the slabs (but the current one) that no entry from seq `oldest` on uses. */
  release(oldest: number): void {
    while (this.#slabs.length > 1 && (this.#lastSeq[0] as number) < oldest) {
      const free = this.#slabs.shift() as Uint8Array
      this.#lastSeq.shift()
      if (this.#spare.length < SPARE_SLABS) this.#spare.push(free)
    }
  }

  /** Forgets every slab (they go with the entries, to the garbage collector). */
  clear(): void {
    this.#current = undefined
    this.#slabs = []
    this.#lastSeq = []
  }
}
