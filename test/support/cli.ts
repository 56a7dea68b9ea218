/**
 * Starts the CLI (`understudy-mock serve`) as a child process and reads the URLs it prints: from source through
 * tsx (the default), or as the built bin (`dist/bin/understudy.js`; `npm run build` first).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../..', import.meta.url))

/** The built bin, as the package installs it. */
const BIN = fileURLToPath(new URL('../../dist/bin/understudy.js', import.meta.url))

/** How to launch the CLI. */
export interface CliLaunch {
  /** Run the built bin instead of the source (the bin must be built). */
  bin?: boolean
  /** Default: the repository. With another folder, use `bin` (tsx resolves from the repository). */
  cwd?: string
  /** Default: this process's environment. */
  env?: NodeJS.ProcessEnv
  /** How long to wait for the banner (`startCli`). */
  timeoutMs?: number
}

export interface CliServer {
  process: ChildProcess
  /** Everything printed to stdout so far. */
  output(): string
  /** Everything printed to stderr so far. */
  errors(): string
  origin: string
  router: string
  messaging: Record<string, string>
  stop(): Promise<number | null>
}

/** Spawns the CLI and collects what it prints. */
function spawnCli(args: string[], launch: CliLaunch = {}) {
  if (launch.bin && !existsSync(BIN)) throw new Error(`${BIN} is missing: run npm run build first`)
  const entry = launch.bin ? [BIN] : ['--import', 'tsx', 'src/entries/cli.ts']
  const child = spawn(process.execPath, [...entry, ...args], {
    cwd: launch.cwd ?? root,
    env: launch.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const printed = { stdout: '', stderr: '' }
  child.stdout.on('data', (chunk: Buffer) => {
    printed.stdout += chunk.toString()
  })
  child.stderr.on('data', (chunk: Buffer) => {
    printed.stderr += chunk.toString()
  })
  return { child, printed }
}

/** The banner's last line. */
const READY = /^Press Ctrl\+C to stop\.$/m

/**
 * Runs `understudy-mock serve --port 0 ...args` and waits until it prints its URLs (killing it if it does not
 * within `timeoutMs`, default 45 s). The banner is read from stdout, or stderr with `--log json`.
 */
export async function startCli(args: string[] = [], launch: CliLaunch = {}): Promise<CliServer> {
  const timeoutMs = launch.timeoutMs ?? 45_000
  const { child, printed } = spawnCli(['serve', '--port', '0', ...args], launch)
  const bannerOf = () => (READY.test(printed.stdout) ? printed.stdout : printed.stderr)
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(
              `the CLI did not start in ${timeoutMs} ms: ${printed.stdout}${printed.stderr}`,
            ),
          ),
        timeoutMs,
      )
      const check = () => {
        if (READY.test(printed.stdout) || READY.test(printed.stderr)) {
          clearTimeout(timer)
          resolve()
        }
      }
      child.stdout.on('data', check)
      child.stderr.on('data', check)
      child.on('exit', (code) => {
        clearTimeout(timer)
        reject(new Error(`the CLI exited with ${code}: ${printed.stderr}`))
      })
    })
  } catch (error) {
    if (child.exitCode === null) child.kill('SIGKILL')
    throw error
  }
  const banner = bannerOf()
  return {
    process: child,
    output: () => printed.stdout,
    errors: () => printed.stderr,
    origin: /at (http:\/\/\S+)/.exec(banner)?.[1] ?? '',
    router: /^router\s+(\S+)/m.exec(banner)?.[1] ?? '',
    messaging: Object.fromEntries(
      [...banner.matchAll(/^messaging\s+(\S+)\s+(\S+)/gm)].map((m) => [m[1], m[2]]),
    ),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode
      const closed = once(child, 'close')
      child.kill('SIGTERM')
      const [code] = (await closed) as [number | null]
      return code
    },
  }
}

/** Runs the CLI to completion with the given arguments and returns its exit code and output. */
export async function runCli(
  args: string[],
  launch: CliLaunch = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { child, printed } = spawnCli(args, launch)
  // 'close' (not 'exit'): everything printed has been read by then.
  const [code] = (await once(child, 'close')) as [number | null]
  return { code, ...printed }
}
