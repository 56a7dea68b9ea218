/**
 * The direct engine reads a plain request target without parsing a URL (`src/entries/server/node-io.ts`); the
 * msw engine builds a Fetch `Request`, which does. For targets URL parsing would change (dot segments,
 * `%2e`, characters it percent-encodes, a second `?`) and plain ones, both engines give the same answer
 * and the journal the same URL, path and query.
 */
import { describe, expect, it } from 'vitest'
import type { RunningServer } from '../../src/entries/server/index.js'
import { exchange, iago, routerKey, useBothEngines } from './support.js'

const { direct, viaMsw } = useBothEngines({ seed: 'targets', now: '2026-04-01T00:00:00Z' })

const targets = [
  '/router/api/v1/presets',
  '/router/api/v1/presets?limit=1&offset=0',
  '/router/api/v1/presets?',
  '/router/api/v1/presets??limit=1',
  '/router/api/v1/presets?limit=1?x=2',
  "/router/api/v1/presets?q='quoted'",
  '/router/api/v1/presets?q="double"&r={x}',
  '/router/api/v1/presets?a=%zz&b=%2e%2E',
  '/router/api/v1/presets/x/../',
  '/router/api/v1/presets/./x',
  '/router/api/v1/presets/%2e%2e/presets',
  '/router/api/v1/presets/%2E/x',
  '/router/api/v1/presets/.hidden',
  '/router/api/v1/presets/a.b',
  '/router/api/v1/presets/"x"',
  '/router/api/v1/presets/{x}|y^z`w',
  '/router/api/v1/presets/a\\b',
  '/router/api/v1/presets/%zz',
  "/router/api/v1/presets/it's",
  '/router/api/v1//presets',
  '/router/api/v1/presets#fragment',
  '/router/api/v1/presets/x?y#z',
  '/messaging/acme/api/v1/users?client_gravatar=true',
  '/messaging/acme/api/v1/users/../users',
  '/messaging/acme/api/v1/%2e%2e/v1/users',
  "/messaging/acme/api/v1/users?x='1'&y=%3F",
  '/messaging/acme/api/v1/server_settings??a=b',
]

/**
 * Sends a GET with this target and reads until the server closes: the status line, the headers sorted by
 * name (msw's `Headers` sort them on the wire) without `Date`, and the body.
 */
async function get(server: RunningServer, target: string): Promise<string> {
  const authorization = target.startsWith('/router') ? routerKey : iago
  const data = await exchange(
    server.url,
    `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${authorization}\r\nConnection: close\r\n\r\n`,
  )
  const [head = '', ...body] = data.replaceAll(server.url, 'http://ORIGIN').split('\r\n\r\n')
  const [status, ...headers] = head.split('\r\n')
  const kept = headers.map((line) => line.toLowerCase()).filter((line) => !line.startsWith('date:'))
  return [status, ...kept.sort(), '', body.join('\r\n\r\n')].join('\n')
}

/** What the journal holds of each request: the URL (below the origin), path and query. */
function journaled(server: RunningServer) {
  const har = server.simulator.journal.toHAR({}, { redact: false })
  const entries = server.simulator.journal.entries()
  return entries.map((entry, i) => ({
    url: har.log.entries[i]?.request.url.replace(server.url, ''),
    path: entry.path,
    query: entry.query,
  }))
}

describe('request targets on the direct engine', () => {
  it('answer and journal as the msw engine, which parses every URL', async () => {
    const fromDirect: string[] = []
    const fromMsw: string[] = []
    for (const target of targets) {
      fromDirect.push(await get(direct, target))
      fromMsw.push(await get(viaMsw, target))
    }
    expect(fromDirect).toEqual(fromMsw)
    expect(journaled(direct)).toEqual(journaled(viaMsw))
    // Every one reached the simulator (none refused by node's parser).
    expect(journaled(direct)).toHaveLength(targets.length)
    const paths = journaled(direct).map((entry) => entry.path)
    expect(paths).toContain('/presets') // `/presets/x/../` and `%2e%2e` resolved as URL parsing does
    expect(journaled(direct)[3]).toEqual({
      url: '/router/api/v1/presets??limit=1',
      path: '/presets',
      query: { '?limit': '1' },
    })
  })
})
