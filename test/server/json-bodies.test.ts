/**
 * The one JSON reader (`engine/core/json-read.ts`) and its three callers, over the standalone server: where
 * they used to check in different orders, each keeps what it answered. A body nested too deep that is not
 * JSON either is the router's "not valid JSON" (the real service has no nesting limit) and the control
 * surface's nesting 400; the journal reads a router body back leniently (bytes that are not UTF-8 become
 * U+FFFD, a blank body stays its text).
 */
import { afterEach, describe, expect, it } from 'vitest'
import { useServer } from '../support/server.js'
import { problem, routerKey, send } from './support.js'

const server = useServer({ seed: 'json-bodies', now: '2026-01-01T00:00:00Z' })
afterEach(() => server.simulator.journal.clear())

/** Arrays 1,001 levels deep, the outermost never closed: deeper than a body may nest, and not JSON either. */
const deepAndBroken = `${'['.repeat(1001)}1${']'.repeat(1000)}`

const chat = (body: string | Uint8Array<ArrayBuffer>) =>
  fetch(`${server.services.router}/chat/completions`, {
    method: 'POST',
    headers: { authorization: routerKey, 'content-type': 'application/json' },
    body,
  })

describe('the router', () => {
  it('refuses a body nested too deep that is not JSON as not JSON', async () => {
    const response = await chat(`{"model":"openai/gpt-4o","messages":${deepAndBroken}}`)
    expect(response.status).toBe(400)
    expect(await response.text()).toBe(
      '{"error":{"message":"Invalid request parameters: body: is not valid JSON","code":400,"metadata":{"issues":[{"path":"body","message":"is not valid JSON"}]}},"user_id":"user_2understudyAlice00000000"}',
    )
  })

  it('journals a body that is not UTF-8 with U+FFFD in place of the bad bytes, and a blank body as its text', async () => {
    const bytes = new TextEncoder().encode('{"model":"x","note":"\u0000"}')
    bytes[bytes.indexOf(0)] = 0xff
    expect((await chat(bytes)).status).toBe(400)
    expect(server.simulator.journal.last()?.body).toEqual({ model: 'x', note: '\uFFFD' })
    expect((await chat('  ')).status).toBe(400)
    expect(server.simulator.journal.last()?.body).toBe('  ')
  })
})

describe('the control surface', () => {
  it('refuses a body nested too deep that is not JSON for its nesting', async () => {
    const reply = await send(`${server.url}/__understudy/scenario`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: `{"definition":${deepAndBroken}}`,
    })
    expect([reply.status, reply.body]).toEqual([
      400,
      problem('the body must be nested at most 1000 levels deep'),
    ])
  })
})
