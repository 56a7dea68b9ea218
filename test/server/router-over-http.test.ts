/**
 * The standalone server started as a child process on port 0, driven by the real SDK over loopback.
 */
import { OpenRouter } from '@openrouter/sdk'
import { UnauthorizedResponseError } from '@openrouter/sdk/models/errors'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type CliServer, runCli, startCli } from '../support/cli.js'
import { keys } from '../support/router.js'

let server: CliServer

beforeAll(async () => {
  server = await startCli(['--seed', 'cli', '--now', '2026-02-01T00:00:00Z'])
})
afterAll(async () => {
  await server?.stop()
})

describe('the standalone server', () => {
  it('prints the base URL of every service on 127.0.0.1', () => {
    expect(server.router).toBe(`${server.origin}/router/api/v1`)
    expect(server.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
  })

  it('serves the router to the real SDK', async () => {
    const client = new OpenRouter({
      apiKey: keys.inference,
      serverURL: server.router,
      retryConfig: { strategy: 'none' },
    })
    const chatRequest = {
      messages: [{ role: 'system' as const, content: 'Hi there.' }],
      model: 'openai/gpt-5.4',
    }
    const created = await client.presets.createPresetsChatCompletions({
      slug: 'over-http',
      chatRequest,
    })
    expect(created.data.designatedVersion?.version).toBe(1)
    expect(created.data.createdAt).toBe('2026-02-01T00:00:00.000Z')
    const again = await client.presets.createPresetsChatCompletions({
      slug: 'over-http',
      chatRequest,
    })
    expect(again.data.designatedVersion?.version).toBe(2)
    expect((await client.presets.get({ slug: 'over-http' })).data.designatedVersion?.version).toBe(
      2,
    )
    expect((await client.presets.list({})).result.data.map((p) => p.slug)).toEqual(['over-http'])
    expect((await client.presets.listVersions({ slug: 'over-http' })).result.totalCount).toBe(2)
    expect(
      (await client.presets.getVersion({ slug: 'over-http', version: '1' })).data?.version,
    ).toBe(1)
    const denied = new OpenRouter({ apiKey: 'nope', serverURL: server.router }).presets.list({})
    await expect(denied).rejects.toBeInstanceOf(UnauthorizedResponseError)
  })

  it('answers an unknown router path with a 404 in the router shape', async () => {
    const response = await fetch(`${server.router}/embeddings`, { method: 'POST' })
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ error: { code: 404, message: 'Not Found' } })
  })

  it('answers a path outside every service with a 404 naming the services', async () => {
    const response = await fetch(`${server.origin}/nowhere`)
    expect(response.status).toBe(404)
    const body = (await response.json()) as { error: string; services: { router: string } }
    expect(body.error).toBe('Not Found')
    expect(body.services.router).toBe(server.router)
  })

  it('refuses a port in use with one line and a non-zero exit', async () => {
    const port = new URL(server.origin).port
    const { code, stderr } = await runCli(['serve', '--port', port])
    expect(code).toBe(1)
    expect(stderr).toBe(`understudy: port ${port} on 127.0.0.1 is already in use\n`)
  })

  it('stops cleanly on SIGTERM', async () => {
    const other = await startCli()
    expect(await other.stop()).toBe(0)
  })
})
