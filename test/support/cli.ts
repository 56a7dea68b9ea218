/**
 * Starts the CLI (`understudy serve`) as a child process and reads the URLs it prints.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../..', import.meta.url))

export interface CliServer {
  process: ChildProcess
  /** Everything printed to stdout so far. */
  output(): string
  origin: string
  router: string
  messaging: Record<string, string>
  stop(): Promise<number | null>
}

/** Spawns the CLI from source and collects what it prints. */
function spawnCli(args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
    cwd: root,
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

/**
 * Runs `understudy serve --port 0 ...args` and waits until it prints its URLs (killing it if it does not
 * within `timeoutMs`).
 */
export async function startCli(args: string[] = [], timeoutMs = 45_000): Promise<CliServer> {
  const { child, printed } = spawnCli(['serve', '--port', '0', ...args])
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
      child.stdout.on('data', () => {
        if (/^Press Ctrl\+C to stop\.$/m.test(printed.stdout)) {
          clearTimeout(timer)
          resolve()
        }
      })
      child.on('exit', (code) => {
        clearTimeout(timer)
        reject(new Error(`the CLI exited with ${code}: ${printed.stderr}`))
      })
    })
  } catch (error) {
    if (child.exitCode === null) child.kill('SIGKILL')
    throw error
  }
  const stdout = printed.stdout
  return {
    process: child,
    output: () => printed.stdout,
    origin: /at (http:\/\/\S+)/.exec(stdout)?.[1] ?? '',
    router: /^router\s+(\S+)/m.exec(stdout)?.[1] ?? '',
    messaging: Object.fromEntries(
      [...stdout.matchAll(/^messaging\s+(\S+)\s+(\S+)/gm)].map((m) => [m[1], m[2]]),
    ),
    async stop() {
      if (child.exitCode !== null) return child.exitCode
      child.kill('SIGTERM')
      const [code] = (await once(child, 'exit')) as [number | null]
      return code
    },
  }
}

/** Runs the CLI to completion with the given arguments and returns its exit code and output. */
export async function runCli(
  args: string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { child, printed } = spawnCli(args)
  const [code] = (await once(child, 'exit')) as [number | null]
  return { code, ...printed }
}
