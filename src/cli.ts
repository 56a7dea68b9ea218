#!/usr/bin/env node
/**
 * The `understudy` command: `understudy serve [options]` starts the standalone server.
 * @module
 */
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import type { ScenarioDefinition, ScenarioName } from '../scenarios/index.js'
import type { LatencySetting } from './control/latency.js'
import { startServer } from './server/index.js'
import type { Discovery } from './simulator-core.js'

const USAGE = `Usage: understudy serve [options]

Options:
  --port <n>            port to listen on (default 4010; 0 picks a free port)
  --host <host>         address to bind (default 127.0.0.1)
  --scenario <name|file> a built-in scenario's name, or a .ts/.js/.json file exporting one (default: default)
  --seed <seed>         makes every generated id reproducible
  --now <time>          fixes the clock at an ISO 8601 time
  --feature-level <n>   the messaging feature level every organization emulates (default 421)
  --latency <ms|min-max> a latency added before every answer, e.g. 50 or 20-200 (default 0)
  --journal-limit <n>   the most requests the journal keeps (default 10000)
  --control-token <t>   the control surface then needs Authorization: Bearer <t>
  --engine <direct|msw> how the server reaches the simulator (default direct; msw goes through getResponse)
  --quiet               print only the URLs, not the accounts
  -h, --help            show this help`

function fail(message: string): never {
  console.error(`understudy: ${message}`)
  process.exit(1)
}

async function loadScenario(
  value: string | undefined,
): Promise<ScenarioName | ScenarioDefinition | undefined> {
  if (value === undefined || !/[./\\]/.test(value)) return value as ScenarioName | undefined
  const module = (await import(
    pathToFileURL(resolve(value)).href,
    value.endsWith('.json') ? { with: { type: 'json' } } : undefined
  )) as {
    default?: unknown
  }
  return (module.default ?? module) as ScenarioDefinition
}

function integer(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  if (!/^[0-9]+$/.test(value)) fail(`--${name} must be a whole number, got "${value}"`)
  return Number(value)
}

function latency(value: string | undefined): LatencySetting | undefined {
  if (value === undefined) return undefined
  const range = /^([0-9]+)-([0-9]+)$/.exec(value)
  if (range) return { min: Number(range[1]), max: Number(range[2]) }
  return integer('latency', value)
}

function engine(value: string | undefined): 'direct' | 'msw' | undefined {
  if (value === undefined || value === 'direct' || value === 'msw') return value
  return fail(`--engine must be "direct" or "msw", got "${value}"`)
}

/** The accounts of the running scenario, one per line, for people reading the terminal. */
function accounts(discovery: Discovery): string[] {
  const lines: string[] = []
  for (const workspace of discovery.services.router.workspaces) {
    for (const key of workspace.keys) {
      lines.push(
        `  router ${workspace.name}: ${key.key}  (${key.kind}${key.disabled ? ', disabled' : ''})`,
      )
    }
  }
  for (const organization of discovery.services.messaging.organizations) {
    for (const user of organization.users) {
      if (user.systemBot) continue
      const traits = [
        user.role,
        user.bot ? 'bot' : '',
        user.canCreateUsers ? 'can_create_users' : '',
        user.isActive ? '' : 'deactivated',
      ]
      lines.push(
        `  messaging ${organization.subdomain} (level ${organization.featureLevel}): ${user.email} ${user.apiKey}  (${traits.filter(Boolean).join(', ')})`,
      )
    }
  }
  return lines
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      scenario: { type: 'string' },
      seed: { type: 'string' },
      now: { type: 'string' },
      'feature-level': { type: 'string' },
      latency: { type: 'string' },
      'journal-limit': { type: 'string' },
      quiet: { type: 'boolean' },
      'control-token': { type: 'string' },
      engine: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  const command = positionals[0] ?? 'serve'
  if (values.help) {
    console.log(USAGE)
    return
  }
  if (command !== 'serve') fail(`unknown command "${command}"\n${USAGE}`)
  const port = integer('port', values.port) ?? 4010
  const host = values.host ?? '127.0.0.1'

  let server: Awaited<ReturnType<typeof startServer>>
  try {
    server = await startServer({
      port,
      host,
      scenario: await loadScenario(values.scenario),
      seed: values.seed,
      now: values.now,
      featureLevel: integer('feature-level', values['feature-level']),
      latency: latency(values.latency),
      journalLimit: integer('journal-limit', values['journal-limit']),
      controlToken: values['control-token'],
      engine: engine(values.engine),
    })
  } catch (error) {
    const code = (error as { code?: string }).code
    if (code === 'EADDRINUSE') fail(`port ${port} on ${host} is already in use`)
    if (code === 'EADDRNOTAVAIL') fail(`cannot bind to ${host}: address not available`)
    fail(error instanceof Error ? error.message : String(error))
  }

  // Handlers first: whoever reads the last line may signal at once.
  let stopping = false
  const stop = () => {
    if (stopping) return
    stopping = true
    void server.close().then(() => process.exit(0))
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)

  const lines = [
    `Understudy is serving scenario "${server.simulator.scenario.name}" at ${server.url}`,
    `router     ${server.services.router}`,
    ...Object.entries(server.services.messaging).map(
      ([subdomain, url]) => `messaging  ${subdomain}  ${url}`,
    ),
    `control    ${server.url}/__understudy`,
    ...(values.quiet ? [] : ['Accounts:', ...accounts(server.simulator.describe())]),
    'Press Ctrl+C to stop.',
  ]
  console.log(lines.join('\n'))
}

void main()
