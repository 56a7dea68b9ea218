/**
 * The state file under a large state (issue 21): what a save costs every other request, and the server's
 * memory, against the same server without a state file in the same run.
 *
 * Each server is the built bin (`understudy-mock serve`) in a child process of its own; this process is the
 * load: it fills the state with presets whose system prompts are `--prompt-mb` MB each (one at a time, up
 * to `--state-mb`, or until the server refuses one), then for `--seconds` keeps a save going (a small write
 * every 250 ms) while a bystander sends one small read after another and times each. Reported: the
 * bystander's p50, p99 and longest wait (a save that holds the event loop shows as the longest wait;
 * target: at most twice the longest without a state file in the same run), the saves completed, the server's peak RSS (`VmHWM`) and its CPU while idle afterwards, then SIGTERM: the
 * exit code and how many accepted writes a restart on the same file has.
 *
 * `node --import tsx bench/state-file.ts [--smoke] [--state-mb 48] [--prompt-mb 4] [--seconds 8]`
 * @module
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DIST, ms, pick, quantile, ROOT, type Row, writeResult, x } from './lib.js'

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`)
  return at === -1 ? fallback : Number(process.argv[at + 1])
}
const STATE_MB = arg('state-mb', pick(48, 4))
const PROMPT_MB = arg('prompt-mb', pick(4, 1))
const SECONDS = arg('seconds', pick(8, 2))
/** A bystander read slower than this counts as slow (issue 21: every save stalled requests 0.7-1.3 s). */
const SLOW_MS = 100
/** The target: the longest wait with a state file at most this many times the longest without one. */
const TARGET_RATIO = 2

const KEY = 'Bearer sk-or-v1-understudy-default-inference'
const BIN = join(DIST, 'bin', 'understudy.js')

interface Server {
  child: ChildProcess
  origin: string
  stderr(): string
}

async function serve(args: string[]): Promise<Server> {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--quiet', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  let err = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    err += chunk.toString()
  })
  const origin = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const url = /at (http:\/\/\S+)/.exec(out)?.[1]
      if (url && /Press Ctrl\+C/.test(out)) resolve(url)
    })
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}: ${err}`)))
  })
  return { child, origin, stderr: () => err }
}

const procStatus = (pid: number, field: string) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`))
  return Number(/([0-9]+)/.exec(line ?? '')?.[1] ?? Number.NaN) / 1024
}
/** The process's CPU time so far (user + system), in milliseconds. */
const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
}

const prompt = (n: number) => {
  // Text with quotes and line breaks (JSON escapes them), about PROMPT_MB MB.
  const line = `Line ${n}: answer "briefly", in the user's language.\n`
  return line
    .repeat(Math.ceil((PROMPT_MB * 1_000_000) / line.length))
    .slice(0, PROMPT_MB * 1_000_000)
}

async function createPreset(origin: string, slug: string, content: string): Promise<number> {
  const response = await fetch(`${origin}/router/api/v1/presets/${slug}/chat/completions`, {
    method: 'POST',
    headers: { authorization: KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ messages: [{ role: 'system', content }] }),
  })
  await response.arrayBuffer()
  return response.status
}

async function status(origin: string) {
  const body = (await (await fetch(`${origin}/__understudy`)).json()) as {
    stateFile?: { saves: number; lastError: string | null }
  }
  return body.stateFile
}

interface Measured {
  accepted: number
  refused: number
  refusedStatus: number | undefined
  p50: number
  p99: number
  max: number
  /** Bystander reads that waited longer than `SLOW_MS`. */
  slow: number
  bystanders: number
  saves: number | undefined
  lastError: string | null | undefined
  peakRssMb: number
  idleCpu: number
  fileMb: number | undefined
  exitCode: number | null
  stopMs: number
  kept: number | undefined
}

