/**
 * `understudy-mock verify`: `--har FILE` replays a recording against a simulator set up to match it;
 * `<service> --live` (`router`, `messaging`) records the fixed script against the real service first (asking before it
 * writes, unless `--yes`). Exit 0: no difference; 1: differences; 2: the input cannot be used (a bad
 * command line, no such file, not a HAR, nothing replayable, a service that cannot be reached, or no
 * consent to write), with one line on stderr.
 * @module
 */

import { constants } from 'node:fs'
import { access, readFile, stat, writeFile } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { createInterface } from 'node:readline/promises'
import { parseArgs } from 'node:util'
import { systemErrorText } from '../../engine/core/system-error.js'
import type { Created } from '../../engine/core/verify-part.js'
import { type ServiceName, serviceNames } from '../../services/registry.js'
import { formatReport } from '../../surfaces/verify/format.js'
import { VerifyInputError } from '../../surfaces/verify/har-input.js'
import {
  LiveFailure,
  type LiveOptions,
  livePlan,
  runLive,
} from '../../surfaces/verify/live/live.js'
import { inReportOrder, verifyParts } from '../../surfaces/verify/parts.js'
import type { VerifyReport } from '../../surfaces/verify/report.js'
import { type VerifyOptions, verifyHar } from '../../surfaces/verify/verify-har.js'
import { CliError, messageOf, UsageError } from './errors.js'
import { withAttachments } from './har-attachments.js'

/** The services, as the usage line lists them (`router|messaging`) and as errors name them (`router or messaging`). */
const SERVICES = serviceNames.join('|')
const SERVICES_OR = serviceNames.join(' or ')
const isService = (name: string): name is ServiceName =>
  (serviceNames as readonly string[]).includes(name)

/** The usage line of `understudy-mock verify`. */
export const VERIFY_USAGE = `Usage: understudy-mock verify --har FILE [options] | understudy-mock verify ${SERVICES} --live --base-url URL --api-key KEY [--email E] [--record FILE] [--yes] [options]`

/** Each service's part of verify: its flags, `--role` values and live options (`VerifyPart.commandLine`). */
const PARTS = verifyParts()
const COMMAND_LINES = PARTS.map(({ name, part }) => ({ name, ...part.commandLine }))
const FLAGS = COMMAND_LINES.flatMap((commandLine) => commandLine.flags ?? [])

/** Where an option's help starts, and its further lines. */
const HELP_COLUMN = 28
const INDENT = ' '.repeat(HELP_COLUMN)

/** An option's help: its first line beside the flag, the others below. */
const optionHelp = (flag: string, help: readonly string[]) =>
  [
    `  ${flag.padEnd(HELP_COLUMN - 2)}${help[0]}`,
    ...help.slice(1).map((line) => INDENT + line),
  ].join('\n')

const LIVE_BASE_URLS = COMMAND_LINES.flatMap(({ baseUrl }) => baseUrl ?? []).join(', or ')
const LIVE_EMAIL = COMMAND_LINES.filter(({ email }) => email === true)
  .map(({ name }) => name)
  .join(', ')
const ROLES = inReportOrder(PARTS)
  .flatMap(({ part }) => part.commandLine?.roles ?? [])
  .join(`,\n${INDENT}`)

/** `understudy-mock verify --help`. */
const VERIFY_HELP = `${VERIFY_USAGE}

Replays a recording against a simulator set up to match it and reports every difference (docs/verify.md).

  --har <file>              a HAR recorded against the real service (DevTools, Playwright, a proxy)
  --live                    record the fixed script against the real service, then verify it
  --base-url <url>          live: ${LIVE_BASE_URLS}
  --api-key <key>           live: the key to act with
  --email <e-mail>          live, ${LIVE_EMAIL}: the account the key belongs to
  --record <file>           live: write the exchanges as a HAR, every credential removed
  --yes                     live: do not ask before creating understudy-verify-… resources
  --timeout <seconds>       live: the longest one request may take, to its answer's last byte
                            (default 30); an answer over 16 MiB stops the run too
  --json                    print { differences, compared, skipped, setup } as JSON
${FLAGS.map((flag) => optionHelp(`--${flag.flag} ${flag.value}`, flag.help)).join('\n')}
  --now <time>              the simulator clock's start (default: the recording's first date)
  --seed <seed>             the simulator's seed (default understudy-verify)
  --ignore-key-order        do not compare key order (examples re-serialized from an API description)
  --role <who>=<role>       a credential's role where the recording does not show it (repeatable):
                            ${ROLES}
  -h, --help                show this help

Exit codes: 0 no difference, 1 differences, 2 the input cannot be used.`

