/**
 * A server under test, run in a child process of its own so that the load comes from another one and
 * its CPU time (/proc/<pid>/stat) is its own: `node --import tsx bench/target.ts <kind>[:<records>]`
 * starts it, prints `{"url","seedMs","rssMb"}` on one line, then serves until its stdin closes.
 * - `bare`: node:http answering each operation with a fixed body (`BENCH_BODIES`, by operation name),
 *   after reading the request body; the baseline.
 * - `direct`, `msw`: `startServer` with that engine.
 * - `adapter`: every handler of `simulator.handlersFor('server')` in one list behind msw's `getResponse`,
 *   with no dispatch on the path prefix first.
 * `:<records>` loads the default scenario plus that many presets (one version each) and users.
 * `BENCH_CPU_PROF=<dir>`: writes a CPU profile of the serving (from ready to stop) into `dir`
 * (`BENCH_CPU_PROF_INTERVAL=<µs>`: the sampling interval).
 * @module
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
// Type only: loaded from the build below. Named, so knip sees the bench use these internal exports.
import type {
  readBody as ReadBody,
  writeFetchResponse as WriteFetchResponse,
} from '../src/entries/server/node-io.js'
import { fromDist, OPS, scaledScenario, serverPath } from './lib.js'

type Serve = (request: IncomingMessage, response: ServerResponse) => Promise<void>

async function listen(serve: Serve): Promise<string> {
  const server = createServer((request, response) => {
    serve(request, response).catch(() => {
      response.statusCode = 500
      response.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

function bare(): Promise<string> {
  const bodies = JSON.parse(process.env.BENCH_BODIES ?? '{}') as Record<string, string>
  const routes = OPS.map((op) => ({
    path: serverPath(op),
    method: op.method,
    body: bodies[op.name],
  }))
  const server = createServer((request, response) => {
    // Reads the body, as any server would, then answers the route's fixed body.
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const path = (request.url ?? '/').split('?', 1)[0] as string
      const route = routes.find((r) => r.method === request.method && r.path.test(path))
      const body = route?.body ?? '{}'
      response.writeHead(route?.body ? 200 : 404, {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
      })
      response.end(body)
    })
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  )
}

async function understudy(engine: 'direct' | 'msw', records: number): Promise<string> {
  const { startServer } = await fromDist<typeof import('../src/entries/server/index.js')>(
    'src/entries/server/index.js',
  )
  const scenario = records > 0 ? scaledScenario(records) : undefined
  return (await startServer({ port: 0, engine, scenario })).url
}

async function adapter(records: number): Promise<string> {
  const [{ getResponse }, { readBody, writeFetchResponse }, { createSimulator }] =
    await Promise.all([
      import('msw'),
      fromDist<{ readBody: typeof ReadBody; writeFetchResponse: typeof WriteFetchResponse }>(
        'src/entries/server/node-io.js',
      ),
      fromDist<typeof import('../src/simulator/simulator.js')>('src/simulator/simulator.js'),
    ])
  let origin = ''
  let handlers: ReturnType<ReturnType<typeof createSimulator>['handlersFor']> = []
  let maxBodyBytes = 0
  origin = await listen(async (request, response) => {
    const withBody = request.method !== 'GET' && request.method !== 'HEAD'
    const body = withBody ? await readBody(request, maxBodyBytes) : undefined
    const headers = new Headers()
    for (let i = 0; i < request.rawHeaders.length; i += 2) {
      headers.append(request.rawHeaders[i] as string, request.rawHeaders[i + 1] as string)
    }
    const fetchRequest = new Request(`${origin}${request.url}`, {
      method: request.method,
      headers,
      body: body?.bytes?.length ? new Uint8Array(body.bytes) : undefined,
    })
    const answer = await getResponse(handlers, fetchRequest, { baseUrl: origin })
    if (answer) await writeFetchResponse(response, answer, false)
    else {
      response.statusCode = 404
      response.end()
    }
  })
  const simulator = createSimulator({
    scenario: records > 0 ? scaledScenario(records) : undefined,
    router: { baseUrl: `${origin}/router/api/v1` },
    messaging: { baseUrl: `${origin}/messaging/{subdomain}` },
  })
  await simulator.ready
  handlers = simulator.handlersFor('server')
  maxBodyBytes = simulator.maxBodyBytes
  return origin
}

const [spec = ''] = process.argv.slice(2)
const [kind, count] = spec.split(':')
const records = Number(count ?? 0)
const began = performance.now()
const url =
  kind === 'bare'
    ? await bare()
    : kind === 'direct' || kind === 'msw'
      ? await understudy(kind, records)
      : kind === 'adapter'
        ? await adapter(records)
        : undefined
if (!url) throw new Error(`unknown target kind "${kind}"`)
const seedMs = performance.now() - began
let stop = async () => {}
const profiles = process.env.BENCH_CPU_PROF
if (profiles) {
  // Profiles the serving only: from now until stdin closes.
  const [{ Session }, { writeFileSync }, { join }] = await Promise.all([
    import('node:inspector/promises'),
    import('node:fs'),
    import('node:path'),
  ])
  const session = new Session()
  session.connect()
  await session.post('Profiler.enable')
  // `BENCH_CPU_PROF_INTERVAL`: the sampling interval in µs (V8's default: 1000).
  const interval = Number(process.env.BENCH_CPU_PROF_INTERVAL)
  if (interval > 0) await session.post('Profiler.setSamplingInterval', { interval })
  await session.post('Profiler.start')
  stop = async () => {
    const { profile } = await session.post('Profiler.stop')
    const name = `${spec.replaceAll(':', '@')}-${process.pid}.cpuprofile`
    writeFileSync(join(profiles, name), JSON.stringify(profile))
  }
}
process.stdin.resume()
process.stdin.on('end', () => stop().then(() => process.exit(0)))
console.log(JSON.stringify({ url, seedMs, rssMb: process.memoryUsage().rss / 2 ** 20 }))
