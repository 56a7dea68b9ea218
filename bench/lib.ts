/**
 * Shared by every benchmark: the four operations, scenarios with many records, timing, loopback load
 * (autocannon, run here against a server in a child process), and the result files `bench/run.ts` reads.
 * @module
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { type ScenarioDefinition, scenarios } from '../scenarios/index.js'

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')
export const RESULTS = join(ROOT, 'bench', 'results')

/**
 * Imports a module of the built package (`dist/`, from `npm run build`; `bench/run.ts` builds first): the
 * code users install and run, not the TypeScript sources through tsx.
 * @example const { createSimulator } = await fromDist<typeof import('../src/simulator.js')>('src/simulator.js')
 */
export async function fromDist<T>(path: string): Promise<T> {
  const file = join(ROOT, 'dist', path)
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first`)
  return (await import(pathToFileURL(file).href)) as T
}

/** `--smoke` (or `BENCH_SMOKE=1`): tiny durations and counts, to prove every benchmark runs. */
export const SMOKE = process.argv.includes('--smoke') || process.env.BENCH_SMOKE === '1'
/** Picks the full or the smoke figure. */
export const pick = <T>(full: T, smoke: T): T => (SMOKE ? smoke : full)

export const ROUTER_KEY = 'Bearer sk-or-v1-understudy-default-inference'
export const IAGO = `Basic ${Buffer.from('iago@acme.example:oCLrZ3aWZkSBvrjn9Wvgfygw2wMqZcUD').toString('base64')}`
/** The slug `get-preset` reads; every benchmark creates it first with `createPreset.request('get')`. */
export const GET_SLUG = 'b-get'

export type OpName = 'create-preset' | 'get-preset' | 'create-user' | 'welcome'

/** One operation: its path below the service's base URL, with `:slug` standing for a varying part. */
export interface Op {
  name: OpName
  service: 'router' | 'messaging'
  method: 'GET' | 'POST'
  /** Below the service's base (in process `https://openrouter.ai/api/v1`, on the server `/router/api/v1`). */
  pattern: string
  headers: Record<string, string>
  /** The path and body of the `n`th request (unique slugs and e-mail addresses where a create needs them). */
  request(n: string): { path: string; body?: string }
}

const json = { authorization: ROUTER_KEY, 'content-type': 'application/json' }
const form = { authorization: IAGO, 'content-type': 'application/x-www-form-urlencoded' }
const presetBody = JSON.stringify({
  messages: [
    { role: 'system', content: 'You are a helpful assistant.' },
    { role: 'user', content: 'Hello!' },
  ],
  model: 'openai/gpt-5.4',
  temperature: 0.7,
})

export const OPS: Op[] = [
  {
    name: 'create-preset',
    service: 'router',
    method: 'POST',
    pattern: '/presets/:slug/chat/completions',
    headers: json,
    request: (n) => ({ path: `/presets/b-${n}/chat/completions`, body: presetBody }),
  },
  {
    name: 'get-preset',
    service: 'router',
    method: 'GET',
    pattern: `/presets/${GET_SLUG}`,
    headers: { authorization: ROUTER_KEY },
    request: () => ({ path: `/presets/${GET_SLUG}` }),
  },
  {
    name: 'create-user',
    service: 'messaging',
    method: 'POST',
    pattern: '/users',
    headers: form,
    request: (n) => ({
      path: '/users',
      body: `email=b-${n}%40acme.example&password=correct-horse&full_name=Some+Name`,
    }),
  },
  {
    name: 'welcome',
    service: 'messaging',
    method: 'POST',
    pattern: '/realm/test_welcome_bot_custom_message',
    headers: form,
    request: () => ({
      path: '/realm/test_welcome_bot_custom_message',
      body: 'welcome_message_custom_text=Hello',
    }),
  },
]
export const createPreset = OPS[0] as Op

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
 * more round first warms up and is dropped; the figure is the median of the rounds.
 */
export async function interleave(
  variants: Record<string, () => void>,
  request: (variant: string) => Promise<unknown>,
  { rounds, batch }: { rounds: number; batch: number },
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

/** A server under test in a child process (see `bench/target.ts`). */
export interface Target {
  /** `<kind>[:<records>]`, e.g. `direct`, `bare`, `direct:100000`. */
  spec: string
  url: string
  /** The time to start it, loading its records included. */
  seedMs: number
  /** The RSS of its process once every server of the process was up. */
  rssMb: number
  stop(): void
}

/**
 * Starts the servers `specs` in one child process and waits for their URLs. With `BENCH_CPU_PROF=<dir>`,
 * the child profiles from the moment it is ready and writes the profile there when stopped.
 */
export function startTargets(specs: string[], bodies: Record<string, string> = {}) {
  const script = join(ROOT, 'bench', 'target.ts')
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...specs], {
    cwd: ROOT,
    // The child exits when its stdin closes (so none outlives this process).
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, BENCH_BODIES: JSON.stringify(bodies) },
  })
  return new Promise<Target[]>((resolve, reject) => {
    const fail = (why: string) => {
      child.kill()
      reject(new Error(`bench/target.ts ${specs.join(' ')} ${why}`))
    }
    const guard = setTimeout(() => fail('did not start within 3 minutes'), 180_000)
    child.once('exit', (code) => fail(`exited with ${code}`))
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).once('line', (line) => {
      clearTimeout(guard)
      const ready = JSON.parse(line) as { rssMb: number } & Record<
        string,
        { url: string; seedMs: number }
      >
      const stop = () => child.stdin?.end()
      resolve(
        specs.map((spec) => {
          const { url, seedMs } = ready[spec] as { url: string; seedMs: number }
          return { spec, url, seedMs, rssMb: ready.rssMb, stop }
        }),
      )
    })
  })
}

