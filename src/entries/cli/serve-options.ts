/**
 * Turns the options of `understudy-mock serve` into `startServer`'s options, refusing a bad value with a
 * `UsageError` that names the flag and says what it takes.
 * @module
 */
import type { LatencySetting } from '../../engine/faults/latency.js'
import { type ServiceSettings, serviceDefinitions, settingsOf } from '../../services/registry.js'
import { MAX_STATE_FILE_MAX_BYTES } from '../../simulator/snapshot/state-file-limits.js'
import { normalOrigin, ORIGIN_FORM } from '../server/cors.js'
import type { ServerOptions } from '../server/index.js'
import { CORS_LOOPBACK, type GivenOptions } from './args.js'
import { UsageError } from './errors.js'
import type { LogFormat } from './request-log.js'

/** What `understudy-mock serve` was asked for: the server's options (but the scenario) and the CLI's own. */
export interface ServeSettings {
  server: Omit<ServerOptions, 'scenario'> & { port: number; host: string }
  /** A built-in scenario's name or a file to load; none for the default. */
  scenario: string | undefined
  quiet: boolean
  /** The request log's format; none when off. */
  log: LogFormat | undefined
}

const text = (options: GivenOptions, name: string) => {
  const value = options[name]
  return typeof value === 'string' ? value : undefined
}

function integer(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  if (!/^[0-9]+$/.test(value))
    throw new UsageError(`--${name} must be a whole number, got "${value}"`)
  return Number(value)
}

function latency(value: string | undefined): LatencySetting | undefined {
  if (value === undefined) return undefined
  const range = /^([0-9]+)-([0-9]+)$/.exec(value)
  if (range) {
    const [min, max] = [Number(range[1]), Number(range[2])]
    if (min > max) throw new UsageError(`--latency range must go from low to high, got "${value}"`)
    return { min, max }
  }
  if (/^[0-9]+$/.test(value)) return Number(value)
  throw new UsageError(
    `--latency must be a whole number of milliseconds or a range like 20-200, got "${value}"`,
  )
}

/** Each service's settings given as flags (`--feature-level`), under `startServer`'s names (`featureLevel`). */
function serviceSettings(options: GivenOptions): ServiceSettings {
  const settings: Record<string, unknown> = {}
  for (const definition of serviceDefinitions) {
    for (const setting of settingsOf(definition)) {
      const given = text(options, setting.flag)
      if (given === undefined) continue
      const parsed = setting.parse(given)
      if ('problem' in parsed) throw new UsageError(`--${setting.flag}: ${parsed.problem}`)
      settings[setting.option] = parsed.value
    }
  }
  return settings as ServiceSettings
}

function engine(value: string | undefined): 'direct' | 'msw' | undefined {
  if (value === undefined || value === 'direct' || value === 'msw') return value
  throw new UsageError(`--engine must be "direct" or "msw", got "${value}"`)
}

function log(value: string | undefined): LogFormat | undefined {
  if (value === undefined || value === 'text' || value === 'json') return value
  throw new UsageError(`--log takes no value or "json", got "${value}"`)
}

/** `--cors`: loopback origins alone; `--cors <origin>` (repeatable) those origins; both, both. */
function cors(values: string | string[] | true | undefined): ServerOptions['cors'] {
  if (values === undefined) return false
  const given = Array.isArray(values) ? values : [String(values)]
  const loopback = given.includes(CORS_LOOPBACK)
  const origins = given
    .filter((value) => value !== CORS_LOOPBACK)
    .map((value) => {
      const origin = normalOrigin(value)
      if (origin === undefined) throw new UsageError(`--cors takes ${ORIGIN_FORM}, got "${value}"`)
      return origin
    })
  return origins.length === 0 ? true : { origins, loopback }
}

function stateFileMaxBytes(value: number | undefined): number | undefined {
  if (value !== undefined && (value < 1 || value > MAX_STATE_FILE_MAX_BYTES))
    throw new UsageError(
      `--state-file-max-bytes must be from 1 to ${MAX_STATE_FILE_MAX_BYTES} (128 MiB), got ${value}`,
    )
  return value
}

function stateFile(value: string | undefined): string | undefined {
  if (value === '') throw new UsageError('--state-file must not be empty: give a file name')
  return value
}

function controlToken(value: string | undefined): string | undefined {
  if (value === '') {
    throw new UsageError(
      '--control-token must not be empty (an empty token would protect nothing); leave it out or give a secret',
    )
  }
  return value
}

/** The settings of `understudy-mock serve` from its options. */
export function serveSettings(options: GivenOptions): ServeSettings {
  const allowedHosts = options['allowed-host']
  return {
    server: {
      port: integer('port', text(options, 'port')) ?? 4010,
      host: text(options, 'host') ?? '127.0.0.1',
      seed: text(options, 'seed'),
      now: text(options, 'now'),
      ...serviceSettings(options),
      latency: latency(text(options, 'latency')),
      journalLimit: integer('journal-limit', text(options, 'journal-limit')),
      journalMaxBytes: integer('journal-max-bytes', text(options, 'journal-max-bytes')),
      controlToken: controlToken(text(options, 'control-token')),
      stateFile: stateFile(text(options, 'state-file')),
      stateFileMaxBytes: stateFileMaxBytes(
        integer('state-file-max-bytes', text(options, 'state-file-max-bytes')),
      ),
      engine: engine(text(options, 'engine')),
      cors: cors(options.cors),
      ...(Array.isArray(allowedHosts) ? { allowedHosts } : {}),
    },
    scenario: text(options, 'scenario'),
    quiet: options.quiet === true,
    log: log(text(options, 'log')),
  }
}
