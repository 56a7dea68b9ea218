/**
 * Lingering close, as nginx does it: when the server answers before it has read the whole request body
 * (a body over the limit, a refused control request), closing the socket at once would drop the unread
 * bytes, and the kernel then resets the connection, often before the client has read the answer (Node's
 * `fetch` reports `EPIPE`/"fetch failed" instead of the 413). So the server answers with
 * `Connection: close`, ends its side of the connection once the answer is written, and reads and
 * discards the rest of the body before closing, within bounds: at most `LINGER.maxBytes`, at most
 * `LINGER.maxMs` in all, and at most `LINGER.idleMs` without a byte.
 *
 * Node closes a `Connection: close` response's socket by calling `socket.destroySoon()` once the response
 * is written; for these sockets that call is replaced by the lingering close.
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'

/** The bounds of a lingering close. */
const LINGER = {
  /** The most body bytes read and discarded after the answer. */
  maxBytes: 64 * 1024 * 1024,
  /** The longest a connection lingers after the answer, in milliseconds. */
  maxMs: 10_000,
  /** The longest it waits for the next byte, in milliseconds. */
  idleMs: 2_000,
} as const

/** Lingering closes of one server; `destroyAll()` ends them at once (when the server closes). */
export function createLingering() {
  const lingering = new Set<Socket>()
  return {
    /**
     * Makes the response to `request` close its connection with a lingering close. Call before writing
     * the response; the unread body is read and discarded from now on.
     */
    after(request: IncomingMessage, response: ServerResponse): void {
      response.setHeader('connection', 'close')
      const socket = request.socket
      if (lingering.has(socket)) return
      lingering.add(socket)
      socket.once('close', () => lingering.delete(socket))
      // Until the answer is written the body is left unread (the client waits on TCP's flow control).
      socket.destroySoon = () => {
        socket.end()
        const destroy = () => socket.destroy()
        const idle = setTimeout(destroy, LINGER.idleMs)
        const total = setTimeout(destroy, LINGER.maxMs)
        socket.once('close', () => {
          clearTimeout(idle)
          clearTimeout(total)
        })
        let drained = 0
        request.removeAllListeners('data')
        request.on('data', (chunk: Buffer) => {
          drained += chunk.length
          if (drained > LINGER.maxBytes) destroy()
          else idle.refresh()
        })
        request.resume()
        // Closed once the answer is flushed and the whole body read, or when a bound is reached.
        let flushed = socket.writableFinished
        const closeWhenDone = () => {
          if (flushed && request.complete) destroy()
        }
        socket.once('finish', () => {
          flushed = true
          closeWhenDone()
        })
        request.once('end', closeWhenDone)
        closeWhenDone()
      }
    },
    destroyAll(): void {
      for (const socket of lingering) socket.destroy()
    },
  }
}

export type Lingering = ReturnType<typeof createLingering>
