/**
 * The command line of `understudy`: its options (one table gives the parser and the help), and the parser,
 * which refuses an unknown option, an option without its value and a stray argument with a `UsageError`.
 * @module
 */
import { type ParseArgsConfig, parseArgs } from 'node:util'
import { scenarioList } from '../../../scenarios/index.js'
import { DEFAULT_JOURNAL_LIMIT, DEFAULT_JOURNAL_MAX_BYTES } from '../../engine/journal/budget.js'
import { serviceDefinitions, settingsOf } from '../../services/registry.js'
import {
  DEFAULT_STATE_FILE_MAX_BYTES,
  MAX_STATE_FILE_MAX_BYTES,
} from '../../simulator/snapshot/state-file-limits.js'
import { UsageError } from './errors.js'
import { parseScenariosArgs, SCENARIOS_USAGE } from './scenarios-command.js'

interface OptionSpec {
  /** The value's placeholder in the help; none for a switch. */
  value?: string
  /** May be given more than once (the values are kept in order). */
  multiple?: boolean
  short?: string
  help: string
}

/** The options of `understudy-mock serve` that set up the simulator, in the order the help lists them. */
const SIMULATOR_OPTIONS = {
  port: { value: '<n>', help: 'port to listen on (default 4010; 0 picks a free port)' },
  host: { value: '<host>', help: 'address to bind (default 127.0.0.1)' },
  scenario: {
    value: '<name|file>',
    help: 'a built-in scenario, or a .ts/.js/.json file exporting one (default: default)',
  },
  seed: { value: '<seed>', help: 'makes every generated id reproducible' },
  now: { value: '<time>', help: 'fixes the clock at an ISO 8601 time' },
} as const satisfies Record<string, OptionSpec>

/** Each service's settings (`ServiceDefinition.settings`), after the simulator's own options in the help. */
const SERVICE_OPTIONS: Record<string, OptionSpec> = Object.fromEntries(
  serviceDefinitions.flatMap((definition) =>
    settingsOf(definition).map((setting) => [
      setting.flag,
      { value: setting.value, help: setting.help },
    ]),
  ),
)

/** The options of the server and the CLI's own, in the order the help lists them. */
const SERVER_OPTIONS = {
  latency: {
    value: '<ms|min-max>',
    help: 'a latency added before every answer, e.g. 50 or 20-200 (default 0)',
  },
  'journal-limit': {
    value: '<n>',
    help: `the most requests the journal keeps (default ${DEFAULT_JOURNAL_LIMIT})`,
  },
  'journal-max-bytes': {
    value: '<n>',
    help: `the most bytes the journal keeps (default ${DEFAULT_JOURNAL_MAX_BYTES / 2 ** 20} MiB)`,
  },
  'state-file': {
    value: '<file>',
    help: 'keep the state in this JSON file: loaded at start, saved after changes and on exit',
  },
  'state-file-max-bytes': {
    value: '<n>',
    help: `the most bytes of state the file holds; writes past it are refused (default ${DEFAULT_STATE_FILE_MAX_BYTES / 2 ** 20} MiB, at most ${MAX_STATE_FILE_MAX_BYTES / 2 ** 20} MiB)`,
  },
  'control-token': {
    value: '<t>',
    help: 'the control surface then needs Authorization: Bearer <t> (not empty)',
  },
  'allowed-host': {
    value: '<name>',
    multiple: true,
    help: 'also answer for this Host name (repeatable; loopback names always work)',
  },
  cors: {
    value: '[origin]',
    multiple: true,
    help: 'let pages call the simulated services (never the control surface): alone, pages on loopback origins; with origins (repeatable), pages of those',
  },
  engine: {
    value: '<direct|msw>',
    help: "direct (default), or msw: every request through msw's getResponse",
  },
  log: {
    value: '[json]',
    help: 'print one line per request; json: one JSON object per line (the banner goes to stderr)',
  },
  quiet: { help: 'print only the URLs, not the accounts' },
  version: { help: 'print the version' },
  help: { short: 'h', help: 'show this help' },
} as const satisfies Record<string, OptionSpec>

/** Every option of `understudy-mock serve`, in the order the help lists them. */
const OPTIONS: Record<string, OptionSpec> = {
  ...SIMULATOR_OPTIONS,
  ...SERVICE_OPTIONS,
  ...SERVER_OPTIONS,
}

type OptionName = keyof typeof SIMULATOR_OPTIONS | keyof typeof SERVER_OPTIONS

/**
 * The options as given: a string (or strings) for an option with a value, `true` for a switch (by name, and a
 * service's setting by its flag).
 */
export type GivenOptions = Partial<Record<OptionName, string | string[] | true>> &
  Readonly<Record<string, string | string[] | true | undefined>>

/** The usage line every argument error ends with. */
export const USAGE_LINE =
  'Usage: understudy-mock serve [options]  (understudy-mock --help lists them)'

