/**
 * What `understudy-mock serve` prints once it listens: the services' URLs, the control surface and the
 * inspector, and (unless `--quiet`) the scenario's accounts.
 * @module
 */

import { printable } from '../../engine/core/printable.js'
import { serviceDefinitions } from '../../services/registry.js'
import type { Discovery } from '../../simulator/simulator-core.js'
import { stateFileStatus } from '../../simulator/snapshot/state-file-status.js'
import { CONTROL_PREFIX } from '../../surfaces/control/http.js'
import type { RunningServer } from '../server/index.js'

/** The accounts of the running scenario, one per line, for people reading the terminal. */
function accounts(discovery: Discovery): string[] {
  return serviceDefinitions.flatMap((definition) =>
    (definition.accounts as (view: unknown) => string[])(discovery.services[definition.name]),
  )
}

/** Each service's base URLs: `router     <url>`, `messaging  <tenant>  <url>`. */
function urlLines(server: RunningServer): string[] {
  return serviceDefinitions.flatMap(({ name }) => {
    const urls: string | Record<string, string> = server.services[name]
    const label = name.padEnd(10)
    if (typeof urls === 'string') return [`${label} ${urls}`]
    return Object.entries(urls).map(([tenant, url]) => `${label} ${tenant}  ${url}`)
  })
}

/** Where the state is kept, when it is (`--state-file`). */
function stateLine(server: RunningServer): string[] {
  const file = stateFileStatus(server.simulator)
  if (file === undefined) return []
  return [
    `state      ${file.path} (${file.loaded ? 'loaded' : 'new: written on the first change'})`,
  ]
}

/**
 * The start banner; its last line is always `Press Ctrl+C to stop.` Every line is printable: names,
 * e-mail addresses and labels come from scenarios and state files, and never drive the terminal.
 */
export function banner(
  server: RunningServer,
  options: { quiet: boolean; controlToken: string | undefined },
): string {
  const control = `${server.url}${CONTROL_PREFIX}`
  // The token itself is not printed: whoever started the server knows it, a CI log need not.
  const tokenHint = options.controlToken === undefined ? '' : '?token=<control token>'
  return [
    `Understudy is serving scenario "${server.simulator.scenario.name}" at ${server.url}`,
    ...urlLines(server),
    `control    ${control}`,
    `inspector  ${control}/inspector${tokenHint}`,
    ...stateLine(server),
    ...(options.quiet ? [] : ['Accounts:', ...accounts(server.simulator.describe())]),
    'Press Ctrl+C to stop.',
  ]
    .map(printable)
    .join('\n')
}
