/**
 * Shared helpers of the standalone server's suites: a request through `node:http` (so that any method
 * and any header, `Host` and `Origin` included, can be sent, which `fetch` forbids), and the default
 * scenario's credentials.
 */
import { request as httpRequest } from 'node:http'

export { accounts, keys } from '../support/credentials.js'

/** `Authorization: Basic base64(email:key)`. */
export const basic = (account: { email: string; key: string }) =>
  `Basic ${Buffer.from(`${account.email}:${account.key}`).toString('base64')}`

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
