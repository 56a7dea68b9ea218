/**
 * Shared helpers of the standalone server's suites: a request through `node:http` (so that any method
 * and any header, `Host` and `Origin` included, can be sent, which `fetch` forbids), raw bytes on a
 * socket (for what node's client will not send), both engines started alike, and the default scenario's
 * credentials.
 */
import { request as httpRequest } from 'node:http'
import { connect } from 'node:net'
import type { ServerOptions } from '../../src/entries/server/index.js'
import { accounts, basic, keys } from '../support/credentials.js'
import { useServer } from '../support/server.js'

export { accounts, basic, keys }

/** `Authorization` of the router's inference key, and of Iago (an administrator of `acme`). */
export const routerKey = `Bearer ${keys.inference}`
export const iago = basic(accounts.iago)

/** An answer as read off the wire. */
export interface Reply {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

/** Sends one request on a fresh connection; `headers` replace node's own (`host` included). */
export function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      url,
      { method: options.method ?? 'GET', headers: options.headers, agent: false },
      (incoming) => {
        const chunks: Buffer[] = []
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
        incoming.on('end', () =>
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        )
        incoming.on('error', reject)
      },
    )
    outgoing.on('error', reject)
    outgoing.end(options.body)
  })
}

/** The control surface's error body. */
export const problem = (message: string) => JSON.stringify({ error: { message } })

/** Writes raw bytes to a server's port on a fresh connection and reads (as latin1) until the server closes it. */
export function exchange(url: string, bytes: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(Number(new URL(url).port), '127.0.0.1')
    let data = ''
    socket.on('data', (chunk) => {
      data += chunk.toString('latin1')
    })
    socket.on('error', () => {})
    socket.on('close', () => resolve(data))
    socket.write(bytes)
  })
}

/** The `direct` and the `msw` engine started with the same options for the enclosing suite (`useServer`). */
export const useBothEngines = (options: Omit<ServerOptions, 'engine'>) => ({
  direct: useServer({ ...options, engine: 'direct' }),
  viaMsw: useServer({ ...options, engine: 'msw' }),
})
