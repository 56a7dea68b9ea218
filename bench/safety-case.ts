/**
 * One case of `bench/safety.ts` against one source tree: `node --import tsx bench/safety-case.ts <case>
 * <root>` prints one JSON line of figures. The server cases start the tree's standalone server in a child
 * process of its own (`bench/safety-server.ts`) and load it from this one.
 * - `wait`: in process, 10,000 entries; ms per request with 0, 1 and 10 `waitFor`s pending (a filter
 *   on the body, which every entry of the service is parsed for).
 * - `headers`: 9,000 unauthenticated GETs with 1,000 tiny headers each (their values differ per request); the server's RSS before and after,
 *   and what the journal says it holds.
 * - `keys`: a 9.6 MiB JSON body of 850,000 keys to the router's create and to a control route: the time
 *   to the answer, its status, and the longest wait of a bystander's requests meanwhile.
 * - `har`, `journal`, `snapshot`: a full journal (64 MiB budget) exported over HTTP (`journal.har`,
 *   `journal`, the snapshot): the time, the longest wait of a bystander, and the server's RSS growth.
 * - `inspector`: 800 organizations more; the inspector's poll (`GET /__understudy/state`): ms and bytes.
 * @module
 */
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { connect } from 'node:net'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath, pathToFileURL } from 'node:url'

const HERE = fileURLToPath(new URL('.', import.meta.url))
const [name = '', root = join(HERE, '..')] = process.argv.slice(2)
const KEY = 'Bearer sk-or-v1-understudy-default-inference'
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] as number

async function startServer(organizations = 0) {
  const child = spawn(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', join(HERE, 'safety-server.ts'), root, String(organizations)],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  )
  // The server prints its banner too: the lines wanted start with `ready ` and `memory `.
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]()
  const next = async (prefix: string) => {
    for (let line = await lines.next(); !line.done; line = await lines.next())
      if (line.value.startsWith(prefix)) return JSON.parse(line.value.slice(prefix.length))
    throw new Error('the server exited')
  }
  const { url, pid } = (await next('ready ')) as { url: string; pid: number }
  return {
    url,
    /** RSS and heap (with array buffers) after a full collection, in MB. */
    memory: async () => {
      child.stdin.write('measure\n')
      return (await next('memory ')) as { rssMb: number; heapMb: number }
    },
    rssMb: () =>
      Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024,
    stop: () => child.stdin.end(),
  }
}

interface Answer {
  status: number
  bytes: number
  ms: number
}

/** One request with `node:http` (any headers, streamed answer counted, not kept). */
function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: Buffer | string } = {},
): Promise<Answer> {
  const began = performance.now()
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      { method: options.method ?? 'GET', headers: options.headers, agent: false },
      (response) => {
        let bytes = 0
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length
        })
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, bytes, ms: performance.now() - began }),
        )
      },
    )
    request.on('error', reject)
    request.end(options.body)
  })
}

/** One request written as given on a socket of its own (node's client refuses some); its status line. */
function sendRaw(url: string, head: string): Promise<string> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(head))
    let text = ''
    socket.setEncoding('latin1')
    socket.on('data', (chunk: string) => {
      text += chunk
    })
    socket.on('error', reject)
    socket.on('close', () => resolve(text.split('\r\n', 1)[0] as string))
  })
}

