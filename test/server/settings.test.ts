/**
 * A service's settings at the top of `startServer`'s options (`featureLevel`, the messaging service's, from its
 * registration) reach that service: every organization emulates the level (its `server_settings` on the wire
 * say so), and none of them is taken for an option of the simulator's.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { type RunningServer, startServer } from '../../src/entries/server/index.js'
import { send } from './support.js'

let server: RunningServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

async function levelOf(options: Parameters<typeof startServer>[0]) {
  server = await startServer({ port: 0, ...options })
  const reply = await send(`${server.url}/messaging/acme/api/v1/server_settings`)
  const { zulip_feature_level: level } = JSON.parse(reply.body)
  return [reply.status, level, server.simulator.messaging.featureLevel('acme')]
}

describe("startServer's service settings", () => {
  it('featureLevel: every organization emulates it', async () => {
    expect(await levelOf({ featureLevel: 185 })).toEqual([200, 185, 185])
  })

  it('without it, the default level', async () => {
    expect(await levelOf({})).toEqual([200, 500, 500])
  })
})
