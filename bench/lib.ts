/**
 * Shared by every benchmark: the four operations, scenarios with many records, timing, loopback load
 * (a load generator process, `bench/loadgen.mjs`, against a server in another child process, with the
 * server's CPU time from /proc), and the result files `bench/run.ts` reads.
 * @module
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { scenarios } from '../scenarios/index.js'
import type { ScenarioDefinition } from '../src/services/scenario.js'
import { IAGO, PRESET_BODY, ROUTER_KEY } from './default-requests.mjs'

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')
export const RESULTS = join(ROOT, 'bench', 'results')

/**
 * The built package the benchmarks measure: `dist/` (from `npm run build`), or the snapshot of it that
 * `bench/run.ts` takes after building (`BENCH_DIST`), so that a rebuild of `dist/` during a long run
 * cannot pull the code from under it.
 */
export const DIST = process.env.BENCH_DIST ?? join(ROOT, 'dist')

/**
 * Imports a module of the built package (see `DIST`): the code users install and run, not the
 * TypeScript sources through tsx.
 * @example const { createSimulator } = await fromDist<typeof import('../src/simulator/simulator.js')>('src/simulator/simulator.js')
 */
export async function fromDist<T>(path: string): Promise<T> {
  const file = join(DIST, path)
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first`)
  return (await import(pathToFileURL(file).href)) as T
}

/** `--smoke` (or `BENCH_SMOKE=1`): tiny durations and counts, to prove every benchmark runs. */
export const SMOKE = process.argv.includes('--smoke') || process.env.BENCH_SMOKE === '1'
/** Picks the full or the smoke figure. */
export const pick = <T>(full: T, smoke: T): T => (SMOKE ? smoke : full)

/** The slug `get-preset` reads; every benchmark creates it first with `createPreset.request('get')`. */
const GET_SLUG = 'b-get'

type OpName = 'create-preset' | 'get-preset' | 'create-user' | 'welcome' | 'chat-completion'

/** One operation: its path below the service's base URL, with `{n}` standing for a varying part. */
export interface Op {
  name: OpName
  service: 'router' | 'messaging'
  method: 'GET' | 'POST'
  /** Below the service's base (in process `https://openrouter.ai/api/v1`, on the server `/router/api/v1`). */
  pattern: string
  headers: Record<string, string>
  /** The path below the base; `{n}` (when `vary` is `path`) is replaced by a unique token per request. */
  path: string
  body?: string
  /** Which part holds `{n}` and so differs on every request. */
  vary?: 'path' | 'body'
  /** The path and body of the request with token `n` (unique slugs and e-mail addresses where a create needs them). */
  request(n: string): { path: string; body?: string }
}

const json = { authorization: ROUTER_KEY, 'content-type': 'application/json' }
const form = { authorization: IAGO, 'content-type': 'application/x-www-form-urlencoded' }
/** The slug every create-preset request writes: each request adds a new version of that one preset. */
const CREATE_SLUG = 'b-create'

const op = (definition: Omit<Op, 'request'>): Op => ({
  ...definition,
  request: (n) => ({
    path: definition.path.replace('{n}', n),
    ...(definition.body === undefined ? {} : { body: definition.body.replace('{n}', n) }),
  }),
})

/** The body of every chat-completion request: the preset `get-preset` reads, used by reference. */
const CHAT_BODY = JSON.stringify({
  model: `@preset/${GET_SLUG}`,
  messages: [{ role: 'user', content: 'Hello!' }],
})

/** The four calls of issue 15's table, and a non-streaming completion using a preset (issue 24). */
export const OPS: Op[] = [
  op({
    name: 'create-preset',
    service: 'router',
    method: 'POST',
    pattern: '/presets/:slug/chat/completions',
    headers: json,
    path: `/presets/${CREATE_SLUG}/chat/completions`,
    body: PRESET_BODY,
  }),
  op({
    name: 'get-preset',
    service: 'router',
    method: 'GET',
    pattern: `/presets/${GET_SLUG}`,
    headers: { authorization: ROUTER_KEY },
    path: `/presets/${GET_SLUG}`,
  }),
  op({
    name: 'create-user',
    service: 'messaging',
    method: 'POST',
    pattern: '/users',
    headers: form,
    path: '/users',
    body: 'email=b-{n}%40acme.example&password=correct-horse&full_name=Some+Name',
    vary: 'body',
  }),
  op({
    name: 'welcome',
    service: 'messaging',
    method: 'POST',
    pattern: '/realm/test_welcome_bot_custom_message',
    headers: form,
    path: '/realm/test_welcome_bot_custom_message',
    body: 'welcome_message_custom_text=Hello',
  }),
  op({
    name: 'chat-completion',
    service: 'router',
    method: 'POST',
    pattern: '/chat/completions',
    headers: json,
    path: '/chat/completions',
    body: CHAT_BODY,
  }),
]
/** Creates a preset at slug `slug` (one version): how every benchmark makes `GET_SLUG` before reading it. */
const createPresetAt = (slug: string): Op =>
  op({ ...(OPS[0] as Op), path: `/presets/${slug}/chat/completions` })
