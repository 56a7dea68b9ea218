/**
 * Deterministic identifiers: a seeded generator gives the same ids in the same order on every run.
 * @module
 */
import { rule } from './input-error.js'

const ALNUM_CODES = Array.from(
  'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789',
  (character) => character.charCodeAt(0),
)
/** `2 ** 16 % ALNUM_CODES.length`: how a draw's high half counts modulo the alphabet's size. */
const WRAP = 2 ** 16 % ALNUM_CODES.length
const HEX = Array.from('0123456789abcdef', (digit) => digit.charCodeAt(0))
const DASH = 0x2d
const FOUR = 0x34

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
  // Every step reads only the low 32 bits of the state, whether held as an int32 or a uint32: the state is
  // kept as the int32s the steps give (no heap number per draw), `position` gives it back as uint32s.
  const next = (): number => {
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
  const text = (codes: number[]): string => String.fromCharCode.apply(null, codes)

  return {
    uuid() {
      // 32 hex digits from four draws, laid out 8-4-4-4-12: the 13th digit is the version (4), the
      // 17th the variant (8, 9, a or b from its own two low bits).
      const codes = new Array<number>(36)
      for (let word = 0; word < 4; word++) {
        const bits = next()
        for (let digit = 0; digit < 8; digit++) {
          const at = word * 8 + digit
          const value = (bits >>> (28 - 4 * digit)) & 0xf
          codes[at + (at < 8 ? 0 : at < 12 ? 1 : at < 16 ? 2 : at < 20 ? 3 : 4)] = HEX[
            at === 16 ? (value & 0x3) | 0x8 : value
          ] as number
        }
      }
      codes[8] = DASH
      codes[13] = DASH
      codes[14] = FOUR
      codes[18] = DASH
      codes[23] = DASH
      return text(codes)
    },
    alphanumeric(length) {
      const codes = new Array<number>(length)
      for (let i = 0; i < length; i++) {
        // `draw % 62` in small integers (a draw is a uint32; 2^16 % 62 === WRAP).
        const draw = next()
        codes[i] = ALNUM_CODES[
          (((draw >>> 16) % ALNUM_CODES.length) * WRAP + (draw & 0xffff)) % ALNUM_CODES.length
        ] as number
      }
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

/**
 * An id seed: a non-empty string or a number. One schema for the `seed` option, `setSeed`, the control
 * surface's `PUT /seed` and a snapshot's `seed`.
 */
export const seedSchema = rule<string | number>(
  (value) =>
    (typeof value === 'string' && value !== '') ||
    (typeof value === 'number' && Number.isFinite(value)),
  'must be a non-empty string or a finite number',
)
