/**
 * The standalone server of a source tree, in a process of its own for `bench/safety-case.ts` (which loads
 * it from another): `node --import tsx bench/safety-server.ts <root> [<organizations>]` starts
 * `startServer` from `<root>/src/entries/server/index.ts` on a free port (with that many extra messaging
 * organizations in the scenario, for the inspector's poll), prints `ready {"url","pid"}` on one line, then
 * serves until its stdin closes; a line `measure` on its stdin prints `memory {"rssMb","heapMb"}` (after a
 * full collection when started with `--expose-gc`).
 * @module
 */
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

const [root = '.', organizations = '0'] = process.argv.slice(2)
const load = (path: string) => import(pathToFileURL(join(root, path)).href)
const { startServer } = (await load(
  'src/entries/server/index.ts',
)) as typeof import('../src/entries/server/index.js')
const { scenarios } = (await load('scenarios/index.ts')) as typeof import('../scenarios/index.js')

/** The default scenario with `count` more organizations of six users each (the default's own are kept). */
function withOrganizations(count: number) {
  const base = scenarios.default
  const messaging = base.messaging as { organizations: Array<Record<string, unknown>> }
  const extra = Array.from({ length: count }, (_, i) => ({
    subdomain: `org${i}`,
    name: `Organization ${i}`,
    users: Array.from({ length: 6 }, (_, j) => ({
      email: `user${j}@org${i}.example`,
      fullName: `User ${j} of ${i}`,
      role: j === 0 ? 'owner' : 'member',
      password: `password-${i}-${j}`,
      apiKey: `key${String(i).padStart(4, '0')}${String(j).padStart(2, '0')}`.padEnd(32, 'x'),
    })),
  }))
  return {
    ...base,
    name: 'many-organizations',
    messaging: { ...messaging, organizations: [...messaging.organizations, ...extra] },
  }
}

const count = Number(organizations)
const server = await startServer({
  port: 0,
  ...(count > 0 && { scenario: withOrganizations(count) as never }),
})
// `measure` on stdin: a full collection (when started with --expose-gc), then `memory {rssMb, heapMb}`.
const gc = (globalThis as { gc?: () => void }).gc
process.stdin.setEncoding('utf8')
process.stdin.on('data', (text: string) => {
  if (!text.includes('measure')) return
  gc?.()
  const { rss, heapUsed, arrayBuffers } = process.memoryUsage()
  console.log(
    `memory ${JSON.stringify({ rssMb: rss / 2 ** 20, heapMb: (heapUsed + arrayBuffers) / 2 ** 20 })}`,
  )
})
process.stdin.on('end', () => void server.close().then(() => process.exit(0)))
console.log(`ready ${JSON.stringify({ url: server.url, pid: process.pid })}`)
