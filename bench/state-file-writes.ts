/**
 * What the state file's durability costs each write (issue 30): a write is answered only once the file
 * holds it, so every write waits for a save (writes waiting together share one). Measured against the
 * same server without a state file (the in-memory baseline), in the same run.
 *
 * Each server is the built bin (`understudy serve`) in a child process of its own; the load comes from
 * `bench/loadgen.mjs` in another (autocannon), at 1 connection (one write after another: each write's own
 * cost, a save per write) and at 32 (writes share saves). Two writes: create-preset (a new version of one
 * preset each time) and create-user (a new user each time). And the same with `--state-mb` of state
 * already in the file (presets with 1 MB system prompts): a save writes the whole state, so a write's cost
 * grows with it. Targets interleaved (memory, file, file with state; the order rotating), `rounds` rounds,
 * medians with the spread.
 *
 * `node --import tsx bench/state-file-writes.ts [--smoke] [--state-mb 8]`
 * @module
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  DIST,
  load,
  median,
  OPS,
  type Op,
  pick,
  ROOT,
  type Round,
  type Row,
  type Target,
  writeResult,
  x,
} from './lib.js'

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`)
  return at === -1 ? fallback : Number(process.argv[at + 1])
}
const STATE_MB = arg('state-mb', pick(8, 1))
const SECONDS = pick(2, 0.3)
const ROUNDS = pick(3, 1)
const BIN = join(DIST, 'bin', 'understudy.js')
const KEY = 'Bearer sk-or-v1-understudy-default-inference'

async function serve(spec: string, args: string[]): Promise<Target & { child: ChildProcess }> {
  const began = performance.now()
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--quiet', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let out = ''
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const found = /at (http:\/\/\S+)/.exec(out)?.[1]
      if (found && /Press Ctrl\+C/.test(out)) resolve(found)
    })
    child.once('exit', (code) => reject(new Error(`${spec} exited with ${code}`)))
  })
  return {
    spec,
    url,
    pid: child.pid as number,
    seedMs: performance.now() - began,
    rssMb: 0,
    child,
    stop: () => child.kill('SIGTERM'),
  }
}

/** Fills a server with `STATE_MB` presets of 1 MB system prompts. */
async function fill(target: Target): Promise<void> {
  const content = 'Answer briefly, in the user\u2019s language.\n'
    .repeat(25_000)
    .slice(0, 1_000_000)
  for (let i = 0; i < STATE_MB; i++) {
    const response = await fetch(`${target.url}/router/api/v1/presets/big-${i}/chat/completions`, {
      method: 'POST',
      headers: { authorization: KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ role: 'system', content }] }),
    })
    await response.arrayBuffer()
    if (response.status !== 200) throw new Error(`filling ${target.spec}: ${response.status}`)
  }
}

const folder = mkdtempSync(join(tmpdir(), 'understudy-bench-writes-'))
const targets: Array<Target & { child: ChildProcess }> = []
try {
  targets.push(await serve('memory', []))
  targets.push(await serve('file', ['--state-file', join(folder, 'small.json')]))
  const large = await serve(`file+${STATE_MB}MB`, ['--state-file', join(folder, 'large.json')])
  targets.push(large)
  await fill(large)
  const writes = OPS.filter((op) => op.name === 'create-preset' || op.name === 'create-user')
  const figures: Record<string, Record<string, Round[]>> = {}
  for (const op of writes as Op[])
    for (const connections of [1, 32]) {
      const runs: Record<string, Round[]> = Object.fromEntries(targets.map((t) => [t.spec, []]))
      for (let round = 0; round < ROUNDS; round++)
        for (let i = 0; i < targets.length; i++) {
          const target = targets[(round + i) % targets.length] as Target
          runs[target.spec]?.push(await load(target, op, SECONDS, connections))
        }
      figures[`${op.name} ×${connections}`] = runs
    }
  console.log(JSON.stringify(figures, null, 2))
  const rows: Row[] = []
  const of = (runs: Round[] | undefined, key: keyof Round) =>
    median((runs ?? []).map((r) => r[key]))
  const spread = (runs: Round[] | undefined) => {
    const rps = (runs ?? []).map((r) => r.rps)
    return `${of(runs, 'rps').toFixed(0)} writes/s (${Math.min(...rps).toFixed(0)}–${Math.max(...rps).toFixed(0)}), p50 ${of(runs, 'p50')} ms, p99 ${of(runs, 'p99')} ms`
  }
  for (const [name, runs] of Object.entries(figures)) {
    const memory = runs.memory
    for (const spec of ['file', `file+${STATE_MB}MB`])
      rows.push({
        group: 'state file writes',
        item: `${name} connection${name.endsWith('×1') ? '' : 's'}, ${spec}`,
        value: spread(runs[spec]),
        baseline: `no state file: ${spread(memory)}`,
        ratio: x(of(memory, 'rps') / of(runs[spec], 'rps')),
      })
  }
  writeResult('state-file-writes', { stateMb: STATE_MB, seconds: SECONDS, figures }, rows)
} finally {
  for (const target of targets) {
    const exited = once(target.child, 'exit')
    target.stop()
    await exited
  }
  rmSync(folder, { recursive: true, force: true })
}
