/**
 * Every credential a simulator holds, for tests that prove a page or an answer shows none: each router
 * key, and each messaging account's API key and `Authorization: Basic` value.
 */
import type { SimulatorCore } from '../../src/simulator/simulator-core.js'

export function secretsOf(simulator: SimulatorCore): string[] {
  const discovery = simulator.describe()
  return [
    ...discovery.services.router.workspaces.flatMap((workspace) =>
      workspace.keys.map((key) => key.key),
    ),
    ...discovery.services.messaging.organizations.flatMap((organization) =>
      organization.users.flatMap((user) => [
        user.apiKey,
        `Basic ${Buffer.from(`${user.email}:${user.apiKey}`).toString('base64')}`,
      ]),
    ),
  ]
}