/** An input the command cannot use: exit 2, one line, no usage line. */
class InputError extends CliError {
  override readonly exitCode = 2
}

/** What the command writes to and reads from (the process's, or a test's). */
export interface VerifyIo {
  out(text: string): void
  err(text: string): void
  /** Whether there is a terminal to ask on. */
  interactive: boolean
  /** Asks a question on the terminal; resolves with the answer. */
  ask(question: string): Promise<string>
}

/** The process's own streams. */
export function processIo(): VerifyIo {
  return {
    out: (text) => process.stdout.write(`${text}\n`),
    err: (text) => process.stderr.write(`${text}\n`),
    interactive: process.stdin.isTTY === true && process.stderr.isTTY === true,
    async ask(question) {
      const terminal = createInterface({ input: process.stdin, output: process.stderr })
      try {
        return await terminal.question(question)
      } finally {
        terminal.close()
      }
    },
  }
}

function parse(argv: readonly string[]) {
  try {
    return parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        har: { type: 'string' },
        live: { type: 'boolean' },
        'base-url': { type: 'string' },
        'api-key': { type: 'string' },
        email: { type: 'string' },
        record: { type: 'string' },
        yes: { type: 'boolean' },
        timeout: { type: 'string' },
        json: { type: 'boolean' },
        ...Object.fromEntries(FLAGS.map(({ flag }) => [flag, { type: 'string' as const }])),
        now: { type: 'string' },
        seed: { type: 'string' },
        role: { type: 'string', multiple: true },
        'ignore-key-order': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    })
  } catch (error) {
    throw new UsageError(withoutHint(messageOf(error)))
  }
}

type Values = ReturnType<typeof parse>['values']

function verifyOptions(values: Values): VerifyOptions {
  const partOptions: Record<string, unknown> = {}
  for (const { flag, option, parse } of FLAGS) {
    const text = (values as Readonly<Record<string, unknown>>)[flag]
    if (typeof text !== 'string') continue
    const parsed = parse(text)
    if ('problem' in parsed) throw new UsageError(`--${flag} ${parsed.problem}`)
    partOptions[option] = parsed.value
  }
  const roles: Record<string, string> = {}
  for (const entry of values.role ?? []) {
    const at = entry.lastIndexOf('=')
    if (at <= 0) throw new UsageError(`--role takes <who>=<role>, got "${entry}"`)
    roles[entry.slice(0, at)] = entry.slice(at + 1)
  }
  return {
    ...partOptions,
    now: values.now,
    seed: values.seed,
    roles,
    keyOrder: values['ignore-key-order'] !== true,
  }
}

async function readRecording(file: string): Promise<string> {
  try {
    return await withAttachments(await readFile(file, 'utf8'), file)
  } catch (error) {
    const code = (error as { code?: string }).code
    if (code === 'ENOENT') throw new InputError(`no such file: ${file}`)
    throw new InputError(`cannot read ${file}: ${systemErrorText(error)}`)
  }
}

/**
 * Checks, before anything is sent, that the recording can be written where `--record` says: its folder
 * exists and is writable, and the name is not a folder.
 */
async function checkRecordPath(file: string): Promise<void> {
  const folder = dirname(resolve(file))
  const refuse = (why: string) => new InputError(`--record ${file}: ${why}; nothing was sent`)
  const folderStat = await stat(folder).catch((error: unknown) => {
    throw refuse(`its folder ${folder} cannot be used (${systemErrorText(error)})`)
  })
  if (!folderStat.isDirectory()) throw refuse(`${folder} is not a folder`)
  await access(folder, constants.W_OK).catch((error: unknown) => {
    throw refuse(`its folder ${folder} is not writable (${systemErrorText(error)})`)
  })
  const existing = await stat(file).catch(() => undefined)
  if (existing?.isDirectory()) throw refuse('it is a folder')
}

/** `--timeout <seconds>` in milliseconds. */
function timeoutMs(value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  const number = /^[0-9]+(\.[0-9]+)?$/.test(value) ? Number(value) : Number.NaN
  const ms = Math.round(number * 1000)
  if (!(ms >= 1 && ms <= 3_600_000))
    throw new UsageError(`--timeout takes seconds, from 0.001 to 3600, got "${value}"`)
  return ms
}

function printCreated(io: VerifyIo, created: readonly Created[], to: 'out' | 'err') {
  const say = to === 'out' ? io.out : io.err
  if (created.length === 0) {
    say('Created nothing on the service.')
    return
  }
  say('Created on the service (remove them when done):')
  for (const item of created) say(`  ${item.what}: ${item.remove}`)
}

