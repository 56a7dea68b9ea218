/**
 * A client repeats its URL and headers request after request: an entry whose URL, request headers or
 * response headers equal the last kept entry's keeps those instead (same names, order, values and
 * prototype; compared without allocating), so that the request's own copies die young rather than live,
 * promoted to V8's old generation, as long as the entry.
 * @module
 */
import { NO_HEADERS } from './stored-entry.js'

/**
 * What a kept request header costs besides its characters: its slot in the headers record (V8 keeps a
 * record of many names as a hash table) and the two string objects of its name and value. Measured on
 * Node 20 at about 75 bytes for a header of a few characters (9,000 requests of 1,000 headers each held
 * about 680 MB); counted on the high side, as the entry's own overhead is.
 */
const HEADER_OVERHEAD_BYTES = 96

type Headers = Readonly<Record<string, string>>

/**
 * Whether `given` holds the names of `kept` (`names`: its own keys), in that order, with the same values,
 * and has its prototype: then `kept` stands for it in an entry and reads back the same. No allocation.
 */
function sameHeaders(given: Headers, kept: Headers, names: readonly string[]): boolean {
  if (given === kept) return true
  if (Object.getPrototypeOf(given) !== Object.getPrototypeOf(kept)) return false
  let i = 0
  for (const name in given) {
    if (name !== names[i] || given[name] !== kept[name]) return false
    i += 1
  }
  return i === names.length
}

/** The last kept URL and headers, which the next entry keeps instead of its own when they are equal. */
export class Repeats {
  #url = ''
  #headers: Headers = NO_HEADERS
  #headerNames: readonly string[] = []
  /**
   * What the last request headers count against the budget: their names' and values' characters and
   * `HEADER_OVERHEAD_BYTES` each.
   */
  headerBytes = 0
  #responseHeaders: Headers = NO_HEADERS
  #responseNames: readonly string[] = []

  /** The URL to keep: the last one when equal. */
  url(given: string): string {
    if (given !== this.#url) this.#url = given
    return this.#url
  }

  /** The request headers to keep: the last ones when equal. */
  headers(given: Headers): Headers {
    if (!sameHeaders(given, this.#headers, this.#headerNames)) {
      this.#headers = given
      this.#headerNames = Object.keys(given)
      let bytes = 0
      for (const name in given)
        bytes += HEADER_OVERHEAD_BYTES + name.length + (given[name] as string).length
      this.headerBytes = bytes
    }
    return this.#headers
  }

  /** The response headers to keep: the last ones when equal. */
  responseHeaders(given: Headers): Headers {
    if (!sameHeaders(given, this.#responseHeaders, this.#responseNames)) {
      this.#responseHeaders = given
      this.#responseNames = Object.keys(given)
    }
    return this.#responseHeaders
  }
}