/** Creates the preset `get-preset` reads. */
export const createGetPreset = createPresetAt(GET_SLUG)

/** The services' base paths in process (absolute) and on the standalone server (below the origin). */
export const IN_PROCESS_BASE = {
  router: 'https://openrouter.ai/api/v1',
  messaging: 'https://acme.zulipchat.com/api/v1',
}
export const SERVER_BASE = { router: '/router/api/v1', messaging: '/messaging/acme/api/v1' }

/** A regular expression for an operation's full path on the server (`:slug` matches one segment). */
export const serverPath = (op: Op) =>
  new RegExp(`^${SERVER_BASE[op.service]}${op.pattern.replace(/:[a-z]+/g, '[^/]+')}$`)

let counter = 0
/** A fresh token for unique slugs and e-mail addresses. */
export const unique = () => (++counter).toString(36)

/** The default scenario plus `n` presets (one version each) in the Default workspace and `n` users in acme. */
export function scaledScenario(n: number): ScenarioDefinition {
  const base = scenarios.default as Required<Pick<ScenarioDefinition, 'router' | 'messaging'>>
  const [workspace, ...workspaces] = base.router.workspaces
  const [acme, ...organizations] = base.messaging.organizations
  if (!workspace || !acme) throw new Error('the default scenario changed shape')
  const version = { config: { model: 'openai/gpt-5.4', temperature: 0.7 }, systemPrompt: 'Hi.' }
  return {
    name: `bench-${n}`,
    router: {
      workspaces: [
        {
          ...workspace,
          presets: Array.from({ length: n }, (_, i) => ({
            slug: `seed-${i}`,
            versions: [version],
          })),
        },
        ...workspaces,
      ],
    },
    messaging: {
      organizations: [
        {
          ...acme,
          users: [
            ...acme.users,
            ...Array.from({ length: n }, (_, i) => ({
              email: `seed-${i}@acme.example`,
              fullName: `Seed ${i}`,
              apiKey: `seed${String(i).padStart(28, '0')}`,
            })),
          ],
        },
        ...organizations,
      ],
    },
  }
}

/**
 * Per-request time (ms) of each variant, measured in the same run: `rounds` rounds, each variant in turn
 * (the order rotates), each switching to the variant and then timing `batch` sequential requests. One
 * more round first warms up and is dropped; the figure is the median of the rounds (`spreads`, when
 * given, receives each variant's min and max).
 */
export async function interleave(
  variants: Record<string, () => void>,
  request: (variant: string) => Promise<unknown>,
  { rounds, batch }: { rounds: number; batch: number },
  spreads?: Record<string, { min: number; max: number }>,
): Promise<Record<string, number>> {
  const names = Object.keys(variants)
  const times: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]))
  for (let round = 0; round <= rounds; round++) {
    for (let i = 0; i < names.length; i++) {
      const name = names[(round + i) % names.length] as string
      variants[name]?.()
      const began = performance.now()
      for (let j = 0; j < batch; j++) await request(name)
      if (round > 0) times[name]?.push((performance.now() - began) / batch)
    }
  }
  for (const name of names) {
    const values = times[name] ?? []
    if (spreads) spreads[name] = { min: Math.min(...values), max: Math.max(...values) }
  }
  return Object.fromEntries(names.map((name) => [name, median(times[name] ?? [])]))
}

export const median = (values: number[]) => quantile(values, 0.5)
export function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN
}

/** One line of the table: a figure, its baseline from the same run, and the target when there is one. */
export interface Row {
  group: string
  item: string
  value: string
  baseline?: string
  /** The figure the target judges (a ratio, or an absolute number for absolute targets). */
  ratio?: string
  target?: string
  met?: boolean
}

/** Writes a benchmark's figures to `bench/results/<name>.json`. */
export function writeResult(name: string, figures: unknown, rows: Row[]): void {
  mkdirSync(RESULTS, { recursive: true })
  const file = join(RESULTS, `${name}.json`)
  writeFileSync(
    file,
    `${JSON.stringify({ name, smoke: SMOKE, at: new Date().toISOString(), figures, rows }, null, 2)}\n`,
  )
  console.log(`${name}: wrote ${file}`)
}

