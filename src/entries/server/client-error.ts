/**
 * Requests node's HTTP parser refuses (huge or malformed headers, an unknown or lower-case method) never
 * reach the request handler: they are answered here, in the shape of the service the path names, as the
 * real service's front end would, then the connection closes. The same for both engines.
 * @module
 */
import type { Duplex } from 'node:stream'
import { definitionOf, fallbackDefinition } from '../../services/registry.js'
import { serviceOfPath } from './paths.js'

/** The server's `clientError` listener. */
export function answerClientError(error: Error & { rawPacket?: Buffer }, socket: Duplex): void {
  if (!socket.writable) return
  const line = error.rawPacket?.toString('latin1').split('\r\n', 1)[0] ?? ''
  const path = line.split(' ')[1] ?? ''
  // A path of no service (the control surface, the root) gets the registry's fallback service's 400.
  const service = serviceOfPath(path.split('?', 1)[0] as string)
  const answer = (service ? definitionOf(service) : fallbackDefinition).server.badRequest()
  socket.end(
    `HTTP/1.1 400 Bad Request\r\ncontent-type: ${answer.headers['content-type']}\r\ncontent-length: ${Buffer.byteLength(answer.body)}\r\nconnection: close\r\n\r\n${answer.body}`,
  )
}
