/**
 * WireMock, the fastest peer: the standalone jar the npm package `wiremock` ships, run by the machine's
 * Java (Debian's `default-jre-headless`) in a process of its own, with a static stub of each of the four
 * calls answering the same body Understudy answers (same size). The settings a user would pick for
 * speed while keeping what Understudy does: the request journal stays on, as WireMock keeps it by default
 * (unbounded: cleared before every load run, as a test suite resets it between tests; bounding it with
 * `--max-request-journal-entries` costs 2–5× the CPU per request, measured, as if each request walked
 * the whole journal); request logging to the notifier off (`--disable-request-logging`, "useful when
 * performance testing"); plain `Content-Length` bodies like the others (`--use-chunked-encoding never`);
 * loopback only. `journal: false` adds `--no-request-journal` (shown, not judged: Understudy always
 * journals).
 * @module
 */
import { spawn, spawnSync } from 'node:child_process'
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { createInterface } from 'node:readline'
import { OPS, ROOT, SERVER_BASE, type Target } from './lib.js'

/** `java -version`'s first line, or `undefined` when there is no Java. */
export function javaVersion(): string | undefined {
  const run = spawnSync('java', ['-version'], { encoding: 'utf8' })
  if (run.status !== 0) return undefined
  return run.stderr.split('\n', 1)[0]?.trim()
}

/** The jar in the npm package `wiremock`, and its version. */
function jar(): { file: string; version: string } {
  const dir = join(
    dirname(createRequire(import.meta.url).resolve('wiremock/package.json')),
    'build',
  )
  const file = readdirSync(dir).find((name) => /^wiremock-standalone-.*\.jar$/.test(name))
  if (!file) throw new Error(`no wiremock-standalone jar in ${dir}`)
  return { file: join(dir, file), version: /standalone-(.*)\.jar$/.exec(file)?.[1] ?? '?' }
}

const WIREMOCK_FLAGS = [
  '--bind-address',
  '127.0.0.1',
  '--port',
  '0',
  '--disable-banner',
  '--disable-request-logging',
  '--use-chunked-encoding',
  'never',
]

/** Starts WireMock with a static stub of each operation answering `bodies[op.name]`. */
export async function startWireMock(
  bodies: Record<string, string>,
  { journal = true }: { journal?: boolean } = {},
): Promise<Target & { version: string; flags: string[] }> {
  const { file, version } = jar()
  const root = join(ROOT, 'bench', 'tmp', `wiremock-${process.pid}-${journal ? 'journal' : 'none'}`)
  rmSync(root, { recursive: true, force: true })
  mkdirSync(join(root, 'mappings'), { recursive: true })
  mkdirSync(join(root, '__files'), { recursive: true })
  const mappings = OPS.map((op) => ({
    request: { method: op.method, urlPath: `${SERVER_BASE[op.service]}${op.request('0').path}` },
    response: {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
      body: bodies[op.name] ?? '{}',
    },
  }))
  writeFileSync(join(root, 'mappings', 'bench.json'), JSON.stringify({ mappings }))
  const flags = [...WIREMOCK_FLAGS, ...(journal ? [] : ['--no-request-journal'])]
  const began = performance.now()
  const child = spawn('java', ['-jar', file, '--root-dir', root, ...flags], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const stop = () => {
    child.kill()
    rmSync(root, { recursive: true, force: true })
  }
  process.once('exit', () => child.kill())
  const url = await new Promise<string>((resolve, reject) => {
    const guard = setTimeout(() => {
      child.kill()
      reject(new Error('WireMock did not start within a minute'))
    }, 60_000)
    child.once('exit', (code) => reject(new Error(`WireMock exited with ${code}`)))
    createInterface({ input: child.stdout }).on('line', (line) => {
      const port = /^port:\s+(\d+)/.exec(line)?.[1]
      if (!port) return
      clearTimeout(guard)
      resolve(`http://127.0.0.1:${port}`)
    })
  })
  return {
    spec: journal ? 'wiremock' : 'wiremock-nojournal',
    url,
    pid: child.pid as number,
    seedMs: performance.now() - began,
    rssMb: rssMb(child.pid as number),
    // Clears the request journal (WireMock's reset between tests), so that it does not grow all run long.
    async beforeRun() {
      if (!journal) return
      const response = await fetch(`${url}/__admin/requests`, { method: 'DELETE' })
      await response.text()
      if (!response.ok)
        throw new Error(`WireMock: clearing the journal answered ${response.status}`)
    },
    stop,
    version,
    flags,
  }
}

/** A process's resident memory (MB) from /proc/<pid>/status. */
function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
  return kb ? Number(kb) / 1024 : 0
}
