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

/** Creates an empty set of slabs. */
export function createSlabs() {
  /** The slab kept bytes are written to now, and how much of it is used. */
  let current: Uint8Array | undefined
  let used = 0
  /** The slabs written to, oldest first, with the seq of the last entry written into each. */
  let slabs: Uint8Array[] = []
  let lastSeq: number[] = []
  const spare: Uint8Array[] = []
  return {
    /**
     * The slab to write `room` bytes of entry `seq` into, from `used` on: the current one, or a new one
     * when they do not fit (`room` is at most `OWN_BUFFER_BYTES`).
     */
    reserve(room: number, seq: number): Uint8Array {
      if (current === undefined || used + room > SLAB_BYTES) {
        current = spare.pop() ?? new Uint8Array(SLAB_BYTES)
        used = 0
        slabs.push(current)
        lastSeq.push(seq)
      }
      return current
    },
    /** Where the next bytes go in the current slab. */
    get used(): number {
      return used
    },
    /** Whether a buffer is the current slab. */
    isCurrent(buffer: Uint8Array | undefined): boolean {
      return buffer !== undefined && buffer === current
    },
    /** The current slab is used up to `end`, last by entry `seq`. */
    written(end: number, seq: number): void {
      used = end
      lastSeq[lastSeq.length - 1] = seq
    },
    /** Sets aside for reuse the slabs (but the current one) that no entry from `oldest` on uses. */
    release(oldest: number): void {
      while (slabs.length > 1 && (lastSeq[0] as number) < oldest) {
        const free = slabs.shift() as Uint8Array
        lastSeq.shift()
        if (spare.length < SPARE_SLABS) spare.push(free)
      }
    },
    /** Forgets every slab (they go with the entries, to the garbage collector). */
    clear(): void {
      current = undefined
      slabs = []
      lastSeq = []
    },
  }
}