async function run(stateFile: string | undefined): Promise<Measured> {
  const server = await serve(stateFile ? ['--state-file', stateFile] : [])
  const pid = server.child.pid as number
  let accepted = 0
  let refused = 0
  let refusedStatus: number | undefined
  const target = Math.ceil(STATE_MB / PROMPT_MB)
  for (let i = 0; i < target; i++) {
    const code = await createPreset(server.origin, `big-${i}`, prompt(i))
    if (code === 200) accepted += 1
    else {
      refused += 1
      refusedStatus = code
      if (refused >= 3) break
    }
  }
  // Saves while a bystander reads: a small write every 250 ms keeps the state changing.
  const waits: number[] = []
  const began = performance.now()
  const end = began + SECONDS * 1000
  const writer = (async () => {
    for (let i = 0; performance.now() < end; i++) {
      if ((await createPreset(server.origin, `small-${i}`, 'Be brief.')) === 200) accepted += 1
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  })()
  const bystander = (async () => {
    while (performance.now() < end) {
      const sent = performance.now()
      const response = await fetch(`${server.origin}/router/api/v1/presets/none`, {
        headers: { authorization: KEY },
      })
      await response.arrayBuffer()
      waits.push(performance.now() - sent)
    }
  })()
  await Promise.all([writer, bystander])
  const file = await status(server.origin)
  // Idle: what the server does with no traffic (a save retried forever shows here).
  await new Promise((resolve) => setTimeout(resolve, 1500))
  const idleFrom = cpuMs(pid)
  await new Promise((resolve) => setTimeout(resolve, 2000))
  const idleCpu = (cpuMs(pid) - idleFrom) / 2000
  const peakRssMb = procStatus(pid, 'VmHWM')
  const stopping = performance.now()
  const exited = once(server.child, 'exit')
  server.child.kill('SIGTERM')
  const [exitCode] = (await exited) as [number | null]
  const stopMs = performance.now() - stopping
  let kept: number | undefined
  let fileMb: number | undefined
  if (stateFile) {
    fileMb = statSync(stateFile, { throwIfNoEntry: false })?.size
    fileMb = fileMb === undefined ? undefined : fileMb / 1e6
    const again = await serve(['--state-file', stateFile]).catch(() => undefined)
    if (again) {
      const snapshot = (await (await fetch(`${again.origin}/__understudy/snapshot`)).json()) as {
        services: { router: { presets: unknown[] } }
      }
      kept = snapshot.services.router.presets.length
      const closed = once(again.child, 'exit')
      again.child.kill('SIGTERM')
      await closed
    }
  }
  return {
    accepted,
    refused,
    refusedStatus,
    p50: quantile(waits, 0.5),
    p99: quantile(waits, 0.99),
    max: Math.max(...waits),
    slow: waits.filter((wait) => wait > SLOW_MS).length,
    bystanders: waits.length,
    saves: file?.saves,
    lastError: file?.lastError,
    peakRssMb,
    idleCpu,
    fileMb,
    exitCode,
    stopMs,
    kept,
  }
}

const folder = mkdtempSync(join(tmpdir(), 'understudy-bench-state-'))
try {
  const without = await run(undefined)
  const withFile = await run(join(folder, 'state.json'))
  const figures = { stateMb: STATE_MB, promptMb: PROMPT_MB, seconds: SECONDS, without, withFile }
  console.log(JSON.stringify(figures, null, 2))
  const waits = (m: Measured) =>
    `p50 ${ms(m.p50, 1)}, p99 ${ms(m.p99, 1)}, longest ${ms(m.max, 1)}, ${m.slow} of ${m.bystanders} reads over ${SLOW_MS} ms`
  const rows: Row[] = [
    {
      group: 'state file',
      item: `bystander wait while saving ${withFile.fileMb?.toFixed(0) ?? '?'} MB (${withFile.saves} saves in ${SECONDS} s)`,
      value: waits(withFile),
      baseline: `no state file: ${waits(without)}`,
      ratio: x(withFile.max / without.max),
      target: `longest ≤ ${TARGET_RATIO}× without`,
      met: withFile.max <= TARGET_RATIO * without.max,
    },
    {
      group: 'state file',
      item: 'server peak RSS',
      value: `${withFile.peakRssMb.toFixed(0)} MB`,
      baseline: `no state file: ${without.peakRssMb.toFixed(0)} MB`,
    },
    {
      group: 'state file',
      item: 'SIGTERM, then a restart on the file',
      value: `exit ${withFile.exitCode} after ${ms(withFile.stopMs, 0)}; ${withFile.kept} of ${withFile.accepted} accepted presets kept; last error ${withFile.lastError ?? 'none'}`,
    },
  ]
  writeResult('state-file', figures, rows)
} finally {
  rmSync(folder, { recursive: true, force: true })
}