/**
 * Starts each spec in its own child process (the full run), or all in one (the smoke run, to start fast).
 * Children start one after another, so that they do not slow each other down.
 */
export async function startEach(specs: string[], bodies?: Record<string, string>) {
  if (SMOKE) return startTargets(specs, bodies)
  const targets: Target[] = []
  for (const spec of specs) targets.push(...(await startTargets([spec], bodies)))
  return targets
}

/** Requests per second and latency of one operation under load, from this process. */
export interface Load {
  rps: number
  p50: number
  p99: number
  requests: number
}

/** Loads `origin` with one operation at `connections` for `seconds`; throws on any error or non-2xx. */
export async function load(origin: string, op: Op, seconds: number, connections: number) {
  const base = SERVER_BASE[op.service]
  const varies =
    op.request('a').path !== op.request('b').path || op.request('a').body !== op.request('b').body
  const first = op.request(unique())
  const { default: autocannon } = await import('autocannon')
  const result = await autocannon({
    url: origin,
    connections,
    duration: seconds,
    // It stops at the first sample after the duration: sample often, so that short runs stay short.
    sampleInt: 100,
    requests: [
      {
        method: op.method,
        path: `${base}${first.path}`,
        headers: op.headers,
        ...(first.body === undefined ? {} : { body: first.body }),
        ...(varies
          ? {
              setupRequest: (request: Record<string, unknown>) => {
                const next = op.request(unique())
                return { ...request, path: `${base}${next.path}`, body: next.body }
              },
            }
          : {}),
      },
    ],
  })
  if (result.errors > 0 || result.non2xx > 0 || result.timeouts > 0) {
    throw new Error(
      `${op.name} on ${origin}: ${result.errors} errors, ${result.non2xx} non-2xx, ${result.timeouts} timeouts`,
    )
  }
  return {
    rps: result.requests.total / (result.duration || seconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
  } satisfies Load
}

/** The load of every loopback run: connections, seconds per run, rounds (each target once a round). */
export const LOAD = {
  connections: 32,
  seconds: pick(2, 0.2),
  warmUp: pick(1, 0.1),
  rounds: pick(3, 1),
}

/**
 * Loads each target with one operation in turn, `LOAD.rounds` times (the order rotates), after a warm-up
 * run of each; the median rps, p50 and p99 of the rounds.
 */
export async function compareLoad(targets: Target[], op: Op) {
  const loads = new Map<Target, Load[]>(targets.map((target) => [target, []]))
  for (const target of targets) await load(target.url, op, LOAD.warmUp, LOAD.connections)
  for (let round = 0; round < LOAD.rounds; round++) {
    for (let i = 0; i < targets.length; i++) {
      const target = targets[(round + i) % targets.length] as Target
      loads.get(target)?.push(await load(target.url, op, LOAD.seconds, LOAD.connections))
    }
  }
  return new Map(
    [...loads].map(([target, runs]) => [
      target,
      {
        rps: median(runs.map((run) => run.rps)),
        p50: median(runs.map((run) => run.p50)),
        p99: median(runs.map((run) => run.p99)),
      },
    ]),
  )
}

/** `1234 rps, p50 1 ms, p99 9 ms` (autocannon's latencies are whole milliseconds). */
export const describeLoad = (figure: Omit<Load, 'requests'>) =>
  `${Math.round(figure.rps)} rps, p50 ${figure.p50} ms, p99 ${figure.p99} ms`

/**
 * Sends one request of an operation and returns the body; throws unless it succeeds. To a server's
 * origin, or in process (`https://…` URLs, answered by msw when it listens) without one.
 */
export async function send(origin: string | undefined, op: Op, n = unique()): Promise<string> {
  const { path, body } = op.request(n)
  const base =
    origin === undefined ? IN_PROCESS_BASE[op.service] : `${origin}${SERVER_BASE[op.service]}`
  const response = await fetch(`${base}${path}`, { method: op.method, headers: op.headers, body })
  const text = await response.text()
  if (!response.ok) throw new Error(`${op.name}: ${response.status} ${text}`)
  return text
}
