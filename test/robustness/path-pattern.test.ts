/**
 * A fault's `pathPattern` over HTTP cannot freeze the server: it is compiled by a linear-time engine
 * (re2js), so `^/(a+)+$` (exponential for a backtracking engine: 8 s at 30 characters, doubling with each
 * one) is tested against a 40-character path like any other pattern. Structural: the fault holds an RE2
 * pattern, not a `RegExp`; the requests complete (with a backtracking engine this one would take days,
 * far past the test's timeout); a request to another service answers meanwhile.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LinearPathPattern } from '../../src/engine/faults/path-pattern.js'
import { type RunningServer, startServer } from '../../src/entries/server/index.js'

let server: RunningServer
beforeAll(async () => {
  server = await startServer({ port: 0, seed: 'patterns', now: '2026-01-01T00:00:00.000Z' })
}, 60_000)
afterAll(async () => {
  await server?.close()
})

const control = (method: string, path: string, body?: unknown) =>
  fetch(`${server.url}/__understudy${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })

describe('a hostile path pattern', () => {
  it('is held as a linear-time pattern and matched without stalling anyone', async () => {
    const armed = await control('POST', '/faults', { pathPattern: '^/(a+)+$', status: 503 })
    expect(armed.status).toBe(201)
    const [fault] = server.simulator.faults.list()
    expect(fault?.path).toBeInstanceOf(LinearPathPattern)
    expect(fault?.path).not.toBeInstanceOf(RegExp)

    const hostile = `${server.services.router}/${'a'.repeat(40)}!`
    const other = `${server.services.messaging.acme}/api/v1/server_settings`
    const [first, second] = await Promise.all([fetch(hostile), fetch(other)])
    expect([first.status, second.status]).toEqual([404, 200])
    // The pattern still matches what it should.
    expect((await fetch(`${server.services.router}/${'a'.repeat(40)}`)).status).toBe(503)
    expect((await control('GET', '/faults').then((r) => r.json()))[0]).toMatchObject({
      path: { pattern: '^/(a+)+$' },
      hits: 1,
    })
  })

  it('matches paths of up to 2,048 characters, and no longer path (issue 21 §5)', async () => {
    await control('DELETE', '/faults')
    expect((await control('POST', '/faults', { pathPattern: '^/a+$', status: 503 })).status).toBe(
      201,
    )
    // The path below the router's base URL: '/' and 2,047 characters is the longest a pattern is tested on.
    expect((await fetch(`${server.services.router}/${'a'.repeat(2_047)}`)).status).toBe(503)
    // One more character: not a match, whatever the pattern (the router's own 404).
    expect((await fetch(`${server.services.router}/${'a'.repeat(2_048)}`)).status).toBe(404)
  })
})
