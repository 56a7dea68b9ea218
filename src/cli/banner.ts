/**
 * What `understudy serve` prints once it listens: the services' URLs, the control surface and the
 * inspector, and (unless `--quiet`) the scenario's accounts.
 * @module
 */
import { CONTROL_PREFIX } from '../control/http.js'
import type { RunningServer } from '../server/index.js'
import type { Discovery } from '../simulator-core.js'
import { stateFileStatus } from '../snapshot/state-file-status.js'

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

/** Where the state is kept, when it is (`--state-file`). */
function stateLine(server: RunningServer): string[] {
  const file = stateFileStatus(server.simulator)
  if (file === undefined) return []
  return [
    `state      ${file.path} (${file.loaded ? 'loaded' : 'new: written on the first change'})`,
  ]
}

/** The start banner; its last line is always `Press Ctrl+C to stop.` */
export function banner(
  server: RunningServer,
  options: { quiet: boolean; controlToken: string | undefined },
): string {
  const control = `${server.url}${CONTROL_PREFIX}`
  // The token itself is not printed: whoever started the server knows it, a CI log need not.
  const tokenHint = options.controlToken === undefined ? '' : '?token=<control token>'
  return [
    `Understudy is serving scenario "${server.simulator.scenario.name}" at ${server.url}`,
    `router     ${server.services.router}`,
    ...Object.entries(server.services.messaging).map(
      ([subdomain, url]) => `messaging  ${subdomain}  ${url}`,
    ),
    `control    ${control}`,
    `inspector  ${control}/inspector${tokenHint}`,
    ...stateLine(server),
    ...(options.quiet ? [] : ['Accounts:', ...accounts(server.simulator.describe())]),
    'Press Ctrl+C to stop.',
  ].join('\n')
}
