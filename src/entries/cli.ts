#!/usr/bin/env node
/**
 * The `understudy` command: `understudy-mock serve [options]` starts the standalone server (`--help` lists the
 * options), `understudy-mock scenarios [--json]` lists the built-in scenarios; `understudy-mock verify …` holds the
 * simulator against a recording or the real service (`src/entries/cli/verify.ts`). Every failure is one line
 * `understudy: …`; a bad command line exits 2, any other failure 1.
 * @module
 */
import type { ScenarioName } from '../../scenarios/index.js'
import { HELP, parseCommandLine, USAGE_LINE } from './cli/args.js'
import { banner } from './cli/banner.js'
import { CliError, messageOf, UsageError } from './cli/errors.js'
import { formatRequest } from './cli/request-log.js'
import { isScenarioFile, loadScenarioFile } from './cli/scenario-file.js'
import { formatScenarios } from './cli/scenarios-command.js'
import { serveSettings } from './cli/serve-options.js'
import { createStopHandler } from './cli/shutdown.js'
import { processIo, runVerify, VERIFY_USAGE } from './cli/verify.js'
import { packageVersion } from './cli/version.js'
import { startServer } from './server/index.js'

async function main(argv: readonly string[]): Promise<void> {
  if (argv[0] === 'verify') {
    process.exitCode = await runVerify(argv.slice(1), processIo())
    return
  }
  const line = parseCommandLine(argv)
  if (line.command === 'help') {
    return console.log(
      `${HELP}\n\nAlso: understudy-mock verify --help (hold Understudy against a recording of the real service)`,
    )
  }
  if (line.command === 'version') return console.log(packageVersion())
  if (line.command === 'scenarios') return console.log(formatScenarios(line.json === true))
  const settings = serveSettings(line.options)
  const { port, host, controlToken } = settings.server
  // With `--log json` stdout carries only the log's JSON lines; the messages for people go to stderr.
  const say = settings.log === 'json' ? console.error : console.log

  const scenario =
    settings.scenario === undefined || !isScenarioFile(settings.scenario)
      ? (settings.scenario as ScenarioName | undefined)
      : await loadScenarioFile(settings.scenario)
  let server: Awaited<ReturnType<typeof startServer>>
  try {
    server = await startServer({ ...settings.server, scenario })
  } catch (error) {
    const code = (error as { code?: string }).code
    if (code === 'EADDRINUSE') throw new CliError(`port ${port} on ${host} is already in use`)
    if (code === 'EADDRNOTAVAIL')
      throw new CliError(`cannot bind to ${host}: address not available`)
    throw error
  }

  // Handlers first: whoever reads the last line may signal at once.
  const stop = createStopHandler(() => server.close(), { say, exit: (code) => process.exit(code) })
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)

  const format = settings.log
  if (format !== undefined) {
    server.simulator.journal.subscribe((request) => console.log(formatRequest(request, format)))
  }
  say(banner(server, { quiet: settings.quiet, controlToken }))
}

const argv = process.argv.slice(2)
main(argv).catch((error: unknown) => {
  console.error(`understudy: ${messageOf(error)}`)
  if (error instanceof UsageError) console.error(argv[0] === 'verify' ? VERIFY_USAGE : USAGE_LINE)
  process.exit(error instanceof CliError ? error.exitCode : 1)
})
