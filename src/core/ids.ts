/**
 * Deterministic identifiers: a seeded generator gives the same ids in the same order on every run.
 * @module
 */

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** A seeded source of ids. */
export interface IdSource {
  /** A version-4 UUID drawn from the seed. */
  uuid(): string
  /** `length` characters from `[A-Za-z0-9]`. */
  alphanumeric(length: number): string
  /** `length` lower-case hex digits. */
  hex(length: number): string
}

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
 * Creates an id source from a seed (sfc32 generator; fast, good enough for ids, not for secrets).
 * @example createIdSource('test').uuid() // the same UUID on every run
 */
export function createIdSource(seed: string | number): IdSource {
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

  const hex = (length: number): string => {
    let out = ''
    while (out.length < length) out += next().toString(16).padStart(8, '0')
    return out.slice(0, length)
  }

  return {
    uuid() {
      const h = hex(32)
      const variant = ((Number.parseInt(h[16] ?? '0', 16) & 0x3) | 0x8).toString(16)
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`
    },
    alphanumeric(length) {
      let out = ''
      for (let i = 0; i < length; i++) out += ALNUM[next() % ALNUM.length]
      return out
    },
    hex,
  }
}

/** A fresh random seed, for simulators created without one. */
export function randomSeed(): string {
  return globalThis.crypto.randomUUID()
}
