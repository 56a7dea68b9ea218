/**
 * Deterministic identifiers: a seeded generator gives the same ids in the same order on every run.
 * @module
 */

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
const HEX = Array.from('0123456789abcdef', (digit) => digit.charCodeAt(0))
const DASH = 0x2d
const FOUR = 0x34
/** The value of a lower-case hex digit's character code. */
const hexValue = (code: number): number => (code <= 0x39 ? code - 0x30 : code - 0x57)

/** A seeded source of ids. */
export interface IdSource {
  /** A version-4 UUID drawn from the seed. */
  uuid(): string
  /** `length` characters from `[A-Za-z0-9]`. */
  alphanumeric(length: number): string
  /** `length` lower-case hex digits. */
  hex(length: number): string
  /** The generator's position (four 32-bit words): a source created at it draws the same ids from there on. */
  position(): IdPosition
}

/** The position of an id source: sfc32's four state words, each an unsigned 32-bit integer. */
export type IdPosition = [number, number, number, number]

/** Turns any string or number into a 32-bit seed (FNV-1a). */
function seedOf(seed: string | number): number {
  const text = String(seed)
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

/**
 * Creates an id source from a seed (sfc32 generator; fast, good enough for ids, not for secrets), at the
 * seed's start or at a `position` an id source gave (a snapshot's).
 * @example createIdSource('test').uuid() // the same UUID on every run
 */
export function createIdSource(seed: string | number, position?: IdPosition): IdSource {
  let a = seedOf(seed)
  let b = seedOf(`${seed}:b`)
  let c = seedOf(`${seed}:c`)
  let d = seedOf(`${seed}:d`)
  const next = (): number => {
    a >>>= 0
    b >>>= 0
    c >>>= 0
    d >>>= 0
    let t = (a + b) | 0
    a = b ^ (b >>> 9)
    b = (c + (c << 3)) | 0
    c = (c << 21) | (c >>> 11)
    d = (d + 1) | 0
    t = (t + d) | 0
    c = (c + t) | 0
    return t >>> 0
  }
  for (let i = 0; i < 12; i++) next()
  if (position) [a, b, c, d] = position

  /** `count` lower-case hex digits as character codes (each draw gives eight). */
  const hexCodes = (count: number): number[] => {
    const codes: number[] = []
    while (codes.length < count) {
      const word = next()
      for (let shift = 28; shift >= 0; shift -= 4) codes.push(HEX[(word >>> shift) & 0xf] as number)
    }
    codes.length = count
    return codes
  }
  // Strings are built from character codes in one call, never by `+=` or template literals: those make
  // V8 "cons strings", a tree of small nodes per id (60 MB of them for 200,000 stored ids).
  const text = (codes: number[]): string => String.fromCharCode(...codes)

  return {
    uuid() {
      const h = hexCodes(32)
      const variant = HEX[(hexValue(h[16] as number) & 0x3) | 0x8] as number
      return text([
        ...h.slice(0, 8),
        DASH,
        ...h.slice(8, 12),
        DASH,
        FOUR,
        ...h.slice(13, 16),
        DASH,
        variant,
        ...h.slice(17, 20),
        DASH,
        ...h.slice(20, 32),
      ])
    },
    alphanumeric(length) {
      const codes: number[] = []
      for (let i = 0; i < length; i++) codes.push(ALNUM.charCodeAt(next() % ALNUM.length))
      return text(codes)
    },
    hex: (length) => text(hexCodes(length)),
    position: () => [a >>> 0, b >>> 0, c >>> 0, d >>> 0],
  }
}

/** A fresh random seed, for simulators created without one. */
export function randomSeed(): string {
  return globalThis.crypto.randomUUID()
}