/** The help's option lines, each help text two spaces after the longest flag. */
function optionLines(): string {
  const flags = Object.entries(OPTIONS).map(
    ([name, spec]) =>
      [
        `${spec.short ? `-${spec.short}, ` : '    '}--${name}${spec.value ? ` ${spec.value}` : ''}`,
        spec.help,
      ] as const,
  )
  const width = Math.max(...flags.map(([flag]) => flag.length)) + 2
  return flags.map(([flag, help]) => `  ${flag.padEnd(width)}${help}`).join('\n')
}

/** The full help. */
export const HELP = `Usage: understudy-mock serve [options]
       ${SCENARIOS_USAGE}  list the built-in scenarios, one line each

Options of serve:
${optionLines()}

Built-in scenarios (--scenario <name>): ${scenarioList()
  .map(({ name }) => name)
  .join(', ')}`

/** What a bare `--cors` stands for: pages on loopback origins. */
export const CORS_LOOPBACK = 'loopback'

/**
 * The options whose value is optional: the next argument is their value only when it looks like one
 * (`--log json`, `--cors http://localhost:5173`); alone, they take their bare value.
 */
const OPTIONAL_VALUES: Record<string, { bare: string; takes(next: string): boolean }> = {
  log: { bare: 'text', takes: (next) => next === 'json' || next === 'text' },
  cors: { bare: CORS_LOOPBACK, takes: (next) => /^[a-z][a-z0-9+.-]*:\/\//i.test(next) },
}

/** Gives each option with an optional value its value inline: `--log json` becomes `--log=json`, `--log` `--log=text`. */
function withOptionalValues(argv: readonly string[]): string[] {
  const out: string[] = []
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string
    if (arg === '--') {
      out.push(...argv.slice(i))
      break
    }
    const name = arg.slice(2)
    const optional =
      arg.startsWith('--') && Object.hasOwn(OPTIONAL_VALUES, name)
        ? OPTIONAL_VALUES[name]
        : undefined
    if (optional === undefined) out.push(arg)
    else {
      const next = argv[i + 1]
      out.push(`${arg}=${next !== undefined && optional.takes(next) ? argv[++i] : optional.bare}`)
    }
  }
  return out
}

const flagOf = (name: string) => {
  const spec = OPTIONS[name]
  return `--${name}${spec?.value ? ` ${spec.value}` : ''}`
}

/** A parsed command line: what to do, and the options given. */
export interface CommandLine {
  command: 'serve' | 'scenarios' | 'help' | 'version'
  options: GivenOptions
  /** `scenarios --json`: the list as JSON. */
  json?: boolean
}

/** Parses `understudy`'s arguments (without `node` and the script), throwing a `UsageError` for a bad one. */
export function parseCommandLine(argv: readonly string[]): CommandLine {
  if (argv[0] === 'scenarios') {
    const { json, help } = parseScenariosArgs(argv.slice(1))
    return { command: help ? 'help' : 'scenarios', options: {}, json }
  }
  // Not strict: every token is checked below, so each error can name its flag in the CLI's own words.
  const { tokens } = parseArgs({
    args: withOptionalValues(argv),
    options: Object.fromEntries(
      Object.entries(OPTIONS).map(([name, spec]) => [
        name,
        { type: spec.value ? 'string' : 'boolean', ...(spec.short ? { short: spec.short } : {}) },
      ]),
    ) as NonNullable<ParseArgsConfig['options']>,
    allowPositionals: true,
    strict: false,
    tokens: true,
  })
  const options: Record<string, string | string[] | true> = {}
  const positionals: string[] = []
  for (const token of tokens) {
    if (token.kind === 'positional') positionals.push(token.value)
    if (token.kind !== 'option') continue
    const spec = Object.hasOwn(OPTIONS, token.name) ? OPTIONS[token.name] : undefined
    if (spec === undefined) throw new UsageError(`unknown option '${token.rawName}'`)
    if (!spec.value) {
      if (token.inlineValue) throw new UsageError(`option '--${token.name}' takes no value`)
      options[token.name] = true
      continue
    }
    // `--port --quiet`: the next option is not the value (as with Node's strict parser).
    const value = token.value
    if (value === undefined || (!token.inlineValue && value.startsWith('-'))) {
      throw new UsageError(`option '${flagOf(token.name)}' needs a value`)
    }
    const earlier = options[token.name]
    options[token.name] = spec.multiple
      ? [...((earlier as string[] | undefined) ?? []), value]
      : value
  }
  if (options.help) return { command: 'help', options }
  if (options.version) return { command: 'version', options }
  const [command = 'serve', ...rest] = positionals
  if (command !== 'serve') throw new UsageError(`unknown command '${command}'`)
  if (rest.length > 0) throw new UsageError(`unexpected argument '${rest[0]}'`)
  return { command: 'serve', options }
}
