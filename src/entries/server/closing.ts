/**
 * Closing the server promptly: it stops accepting connections, closes idle keep-alive connections at
 * once (Node would otherwise wait up to its keep-alive timeout, 5 s), ends lingering closes and requests
 * held by an injected hang at once, lets requests in flight finish with `Connection: close`, and cuts
 * those still unanswered after `CLOSE_GRACE_MS`.
 * @module
 */
import type { Server, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import type { Lingering } from './lingering.js'

/** How long requests in flight may take to finish once `close()` is called, in milliseconds. */
const CLOSE_GRACE_MS = 1_000

/** The closing of one server: track each request, `hang` the ones a fault holds, then `close()`. */
export function createClosing(server: Server, lingering: Lingering) {
  const inFlight = new Set<ServerResponse>()
  const held = new Set<Socket>()
  let closing: Promise<void> | undefined
  /** One listener for every response (node calls it with the response as `this`): no closure per request. */
  function untrack(this: ServerResponse): void {
    inFlight.delete(this)
  }

  const endAfter = (response: ServerResponse) => {
    if (!response.headersSent) response.setHeader('connection', 'close')
    else response.once('finish', () => server.closeIdleConnections())
  }

  return {
    /** Whether `close()` was called. */
    get closing() {
      return closing !== undefined
    },
    /** Tracks a request until its response is done. */
    track(response: ServerResponse): void {
      inFlight.add(response)
      response.on('close', untrack)
      if (closing) endAfter(response)
    },
    /** Marks a request an injected hang holds: it will never be answered, `close()` cuts it at once. */
    hang(socket: Socket): void {
      if (closing) socket.destroy()
      held.add(socket)
      socket.once('close', () => held.delete(socket))
    },
    close(): Promise<void> {
      closing ??= new Promise<void>((resolve, reject) => {
        const grace = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS)
        server.close((error) => {
          clearTimeout(grace)
          if (error) reject(error)
          else resolve()
        })
        server.closeIdleConnections()
        lingering.destroyAll()
        for (const socket of held) socket.destroy()
        for (const response of inFlight) endAfter(response)
      })
      return closing
    },
  }
}
export type Closing = ReturnType<typeof createClosing>
