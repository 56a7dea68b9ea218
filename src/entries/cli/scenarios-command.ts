/**
 * `understudy-mock scenarios [--json]`: the built-in scenarios, a name and one line each (or, with `--json`, the
 * list `GET /__understudy/scenarios` answers).
 * @module
 */
import { scenarioList } from '../../../scenarios/index.js'
import { UsageError } from './errors.js'

/** The command's usage, as the help shows it. */
export const SCENARIOS_USAGE = 'understudy-mock scenarios [--json]'

/** Parses the arguments after `scenarios`: `--json`, or `--help`; anything else is a `UsageError`. */
export function parseScenariosArgs(argv: readonly string[]): { json: boolean; help: boolean } {
  let json = false
  let help = false
  for (const arg of argv) {
    if (arg === '--json') json = true
    else if (arg === '--help' || arg === '-h') help = true
    else if (arg.startsWith('-')) throw new UsageError(`unknown option '${arg}' for scenarios`)
    else throw new UsageError(`unexpected argument '${arg}'`)
  }
  return { json, help }
}

/** What `understudy-mock scenarios` prints: a line per scenario, its name padded, then its description. */
export function formatScenarios(json: boolean): string {
  const list = scenarioList()
  if (json) return JSON.stringify(list, null, 2)
  const width = Math.max(...list.map(({ name }) => name.length)) + 2
  return list.map(({ name, description }) => `${name.padEnd(width)}${description}`).join('\n')
}
