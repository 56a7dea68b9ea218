/**
 * A client repeats its URL and headers request after request: an entry whose URL, request headers or
 * response headers equal the last kept entry's keeps those instead (same names, order, values and
 * prototype; compared without allocating), so that the request's own copies die young rather than live,
 * promoted to V8's old generation, as long as the entry.
 * @module
 */
import { NO_HEADERS } from './stored-entry.js'

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

/** Creates the memory of the last kept URL and headers. */
export function createRepeats() {
  let url = ''
  let headers: Headers = NO_HEADERS
  let headerNames: readonly string[] = []
  let headerBytes = 0
  let responseHeaders: Headers = NO_HEADERS
  let responseNames: readonly string[] = []
  return {
    /** The URL to keep: the last one when equal. */
    url(given: string): string {
      if (given !== url) url = given
      return url
    },
    /** The request headers to keep: the last ones when equal. */
    headers(given: Headers): Headers {
      if (!sameHeaders(given, headers, headerNames)) {
        headers = given
        headerNames = Object.keys(headers)
        headerBytes = 0
        for (const name in headers) headerBytes += name.length + (headers[name] as string).length
      }
      return headers
    },
    /** The characters of the last request headers' names and values (what they count against the budget). */
    get headerBytes(): number {
      return headerBytes
    },
    /** The response headers to keep: the last ones when equal. */
    responseHeaders(given: Headers): Headers {
      if (!sameHeaders(given, responseHeaders, responseNames)) {
        responseHeaders = given
        responseNames = Object.keys(responseHeaders)
      }
      return responseHeaders
    },
  }
}
