/**
 * Bad command lines and the one line the CLI answers each with (after `understudy: `). args.test.ts checks
 * every one in process; errors.test.ts runs those marked `spawn` through the built bin.
 */
export interface Refusal {
  argv: string[]
  message: string
  /** Also checked end to end (exit code 2, the usage line, no stack trace). */
  spawn?: boolean
}

export const REFUSALS: Refusal[] = [
  { argv: ['serve', '--x'], message: "unknown option '--x'", spawn: true },
  { argv: ['-z'], message: "unknown option '-z'" },
  { argv: ['serve', '--port'], message: "option '--port <n>' needs a value", spawn: true },
  { argv: ['--port', '--quiet'], message: "option '--port <n>' needs a value" },
  { argv: ['--allowed-host'], message: "option '--allowed-host <name>' needs a value" },
  { argv: ['--quiet=yes'], message: "option '--quiet' takes no value" },
  {
    argv: ['--cors=1'],
    message:
      '--cors takes an origin like "http://localhost:5173" (scheme, host, port; no path), got "1"',
  },
  {
    argv: ['--cors', 'https://app.example.com/path'],
    message:
      '--cors takes an origin like "http://localhost:5173" (scheme, host, port; no path), got "https://app.example.com/path"',
  },
  { argv: ['deploy'], message: "unknown command 'deploy'", spawn: true },
  {
    argv: ['--state-file-max-bytes', '0'],
    message: '--state-file-max-bytes must be from 1 to 134217728 (128 MiB), got 0',
  },
  {
    argv: ['--state-file-max-bytes', '200000000'],
    message: '--state-file-max-bytes must be from 1 to 134217728 (128 MiB), got 200000000',
  },
  { argv: ['serve', 'now'], message: "unexpected argument 'now'" },
  { argv: ['serve', '--port', 'http'], message: '--port must be a whole number, got "http"' },
  {
    argv: ['serve', '--latency', 'fast'],
    message: '--latency must be a whole number of milliseconds or a range like 20-200, got "fast"',
    spawn: true,
  },
  {
    argv: ['serve', '--latency', '200-20'],
    message: '--latency range must go from low to high, got "200-20"',
  },
  {
    argv: ['serve', '--feature-level', '9999'],
    message:
      '--feature-level: 9999 is not a feature level the simulator models (a whole number from 1 to 512)',
    spawn: true,
  },
  {
    argv: ['serve', '--feature-level', '0'],
    message:
      '--feature-level: 0 is not a feature level the simulator models (a whole number from 1 to 512)',
  },
  {
    argv: ['serve', '--control-token', ''],
    message:
      '--control-token must not be empty (an empty token would protect nothing); leave it out or give a secret',
    spawn: true,
  },
  {
    argv: ['serve', '--engine', 'fast'],
    message: '--engine must be "direct" or "msw", got "fast"',
  },
  { argv: ['serve', '--log=xml'], message: '--log takes no value or "json", got "xml"' },
  {
    argv: ['serve', '--journal-max-bytes', '1e6'],
    message: '--journal-max-bytes must be a whole number, got "1e6"',
  },
]
