/**
 * Bodies as text, for the journal's storage and readers: the UTF-8 size of a string without encoding it,
 * a prefix of a long response that keeps nothing of the original alive, kept bytes shown as text (binary
 * made harmless, secrets redacted), and a response parsed as JSON where it is JSON.
 * @module
 */
import { redactText } from './redact.js'

export const encoder = new TextEncoder()
const lenientDecoder = new TextDecoder('utf-8', { fatal: false })
/** Decodes kept response bytes back to the text they were encoded from (a leading U+FEFF stays). */
export const exactDecoder = new TextDecoder('utf-8', { ignoreBOM: true })

/** Whether a string has no lone surrogate, so that its UTF-8 bytes decode back to it (`false` where unknown). */
export const isWellFormed = (text: string): boolean =>
  (text as string & { isWellFormed?: () => boolean }).isWellFormed?.() === true

/** The UTF-8 size of a string, without encoding it. */
export function utf8Length(text: string): number {
  let bytes = 0
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 0x80) bytes += 1
    else if (code < 0x800) bytes += 2
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      bytes += 4
      i += 1
    } else bytes += 3
  }
  return bytes
}

/**
 * The first characters of a text as a string of its own. (`slice` of a long string gives a V8 "sliced
 * string" that keeps the whole original alive; a round trip through bytes does not.)
 */
function ownPrefix(text: string, characters: number): string {
  return lenientDecoder.decode(encoder.encode(text.slice(0, characters)))
}

/**
 * A text as kept under a prefix of `prefixBytes` UTF-8 bytes: whole (`size` undefined), or its first
 * characters with its whole size in bytes. Characters, then bytes: N characters are at least N bytes, at most 3N.
 */
export function keptText(text: string, prefixBytes: number): { text: string; size?: number } {
  if (text.length * 3 <= prefixBytes) return { text }
  const size = utf8Length(text)
  return size > prefixBytes ? { text: ownPrefix(text, prefixBytes), size } : { text }
}

/**
 * A response produced in pieces (a stream's parts) as kept under a prefix of `prefixBytes`: what
 * {@link keptText} keeps of their concatenation, taking the pieces one at a time and holding no more than
 * the prefix's characters and the piece at hand (a stream of megabytes is never joined).
 */
export function keptPieces(
  pieces: Iterable<string>,
  prefixBytes: number,
): { text: string; size?: number } {
  let head = ''
  let size = 0
  // A high surrogate ending the piece before: counted with the unit that follows it, as `utf8Length` counts
  // the whole text (4 bytes for the two), or alone (3) if it ends the text.
  let open = false
  for (const piece of pieces) {
    if (piece.length === 0) continue
    if (head.length <= prefixBytes) head += piece
    let i = 0
    if (open) {
      size += 4
      i = 1
      open = false
    }
    for (; i < piece.length; i++) {
      const code = piece.charCodeAt(i)
      if (code < 0x80) size += 1
      else if (code < 0x800) size += 2
      else if (code >= 0xd800 && code <= 0xdbff) {
        if (i + 1 === piece.length) open = true
        else {
          size += 4
          i += 1
        }
      } else size += 3
    }
  }
  if (open) size += 3
  // All of it is in `head` unless it passed `prefixBytes` characters, and then its size passed `prefixBytes` bytes.
  if (size <= prefixBytes) return { text: head }
  return { text: ownPrefix(head, prefixBytes), size }
}

/** The first `length` bytes of a body in a buffer of their own (`Buffer#slice` would share the original). */
function copyOf(body: Uint8Array, length: number): Uint8Array {
  const copy = new Uint8Array(length)
  copy.set(body.subarray(0, length))
  return copy
}

/**
 * Kept body bytes as the journal shows them when it does not parse them: decoded as UTF-8 (a character
 * cut in half at the end dropped), control bytes (binary data; tab, newline and return aside) shown as
 * U+FFFD, so that the JSON of the text is at most about twice its size whatever was sent (JSON escapes a
 * control character to six), and secret fields redacted.
 */
export function shownText(bytes: Uint8Array): string {
  let clean: Uint8Array | undefined
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i] as number
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) {
      clean ??= copyOf(bytes, bytes.length)
      clean[i] = 0xff // never valid in UTF-8: decoded as U+FFFD
    }
  }
  return redactText(lenientDecoder.decode(clean ?? bytes).replace(/\uFFFD$/, ''))
}

/** A response body as read: its JSON, its text when it is not JSON, `null` when empty. */
export function parseResponse(text: string): unknown {
  if (text === '') return null
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}