/** Runs `work` while a bystander sends a small request every 5 ms; the bystander's longest wait. */
async function withBystander(url: string, work: () => Promise<Answer>) {
  let done = false
  const waits: number[] = []
  const bystander = (async () => {
    while (!done) {
      waits.push(
        (await send(`${url}/router/api/v1/presets`, { headers: { authorization: KEY } })).ms,
      )
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
  })()
  const answer = await work()
  done = true
  await bystander
  return { ...answer, bystanderMaxMs: Math.max(...waits), bystanderMedianMs: median(waits) }
}

const cases: Record<string, () => Promise<unknown>> = {
  async wait() {
    const { createSimulator } = (await import(
      pathToFileURL(join(root, 'src/entries/index.ts')).href
    )) as typeof import('../src/entries/index.js')
    const simulator = createSimulator({ seed: 'bench', now: '2026-01-01T00:00:00Z' })
    const list = () =>
      simulator.fetch('https://openrouter.ai/api/v1/presets', { headers: { authorization: KEY } })
    for (let i = 0; i < 10_000; i++) await list()
    const perRequest = async (pending: number) => {
      const controller = new AbortController()
      const after = simulator.journal.last()?.seq ?? 0
      const waits = Array.from({ length: pending }, () =>
        simulator.journal
          .waitFor(
            { service: 'router', body: { model: 'never' } },
            { after, timeoutMs: 600_000, signal: controller.signal },
          )
          .catch(() => undefined),
      )
      const count = 100
      const began = performance.now()
      for (let i = 0; i < count; i++) await list()
      const ms = (performance.now() - began) / count
      controller.abort()
      await Promise.all(waits)
      return ms
    }
    const out: Record<string, number> = {}
    for (const pending of [0, 1, 10, 0, 1, 10]) out[`pending${pending}`] = await perRequest(pending)
    return out
  },

  async headers() {
    const server = await startServer()
    await send(`${server.url}/router/api/v1/presets`, { headers: { authorization: KEY } })
    const before = await server.memory()
    const { host } = new URL(server.url)
    // Each request's headers differ (a client's repeated headers are kept once).
    const headOf = (n: number) => {
      let head = `GET /router/api/v1/presets HTTP/1.1\r\nhost: ${host}\r\nconnection: close\r\n`
      for (let i = 0; i < 1000; i++) head += `${i.toString(36)}: ${n}\r\n`
      return `${head}\r\n`
    }
    let sent = 0
    const statuses = new Map<string, number>()
    const worker = async () => {
      while (sent < 9000) {
        sent += 1
        const status = await sendRaw(server.url, headOf(sent))
        statuses.set(status, (statuses.get(status) ?? 0) + 1)
      }
    }
    await Promise.all(Array.from({ length: 8 }, worker))
    const rssAfterMb = server.rssMb()
    const after = await server.memory()
    const discovery = await fetch(`${server.url}/__understudy`).then((r) => r.json())
    server.stop()
    return {
      statuses: Object.fromEntries(statuses),
      before,
      rssAfterMb,
      afterCollection: after,
      journal: discovery.journal,
    }
  },

  async keys() {
    const server = await startServer()
    const keys = 850_000
    const object = `{${Array.from({ length: keys }, (_, i) => `"k${i}":1`).join(',')}}`
    const preset = Buffer.from(
      `{"model":"openai/gpt-5.4","messages":[{"role":"user","content":"x"}],"logit_bias":${object}}`,
    )
    const json = { authorization: KEY, 'content-type': 'application/json' }
    const router = await withBystander(server.url, () =>
      send(`${server.url}/router/api/v1/presets/p/chat/completions`, {
        method: 'POST',
        headers: json,
        body: preset,
      }),
    )
    const control = await withBystander(server.url, () =>
      send(`${server.url}/__understudy/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: Buffer.from(object),
      }),
    )
    server.stop()
    return { bodyMiB: preset.length / 2 ** 20, router, control }
  },

  har: () => fullJournalExport('/__understudy/journal.har'),
  journal: () => fullJournalExport('/__understudy/journal'),
  snapshot: () => fullJournalExport('/__understudy/snapshot'),

  async inspector() {
    const server = await startServer(800)
    const polls = []
    for (let i = 0; i < 10; i++) polls.push(await send(`${server.url}/__understudy/state`))
    server.stop()
    return { ms: median(polls.map((p) => p.ms)), bytes: polls[0]?.bytes, status: polls[0]?.status }
  },
}

/**
 * A full journal (64 MiB budget: 1,200 creates with 64 KiB prompts) exported three times over HTTP from
 * `path`: the time, the longest wait of a bystander, the server's RSS growth.
 */
async function fullJournalExport(path: string) {
  const server = await startServer()
  // 64 KiB system prompts: about 1,000 entries fill the 64 MiB budget.
  const prompt = 'x'.repeat(64 * 1024)
  const body = JSON.stringify({
    model: 'openai/gpt-5.4',
    messages: [{ role: 'system', content: prompt }],
  })
  let n = 0
  const worker = async () => {
    while (n < 1200) {
      n += 1
      await send(`${server.url}/router/api/v1/presets/p${n % 50}/chat/completions`, {
        method: 'POST',
        headers: { authorization: KEY, 'content-type': 'application/json' },
        body,
      })
    }
  }
  await Promise.all(Array.from({ length: 4 }, worker))
  const discovery = await fetch(`${server.url}/__understudy`).then((r) => r.json())
  const rssBefore = server.rssMb()
  let rssMax = rssBefore
  const sampler = setInterval(() => {
    rssMax = Math.max(rssMax, server.rssMb())
  }, 10)
  const exports = []
  for (let i = 0; i < 3; i++)
    exports.push(await withBystander(server.url, () => send(`${server.url}${path}`)))
  clearInterval(sampler)
  server.stop()
  return {
    journal: discovery.journal,
    rssBeforeMb: rssBefore,
    rssMaxGrowthMb: rssMax - rssBefore,
    exportMs: exports.map((e) => e.ms),
    bytes: exports[0]?.bytes,
    bystanderMaxMs: exports.map((e) => e.bystanderMaxMs),
  }
}

const run = cases[name]
if (!run) throw new Error(`unknown case "${name}"; known: ${Object.keys(cases).join(', ')}`)
console.log(JSON.stringify(await run()))
process.exit(0)