export const ms = (value: number, digits = 3) => `${value.toFixed(digits)} ms`
export const us = (valueMs: number) => `${(valueMs * 1000).toFixed(1)} µs`
export const x = (ratio: number) => `${ratio.toFixed(2)}×`

/** A server under test in a child process of its own, with that process's id (for its CPU time). */
export interface Target {
  /** `<kind>[:<records>]`, e.g. `direct`, `bare`, `direct:100000`, `wiremock`. */
  spec: string
  url: string
  /** The process serving it: /proc/<pid>/stat gives its CPU time. */
  pid: number
  /** The time to start it, loading its records included. */
  seedMs: number
  /** The RSS of its process once up. */
  rssMb: number
  /** Called before every load run (WireMock clears its request journal there, as a test suite would). */
  beforeRun?(): Promise<void>
  stop(): void
}

/**
 * Starts the server `spec` in a child process of its own (`bench/target.ts`) and waits for its URL. With
 * `BENCH_CPU_PROF=<dir>`, the child profiles from the moment it is ready and writes the profile there
 * when stopped (after `stop()`, wait for `exited`).
 */
export function startTarget(
  spec: string,
  bodies: Record<string, string> = {},
): Promise<Target & { exited: Promise<void> }> {
  const script = join(ROOT, 'bench', 'target.ts')
  const child = spawn(process.execPath, ['--import', 'tsx', script, spec], {
    cwd: ROOT,
    // The child exits when its stdin closes (so none outlives this process).
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, BENCH_BODIES: JSON.stringify(bodies) },
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return new Promise((resolve, reject) => {
    const fail = (why: string) => {
      child.kill()
      reject(new Error(`bench/target.ts ${spec} ${why}`))
    }
    const guard = setTimeout(() => fail('did not start within 3 minutes'), 180_000)
    child.once('exit', (code) => fail(`exited with ${code}`))
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).once('line', (line) => {
      clearTimeout(guard)
      const ready = JSON.parse(line) as { url: string; seedMs: number; rssMb: number }
      resolve({ spec, ...ready, pid: child.pid as number, stop: () => child.stdin?.end(), exited })
    })
  })
}

/** Starts each spec in its own child process, one after another (so that they do not slow each other down). */
export async function startEach(specs: string[], bodies?: Record<string, string>) {
  const targets: Target[] = []
  for (const spec of specs) targets.push(await startTarget(spec, bodies))
  return targets
}

/** One load run of one operation against one target, from the load generator's process. */
export interface Round {
  rps: number
  /** Autocannon's latencies: whole milliseconds. */
  p50: number
  p99: number
  requests: number
  /** The server's CPU time (every thread, user + system) over the run, per request answered. */
  cpuUs: number
  /** The server's CPU time over the run's wall time: 1 = one core busy all the time. */
  serverCores: number
  /** The same for the load generator. */
  loadgenCores: number
  /** The same for everything else on the machine (other processes: noise). */
  otherCores: number
}

/**
 * Loads `target` with one operation at `connections` for `seconds`, from a load generator process
 * (`bench/loadgen.mjs`); throws on any error or non-2xx.
 */
export async function load(target: Target, op: Op, seconds: number, connections: number) {
  await target.beforeRun?.()
  const base = SERVER_BASE[op.service]
  // Unique in this benchmark: the load generator numbers its requests after it.
  const token = `${unique()}x{n}`
  const spec = {
    url: target.url,
    method: op.method,
    path: `${base}${op.vary === 'path' ? op.path.replace('{n}', token) : op.path}`,
    headers: op.headers,
    ...(op.body === undefined
      ? {}
      : { body: op.vary === 'body' ? op.body.replace('{n}', token) : op.body }),
    ...(op.vary ? { vary: op.vary } : {}),
    connections,
    seconds,
    serverPid: target.pid,
  }
  const child = spawn(
    process.execPath,
    [join(ROOT, 'bench', 'loadgen.mjs'), JSON.stringify(spec)],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  let out = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk
  })
  const [code] = (await once(child, 'exit')) as [number | null]
  if (code !== 0)
    throw new Error(`bench/loadgen.mjs exited with ${code} (${op.name} on ${target.spec})`)
  const r = JSON.parse(out) as {
    requests: number
    rps: number
    p50: number
    p99: number
    errors: number
    non2xx: number
    timeouts: number
    windowMs: number
    serverCpuMs: number
    loadgenCpuMs: number
    machineCpuMs: number
  }
  if (r.errors > 0 || r.non2xx > 0 || r.timeouts > 0) {
    throw new Error(
      `${op.name} on ${target.spec}: ${r.errors} errors, ${r.non2xx} non-2xx, ${r.timeouts} timeouts`,
    )
  }
  return {
    rps: r.rps,
    p50: r.p50,
    p99: r.p99,
    requests: r.requests,
    cpuUs: (r.serverCpuMs * 1000) / r.requests,
    serverCores: r.serverCpuMs / r.windowMs,
    loadgenCores: r.loadgenCpuMs / r.windowMs,
    otherCores: Math.max(0, r.machineCpuMs - r.serverCpuMs - r.loadgenCpuMs) / r.windowMs,
  } satisfies Round
}