/** Asks before writing to a real service; refuses without a terminal. */
async function consent(io: VerifyIo, options: LiveOptions, willCreate: string[]): Promise<void> {
  io.err(`understudy-mock verify will write to ${options.baseUrl}, creating:`)
  for (const line of willCreate) io.err(`  - ${line}`)
  if (!io.interactive) {
    throw new InputError(
      'refusing to write to a real service without --yes (no terminal to ask on); nothing was written',
    )
  }
  const answer = (await io.ask('Go ahead? [y/N] ')).trim().toLowerCase()
  if (answer !== 'y' && answer !== 'yes') throw new InputError('not confirmed; nothing was written')
}

async function live(service: string, values: Values, io: VerifyIo) {
  if (!isService(service)) {
    throw new UsageError(`verify --live takes ${SERVICES_OR}, got "${service}"`)
  }
  if (values.har !== undefined) throw new UsageError('--har and --live exclude each other')
  const baseUrl = values['base-url']
  const apiKey = values['api-key']
  if (baseUrl === undefined) throw new UsageError('--live needs --base-url')
  if (apiKey === undefined) throw new UsageError('--live needs --api-key')
  const options: LiveOptions = {
    service,
    baseUrl,
    apiKey,
    email: values.email,
    timeoutMs: timeoutMs(values.timeout),
    verify: verifyOptions(values),
  }
  let plan: ReturnType<typeof livePlan>
  try {
    plan = livePlan(options)
  } catch (error) {
    throw error instanceof VerifyInputError ? new InputError(error.message) : error
  }
  if (values.record !== undefined) await checkRecordPath(values.record)
  if (values.yes !== true) await consent(io, options, plan.willCreate)
  let result: Awaited<ReturnType<typeof runLive>>
  try {
    result = await runLive(options, plan)
  } catch (error) {
    if (error instanceof LiveFailure) {
      printCreated(io, error.created, 'err')
      throw new InputError(error.message)
    }
    throw error
  }
  if (values.record !== undefined) {
    try {
      await writeFile(values.record, `${JSON.stringify(result.har, null, 2)}\n`)
    } catch (error) {
      // Written to the service already: say what to remove, as any other failure after the first write.
      printCreated(io, result.created, 'err')
      throw new InputError(
        `cannot write the recording to ${values.record}: ${systemErrorText(error)}`,
      )
    }
  }
  return { report: result.report, created: result.created }
}

/** Runs `understudy-mock verify` with its arguments (after `verify`); resolves with the exit code. */
export async function runVerify(argv: readonly string[], io: VerifyIo): Promise<number> {
  const { values, positionals } = parse(argv)
  if (values.help) {
    io.out(VERIFY_HELP)
    return 0
  }
  let report: VerifyReport
  let created: Created[] | undefined
  if (values.live) {
    const [service, ...rest] = positionals
    if (service === undefined) throw new UsageError(`verify --live takes ${SERVICES_OR}`)
    if (rest.length > 0) throw new UsageError(`unexpected argument '${rest[0]}'`)
    ;({ report, created } = await live(service, values, io))
  } else {
    if (positionals.length > 0) {
      throw new UsageError(
        isService(positionals[0] as string)
          ? `verify ${positionals[0]} needs --live (or give --har FILE)`
          : `unexpected argument '${positionals[0]}'`,
      )
    }
    const file = values.har
    if (file === undefined) throw new UsageError('verify needs --har FILE or --live')
    for (const name of ['base-url', 'api-key', 'email', 'record', 'yes', 'timeout'] as const) {
      if (values[name] !== undefined) throw new UsageError(`--${name} goes with --live`)
    }
    try {
      report = await verifyHar(await readRecording(file), verifyOptions(values))
    } catch (error) {
      throw error instanceof VerifyInputError ? new InputError(error.message) : error
    }
  }
  if (values.json) {
    io.out(JSON.stringify(created === undefined ? report : { ...report, created }, null, 2))
    if (created) printCreated(io, created, 'err')
  } else {
    io.out(formatReport(report))
    if (created) {
      io.out('')
      printCreated(io, created, 'out')
    }
  }
  return report.differences.length === 0 ? 0 : 1
}

/**
 * A message of `parseArgs` without its hint (`To specify an option argument…` and all after it, with the
 * spaces and the full stop before it), found without a pattern whose `\s*` is tried at every space.
 */
function withoutHint(message: string): string {
  const hint = message.indexOf('To specify')
  if (hint < 0) return message
  let start = hint
  while (start > 0 && /\s/.test(message[start - 1] as string)) start -= 1
  if (message[start - 1] === '.') start -= 1
  return message.slice(0, start)
}
