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

/** Runs `understudy serve --port 0 ...args` and waits until it prints its URLs. */
export async function startCli(args: string[] = []): Promise<CliServer> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/cli.ts', 'serve', '--port', '0', ...args],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString()
  })
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
  })
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`the CLI did not start in time: ${stdout}${stderr}`))
    }, 30_000)
    const check = () => {
      if (/^Press Ctrl\+C to stop\.$/m.test(stdout)) {
        clearTimeout(timer)
        resolve()
      }
    }
    child.stdout.on('data', check)
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`the CLI exited with ${code}: ${stderr}`))
    })
  })
  const origin = /at (http:\/\/\S+)/.exec(stdout)?.[1] ?? ''
  const router = /^router\s+(\S+)/m.exec(stdout)?.[1] ?? ''
  const messaging = Object.fromEntries(
    [...stdout.matchAll(/^messaging\s+(\S+)\s+(\S+)/gm)].map((m) => [m[1], m[2]]),
  )
  return {
    process: child,
    output: () => stdout,
    origin,
    router,
    messaging,
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
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString()
  })
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
  })
  const [code] = (await once(child, 'exit')) as [number | null]
  return { code, stdout, stderr }
}