/** The load of every loopback run: connections, seconds per run, rounds (each target once a round). */
export const LOAD = {
  connections: 32,
  seconds: pick(2, 0.3),
  /** Seconds of each target's warm-up run per operation (none in the smoke run). */
  warmUp: pick(1, 0),
  rounds: pick(5, 1),
}

/** The median of each figure over the rounds, and its spread (min and max). */
export interface Summary {
  rounds: Round[]
  median: Round
  min: Round
  max: Round
}
const FIGURES = [
  'rps',
  'p50',
  'p99',
  'requests',
  'cpuUs',
  'serverCores',
  'loadgenCores',
  'otherCores',
] as const
function summarize(rounds: Round[]): Summary {
  const by = (pickOne: (values: number[]) => number) =>
    Object.fromEntries(
      FIGURES.map((key) => [key, pickOne(rounds.map((r) => r[key]))]),
    ) as unknown as Round
  return {
    rounds,
    median: by(median),
    min: by((values) => Math.min(...values)),
    max: by((values) => Math.max(...values)),
  }
}

/**
 * Loads each target with one operation in turn (A B C A B C …), `LOAD.rounds` times, the order rotating
 * each round, after a warm-up run of each; per target the median of each figure over the rounds and the
 * spread.
 */
export async function compareLoad(targets: Target[], op: Op): Promise<Map<Target, Summary>> {
  const rounds = new Map<Target, Round[]>(targets.map((target) => [target, []]))
  if (LOAD.warmUp > 0)
    for (const target of targets) await load(target, op, LOAD.warmUp, LOAD.connections)
  for (let round = 0; round < LOAD.rounds; round++) {
    for (let i = 0; i < targets.length; i++) {
      const target = targets[(round + i) % targets.length] as Target
      rounds.get(target)?.push(await load(target, op, LOAD.seconds, LOAD.connections))
    }
  }
  return new Map([...rounds].map(([target, runs]) => [target, summarize(runs)]))
}

/** `12.3k` */
export const kilo = (value: number) =>
  value >= 1000 ? `${(value / 1000).toFixed(1)}k` : value.toFixed(0)
/** A figure and its spread over the rounds: `12.3k (11.9k–12.6k)`. */
const spread = (s: Summary, key: keyof Round, format: (value: number) => string) =>
  s.rounds.length > 1
    ? `${format(s.median[key])} (${format(s.min[key])}–${format(s.max[key])})`
    : format(s.median[key])
export const percent = (cores: number) => `${Math.round(cores * 100)}%`
/** `12.3k req/s (11.9k–12.6k) · 84 µs CPU (80–88) · p50 2 ms, p99 5 ms · server 98% of a core` */
export const describeLoad = (s: Summary) =>
  `${spread(s, 'rps', kilo)} req/s · ${spread(s, 'cpuUs', (v) => v.toFixed(0))} µs CPU · p50 ${s.median.p50} ms, p99 ${s.median.p99} ms · ${percent(s.median.serverCores)} of a core`

/**
 * Sends one request of an operation and returns the body; throws unless it succeeds. To a server's
 * origin, or in process (`https://…` URLs, answered by msw when it listens, or by `fetcher`) without one.
 */
export async function send(
  origin: string | undefined,
  op: Op,
  n = unique(),
  fetcher: (input: string, init: RequestInit) => Promise<Response> = fetch,
): Promise<string> {
  const { path, body } = op.request(n)
  const base =
    origin === undefined ? IN_PROCESS_BASE[op.service] : `${origin}${SERVER_BASE[op.service]}`
  const response = await fetcher(`${base}${path}`, { method: op.method, headers: op.headers, body })
  const text = await response.text()
  if (!response.ok) throw new Error(`${op.name}: ${response.status} ${text}`)
  return text
}
