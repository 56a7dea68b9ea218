/**
 * The load generator of `bench/memory.ts`'s server probe, in a process of its own: fills a running standalone
 * server with `n` presets (one version each, by the create-preset call) and `n` users (by the create-user call)
 * over HTTP, 16 requests in flight on keep-alive connections, with the default scenario's credentials and the same
 * bodies as `bench/memory-probe.mjs`. Exits non-zero on any answer but 200.
 * Usage: `node bench/memory-fill.mjs <server URL> <n>`.
 */
import { Agent, request } from 'node:http'
import { IAGO, PRESET_BODY, ROUTER_KEY } from './default-requests.mjs'

const [base, count] = [process.argv[2], Number(process.argv[3])]
if (!base || !(count > 0)) throw new Error('usage: node bench/memory-fill.mjs <server URL> <n>')
const url = new URL(base)
const agent = new Agent({ keepAlive: true, maxSockets: 16 })

const post = (path, headers, body) =>
  new Promise((resolve, reject) => {
    const sent = request(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: 'POST',
        agent,
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
      },
      (answer) => {
        answer.resume()
        answer.on('end', () =>
          answer.statusCode === 200
            ? resolve()
            : reject(new Error(`${path}: ${answer.statusCode}`)),
        )
      },
    )
    sent.on('error', reject)
    sent.end(body)
  })

let next = 0
async function worker() {
  while (next < count) {
    const i = next++
    await post(
      `/router/api/v1/presets/r-${i}/chat/completions`,
      { authorization: ROUTER_KEY, 'content-type': 'application/json' },
      PRESET_BODY,
    )
    await post(
      '/messaging/acme/api/v1/users',
      { authorization: IAGO, 'content-type': 'application/x-www-form-urlencoded' },
      `email=r-${i}%40acme.example&password=correct-horse&full_name=Some+Name`,
    )
  }
}
await Promise.all(Array.from({ length: 16 }, worker))
agent.destroy()
